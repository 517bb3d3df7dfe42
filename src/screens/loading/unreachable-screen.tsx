import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';

interface UnreachableScreenProps {
  /** What could not be had (common): the server, the member's account or membership. */
  titleKey:
    | 'errors.unreachableTitle'
    | 'errors.accountUnavailable'
    | 'errors.membershipUnavailable';
  /** `errors.unreachableBody` (the default: the member is still signed in), `errors.answeredBody` (the server answered) or `errors.unreachablePageBody`. */
  bodyKey?: 'errors.unreachableBody' | 'errors.answeredBody' | 'errors.unreachablePageBody';
  onRetry(): void;
  /** A way out when Try again may not help (the page has no header then): Logout. */
  onSignOut?: () => void;
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
  onSignOut,
}: UnreachableScreenProps) {
  const { t } = useTranslation('common');
  // Logout shows busy at once, like the header's (the sign-out runs after that frame).
  const [leaving, setLeaving] = useState(false);
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
      {onSignOut ? (
        <button
          type="button"
          className="button button--secondary"
          aria-busy={leaving || undefined}
          onClick={() => {
            setLeaving(true);
            onSignOut();
          }}
        >
          {t('header.logout')}
        </button>
      ) : null}
    </div>
  );
}
