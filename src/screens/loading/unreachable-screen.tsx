import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';

interface UnreachableScreenProps {
  /** `errors.unreachableTitle` or `errors.membershipUnavailable` (common). */
  titleKey: 'errors.unreachableTitle' | 'errors.membershipUnavailable';
  onRetry(): void;
}

/**
 * Shown instead of the loading view when the server could not be reached
 * (after the automatic retries) or the membership could not be loaded: the
 * session is kept and Try again starts over.
 */
export function UnreachableScreen({ titleKey, onRetry }: UnreachableScreenProps) {
  const { t } = useTranslation('common');
  return (
    <div className="loading-screen">
      <Logo size={56} />
      <div role="alert">
        <h1 className="loading-screen__title">{t(titleKey)}</h1>
        <p className="loading-screen__subtitle">{t('errors.unreachableBody')}</p>
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}
