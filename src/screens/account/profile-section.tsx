import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canSaveProfile,
  isProfileSaved,
  isProfileSaving,
  selectProfileForm,
} from '../../../machines/account/account.selectors.ts';
import { profileFormMachine } from '../../../machines/account/profile-form.machine.ts';
import type { User } from '../../../machines/shared/domain.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormFields, FormFooter } from '../../components/form-fields.tsx';
import { personFields } from '../../components/person-fields.ts';
import { TextField } from '../../components/text-field.tsx';
import { useFormFields } from '../../components/use-form-fields.ts';
import { unicodeEmail } from '../../lib/unicode-email.ts';
import { AccountSection } from './account-section.tsx';

/** First name, last name and phone (registration rules), saved with PUT client/auth/profile. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'common']);
  const [snapshot, send] = useFlow(profileFormMachine, 'profileForm', {
    input: { firstName: user.firstName, lastName: user.lastName, phone: user.phone },
  });
  // The profile may change elsewhere (another tab, a token refresh brings the user anew).
  const { firstName, lastName, phone } = user;
  useEffect(() => {
    send({ type: 'profile.userChanged', firstName, lastName, phone });
  }, [send, firstName, lastName, phone]);
  const { field, formProps, footer } = useFormFields('profile', selectProfileForm(snapshot), send, {
    busy: isProfileSaving(snapshot),
  });

  return (
    <AccountSection name="profile">
      <form {...formProps}>
        <FormFields bind={field} fields={personFields('account')} />
        <TextField
          id="account-email"
          className="field--read-only"
          label={t('account:profile.email')}
          value={unicodeEmail(user.email)}
          onValueChange={() => {}}
          hint={t('account:profile.emailHint')}
          readOnly
        />
        <FormFooter
          {...footer}
          success={isProfileSaved(snapshot) ? t('account:profile.saved') : null}
          texts="account:profile"
          disabled={!canSaveProfile(snapshot)}
        />
      </form>
    </AccountSection>
  );
}
