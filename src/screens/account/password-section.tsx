import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isChangingPassword,
  isPasswordChanged,
  selectChangePasswordForm,
} from '../../../machines/account/account.selectors.ts';
import { changePasswordMachine } from '../../../machines/account/change-password.machine.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useFormFields } from '../../components/use-form-fields.ts';

const ERROR_ID = 'account-password-error';

/** Current password, new password and its confirmation (PUT .../change-password). */
export function PasswordSection() {
  const { t } = useTranslation(['account', 'common']);
  const [snapshot, send] = useFlow(changePasswordMachine, 'changePassword');
  const saving = isChangingPassword(snapshot);
  const { field, formProps, errorText } = useFormFields(
    'password',
    selectChangePasswordForm(snapshot),
    send,
    { errorId: ERROR_ID, busy: saving },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'password.submit' });
  };

  return (
    <section className="card account__section" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account:password.title')}</h2>
      <form {...formProps} onSubmit={submit}>
        <PasswordField
          id="account-current-password"
          label={t('common:fields.currentPassword')}
          {...field('currentPassword')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          id="account-new-password"
          label={t('common:fields.newPassword')}
          hint={t('account:password.hint')}
          {...field('newPassword')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id="account-password-confirmation"
          label={t('common:fields.passwordConfirmation')}
          {...field('passwordConfirmation')}
          autoComplete="new-password"
          required
        />
        <FormAlert id={ERROR_ID}>{errorText}</FormAlert>
        <FormAlert tone="success">
          {isPasswordChanged(snapshot) ? t('account:password.changed') : null}
        </FormAlert>
        <SubmitButton busy={saving} busyLabel={t('account:password.submitting')}>
          {t('account:password.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
