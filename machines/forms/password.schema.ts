import * as v from 'valibot';
import { passwordField } from './login.schema.ts';

const confirmationField = v.pipe(v.string(), v.nonEmpty('validation.passwordConfirmationRequired'));

/** What the mismatch check reads: the confirmation and the password it must repeat. */
type WithConfirmation = { passwordConfirmation: string } & Record<string, unknown>;

/**
 * A form of `entries` plus `passwordConfirmation`, which must repeat the field
 * `passwordKey`. A mismatch is reported on `passwordConfirmation` as soon as
 * the confirmation is filled in (a partial check: the other fields need not be
 * valid yet).
 */
function withConfirmation<const E extends v.ObjectEntries>(
  entries: E,
  passwordKey: keyof E & string,
) {
  const form = v.object({ ...entries, passwordConfirmation: confirmationField });
  type Values = v.InferOutput<typeof form>;
  const mismatch = v.forward(
    v.partialCheck(
      [['passwordConfirmation']],
      (input: WithConfirmation) => input[passwordKey] === input.passwordConfirmation,
      'validation.passwordMismatch',
    ),
    ['passwordConfirmation'],
  );
  // valibot cannot check a path into a generic object type: the check is typed
  // on the fields it reads, then stands in the pipe of the form it serves.
  return v.pipe(form, mismatch as v.BaseValidation<Values, Values, v.BaseIssue<unknown>>);
}

/**
 * Reset password (after the emailed code): a new password and its
 * confirmation. Named as its label says ("New password"), so its messages do
 * too ("New password is required", "Max 32 symbols in New password").
 */
export const resetPasswordSchema = withConfirmation(
  { newPassword: passwordField('validation.newPasswordRequired') },
  'newPassword',
);

export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;
export type ResetPasswordField = keyof ResetPasswordValues;

/** Change password (account page): current password, new password, confirmation. */
export const changePasswordSchema = withConfirmation(
  {
    currentPassword: v.pipe(v.string(), v.nonEmpty('validation.currentPasswordRequired')),
    newPassword: passwordField('validation.newPasswordRequired'),
  },
  'newPassword',
);

export type ChangePasswordValues = v.InferInput<typeof changePasswordSchema>;
export type ChangePasswordField = keyof ChangePasswordValues;
