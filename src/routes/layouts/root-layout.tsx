import { Outlet, useRouterState } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageNotice } from '../../components/storage-notice.tsx';

/**
 * The skip link moves the focus itself: following '#main' alone only moves
 * the browser's starting point for Tab (and leaves screen readers where they
 * were), because <main> is not focusable.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.tabIndex = -1;
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/**
 * The frame of every page: a skip link, and focus moved to the main heading
 * after each navigation so screen-reader and keyboard users land on the new page.
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation (pathname is the trigger)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const id = window.setTimeout(() => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: false });
      }
    }, 0);
    return () => window.clearTimeout(id);
  }, [pathname]);

  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link ('#main' works without script); the handler only also moves the focus. */}
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {t('a11y.skipToContent')}
      </a>
      <StorageNotice />
      <Outlet />
    </>
  );
}
