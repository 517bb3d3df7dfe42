import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { Spinner } from '../../components/spinner.tsx';

/**
 * The loading view of spec 1 (logo, spinner, 'Setting up your workspace...',
 * 'This will only take a moment'); with `account`, also the 'loading your
 * account' message of spec 2 shown while the current user loads.
 */
export function LoadingScreen({ account = false }: { account?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Logo size={56} />
      <Spinner size="lg" />
      <p className="loading-screen__title">{t('loading.title')}</p>
      <p className="loading-screen__subtitle">{t('loading.subtitle')}</p>
      {/* Always laid out, shown only while the account loads: nothing moves when it starts or stops. */}
      <p className="loading-screen__account" aria-hidden={account ? undefined : true}>
        {t('loading.account')}
      </p>
    </div>
  );
}
