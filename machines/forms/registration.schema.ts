import * as v from 'valibot';
import type { Language, SignUpPayload } from '../shared/domain.ts';
import { isEmail, passwordField } from './login.schema.ts';
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

function nameField(requiredKey: string) {
  return v.pipe(
    v.string(),
    v.trim(),
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

/** The sign-up body: trimmed names, phone and email; the password as typed. */
export function toSignUpPayload(values: RegistrationValues, language: Language): SignUpPayload {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    password: values.password,
    language,
  };
}
