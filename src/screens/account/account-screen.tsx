import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PreferencesSections } from './preferences-sections.tsx';
import { ProfileSection } from './profile-section.tsx';

/** /account: profile, password, language, notifications and account deletion. */
export function AccountScreen() {
  const { t } = useTranslation(['account', 'common']);
  const { session } = useServices();
  const user = useSelector(session, selectUser);
  return (
    <div className="account">
      <h1>{t('account:title')}</h1>
      <p className="account__subtitle">{t('account:subtitle')}</p>
      <ProfileSection user={user} />
      <PasswordSection />
      <PreferencesSections />
      <DeleteAccountSection />
    </div>
  );
}
