import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/common.json' with { type: 'json' };
import fr from '../../public/locales/fr/common.json' with { type: 'json' };

/**
 * The message catalogue the machines and the server rely on: every server key
 * of docs/api.md and every validation key exists in both languages, and the
 * English texts are the ones docs/product.md and the contract fix word for word.
 */

/** docs/api.md, "Keys the server may send", plus the keys our own calls add. */
const SERVER_TEXTS = {
  userNotExist: "User doesn't exist",
  incorrectEmailOrPassword: 'Incorrect email or password',
  invalidPhoneNumber: 'Invalid phone number',
  sameEmailUserExists: 'User with this email already exists',
  samePhoneUserExists: 'User with the same phone number already exists',
  incorrectOtp: 'Incorrect OTP',
  incorrectPassword: 'Incorrect password',
  invalidFirstName: 'First name is invalid',
  invalidLastName: 'Last name is invalid',
  passwordTooWeak: 'Password is too weak',
  invalidPassword: 'Password is invalid',
  accessDenied: 'Access denied',
  stationNotExist: "Station doesn't exist",
  stationNotFound: 'Station not found',
  stationAccessDenied: 'User is not allowed to access this station',
  transactionNotExist: "Transaction doesn't exist",
  stationInUse: 'Station already in use. Contact support.',
  stationOffline: 'Station is offline',
  cannotReboot: "Can't reboot station now",
  stationIncompatible: 'Your charger is not compatible with this app. Contact support.',
  stationAlreadyShared: 'Station already shared with this user',
  cannotShareWithSelf: "You can't share the station with yourself",
  firmwareLatest: 'Station already has the latest firmware',
  unauthorized: 'Please sign in again.',
  membershipNotExist: 'You have no membership yet.',
  membershipExists: 'Your membership is already active.',
  invalidRequest: 'The request was not valid.',
  notFound: 'Not found.',
} as const;

/** docs/product.md section 5 texts, and the keys the forms use. */
const VALIDATION_TEXTS = {
  nameRequired: 'Name is required',
  surnameRequired: 'Surname is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone is invalid',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  emailOrPhoneRequired: 'Email or Phone is required',
  emailOrPhoneInvalid: 'Invalid email or phone',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax63: 'Password cannot exceed 63 characters',
  passwordInvalidChars: 'Password contains invalid characters',
  passwordMismatch: 'Password do not match',
  passwordConfirmationRequired: 'Password confirmation is required',
  minSymbols: 'Min {{number}} symbols in {{field}}',
  maxSymbols: 'Max {{number}} symbols in {{field}}',
  countryRequired: null,
  provinceRequired: null,
  postalCodeRequired: null,
  postalCodeInvalid: 'Enter a postal code like A1A 1A1',
  cityRequired: null,
  addressRequired: null,
  address1Required: null,
  serialNumberRequired: null,
  timezoneRequired: null,
  groupNameRequired: 'Enter a group name',
  maxCurrentRequired: 'Enter Max Current',
  maxCurrentInvalid: 'Invalid Max Current',
  selectChargers: 'Select chargers',
  preferredContactRequired: 'Select a preferred contact method',
  reasonToConnectRequired: 'Select a reason to connect',
  otpDigitsOnly: 'Only digits allowed',
  otpLength: 'Enter the 6-digit code',
} as const satisfies Record<string, string | null>;

/** Texts fixed by docs/product.md outside the validation list. */
const FIXED_TEXTS = {
  'errors.unknown': 'An unknown error occurred.',
  'loading.title': 'Setting up your workspace...',
  'loading.subtitle': 'This will only take a moment',
  'app.name': 'EV Charger Club',
  'header.store': 'Store',
  'header.support': 'Support',
  'header.logout': 'Logout',
  'header.language.en': 'EN',
  'header.language.fr': 'FR',
} as const;

function lookup(catalogue: unknown, path: string): unknown {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function missingIn(catalogue: unknown, paths: string[]): string[] {
  return paths.filter((path) => {
    const value = lookup(catalogue, path);
    return typeof value !== 'string' || value.trim() === '';
  });
}

const serverKeys = Object.keys(SERVER_TEXTS).map((key) => `server.${key}`);
const validationKeys = Object.keys(VALIDATION_TEXTS).map((key) => `validation.${key}`);

describe('common catalogue', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s has a text for every server key of the API contract', (_language, catalogue) => {
    expect(missingIn(catalogue, serverKeys)).toEqual([]);
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ])('%s has a text for every validation key', (_language, catalogue) => {
    expect(missingIn(catalogue, validationKeys)).toEqual([]);
  });

  it('gives the server keys the English texts of the contract', () => {
    const actual = Object.fromEntries(
      Object.keys(SERVER_TEXTS).map((key) => [key, lookup(en, `server.${key}`)]),
    );
    expect(actual).toEqual(SERVER_TEXTS);
  });

  it('gives the validation keys the English texts of the spec', () => {
    const fixed = Object.entries(VALIDATION_TEXTS).filter(([, text]) => text !== null);
    const actual = Object.fromEntries(fixed.map(([key]) => [key, lookup(en, `validation.${key}`)]));
    expect(actual).toEqual(Object.fromEntries(fixed));
  });

  it('keeps the other texts the spec fixes', () => {
    const actual = Object.fromEntries(
      Object.keys(FIXED_TEXTS).map((path) => [path, lookup(en, path)]),
    );
    expect(actual).toEqual(FIXED_TEXTS);
  });

  it('translates the server and validation texts into French rather than copying English', () => {
    const copied = [...serverKeys, ...validationKeys].filter(
      (path) => lookup(fr, path) === lookup(en, path),
    );
    expect(copied).toEqual([]);
  });

  it('names each language in its own language in both catalogues', () => {
    for (const catalogue of [en, fr]) {
      expect(lookup(catalogue, 'header.language.enName')).toBe('English');
      expect(lookup(catalogue, 'header.language.frName')).toBe('Français');
    }
  });
});
