/** User records: look-up, creation, the public User shape, deletion and the demo seed. */
import { conflict } from './http.ts';
import { humanId, objectId } from './ids.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserTokens } from './sessions.ts';
import { type DevApiState, iso } from './state.ts';
import type { BillingAddressRecord, UserRecord } from './store.ts';
import { normalizeEmail } from './validate.ts';

export const DEMO = {
  email: 'demo@evclub.ca',
  password: 'Password123',
  phone: '+15145550100',
  firstName: 'Demo',
  lastName: 'Member',
} as const;

export function findUserByEmail(state: DevApiState, email: string): UserRecord | null {
  const wanted = normalizeEmail(email);
  return state.store.data.users.find((user) => user.email === wanted) ?? null;
}

export function findUserByPhone(state: DevApiState, phone: string): UserRecord | null {
  const wanted = phone.trim();
  return state.store.data.users.find((user) => user.phone === wanted) ?? null;
}

/**
 * The member a phone sign-in names. The app sends the number in E.164 without
 * an extension (docs/api.md), so a member who gave one at sign-up
 * (`+15145550123;ext=12`) is found by the number alone, unless two members
 * share it (then only the exact number names one).
 */
export function findUserBySignInPhone(state: DevApiState, phone: string): UserRecord | null {
  const exact = findUserByPhone(state, phone);
  if (exact) return exact;
  const wanted = phone.trim();
  const sharing = state.store.data.users.filter((user) => user.phone.split(';')[0] === wanted);
  return sharing.length === 1 ? (sharing[0] ?? null) : null;
}

/** The contract's `User`. */
export function publicUser(user: UserRecord) {
  return {
    _id: user._id,
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    language: user.language,
    isBetaTester: user.isBetaTester,
    disableNotifications: user.disableNotifications,
    billingAddress: user.billingAddress ?? {},
  };
}

/** A human id (`evc-xxxxxx`) used by no user and no membership. */
export function uniqueHumanId(state: DevApiState): string {
  const taken = new Set([
    ...state.store.data.users.map((user) => user.id),
    ...state.store.data.memberships.map((membership) => membership.id),
  ]);
  let id = humanId();
  while (taken.has(id)) id = humanId();
  return id;
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  language: 'en' | 'fr';
  verified: boolean;
  billingAddress?: BillingAddressRecord | null;
  /** Only the private test helper sets it (the contract has no call for it). */
  isBetaTester?: boolean;
}

/** Adds a user (email and phone already validated); 409 when either is taken. */
export async function createUser(state: DevApiState, fields: NewUser): Promise<UserRecord> {
  const passwordHash = await hashPassword(fields.password);
  // Checked after the (asynchronous) hashing so that two racing sign-ups cannot both pass.
  if (findUserByEmail(state, fields.email)) throw conflict('server.sameEmailUserExists');
  if (findUserByPhone(state, fields.phone)) throw conflict('server.samePhoneUserExists');
  const user: UserRecord = {
    _id: objectId(),
    id: uniqueHumanId(state),
    firstName: fields.firstName,
    lastName: fields.lastName,
    email: normalizeEmail(fields.email),
    phone: fields.phone,
    language: fields.language,
    isBetaTester: fields.isBetaTester ?? false,
    disableNotifications: false,
    billingAddress: fields.billingAddress ?? null,
    passwordHash,
    verified: fields.verified,
    createdAt: iso(state.now()),
  };
  state.store.data.users.push(user);
  return user;
}

/** Removes the user, its membership and every token it holds. */
export function deleteUser(state: DevApiState, user: UserRecord): void {
  const { data } = state.store;
  revokeUserTokens(state, user._id);
  data.users = data.users.filter((other) => other._id !== user._id);
  data.memberships = data.memberships.filter((membership) => membership.userId !== user._id);
  delete data.lastOtp[user.email];
  for (const key of Object.keys(data.otps)) {
    if (key.endsWith(`:${user.email}`)) delete data.otps[key];
  }
}

/** A free phone number in the +1 514 555 01xx–99xx range, for users made without one. */
export function unusedPhone(state: DevApiState): string {
  for (let n = 200; n < 10_000; n += 1) {
    const phone = `+1514555${String(n).padStart(4, '0')}`;
    if (!findUserByPhone(state, phone)) return phone;
  }
  throw new Error('no unused phone number left');
}

export async function seedDemo(state: DevApiState): Promise<UserRecord> {
  return createUser(state, { ...DEMO, language: 'en', verified: true });
}
