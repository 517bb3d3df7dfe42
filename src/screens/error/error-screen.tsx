import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenUnreachableError } from '../../components/lazy-screen.ts';
import { UnreachableScreen } from '../loading/unreachable-screen.tsx';

/**
 * Any uncaught render or loader error lands here: a way on, never a blank
 * page. A screen whose code could not be downloaded because the server cannot
 * be reached gets the network message and Try again, which downloads it again
 * and shows the page anew (a reload would leave the app for the browser's
 * offline page).
 */
export function ErrorScreen({ error, reset }: Pick<ErrorComponentProps, 'error' | 'reset'>) {
  const { t } = useTranslation('common');
  const router = useRouter();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (error instanceof ScreenUnreachableError) {
    return (
      <main id="main" className="page page--narrow">
        <UnreachableScreen
          titleKey="errors.unreachableTitle"
          bodyKey="errors.unreachablePageBody"
          onRetry={() => {
            void error.retry().then(() => {
              reset();
              return router.invalidate();
            });
          }}
        />
      </main>
    );
  }
  return (
    <main id="main" className="page page--narrow">
      <h1>{t('errorBoundary.title')}</h1>
      <p role="alert">{t('errorBoundary.body')}</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('errorBoundary.reload')}
        </button>
      </p>
    </main>
  );
}
