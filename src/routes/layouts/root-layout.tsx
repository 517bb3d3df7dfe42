import { Outlet, useRouterState } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageNotice } from '../../components/storage-notice.tsx';
import { mainHeading } from '../page-heading.ts';

/**
 * The skip link moves the focus itself: following '#main' alone only moves
 * the browser's starting point for Tab (and leaves screen readers where they
 * were), because <main> is not focusable.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // The last <main>: a pending page's follows the previous page's, kept hidden meanwhile.
  const main = [...document.querySelectorAll('main')].pop();
  if (!main) return;
  event.preventDefault();
  main.tabIndex = -1;
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/**
 * Calls `found` with the page's main heading as soon as it is on the page,
 * skipping `stale` (the previous page's, which stays shown while the new
 * screen's code downloads). Gives up after 10 s. Returns the cancel.
 */
function whenHeading(found: (heading: HTMLElement) => void, stale: HTMLElement | null): () => void {
  const headingNow = () => {
    const heading = mainHeading() ?? null;
    return heading === stale ? null : heading;
  };
  const heading = headingNow();
  if (heading) {
    found(heading);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const appeared = headingNow();
    if (!appeared) return;
    stop();
    found(appeared);
  });
  const timer = window.setTimeout(() => stop(), 10_000);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * The frame of every page: a skip link, and after each navigation the focus
 * moved to the page's heading, so screen-reader and keyboard users land on
 * the new page. (Each page is titled by that heading: titleFromHeading, from
 * the app's start.)
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  // The page the router has finished loading (null until the first one).
  const page = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? null });
  const shown = useRef<{ page: string | null; heading: HTMLElement | null }>({
    page: null,
    heading: null,
  });

  useEffect(() => {
    if (page === null) return;
    const before = shown.current;
    const navigated = before.page !== page;
    return whenHeading(
      (heading) => {
        shown.current = { page, heading };
        // The first page keeps the browser's own start (the skip link comes first).
        if (navigated && before.page !== null) {
          heading.tabIndex = -1;
          heading.focus({ preventScroll: false });
        }
      },
      navigated ? before.heading : null,
    );
  }, [page]);

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
