import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** What an address the app does not know shows, inside the default layout (NotFoundPage). */
export function NotFoundScreen() {
  const { t } = useTranslation('common');
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.backHome')}</Link>
      </p>
    </>
  );
}
