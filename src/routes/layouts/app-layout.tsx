import { Outlet } from '@tanstack/react-router';
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
