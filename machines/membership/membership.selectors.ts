import type { SnapshotFrom } from 'xstate';
import type { Membership } from '../shared/domain.ts';
import { isAnsweredErrorKey } from '../shared/error-key.ts';
import type { MembershipMachine } from './membership.machine.ts';

export type MembershipSnapshot = SnapshotFrom<MembershipMachine>;

export function selectRecord(snapshot: MembershipSnapshot): Membership | null {
  return snapshot.context.record;
}

/** A request is in flight. */
export function isLoading(snapshot: MembershipSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** The server has answered at least once since the last clear (loaded or failed, or hydrated). */
export function isMembershipSettled(snapshot: MembershipSnapshot): boolean {
  return snapshot.matches('loaded') || snapshot.matches('stale') || snapshot.matches('unavailable');
}

/** The last load failed (whether or not an older record still serves). */
export function hasLoadFailed(snapshot: MembershipSnapshot): boolean {
  return snapshot.matches('stale') || snapshot.matches('unavailable');
}

/** Loading failed and nothing is known: neither "a membership" nor "none" may be assumed. */
export function isUnavailable(snapshot: MembershipSnapshot): boolean {
  return snapshot.matches('unavailable');
}

/** A record (or its absence) is known, from the server or a persisted copy. */
export function isKnown(snapshot: MembershipSnapshot): boolean {
  return snapshot.context.known;
}

export function selectMembershipErrorKey(snapshot: MembershipSnapshot): string | null {
  return snapshot.context.errorKey;
}

/** The membership could not be loaded although the server answered (a 5xx, an unreadable answer). */
export const wasMembershipLoadAnswered = (snapshot: MembershipSnapshot): boolean =>
  isAnsweredErrorKey(selectMembershipErrorKey(snapshot));
