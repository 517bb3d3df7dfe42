import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The account page's sections, each titled by `account:<name>.title`. */
export type AccountSectionName = 'profile' | 'password' | 'language' | 'notifications' | 'delete';

/**
 * One card of the account page: a section named by its heading (the h2 is
 * its accessible name), `danger` for the deletion card.
 */
export function AccountSection({
  name,
  danger = false,
  children,
}: {
  name: AccountSectionName;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  const titleId = `account-${name}-title`;
  return (
    <section
      className={danger ? 'card account__section account__danger' : 'card account__section'}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{t(`${name}.title`)}</h2>
      {children}
    </section>
  );
}
