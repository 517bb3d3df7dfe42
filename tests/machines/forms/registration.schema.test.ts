import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION_VALUES,
  type RegistrationValues,
  registrationSchema,
  toSignUpPayload,
} from '../../../machines/forms/registration.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';

const VALID: RegistrationValues = {
  firstName: 'Jean',
  lastName: 'Roy',
  phone: '+14165550199',
  email: 'jean.roy@example.ca',
  password: 'Passw0rd!',
};

const check = (overrides: Partial<RegistrationValues>) =>
  validate(registrationSchema, { ...VALID, ...overrides });

describe('registration schema', () => {
  it('accepts valid values', () => {
    expect(check({})).toEqual({});
  });

  it('requires every field', () => {
    expect(validate(registrationSchema, EMPTY_REGISTRATION_VALUES)).toEqual({
      firstName: { key: 'validation.firstNameRequired' },
      lastName: { key: 'validation.lastNameRequired' },
      phone: { key: 'validation.phoneRequired' },
      email: { key: 'validation.emailRequired' },
      password: { key: 'validation.passwordRequired' },
    });
    expect(check({ firstName: '   ' })).toEqual({
      firstName: { key: 'validation.firstNameRequired' },
    });
  });

  it('limits names to 2..32 characters after trimming', () => {
    expect(check({ firstName: ' J ' })).toEqual({
      firstName: {
        key: 'validation.minSymbols',
        values: { number: 2, field: 'fields.firstName' },
      },
    });
    expect(check({ firstName: 'Jo', lastName: `  ${'x'.repeat(32)}  ` })).toEqual({});
    expect(check({ lastName: 'x'.repeat(33) })).toEqual({
      lastName: {
        key: 'validation.maxSymbols',
        values: { number: 32, field: 'fields.lastName' },
      },
    });
  });

  it('takes a name that shows nothing (zero-width spaces, direction overrides) for an empty one', () => {
    expect(check({ firstName: '\u200b\u200b', lastName: '\u202e\u202e' })).toEqual({
      firstName: { key: 'validation.firstNameRequired' },
      lastName: { key: 'validation.lastNameRequired' },
    });
    expect(check({ firstName: 'J\u200b\ufeff' })).toEqual({
      firstName: {
        key: 'validation.minSymbols',
        values: { number: 2, field: 'fields.firstName' },
      },
    });
  });

  it('keeps what shows nothing inside a name, where it is part of the writing (a Persian zero-width non-joiner)', () => {
    const mahsa = '\u0645\u0647\u200c\u0633\u0627';
    expect(check({ firstName: mahsa })).toEqual({});
    expect(toSignUpPayload({ ...VALID, firstName: `\u200b${mahsa}\u200f` }, 'en').firstName).toBe(
      mahsa,
    );
  });

  it('counts a name in its composed form: an accent written as a letter and a combining mark is one character', () => {
    // 'Ève' + 29 × 'x' as macOS pastes it (E + U+0300): 33 code units, 32 characters.
    const decomposed = `E\u0300ve${'x'.repeat(29)}`;
    expect(decomposed).toHaveLength(33);
    expect(check({ firstName: decomposed })).toEqual({});
    expect(check({ firstName: `${decomposed}x` })).toEqual({
      firstName: {
        key: 'validation.maxSymbols',
        values: { number: 32, field: 'fields.firstName' },
      },
    });
  });

  it('checks the E.164 phone (country code and a 2 to 17 digit national number), optional RFC 3966 extension', () => {
    expect(check({ phone: '+122' })).toEqual({});
    expect(check({ phone: `+1${'2'.repeat(17)}` })).toEqual({});
    expect(check({ phone: '+15145550123;ext=123' })).toEqual({});
    for (const phone of [
      '+1',
      '+12',
      `+1${'2'.repeat(20)}`,
      '5145550123',
      '+05145550123',
      '+1 514 555 0123',
      '+15145550123;ext=',
      '+15145550123x45',
      '+15145550123;ext=1234567',
    ]) {
      expect(check({ phone }), phone).toEqual({ phone: { key: 'validation.phoneInvalid' } });
    }
  });

  it('checks the email', () => {
    expect(check({ email: ' jean@example.ca ' })).toEqual({});
    expect(check({ email: "jean.d'amour@example.ca" })).toEqual({});
    for (const email of ['jean', 'jean@', 'jean@example', 'jean example@x.ca', 'jean@x.ca.']) {
      expect(check({ email }), email).toEqual({ email: { key: 'validation.emailInvalid' } });
    }
  });

  it('refuses an address mail cannot reach (RFC 5321): over 64 characters before the @, over 254 in all', () => {
    expect(check({ email: `${'a'.repeat(64)}@example.ca` })).toEqual({});
    expect(check({ email: `${'a'.repeat(65)}@example.ca` })).toEqual({
      email: { key: 'validation.emailInvalid' },
    });
    // 64 + '@' + 189 = 254 characters; one more letter in the domain is too long.
    const address = (last: number) =>
      `${'a'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(last)}.ca`;
    expect(address(58)).toHaveLength(254);
    expect(check({ email: address(58) })).toEqual({});
    expect(check({ email: address(59) })).toEqual({ email: { key: 'validation.emailInvalid' } });
  });

  it('limits the password to 8..32 characters', () => {
    expect(check({ password: '1234567' })).toEqual({
      password: { key: 'validation.passwordMin' },
    });
    expect(check({ password: 'x'.repeat(33) })).toEqual({
      password: { key: 'validation.maxSymbols', values: { number: 32, field: 'fields.password' } },
    });
  });

  it('sends names composed, as they were checked', () => {
    const payload = toSignUpPayload(
      { ...VALID, firstName: 'E\u0300ve ', lastName: ' Ce\u0301line' },
      'fr',
    );
    expect(payload.firstName).toBe('\u00c8ve');
    expect(payload.lastName).toBe('C\u00e9line');
  });

  it('builds the trimmed sign-up payload with the language', () => {
    expect(
      toSignUpPayload(
        { ...VALID, firstName: ' Jean ', email: ' jean.roy@example.ca', password: ' pass word ' },
        'fr',
      ),
    ).toEqual({ ...VALID, password: ' pass word ', language: 'fr' });
  });
});
