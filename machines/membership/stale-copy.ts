import {
  type MembershipSnapshot,
  selectMembershipErrorKey,
  selectRecord,
} from './membership.selectors.ts';

/**
 * A record serves although the last load of it failed (a copy kept from an
 * earlier visit or load); still true while a new load runs, until one
 * succeeds. The dashboard and the checkout say so. A file of its own rather
 * than in the selectors' file, which /login loads for the pending view.
 */
export const isServingStaleCopy = (snapshot: MembershipSnapshot): boolean =>
  selectRecord(snapshot) !== null && selectMembershipErrorKey(snapshot) !== null;
