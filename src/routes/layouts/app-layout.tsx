import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NotFoundScreen } from '../../screens/not-found/not-found-screen.tsx';
import { Header } from './header.tsx';

/** The header, then the page's <main> (narrower for a page of a few lines). */
function DefaultFrame({ narrow = false, children }: { narrow?: boolean; children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main" className={narrow ? 'page page--narrow' : 'page'}>
        {children}
      </main>
    </>
  );
}

/** The default layout: header, then the page. */
export function AppLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  );
}

/**
 * The not-found page, in the default layout's frame: the root route renders it
 * for any address no route knows, outside every layout, so it brings the
 * header itself (Store, Support, EN/FR, Logout when signed in: the way on from
 * a mistyped address). It lives here, beside AppLayout, to share its file.
 */
export function NotFoundPage() {
  return (
    <DefaultFrame narrow>
      <NotFoundScreen />
    </DefaultFrame>
  );
}
