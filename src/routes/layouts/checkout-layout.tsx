import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { LogoutButton } from '../../components/logout-button.tsx';
import { ClubLinks } from './header.tsx';
import { useSessionEnded } from './use-session-ended.ts';

/**
 * The checkout's own layout (spec 2): a header with the product name, the
 * external Store and Support links and Log out (signs out, then /login),
 * and the page (the /subscription route).
 */
export function CheckoutLayout() {
  const { t } = useTranslation('common');
  // A session that ends leaves the page: what it still shows is not read (useSessionEnded).
  const ended = useSessionEnded();
  return (
    <>
      <header className="header checkout-header">
        <div className="header__inner">
          <span className="header__brand">
            <Logo />
            <span>{t('app.productName')}</span>
          </span>
          <nav className="header__nav" aria-label={t('header.navLabel')}>
            <ClubLinks />
            <LogoutButton label={t('header.logOut')} />
          </nav>
        </div>
      </header>
      <main id="main" className="page checkout" aria-hidden={ended} inert={ended}>
        <Outlet />
      </main>
    </>
  );
}
