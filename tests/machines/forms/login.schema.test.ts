import { describe, expect, it } from 'vitest';
import { isPhoneLike, loginSchema } from '../../../machines/forms/login.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';

const check = (emailOrPhone: string, password = 'Passw0rd!') =>
  validate(loginSchema, { emailOrPhone, password });

describe('login schema', () => {
  it('accepts an email or a phone-like number', () => {
    expect(check('member@example.ca')).toEqual({});
    expect(check('  member@example.ca  ')).toEqual({});
    expect(check('+1 (514) 555-0123')).toEqual({});
    expect(check('514.555.0123')).toEqual({});
  });

  it.each([
    "d'amour@example.ca",
    "marie.o'neil@example.ca",
    'josee@xn--exmple-cua.ca', // exämple.ca, as the browser hands it over
    'jean@exemple.québec', // as typed in the sign-in field, which takes text
    'marie@bücher.example.ca',
    'a+club@mail.example.ca',
  ])('accepts the address %s, as the web takes it', (value) => {
    expect(check(value)).toEqual({});
  });

  it('requires the identifier', () => {
    expect(check('')).toEqual({ emailOrPhone: { key: 'validation.emailOrPhoneRequired' } });
    expect(check('   ')).toEqual({ emailOrPhone: { key: 'validation.emailOrPhoneRequired' } });
  });

  it.each([
    'member@',
    'member@example',
    'a@localhost',
    'Name <a@b.ca>',
    'a@b.ca.',
    'a@b..ca',
    'josé@exemple.ca', // a local part in its own script: the browser's email fields refuse it too
    'jean@québec',
    'jean@exemple.québec.',
    'hello',
    '555-012',
    '+1 514 555 0123 ext.',
    '514 555 0123 ext. 9 et 10',
    '555-012 ext. 1234', // six digits before the extension
  ])('rejects %s', (value) => {
    expect(check(value)).toEqual({ emailOrPhone: { key: 'validation.emailOrPhoneInvalid' } });
  });

  it('counts 7 to 17 digits in a phone-like number', () => {
    expect(isPhoneLike('555-0123')).toBe(true); // 7
    expect(isPhoneLike('555-012')).toBe(false); // 6
    expect(isPhoneLike('+12345678901234567')).toBe(true); // 17
    expect(isPhoneLike('+123456789012345678')).toBe(false); // 18
    expect(isPhoneLike('1+5145550123')).toBe(false); // + only leading
    expect(isPhoneLike('514 555 0123 ext')).toBe(false);
  });

  it.each([
    '+1 514 555 0123 ext. 9',
    '514 555 0123 ext 12',
    '(514) 555-0123 x12',
    '514 555 0123 poste 12',
    '514.555.0123 #12',
    '+15145550123;ext=12',
    '514 555 0123 EXT. 12',
  ])('accepts %s: an extension typed as sign-up taught it (the number alone is sent)', (value) => {
    expect(check(value)).toEqual({});
  });

  it('requires a password of 8 to 32 characters', () => {
    const id = 'member@example.ca';
    expect(validate(loginSchema, { emailOrPhone: id, password: '' })).toEqual({
      password: { key: 'validation.passwordRequired' },
    });
    expect(validate(loginSchema, { emailOrPhone: id, password: '1234567' })).toEqual({
      password: { key: 'validation.passwordMin' },
    });
    expect(validate(loginSchema, { emailOrPhone: id, password: '12345678' })).toEqual({});
    expect(validate(loginSchema, { emailOrPhone: id, password: 'x'.repeat(32) })).toEqual({});
    expect(validate(loginSchema, { emailOrPhone: id, password: 'x'.repeat(33) })).toEqual({
      password: { key: 'validation.maxSymbols', values: { number: 32, field: 'fields.password' } },
    });
  });
});
