import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.tsx';
import { useSignOut } from '../../app/use-sign-out.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { Logo } from '../../components/logo.tsx';

/**
 * The checkout's own layout (spec 2): a header with the product name, the
 * external Store and Support links and Log out (signs out, then /login),
 * and the page (the /subscription route).
 */
export function CheckoutLayout() {
  const { t } = useTranslation('common');
  const { config } = useServices();
  const signOut = useSignOut();
  return (
    <>
      <header className="header checkout-header">
        <div className="header__inner">
          <span className="header__brand">
            <Logo />
            <span>{t('app.productName')}</span>
          </span>
          <nav className="header__nav" aria-label={t('header.navLabel')}>
            <ExternalLink href={config.storeUrl} className="header__link">
              {t('header.store')}
            </ExternalLink>
            <ExternalLink href={config.supportUrl} className="header__link">
              {t('header.support')}
            </ExternalLink>
            <button
              type="button"
              className="button button--secondary header__logout"
              onClick={signOut}
            >
              {t('header.logOut')}
            </button>
          </nav>
        </div>
      </header>
      <main id="main" className="page checkout">
        <Outlet />
      </main>
    </>
  );
}
