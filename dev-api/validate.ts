/**
 * Input rules of the stand-in. Missing or mistyped fields are a 400
 * `server.invalidRequest`; a well-typed but unacceptable value gets its own key
 * where the contract has one.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { badRequest } from './http.ts';
import type { BillingAddressRecord } from './store.ts';

/** Canada's ten provinces and three territories (postal abbreviations). */
const PROVINCE_CODES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK'] as const;
const TERRITORY_CODES = ['NT', 'NU', 'YT'] as const;
export const PROVINCES = [...PROVINCE_CODES, ...TERRITORY_CODES] as const;

/** E.164, optionally with an RFC 3966 extension: `+15145550123;ext=12`. */
const E164_WITH_EXTENSION = /^\+[1-9]\d{2,19}(?:;ext=\d{1,6})?$/;
/** Spec 9: the national number has 2 to 17 digits. */
const NATIONAL_DIGITS = { min: 2, max: 17 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODE = /^([A-Za-z]\d[A-Za-z]) ?(\d[A-Za-z]\d)$/;

type Body = Record<string, unknown>;

/** `body[key]` when `isType` accepts it; a 400 `server.invalidRequest` otherwise. */
function typedField<T>(body: Body, key: string, isType: (value: unknown) => value is T): T {
  const value = body[key];
  if (!isType(value)) throw badRequest();
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export const requiredString = (body: Body, key: string): string => typedField(body, key, isString);
/** The named string fields of a body, checked in order: `const { email, otp } = stringFields(input, 'email', 'otp')`. */
export function stringFields<K extends string>(body: Body, ...keys: K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, requiredString(body, key)])) as Record<
    K,
    string
  >;
}

export const optionalString = (body: Body, key: string): string | undefined =>
  body[key] === undefined ? undefined : requiredString(body, key);
export const requiredBoolean = (body: Body, key: string): boolean =>
  typedField(body, key, isBoolean);
export const optionalBoolean = (body: Body, key: string): boolean | undefined =>
  body[key] === undefined ? undefined : requiredBoolean(body, key);

/** `undefined` = leave as is, `null` = clear, else an ISO date string. */
export function optionalDate(body: Body, key: string): string | null | undefined {
  const value = body[key];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw badRequest();
  return new Date(value).toISOString();
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export function checkEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!EMAIL.test(normalized)) throw badRequest();
  return normalized;
}

function checkName(value: string, key: string): string {
  const trimmed = value.trim();
  if (trimmed.length < 2 || trimmed.length > 32) throw badRequest(key);
  return trimmed;
}

export const checkFirstName = (value: string) => checkName(value, 'server.invalidFirstName');
export const checkLastName = (value: string) => checkName(value, 'server.invalidLastName');

export function checkPhone(value: string): string {
  const trimmed = value.trim();
  if (!E164_WITH_EXTENSION.test(trimmed)) throw badRequest('server.invalidPhoneNumber');
  const [number = ''] = trimmed.split(';');
  const national = parsePhoneNumberFromString(number)?.nationalNumber ?? '';
  if (national.length < NATIONAL_DIGITS.min || national.length > NATIONAL_DIGITS.max) {
    throw badRequest('server.invalidPhoneNumber');
  }
  return trimmed;
}

export function checkPassword(value: string): string {
  if (value.length < 8 || value.length > 32) throw badRequest('server.passwordTooWeak');
  return value;
}

export function checkLanguage(value: unknown): 'en' | 'fr' {
  if (value !== 'en' && value !== 'fr') throw badRequest();
  return value;
}

function nonEmpty(body: Body, key: string): string {
  const value = requiredString(body, key).trim();
  if (value === '' || value.length > 100) throw badRequest();
  return value;
}

/** A Canadian billing address (docs/api.md `BillingAddress`), normalized. */
export function checkBillingAddress(body: Body): BillingAddressRecord {
  if (body.country_code !== 'CA') throw badRequest();
  const address_1 = nonEmpty(body, 'address_1');
  const address_2 = optionalString(body, 'address_2')?.trim();
  const city = nonEmpty(body, 'city');
  const province = requiredString(body, 'province').trim().toUpperCase();
  if (!(PROVINCES as readonly string[]).includes(province)) throw badRequest();
  const postal = POSTAL_CODE.exec(requiredString(body, 'postal_code').trim());
  if (!postal) throw badRequest();
  const postal_code = `${postal[1]} ${postal[2]}`.toUpperCase();
  const address: BillingAddressRecord = {
    country_code: 'CA',
    address_1,
    city,
    province,
    postal_code,
  };
  if (address_2) address.address_2 = address_2;
  return address;
}
