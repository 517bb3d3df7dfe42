import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { NotFoundScreen } from '../../screens/not-found/not-found-screen.tsx';
import { Header } from './header.tsx';
import { useSessionEnded } from './use-session-ended.ts';

/**
 * The header, then the page's <main> (narrower for a page of a few lines);
 * `ended`: a member page whose session has ended (useSessionEnded).
 */
function DefaultFrame({
  narrow = false,
  ended,
  children,
}: {
  narrow?: boolean;
  ended?: true | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <Header />
      <main
        id="main"
        className={narrow ? 'page page--narrow' : 'page'}
        aria-hidden={ended}
        inert={ended}
      >
        {children}
      </main>
    </>
  );
}

/** The default layout of the public pages: header, then the page. */
export function AppLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  );
}

/** The same for the member pages, which a session that ends leaves at once. */
export function MemberLayout() {
  return (
    <DefaultFrame ended={useSessionEnded()}>
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
