/**
 * The client flags of a membership (spec 3 and 4), derived from its record by
 * deriveMembership. On their own so that the router's start-up code, which
 * decides a visitor's pages without any membership, carries nothing else.
 */
export interface MembershipFlags {
  isMembershipExist: boolean;
  isActive: boolean;
  isCancelled: boolean;
  hasOrdered: boolean;
}

export const NO_MEMBERSHIP_FLAGS: Readonly<MembershipFlags> = Object.freeze({
  isMembershipExist: false,
  isActive: false,
  isCancelled: false,
  hasOrdered: false,
});
