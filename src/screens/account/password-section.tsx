import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  isChangingPassword,
  isPasswordChanged,
  selectChangePasswordForm,
} from '../../../machines/account/account.selectors.ts';
import { changePasswordMachine } from '../../../machines/account/change-password.machine.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { FormFields, FormFooter } from '../../components/form-fields.tsx';
import {
  AccountUsername,
  CURRENT_PASSWORD,
  NEW_PASSWORD,
} from '../../components/password-field.tsx';
import { useFormFields } from '../../components/use-form-fields.ts';
import { AccountSection } from './account-section.tsx';

/** Current password, new password and its confirmation (PUT .../change-password). */
export function PasswordSection() {
  const { t } = useTranslation(['account', 'common']);
  const { session } = useServices();
  const email = useSelector(session, (s) => selectUser(s).email);
  const [snapshot, send] = useFlow(changePasswordMachine, 'changePassword');
  const { field, formProps, footer } = useFormFields(
    'password',
    selectChangePasswordForm(snapshot),
    send,
    { busy: isChangingPassword(snapshot) },
  );

  return (
    <AccountSection name="password">
      <form {...formProps}>
        <AccountUsername email={email} />
        <FormFields
          bind={field}
          fields={[
            { name: 'currentPassword', id: 'account-current-password', ...CURRENT_PASSWORD },
            {
              name: 'newPassword',
              id: 'account-new-password',
              hint: t('account:password.hint'),
              ...NEW_PASSWORD,
            },
            { name: 'passwordConfirmation', id: 'account-password-confirmation', ...NEW_PASSWORD },
          ]}
        />
        <FormFooter
          {...footer}
          success={isPasswordChanged(snapshot) ? t('account:password.changed') : null}
          texts="account:password"
        />
      </form>
    </AccountSection>
  );
}
