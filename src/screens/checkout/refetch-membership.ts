import { waitFor } from 'xstate';
import {
  hasLoadFailed,
  isLoading,
  isMembershipSettled,
  selectMembershipErrorKey,
} from '../../../machines/membership/membership.selectors.ts';
import type { MembershipActor } from '../../app/services.tsx';

/** How long a payment waits for the refreshed membership before going on without it. */
export const REFETCH_TIMEOUT_MS = 10_000;

/**
 * Refetches the membership now (so the dashboard shows it active) and waits
 * until it has loaded. Rejects with the load's error key when it failed.
 */
export async function refetchMembership(membership: MembershipActor): Promise<void> {
  membership.send({ type: 'membership.refetch' });
  const snapshot = await waitFor(membership, (s) => isMembershipSettled(s) && !isLoading(s), {
    timeout: REFETCH_TIMEOUT_MS,
  });
  if (hasLoadFailed(snapshot)) {
    throw Object.assign(new Error('The membership could not be refetched'), {
      key: selectMembershipErrorKey(snapshot) ?? 'errors.unknown',
    });
  }
}
