import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LogoutButton } from '../../components/logout-button.tsx';

interface UnreachableScreenProps {
  /** What could not be had (common): the server, the member's account or membership. */
  titleKey:
    | 'errors.unreachableTitle'
    | 'errors.accountUnavailable'
    | 'errors.membershipUnavailable';
  /** `errors.unreachableBody` (the default: the member is still signed in), `errors.answeredBody` (the server answered) or `errors.unreachablePageBody`. */
  bodyKey?: 'errors.unreachableBody' | 'errors.answeredBody' | 'errors.unreachablePageBody';
  onRetry(): void;
  /** Logout too: the way out when Try again may not help (these pages have no header). */
  withLogout?: boolean;
}

/**
 * Shown instead of the loading view when the server could not be reached
 * (after the automatic retries) or the membership could not be loaded: the
 * session is kept and Try again starts over. Also shown when a page's code
 * could not be downloaded (src/screens/error/error-screen.tsx).
 */
export function UnreachableScreen({
  titleKey,
  bodyKey = 'errors.unreachableBody',
  onRetry,
  withLogout = false,
}: UnreachableScreenProps) {
  const { t } = useTranslation('common');
  return (
    <div className="loading-screen">
      <Logo size={56} />
      <div role="alert">
        <h1 className="loading-screen__title">{t(titleKey)}</h1>
        <p className="loading-screen__subtitle">{t(bodyKey)}</p>
      </div>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('errors.retry')}
      </button>
      {withLogout ? <LogoutButton label={t('header.logout')} /> : null}
    </div>
  );
}
