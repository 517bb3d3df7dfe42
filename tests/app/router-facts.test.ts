import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { REHYDRATE_TIMEOUT_MS } from '../../machines/membership/membership.persist.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { EMPTY_USER, type Membership, type User } from '../../machines/shared/domain.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import type { AppServices } from '../../src/app/services.tsx';
import { gatherFacts } from '../../src/routes/router.tsx';
import { membershipJson } from '../support/api.kit.ts';

const USER: User = { ...EMPTY_USER, _id: 'u1', id: 'u1', email: 'marie@example.ca' };
const ACTIVE: Membership = membershipJson({
  externalId: 'sub_1',
  validTo: '2099-01-01T00:00:00.000Z',
});

function controllable<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** A session and a membership actor whose loads the test answers. */
function setup({ tokens }: { tokens: boolean }) {
  const user = controllable<User>();
  const record = controllable<Membership | null>();
  const membership = createActor(
    membershipMachine.provide({ actors: { loadMembership: fromPromise(() => record.promise) } }),
  );
  const session = createActor(
    sessionMachine.provide({
      actors: { loadUser: fromPromise(() => user.promise) },
      actions: { startMembership: () => membership.send({ type: 'membership.refetch' }) },
      guards: { hasStoredTokens: () => tokens },
    }),
  );
  membership.start();
  session.start();
  const services = {
    session,
    membership: membershipAccessOf(membership),
  } as unknown as AppServices;
  return { services, user, record, session, membership };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('gatherFacts (what the route guards decide on)', () => {
  it('a visitor without tokens is signed out with no membership flags, at once', async () => {
    const { services } = setup({ tokens: false });
    await expect(gatherFacts(services)).resolves.toEqual({
      signedIn: false,
      flags: { isMembershipExist: false, isActive: false, isCancelled: false, hasOrdered: false },
    });
  });

  it('waits for the user and then for the membership before deciding', async () => {
    const { services, user, record } = setup({ tokens: true });
    let facts: unknown = null;
    const pending = gatherFacts(services).then((f) => {
      facts = f;
    });
    await Promise.resolve();
    expect(facts).toBeNull();

    user.resolve(USER);
    await new Promise((r) => setTimeout(r, 0));
    // The user is loaded but the membership is not known yet: still waiting.
    expect(facts).toBeNull();

    record.resolve(ACTIVE);
    await pending;
    expect(facts).toEqual({
      signedIn: true,
      flags: { isMembershipExist: true, isActive: true, isCancelled: false, hasOrdered: false },
    });
  });

  it('a user without membership (404 → null) is signed in with no membership', async () => {
    const { services, user, record } = setup({ tokens: true });
    user.resolve(USER);
    record.resolve(null);
    await expect(gatherFacts(services)).resolves.toMatchObject({
      signedIn: true,
      flags: { isMembershipExist: false, isActive: false },
    });
  });

  it('a persisted copy serves once the refetch has had REHYDRATE_TIMEOUT_MS to answer', async () => {
    vi.useFakeTimers();
    const { services, user, membership } = setup({ tokens: true });
    membership.send({ type: 'membership.hydrate', record: ACTIVE });
    user.resolve(USER);
    let done = false;
    const pending = gatherFacts(services).then((f) => {
      done = true;
      return f;
    });
    await vi.advanceTimersByTimeAsync(REHYDRATE_TIMEOUT_MS - 10);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    await expect(pending).resolves.toMatchObject({
      signedIn: true,
      flags: { isMembershipExist: true, isActive: true },
    });
  });

  it('a membership nothing is known of is never taken for "none": the guard waits through a failed load until Try again loads it', async () => {
    let calls = 0;
    const membership = createActor(
      membershipMachine.provide({
        actors: {
          loadMembership: fromPromise<Membership | null>(async () => {
            calls += 1;
            if (calls === 1) throw Object.assign(new Error('offline'), { key: 'errors.network' });
            return ACTIVE;
          }),
        },
      }),
    ).start();
    const { services, user } = setup({ tokens: true });
    const withFlaky = { ...services, membership: membershipAccessOf(membership) } as AppServices;
    user.resolve(USER);
    membership.send({ type: 'membership.refetch' });
    let facts: unknown = null;
    const pending = gatherFacts(withFlaky).then((f) => {
      facts = f;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(membership.getSnapshot().matches('unavailable')).toBe(true);
    expect(facts).toBeNull();

    membership.send({ type: 'membership.refetch' });
    await pending;
    expect(facts).toMatchObject({ flags: { isMembershipExist: true, isActive: true } });
  });

  it('a guard that needs no membership decides on the session alone', async () => {
    const { services, user } = setup({ tokens: true });
    user.resolve(USER);
    await expect(gatherFacts(services, { withMembership: false })).resolves.toEqual({
      signedIn: true,
      flags: { isMembershipExist: false, isActive: false, isCancelled: false, hasOrdered: false },
    });
  });

  it('stops waiting when the navigation is abandoned', async () => {
    const { services } = setup({ tokens: true });
    const controller = new AbortController();
    const pending = gatherFacts(services, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
  });
});
