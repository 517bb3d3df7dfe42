import { Outlet } from '@tanstack/react-router';
import { NotFoundScreen } from '../../screens/not-found/not-found-screen.tsx';
import { Header } from './header.tsx';

/** The default layout: header, then the page. */
export function AppLayout() {
  return (
    <>
      <Header />
      <main id="main" className="page">
        <Outlet />
      </main>
    </>
  );
}

/**
 * The not-found page in the default layout: the root route renders it for any
 * address no route knows, outside the layouts, so it brings the header itself
 * (Store, Support, EN/FR, Logout when signed in: the way on from a mistyped address).
 */
export function NotFoundPage() {
  return (
    <>
      <Header />
      <main id="main" className="page page--narrow">
        <NotFoundScreen />
      </main>
    </>
  );
}
