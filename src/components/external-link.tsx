import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to another site, opened in a new tab safely and announced as such. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden">{t('a11y.opensInNewTab')}</span>
    </a>
  );
}
