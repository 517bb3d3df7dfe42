import * as v from 'valibot';
import { MAX_SYMBOLS_KEY } from './validate.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
/** A phone-like login identifier has 7 to 17 digits. */
export const LOGIN_PHONE_MIN_DIGITS = 7;
export const LOGIN_PHONE_MAX_DIGITS = 17;

/**
 * An address as the web's own email fields take it (WHATWG, valibot's
 * rfcEmail): apostrophes (d'amour@…, o'neil@…) and international domains as
 * the browser hands them over (xn--…) included, which valibot's stricter
 * `email` refused. Its domain must have a dot, like every address a member
 * can receive mail at (not `a@b`).
 */
const emailSchema = v.pipe(v.string(), v.rfcEmail(), v.regex(/@[^@]+\.[^@.]+$/));
/**
 * Digits, spaces, dashes, dots, parentheses and an optional leading +, then
 * maybe an extension as members type it (the sign-up hint's 'ext. 12', 'x12',
 * 'poste 12', '#12', ';ext=12'): not part of the identifier, which is the
 * number alone (docs/api.md), so its digits are not counted.
 */
const PHONE_LIKE = /^(\+?[\d\s\-.()]+?)\s*((;ext=|#|x|ext\.?|poste)\s*\d+)?$/i;

/**
 * The one email rule: sign-in, sign-up and forgot password. A domain typed in
 * its own script (exemple.québec, where a text field does not turn it into
 * xn--…) is checked letter for letter as ASCII; the API gets its xn-- form
 * (src/api/ascii-email.ts). The few characters no domain may hold (IDNA) pass
 * here and are sent as typed: the server then finds no such member.
 */
export function isEmail(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, from NUL.
  return v.is(emailSchema, value.replace(/[^\x00-\x7f](?=[^@]*$)/g, 'a'));
}

/** A number as PHONE_LIKE has it, of 7 to 17 digits (an extension aside). */
export function isPhoneLike(value: string): boolean {
  const digits = PHONE_LIKE.exec(value)?.[1]?.replace(/\D/g, '').length ?? 0;
  return digits >= LOGIN_PHONE_MIN_DIGITS && digits <= LOGIN_PHONE_MAX_DIGITS;
}

export function isEmailOrPhone(value: string): boolean {
  return isEmail(value) || isPhoneLike(value);
}

/** The password rule shared by login and registration: required, 8 to 32 characters. */
export function passwordField(requiredKey = 'validation.passwordRequired') {
  return v.pipe(
    v.string(),
    v.nonEmpty(requiredKey),
    v.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    v.maxLength(PASSWORD_MAX_LENGTH, MAX_SYMBOLS_KEY),
  );
}

export const loginSchema = v.object({
  emailOrPhone: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.emailOrPhoneRequired'),
    v.check(isEmailOrPhone, 'validation.emailOrPhoneInvalid'),
  ),
  password: passwordField(),
});

export type LoginValues = v.InferInput<typeof loginSchema>;
export type LoginField = keyof LoginValues;

export const EMPTY_LOGIN_VALUES: LoginValues = { emailOrPhone: '', password: '' };
