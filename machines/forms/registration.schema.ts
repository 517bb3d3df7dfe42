import * as v from 'valibot';
import type { Language, SignUpPayload } from '../shared/domain.ts';
import { isEmail, passwordField } from './login.schema.ts';
import { cleanText } from './text.ts';
import { MAX_SYMBOLS_KEY, MIN_SYMBOLS_KEY } from './validate.ts';

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 32;

/**
 * The view normalises the phone to E.164 (libphonenumber-js) before it reaches
 * the schema, and keeps what is typed when that is no phone number with a
 * national number of 2 to 17 digits (spec 9). So: '+', a country code and the
 * national number, optionally an RFC 3966 extension (';ext=123', spec 5).
 */
export const E164_WITH_EXTENSION = /^\+[1-9]\d{2,19}(?:;ext=\d{1,6})?$/;

/**
 * The longest address mail can reach (RFC 5321): 64 characters before the @,
 * 254 in all. A longer one never gets its one-time code, so the new account
 * could never be verified.
 */
const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_MAX_LENGTH = 64;

function isDeliverable(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && email.lastIndexOf('@') <= EMAIL_LOCAL_MAX_LENGTH;
}

/**
 * A name: trimmed, and in its composed form (NFC), so that an accent typed or
 * pasted as a letter and a combining mark ('e' + U+0300, as macOS writes file
 * names) counts as the one character it shows, and is sent so.
 */
function nameField(requiredKey: string) {
  return v.pipe(
    v.string(),
    v.transform(cleanText),
    v.nonEmpty(requiredKey),
    v.minLength(NAME_MIN_LENGTH, MIN_SYMBOLS_KEY),
    v.maxLength(NAME_MAX_LENGTH, MAX_SYMBOLS_KEY),
  );
}

export const emailField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.emailRequired'),
  v.check(isEmail, 'validation.emailInvalid'),
  v.check(isDeliverable, 'validation.emailInvalid'),
);

export const phoneField = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.phoneRequired'),
  v.regex(E164_WITH_EXTENSION, 'validation.phoneInvalid'),
);

export const registrationSchema = v.object({
  firstName: nameField('validation.firstNameRequired'),
  lastName: nameField('validation.lastNameRequired'),
  phone: phoneField,
  email: emailField,
  password: passwordField(),
});

export type RegistrationValues = v.InferInput<typeof registrationSchema>;
export type RegistrationField = keyof RegistrationValues;

export const EMPTY_REGISTRATION_VALUES: RegistrationValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  password: '',
};

/** The sign-up body: clean names, trimmed phone and email; the password as typed. */
export function toSignUpPayload(values: RegistrationValues, language: Language): SignUpPayload {
  return {
    firstName: cleanText(values.firstName),
    lastName: cleanText(values.lastName),
    phone: values.phone.trim(),
    email: values.email.trim(),
    password: values.password,
    language,
  };
}
