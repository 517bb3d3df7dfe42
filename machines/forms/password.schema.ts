import * as v from 'valibot';
import { passwordField } from './login.schema.ts';

function matches(
  input: Record<string, unknown>,
  passwordKey: string,
  confirmationKey: string,
): boolean {
  return input[passwordKey] === input[confirmationKey];
}

const confirmationField = v.pipe(v.string(), v.nonEmpty('validation.passwordConfirmationRequired'));

/**
 * Reset password (after the emailed code): a new password and its
 * confirmation. A mismatch is reported on `passwordConfirmation` as soon as the
 * confirmation is filled in.
 */
export const resetPasswordSchema = v.pipe(
  v.object({
    password: passwordField('validation.passwordRequired'),
    passwordConfirmation: confirmationField,
  }),
  v.forward(
    v.partialCheck(
      [['passwordConfirmation']],
      (input) => matches(input, 'password', 'passwordConfirmation'),
      'validation.passwordMismatch',
    ),
    ['passwordConfirmation'],
  ),
);

export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;
export type ResetPasswordField = keyof ResetPasswordValues;

/** Change password (account page): current password, new password, confirmation. */
export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.nonEmpty('validation.currentPasswordRequired')),
    newPassword: passwordField('validation.newPasswordRequired'),
    passwordConfirmation: confirmationField,
  }),
  v.forward(
    v.partialCheck(
      [['passwordConfirmation']],
      (input) => matches(input, 'newPassword', 'passwordConfirmation'),
      'validation.passwordMismatch',
    ),
    ['passwordConfirmation'],
  ),
);

export type ChangePasswordValues = v.InferInput<typeof changePasswordSchema>;
export type ChangePasswordField = keyof ChangePasswordValues;
