import * as v from 'valibot';
import {
  type BillingAddress,
  type LoginResponse,
  type Membership,
  type SubscriptionResponse,
  type Tokens,
  toLanguage,
  type User,
} from '../../machines/shared/domain.ts';
import { isUsableToken } from './tokens.ts';

/**
 * Server bodies (docs/api.md, "Shapes") parsed into the domain types.
 * Unknown extra fields are dropped; a missing or mistyped required field is a
 * parse error. Each schema is annotated with its domain type, so the compiler
 * checks that the parsed output is assignable to it.
 */

/** An ISO 8601 date, alone or with a time (`T` or a space) and an optional zone. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * A real ISO 8601 date: not whatever the browser's lenient parser makes of a
 * string ("12" is not December 2001, "2027-02-30" is not 2 March).
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  return (
    calendar.getUTCMonth() === month - 1 &&
    calendar.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value))
  );
}

/**
 * A date written as every browser's date parser reads it: an hours-only zone
 * ('+05', valid ISO 8601) as '+05:00', and a 't' or 'z' (RFC 3339 allows them
 * in lower case) in upper case.
 */
const asParsableDate = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/([T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2})$/, '$1:00');

const DateString = v.pipe(
  v.string(),
  v.transform(asParsableDate),
  v.check((value: string) => isIsoDate(value), 'Expected a date'),
);

/** A date field: absent, null or empty all read as null (no date). */
const OptionalDate = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), DateString])), null),
  v.transform((value) => value || null),
);

export const BillingAddressSchema: v.GenericSchema<unknown, BillingAddress> = v.object({
  country_code: v.literal('CA'),
  address_1: v.string(),
  /** Absent, null or empty: no second line. */
  address_2: v.pipe(
    v.optional(v.nullable(v.string())),
    v.transform((value) => value || undefined),
  ),
  city: v.string(),
  province: v.string(),
  postal_code: v.string(),
});

/**
 * The fields of a billing address a member types: one of them with a value
 * makes an address. Not the country, which is fixed: a database's empty
 * address may carry its default `country_code: "CA"`.
 */
const ADDRESS_FIELDS = [
  'address_1',
  'address_2',
  'city',
  'province',
  'postal_code',
] as const satisfies readonly (keyof BillingAddress)[];

/**
 * No address yet: `{}`, with any fields of its own ignored like everywhere
 * else (a database's `{ _id }` of an empty sub-document), or null: an object
 * (not a list) in which no address field has a value. A partial address is
 * not "none". (Written with the valibot functions the app's start already
 * loads: /login's bytes.)
 */
const NoBillingAddressSchema = v.pipe(
  v.unknown(),
  v.check(
    (value) =>
      typeof value === 'object' &&
      !Array.isArray(value) &&
      ADDRESS_FIELDS.every((field) => [undefined, null, ''].includes(Object(value)[field])),
  ),
  v.transform((): Record<string, never> => ({})),
);

/**
 * An id: the contract does not say strings, so a whole number (`48213`) is
 * read too, as its digits. The app only compares ids and puts them in paths.
 */
const Id = v.pipe(
  v.unknown(),
  v.check((value) => typeof value === 'string' || Number.isSafeInteger(value)),
  v.transform(String),
);

export const UserSchema: v.GenericSchema<unknown, User> = v.object({
  _id: Id,
  id: Id,
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.string(),
  /** 'fr', 'FR', 'fr-CA' are French; anything else (absent, null, 'de') English, the fallback. */
  language: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => toLanguage(typeof value === 'string' ? value : null)),
    ),
    'en',
  ),
  /** Absent or null (a column never set): false, spec 3's default. */
  isBetaTester: v.optional(
    v.pipe(
      v.nullable(v.boolean()),
      v.transform((value) => value ?? false),
    ),
    false,
  ),
  /** Absent or null: not set (notifications on). */
  disableNotifications: v.optional(
    v.pipe(
      v.nullable(v.boolean()),
      v.transform((value) => value ?? undefined),
    ),
  ),
  /** Absent or null also mean "no address yet". */
  billingAddress: v.optional(v.union([BillingAddressSchema, NoBillingAddressSchema]), {}),
});

export const MembershipSchema: v.GenericSchema<unknown, Membership> = v.object({
  _id: Id,
  id: Id,
  externalId: Id,
  validTo: OptionalDate,
  cancelledAt: OptionalDate,
  chargerOrderedAt: OptionalDate,
});

/** What the token store keeps (src/api/tokens.ts): one rule for the answer and the store. */
const TokenString = v.pipe(
  v.string(),
  v.check((value: string) => isUsableToken(value), 'Expected a token'),
);

export const TokensSchema: v.GenericSchema<unknown, Tokens> = v.object({
  token: TokenString,
  refreshToken: TokenString,
  user: UserSchema,
});

/**
 * Either an unverified account (`isVerified: false`, no tokens needed: the
 * one-time-code step follows) or a verified one with its tokens and user, all
 * required: a 200 without them breaks the contract and is a parse error.
 */
export const LoginResponseSchema: v.GenericSchema<unknown, LoginResponse> = v.union([
  v.object({ isVerified: v.literal(false), user: v.optional(UserSchema) }),
  v.object({
    token: TokenString,
    refreshToken: TokenString,
    user: UserSchema,
    isVerified: v.optional(v.literal(true)),
  }),
]);

/** verify-user: `refreshToken` falls back to `token`. */
export const VerifyResponseSchema: v.GenericSchema<unknown, Tokens> = v.pipe(
  v.object({
    token: TokenString,
    refreshToken: v.optional(v.nullable(v.union([v.literal(''), TokenString]))),
    user: UserSchema,
  }),
  v.transform(({ token, refreshToken, user }) => ({
    token,
    refreshToken: refreshToken || token,
    user,
  })),
);

const IntentSchema = v.object({ id: v.string(), client_secret: v.string() });

export const SubscriptionResponseSchema: v.GenericSchema<unknown, SubscriptionResponse> = v.object({
  subscription: v.object({ validTo: OptionalDate }),
  paymentIntent: v.optional(v.nullable(IntentSchema), null),
  setupIntent: v.optional(v.nullable(IntentSchema), null),
});

export const ResetTokenSchema: v.GenericSchema<unknown, { resetToken: string }> = v.object({
  resetToken: v.pipe(v.string(), v.nonEmpty()),
});
