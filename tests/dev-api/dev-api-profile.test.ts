// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  addMember,
  DEMO,
  envelope,
  type Harness,
  signIn,
  startSignedIn,
} from '../support/dev-api.kit.ts';

let h: Harness;
let token: string;

beforeEach(async () => {
  ({ h, token } = await startSignedIn());
});

afterEach(async () => {
  await h.close();
});

describe('GET client/auth/profile', () => {
  it('returns the User with an empty billing address until one is set', async () => {
    const reply = await h.call('GET', '/client/auth/profile', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: expect.stringMatching(/^evc-[0-9a-z]{6}$/),
      firstName: 'Demo',
      lastName: 'Member',
      email: DEMO.email,
      phone: DEMO.phone,
      language: 'en',
      isBetaTester: false,
      disableNotifications: false,
      billingAddress: {},
    });
  });
});

describe('PUT client/auth/profile', () => {
  it('updates the names and phone and returns the User', async () => {
    const reply = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: ' Émile ', lastName: 'Gagnon', phone: '+14165550199' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      firstName: 'Émile',
      lastName: 'Gagnon',
      phone: '+14165550199',
    });
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.phone).toBe('+14165550199');
  });

  it('keeps the own phone, refuses another member’s with 409', async () => {
    await addMember(h, { email: 'other@example.ca', phone: '+16045550111' });
    const own = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Demo', lastName: 'Member', phone: DEMO.phone },
    });
    expect(own.status).toBe(200);
    const taken = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Demo', lastName: 'Member', phone: '+16045550111' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(envelope(409, 'server.samePhoneUserExists'));
  });

  it.each([
    [{ firstName: 'D' }, 'server.invalidFirstName'],
    [{ lastName: 'M'.repeat(33) }, 'server.invalidLastName'],
    [{ phone: '514-555-0100' }, 'server.invalidPhoneNumber'],
    [{ phone: undefined }, 'server.invalidRequest'],
    [{ firstName: null }, 'server.invalidRequest'],
  ])('rejects %o with 400 %s', async (change, key) => {
    const reply = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Demo', lastName: 'Member', phone: DEMO.phone, ...change },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(envelope(400, key));
  });
});

describe('PUT client/auth/profile/billingAddress', () => {
  it('saves a Canadian address (postal code normalized, no address_2 when omitted)', async () => {
    const reply = await h.call('PUT', '/client/auth/profile/billingAddress', {
      token,
      body: ADDRESS,
    });
    expect(reply.status).toBe(200);
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.billingAddress).toEqual({ ...ADDRESS, postal_code: 'H3G 1P1' });
  });

  it('keeps address_2 when given', async () => {
    await h.call('PUT', '/client/auth/profile/billingAddress', {
      token,
      body: { ...ADDRESS, address_2: 'App. 4', postal_code: 'H3G 1P1' },
    });
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.billingAddress.address_2).toBe('App. 4');
  });

  it.each([
    ['a US address', { country_code: 'US' }],
    ['an unknown province', { province: 'XX' }],
    ['a US zip code', { postal_code: '90210' }],
    ['a malformed postal code', { postal_code: 'H3G-1P1' }],
    ['an empty street', { address_1: '  ' }],
    ['no city', { city: undefined }],
    ['a numeric address_2', { address_2: 4 }],
  ])('rejects %s with 400', async (_case, change) => {
    const reply = await h.call('PUT', '/client/auth/profile/billingAddress', {
      token,
      body: { ...ADDRESS, ...change },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(envelope(400, 'server.invalidRequest'));
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.billingAddress).toEqual({});
  });
});

describe('PUT client/auth/profile/change-password', () => {
  it('needs the current password, then the new one works', async () => {
    const wrong = await h.call('PUT', '/client/auth/profile/change-password', {
      token,
      body: { currentPassword: 'Nope12345', newPassword: 'Fresh12345' },
    });
    expect(wrong.body).toEqual(envelope(400, 'server.incorrectPassword'));
    const weak = await h.call('PUT', '/client/auth/profile/change-password', {
      token,
      body: { currentPassword: DEMO.password, newPassword: 'short' },
    });
    expect(weak.body).toEqual(envelope(400, 'server.passwordTooWeak'));
    const done = await h.call('PUT', '/client/auth/profile/change-password', {
      token,
      body: { currentPassword: DEMO.password, newPassword: 'Fresh12345' },
    });
    expect(done.status).toBe(204);
    await signIn(h, DEMO.email, 'Fresh12345');
  });
});

describe('PUT client/auth/profile/change-language and POST …/notifications', () => {
  it('changes the language and returns the User', async () => {
    const reply = await h.call('PUT', '/client/auth/profile/change-language', {
      token,
      body: { language: 'fr' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.language).toBe('fr');
    const bad = await h.call('PUT', '/client/auth/profile/change-language', {
      token,
      body: { language: 'es' },
    });
    expect(bad.body).toEqual(envelope(400, 'server.invalidRequest'));
  });

  it('sets disableNotifications and returns the User', async () => {
    const reply = await h.call('POST', '/client/auth/profile/notifications', {
      token,
      body: { disableNotifications: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.disableNotifications).toBe(true);
    const bad = await h.call('POST', '/client/auth/profile/notifications', {
      token,
      body: { disableNotifications: 'yes' },
    });
    expect(bad.body).toEqual(envelope(400, 'server.invalidRequest'));
  });
});

describe('DELETE client/auth/profile', () => {
  it('needs the password, then removes the account, its membership and its tokens', async () => {
    const session = await signIn(h, DEMO.email);
    await h.call('POST', '/club/memberships', { token });
    const wrong = await h.call('DELETE', '/client/auth/profile', {
      token,
      body: { password: 'Wrong12345' },
    });
    expect(wrong.body).toEqual(envelope(400, 'server.incorrectPassword'));

    const deleted = await h.call('DELETE', '/client/auth/profile', {
      token,
      body: { password: DEMO.password },
    });
    expect(deleted.status).toBe(204);
    expect((await h.call('GET', '/client/auth/profile', { token })).status).toBe(401);
    const refresh = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const login = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: DEMO.email, password: DEMO.password },
    });
    expect(login.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));

    // The address is free again, and the new account starts without a membership.
    await addMember(h, { email: DEMO.email, phone: DEMO.phone });
    const again = await signIn(h, DEMO.email);
    const membership = await h.call('GET', '/club/memberships', { token: again.token });
    expect(membership.status).toBe(404);
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/client/auth/profile'],
    ['PUT', '/client/auth/profile'],
    ['DELETE', '/client/auth/profile'],
    ['PUT', '/client/auth/profile/billingAddress'],
    ['PUT', '/client/auth/profile/change-password'],
    ['PUT', '/client/auth/profile/change-language'],
    ['POST', '/client/auth/profile/notifications'],
    ['GET', '/club/memberships'],
    ['POST', '/club/memberships'],
    ['GET', '/club/subscriptions/sub_x'],
    ['PUT', '/club/subscriptions/sub_x/attach-payment-method'],
    ['POST', '/club/subscriptions/confirm-payment'],
  ])('%s %s without a valid token is 401 server.unauthorized', async (method, path) => {
    const body = method === 'GET' ? undefined : {};
    const reply = await h.call(method, path, { token: 'expired-or-made-up', body });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(envelope(401, 'server.unauthorized'));
  });
});
