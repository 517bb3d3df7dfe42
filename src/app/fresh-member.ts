import { waitFor } from 'xstate';
import {
  hasLoadFailed,
  isLoading,
  isMembershipSettled,
  selectMembershipErrorKey,
} from '../../machines/membership/membership.selectors.ts';
import {
  isSignedIn,
  type SessionSnapshot,
  selectUser,
} from '../../machines/session/session.selectors.ts';
import type { User } from '../../machines/shared/domain.ts';
import { UNKNOWN_ERROR_KEY } from '../../machines/shared/error-key.ts';
import type { MembershipActor, SessionActor } from './services.tsx';

/** How long a flow waits for the member to be fresh again before going on without it. */
const FRESH_MEMBER_TIMEOUT_MS = 10_000;

const isReloadingUser = (s: SessionSnapshot) => s.matches({ authenticated: { user: 'reloading' } });

/** waitFor's options for what is left of one deadline (every wait of a refresh shares it). */
const until = (deadline: number) => ({ timeout: Math.max(0, deadline - Date.now()) });

/**
 * The session once it has read the user after this call. A reload already on
 * its way (another tab saved the profile) may have read it before the change,
 * and the session takes no second reload meanwhile: it ends first.
 */
async function reloadedUser(session: SessionActor, deadline: number) {
  if (isReloadingUser(session.getSnapshot())) {
    await waitFor(session, (s) => !isReloadingUser(s), until(deadline));
  }
  session.send({ type: 'session.reloadUser' });
  return waitFor(
    session,
    (s) => !isSignedIn(s) || s.matches({ authenticated: { user: 'ready' } }),
    until(deadline),
  );
}

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
  membership.send({ type: stale ? 'membership.invalidate' : 'membership.refetch' });
  const deadline = Date.now() + FRESH_MEMBER_TIMEOUT_MS;
  const [sessionNow, membershipNow] = await Promise.all([
    reloadedUser(session, deadline),
    waitFor(membership, (s) => isMembershipSettled(s) && !isLoading(s), until(deadline)),
  ]);
  if (hasLoadFailed(membershipNow)) {
    throw Object.assign(new Error('The membership could not be loaded again'), {
      key: selectMembershipErrorKey(membershipNow) ?? UNKNOWN_ERROR_KEY,
    });
  }
  return selectUser(sessionNow);
}
