/**
 * The domain shapes of docs/api.md, shared by machines and the app.
 * src/api/ parses server responses into exactly these types.
 */
export type Language = 'en' | 'fr';

/** A language tag or name as one of the two ('fr', 'FR', 'fr-CA' → fr); anything else → en (spec 9's fallback). */
export function toLanguage(value: string | undefined | null): Language {
  const base = (value ?? '').trim().slice(0, 2).toLowerCase();
  return base === 'fr' ? 'fr' : 'en';
}

export interface BillingAddress {
  country_code: 'CA';
  address_1: string;
  address_2?: string;
  city: string;
  province: string;
  postal_code: string;
}

export interface User {
  _id: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: Language;
  isBetaTester: boolean;
  disableNotifications?: boolean;
  /** An empty object when the user has given no billing address yet. */
  billingAddress: BillingAddress | Record<string, never>;
}

export interface Membership {
  _id: string;
  id: string;
  externalId: string;
  validTo: string | null;
  cancelledAt: string | null;
  chargerOrderedAt: string | null;
}

export interface Tokens {
  token: string;
  refreshToken: string;
  user: User;
}

/**
 * POST client/auth/login: a verified account gets its tokens and user; an
 * unverified one (`isVerified: false`) gets no tokens and goes on with a
 * one-time code (the user, when sent, tells where the code goes).
 */
export type LoginResponse = { isVerified: false; user?: User } | (Tokens & { isVerified?: true });

export interface SubscriptionIntent {
  id: string;
  client_secret: string;
}

export interface SubscriptionResponse {
  subscription: { validTo: string | null };
  paymentIntent: SubscriptionIntent | null;
  setupIntent: SubscriptionIntent | null;
}

export interface SignUpPayload {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  password: string;
  language: Language;
}

export interface AttachPaymentMethodPayload {
  paymentMethodId: string;
  membershipId: string;
  paymentIntentId: string;
}

/** The empty, signed-out user of spec 4 (sign-out resets to this). */
export const EMPTY_USER: User = {
  _id: '',
  id: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  language: 'en',
  isBetaTester: false,
  billingAddress: {},
};

export function hasBillingAddress(user: User): boolean {
  return 'address_1' in user.billingAddress && Boolean(user.billingAddress.address_1);
}
