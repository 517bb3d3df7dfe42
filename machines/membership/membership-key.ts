/**
 * Only the membership is persisted (spec 3), in local storage under this key
 * (membership.persist.ts writes and reads it). On its own so that sign-out
 * can forget the copy without loading the membership's code.
 */
export const MEMBERSHIP_STORAGE_KEY = 'root';
