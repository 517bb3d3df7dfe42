import { waitFor } from 'xstate';
import {
  hasLoadFailed,
  isLoading,
  isMembershipSettled,
  selectMembershipErrorKey,
} from '../../machines/membership/membership.selectors.ts';
import { isSignedIn, selectUser } from '../../machines/session/session.selectors.ts';
import type { User } from '../../machines/shared/domain.ts';
import type { MembershipActor, SessionActor } from './services.tsx';

/** How long a flow waits for the member to be fresh again before going on without it. */
export const FRESH_MEMBER_TIMEOUT_MS = 10_000;

/**
 * "Reload the member, then wait", once for every flow that changed the member
 * on the server (activation, billing, payment): the session reloads the user
 * (its `reloading` state), the membership is loaded again (dropped first with
 * `stale`, after activation), and both are awaited. Rejects with the
 * membership's error key when it could not be loaded.
 */
export async function refreshMember(
  { session, membership }: { session: SessionActor; membership: MembershipActor },
  { stale = false }: { stale?: boolean } = {},
): Promise<User> {
  session.send({ type: 'session.reloadUser' });
  membership.send({ type: stale ? 'membership.invalidate' : 'membership.refetch' });
  const options = { timeout: FRESH_MEMBER_TIMEOUT_MS };
  const [sessionNow, membershipNow] = await Promise.all([
    waitFor(
      session,
      (s) => !isSignedIn(s) || s.matches({ authenticated: { user: 'ready' } }),
      options,
    ),
    waitFor(membership, (s) => isMembershipSettled(s) && !isLoading(s), options),
  ]);
  if (hasLoadFailed(membershipNow)) {
    throw Object.assign(new Error('The membership could not be loaded again'), {
      key: selectMembershipErrorKey(membershipNow) ?? 'errors.unknown',
    });
  }
  return selectUser(sessionNow);
}
