import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Any uncaught render or loader error lands here: a way on, never a blank page. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    console.error(error);
  }, [error]);
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
