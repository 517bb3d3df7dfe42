import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { Membership, User } from '../../machines/shared/domain.ts';
import { refreshMember } from '../../src/app/fresh-member.ts';
import { RECORD, USER, USER_WITH_ADDRESS } from '../support/activation.kit.tsx';
import { PendingCalls } from '../support/deferred.ts';
import {
  createMembership,
  createSession,
  createSessionStub,
  networkError,
} from '../support/fake-services.ts';

describe('refreshMember: reload the member, then wait', () => {
  it('reloads the user and the membership and resolves with the fresh user', async () => {
    const pending = new PendingCalls();
    const getProfile = pending.fn<User>('getProfile');
    const get = pending.fn<Membership | null>('get');
    const session = createSessionStub(USER, { loadUser: getProfile });
    const membership = createMembership(() => get(), { ...RECORD, validTo: null });
    const result = refreshMember({ session: session.session, membership });
    expect(getProfile).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledTimes(1);
    // The known record keeps serving while the fresh one loads.
    expect(membership.getSnapshot().context.record).toEqual({ ...RECORD, validTo: null });
    await pending.settle('get', { output: RECORD });
    await pending.settle('getProfile', { output: USER_WITH_ADDRESS });
    await expect(result).resolves.toEqual(USER_WITH_ADDRESS);
    expect(session.user()).toEqual(USER_WITH_ADDRESS);
    expect(membership.getSnapshot().context.record).toEqual(RECORD);
  });

  it('drops a stale membership first (after activation) so no guard reads it meanwhile', async () => {
    const pending = new PendingCalls();
    const get = pending.fn<Membership | null>('get');
    const session = createSessionStub(USER);
    const membership = createMembership(() => get(), { ...RECORD, validTo: null });
    const result = refreshMember({ session: session.session, membership }, { stale: true });
    expect(membership.getSnapshot().context.record).toBeNull();
    await pending.settle('get', { output: RECORD });
    await expect(result).resolves.toEqual(USER);
    expect(session.reloads()).toBe(1);
  });

  it('a failed profile reload keeps the user and still goes on (the session logs it)', async () => {
    const session = createSessionStub(USER_WITH_ADDRESS, {
      loadUser: () => Promise.reject(networkError()),
    });
    const membership = createMembership(async () => RECORD);
    await expect(refreshMember({ session: session.session, membership })).resolves.toEqual(
      USER_WITH_ADDRESS,
    );
  });

  it('fails with the load’s error key when the membership cannot be loaded', async () => {
    const session = createSessionStub(USER);
    const membership = createMembership(() => Promise.reject(networkError()));
    await expect(refreshMember({ session: session.session, membership })).rejects.toMatchObject({
      key: 'errors.network',
    });
  });

  it('a reload already on its way (another tab saved the profile) may have read the user before the change: it ends, then the user is read again', async () => {
    const pending = new PendingCalls();
    const getProfile = pending.fn<User>('getProfile');
    // The REAL session chart: its `reloading` state takes no second reloadUser.
    const { session } = createSession({
      actors: { loadUser: fromPromise(() => getProfile()) },
      hasStoredTokens: true,
    });
    await pending.settle('getProfile', { output: USER });
    await waitFor(session, (s) => s.matches({ authenticated: { user: 'ready' } }));
    session.send({ type: 'session.reloadUser' });
    expect(pending.open('getProfile')).toBe(1);

    const result = refreshMember({ session, membership: createMembership(async () => RECORD) });
    // The earlier read answers with the user as it was before the billing address was saved.
    await pending.settle('getProfile', { output: USER });
    await vi.waitFor(() => expect(pending.open('getProfile')).toBe(1));
    await pending.settle('getProfile', { output: USER_WITH_ADDRESS });
    await expect(result).resolves.toEqual(USER_WITH_ADDRESS);
    expect(pending.count('getProfile')).toBe(3);
  });
});
