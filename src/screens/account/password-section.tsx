import type { FormEvent } from 'react';
import {
  isChangingPassword,
  isPasswordChanged,
  selectChangePasswordErrors,
} from '../../../machines/account/account.selectors.ts';
import { changePasswordMachine } from '../../../machines/account/change-password.machine.ts';
import type { ChangePasswordField } from '../../../machines/forms/password.schema.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import { useAccountText } from './account-text.ts';

/** Current password, new password and its confirmation (PUT .../change-password). */
export function PasswordSection() {
  const { at, t } = useAccountText();
  const { keyText, fieldText } = useErrorText();
  const [snapshot, send] = useFlow(changePasswordMachine, 'changePassword');
  const { values, errorKey } = snapshot.context;
  const saving = isChangingPassword(snapshot);
  const errors = selectChangePasswordErrors(snapshot);

  const change = (field: ChangePasswordField) => (value: string) =>
    send({ type: 'password.change', field, value });
  const blur = (field: ChangePasswordField) => () => send({ type: 'password.blur', field });
  const errorOf = (field: ChangePasswordField) =>
    errors[field] ? fieldText(errors[field]) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submit' });
  };

  return (
    <section className="card account__section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{at('password.title')}</h2>
      <form
        noValidate
        onSubmit={submit}
        aria-describedby={errorKey ? 'account-password-error' : undefined}
      >
        <PasswordField
          id="account-current-password"
          label={t('common:fields.currentPassword')}
          value={values.currentPassword}
          onValueChange={change('currentPassword')}
          onBlur={blur('currentPassword')}
          error={errorOf('currentPassword')}
          readOnly={saving}
          autoComplete="current-password"
          required
        />
        <PasswordField
          id="account-new-password"
          label={t('common:fields.newPassword')}
          hint={at('password.hint')}
          value={values.newPassword}
          onValueChange={change('newPassword')}
          onBlur={blur('newPassword')}
          error={errorOf('newPassword')}
          readOnly={saving}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id="account-password-confirmation"
          label={t('common:fields.passwordConfirmation')}
          value={values.passwordConfirmation}
          onValueChange={change('passwordConfirmation')}
          onBlur={blur('passwordConfirmation')}
          error={errorOf('passwordConfirmation')}
          readOnly={saving}
          autoComplete="new-password"
          required
        />
        <FormAlert id="account-password-error">{errorKey ? keyText(errorKey) : null}</FormAlert>
        <FormAlert tone="success">
          {isPasswordChanged(snapshot) ? at('password.changed') : null}
        </FormAlert>
        <SubmitButton busy={saving} busyLabel={at('password.submitting')}>
          {at('password.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
