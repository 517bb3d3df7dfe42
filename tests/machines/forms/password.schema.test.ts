import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  resetPasswordSchema,
} from '../../../machines/forms/password.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';

describe('reset password schema', () => {
  it('accepts a matching password of 8..32 characters', () => {
    expect(
      validate(resetPasswordSchema, {
        newPassword: 'Passw0rd!',
        passwordConfirmation: 'Passw0rd!',
      }),
    ).toEqual({});
  });

  it('requires both fields', () => {
    expect(validate(resetPasswordSchema, { newPassword: '', passwordConfirmation: '' })).toEqual({
      newPassword: { key: 'validation.newPasswordRequired' },
      passwordConfirmation: { key: 'validation.passwordConfirmationRequired' },
    });
  });

  it('reports a mismatch on the confirmation', () => {
    expect(
      validate(resetPasswordSchema, {
        newPassword: 'Passw0rd!',
        passwordConfirmation: 'Passw0rd?',
      }),
    ).toEqual({ passwordConfirmation: { key: 'validation.passwordMismatch' } });
    expect(
      validate(resetPasswordSchema, { newPassword: 'short', passwordConfirmation: 'other' }),
    ).toEqual({
      newPassword: { key: 'validation.passwordMin' },
      passwordConfirmation: { key: 'validation.passwordMismatch' },
    });
  });

  it('limits the length', () => {
    const long = 'x'.repeat(33);
    expect(
      validate(resetPasswordSchema, { newPassword: long, passwordConfirmation: long }),
    ).toEqual({
      newPassword: {
        key: 'validation.maxSymbols',
        values: { number: 32, field: 'fields.newPassword' },
      },
    });
  });
});

describe('change password schema', () => {
  it('requires the current and the new password', () => {
    expect(
      validate(changePasswordSchema, {
        currentPassword: '',
        newPassword: '',
        passwordConfirmation: '',
      }),
    ).toEqual({
      currentPassword: { key: 'validation.currentPasswordRequired' },
      newPassword: { key: 'validation.newPasswordRequired' },
      passwordConfirmation: { key: 'validation.passwordConfirmationRequired' },
    });
  });

  it('checks the new password and its confirmation', () => {
    expect(
      validate(changePasswordSchema, {
        currentPassword: 'old',
        newPassword: 'N3wPassword',
        passwordConfirmation: 'N3wPassword',
      }),
    ).toEqual({});
    expect(
      validate(changePasswordSchema, {
        currentPassword: 'old',
        newPassword: 'N3wPassword',
        passwordConfirmation: 'N3wpassword',
      }),
    ).toEqual({ passwordConfirmation: { key: 'validation.passwordMismatch' } });
    const long = 'x'.repeat(33);
    expect(
      validate(changePasswordSchema, {
        currentPassword: 'old',
        newPassword: long,
        passwordConfirmation: long,
      }),
    ).toEqual({
      newPassword: {
        key: 'validation.maxSymbols',
        values: { number: 32, field: 'fields.newPassword' },
      },
    });
  });
});
