// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  DEMO,
  envelope,
  type Harness,
  signIn,
  startSignedIn,
} from '../support/dev-api.kit.ts';

const DAY = 24 * 3600 * 1000;

let h: Harness;
let token: string;

beforeEach(async () => {
  ({ h, token } = await startSignedIn({ accessTokenTtlSeconds: 10 * 365 * 24 * 3600 }));
});

afterEach(async () => {
  await h.close();
});

async function activate() {
  const reply = await h.call('POST', '/club/memberships', { token });
  expect(reply.status).toBe(201);
  return reply.body;
}

const subscription = (externalId: string) =>
  h.call('GET', `/club/subscriptions/${externalId}`, { token });

const attach = (externalId: string, body: Record<string, unknown>) =>
  h.call('PUT', `/club/subscriptions/${externalId}/attach-payment-method`, { token, body });

/** Attaches the test Visa to the membership against the intent offered (the body's fields changed by `change`). */
const attachVisa = (
  membership: { _id: string; externalId: string },
  paymentIntentId: string,
  change: Record<string, unknown> = {},
) =>
  attach(membership.externalId, {
    paymentMethodId: 'pm_test_visa',
    membershipId: membership._id,
    paymentIntentId,
    ...change,
  });

describe('membership lifecycle', () => {
  it('none → 404; activation → active for a free year with a setup intent', async () => {
    const none = await h.call('GET', '/club/memberships', { token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual(envelope(404, 'server.membershipNotExist'));

    const membership = await activate();
    expect(membership).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: expect.stringMatching(/^evc-[0-9a-z]{6}$/),
      externalId: expect.stringMatching(/^sub_[0-9A-Za-z]+$/),
      validTo: '2027-03-15T12:00:00.000Z',
      cancelledAt: null,
      chargerOrderedAt: null,
    });
    const fetched = await h.call('GET', '/club/memberships', { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(membership);

    const sub = await subscription(membership.externalId);
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({
      subscription: { validTo: null },
      paymentIntent: null,
      setupIntent: {
        id: expect.stringMatching(/^seti_\w+$/),
        client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/),
      },
    });
    expect(
      sub.body.setupIntent.client_secret.startsWith(`${sub.body.setupIntent.id}_secret_`),
    ).toBe(true);
  });

  it('a second activation while active is 409 server.membershipExists', async () => {
    await activate();
    const again = await h.call('POST', '/club/memberships', { token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(envelope(409, 'server.membershipExists'));
  });

  it('attaching a card in the free year saves it; nothing is paid; the setup intent is renewed', async () => {
    const membership = await activate();
    const before = await subscription(membership.externalId);
    const attached = await attachVisa(membership, before.body.setupIntent.id);
    expect(attached.status).toBe(200);
    const after = await subscription(membership.externalId);
    expect(after.body.subscription.validTo).toBeNull();
    expect(after.body.paymentIntent).toBeNull();
    expect(after.body.setupIntent.id).not.toBe(before.body.setupIntent.id);
  });

  it('a lapsed membership renews with a payment intent; attaching pays the fee', async () => {
    const membership = await activate();
    h.advance(366 * DAY);
    const lapsed = await h.call('GET', '/club/memberships', { token });
    expect(Date.parse(lapsed.body.validTo)).toBeLessThan(h.now());

    const renewed = await activate();
    expect(renewed._id).toBe(membership._id);
    expect(renewed.externalId).toBe(membership.externalId);
    expect(renewed.validTo).toBe('2028-03-16T12:00:00.000Z');

    const due = await subscription(membership.externalId);
    expect(due.body).toEqual({
      subscription: { validTo: null },
      paymentIntent: {
        id: expect.stringMatching(/^pi_\w+$/),
        client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      },
      setupIntent: null,
    });

    const paid = await attachVisa(membership, due.body.paymentIntent.id);
    expect(paid.status).toBe(200);
    const after = await subscription(membership.externalId);
    expect(after.body.subscription.validTo).toBe('2028-03-16T12:00:00.000Z');
    expect(after.body.paymentIntent).toBeNull();
    expect(after.body.setupIntent.id).toMatch(/^seti_/);
  });

  it('a cancelled membership is not active and renews on activation', async () => {
    await activate();
    await h.call('POST', '/__dev/membership', {
      body: { email: DEMO.email, cancelledAt: new Date(h.now() - DAY).toISOString() },
    });
    const renewed = await activate();
    expect(renewed.cancelledAt).toBeNull();
  });
});

describe('attach-payment-method validation', () => {
  let membership: { _id: string; externalId: string };
  let intentId: string;

  beforeEach(async () => {
    membership = await activate();
    intentId = (await subscription(membership.externalId)).body.setupIntent.id;
  });

  it.each([
    ['no paymentMethodId', { paymentMethodId: undefined }],
    ['an empty paymentMethodId', { paymentMethodId: '' }],
    ['a numeric membershipId', { membershipId: 7 }],
    ['another membership’s _id', { membershipId: '0123456789abcdef01234567' }],
    ['the membership’s short id instead of its _id', { membershipId: 'evc-000000' }],
    ['an unknown intent', { paymentIntentId: 'seti_unknown' }],
    ['no paymentIntentId', { paymentIntentId: undefined }],
  ])('rejects %s with 400', async (_case, change) => {
    const reply = await attachVisa(membership, intentId, change);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(envelope(400, 'server.invalidRequest'));
  });

  it('404 for a subscription that is not the caller’s', async () => {
    await addMember(h, { email: 'other@example.ca' });
    const other = await signIn(h, 'other@example.ca');
    const theirs = await h.call('GET', `/club/subscriptions/${membership.externalId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(envelope(404, 'server.membershipNotExist'));
    const unknown = await attachVisa({ ...membership, externalId: 'sub_unknown' }, intentId);
    expect(unknown.status).toBe(404);
  });
});

describe('POST club/subscriptions/confirm-payment', () => {
  it('answers 200 {} for the caller’s membership and subscription', async () => {
    const membership = await activate();
    const reply = await h.call('POST', '/club/subscriptions/confirm-payment', {
      token,
      body: { membershipId: membership._id, externalId: membership.externalId },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({});

    const mismatch = await h.call('POST', '/club/subscriptions/confirm-payment', {
      token,
      body: { membershipId: 'nope', externalId: membership.externalId },
    });
    expect(mismatch.body).toEqual(envelope(400, 'server.invalidRequest'));
    const unknown = await h.call('POST', '/club/subscriptions/confirm-payment', {
      token,
      body: { membershipId: membership._id, externalId: 'sub_other' },
    });
    expect(unknown.status).toBe(404);
    const missing = await h.call('POST', '/club/subscriptions/confirm-payment', {
      token,
      body: { membershipId: membership._id },
    });
    expect(missing.body).toEqual(envelope(400, 'server.invalidRequest'));
  });
});

describe('__dev/membership', () => {
  it('creates or edits the membership of a user by email', async () => {
    const set = await h.call('POST', '/__dev/membership', {
      body: {
        email: 'DEMO@evclub.ca',
        validTo: '2026-04-01T00:00:00.000Z',
        chargerOrderedAt: '2026-03-01T00:00:00.000Z',
        feeDue: true,
      },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      validTo: '2026-04-01T00:00:00.000Z',
      chargerOrderedAt: '2026-03-01T00:00:00.000Z',
      cancelledAt: null,
    });
    const fetched = await h.call('GET', '/club/memberships', { token });
    expect(fetched.body).toEqual(set.body);
    const sub = await subscription(set.body.externalId);
    expect(sub.body.paymentIntent.id).toMatch(/^pi_/);

    const cleared = await h.call('POST', '/__dev/membership', {
      body: { email: DEMO.email, validTo: null, feeDue: false },
    });
    expect(cleared.body.validTo).toBeNull();
    expect(cleared.body.chargerOrderedAt).toBe('2026-03-01T00:00:00.000Z');
    expect((await subscription(set.body.externalId)).body.paymentIntent).toBeNull();
  });

  it('404 for an unknown email, 400 for a bad date', async () => {
    const unknown = await h.call('POST', '/__dev/membership', { body: { email: 'x@example.ca' } });
    expect(unknown.body).toEqual(envelope(404, 'server.userNotExist'));
    const bad = await h.call('POST', '/__dev/membership', {
      body: { email: DEMO.email, validTo: 'next tuesday' },
    });
    expect(bad.body).toEqual(envelope(400, 'server.invalidRequest'));
  });
});
