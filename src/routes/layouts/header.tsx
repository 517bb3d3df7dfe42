import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { isSignedIn, selectUser } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { useChooseLanguage } from '../../app/use-choose-language.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { LogoutButton } from '../../components/logout-button.tsx';

/**
 * The header of spec 1: club name, Store and Support links, Logout, EN/FR.
 * `variant="plain"` is the layout variant without Logout.
 */
export function Header({ variant = 'default' }: { variant?: 'default' | 'plain' }) {
  const { t } = useTranslation('common');
  const { session } = useServices();
  const signedIn = useSelector(session, isSignedIn);
  const isBeta = useSelector(session, (s) => selectUser(s).isBetaTester);
  const chooseLanguage = useChooseLanguage();
  const showLogout = variant === 'default' && signedIn;

  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="header__brand">
          <Logo />
          <span>{t('app.name')}</span>
          {signedIn && isBeta ? (
            <span className="badge badge--beta">{t('header.beta')}</span>
          ) : null}
        </Link>
        <nav className="header__nav" aria-label={t('header.navLabel')}>
          <ClubLinks />
          {signedIn ? (
            <Link to="/account" className="header__link">
              {t('header.account')}
            </Link>
          ) : null}
          <LanguageSwitcher onChosen={chooseLanguage} />
          {showLogout ? <LogoutButton label={t('header.logout')} /> : null}
        </nav>
      </div>
    </header>
  );
}

/** The club's external Store and Support links (spec 1 and 2). */
export function ClubLinks() {
  const { t } = useTranslation('common');
  const { config } = useServices();
  return (
    <>
      <ExternalLink href={config.storeUrl} className="header__link">
        {t('header.store')}
      </ExternalLink>
      <ExternalLink href={config.supportUrl} className="header__link">
        {t('header.support')}
      </ExternalLink>
    </>
  );
}
