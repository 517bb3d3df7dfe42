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
 * The page's main heading. There are two while React keeps a page, hidden
 * (display: none), behind a loading or could-not-load view that replaced it:
 * then the one shown. (Asking whether it is shown makes the browser lay the
 * page out, so only then: this runs on every change to the page.)
 */
function mainHeading(): HTMLElement | undefined {
  const headings = document.querySelectorAll<HTMLElement>('main h1');
  return headings.length > 1 ? [...headings].find((h1) => h1.offsetParent) : headings[0];
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
 * Keeps the document's title on the page's main heading (WCAG 2.4.2): each
 * page, and each view that replaces another on the same page (the code step,
 * the sign-up confirmation, forgot password's steps, the could-not-load
 * views), in the page's language. Returns the stop.
 */
function titleFromHeading(appName: string): () => void {
  let titled: string | null = null;
  const follow = () => {
    const text = mainHeading()?.textContent?.trim();
    if (!text || text === titled) return;
    titled = text;
    document.title = text === appName ? appName : `${text} · ${appName}`;
  };
  follow();
  const observer = new MutationObserver(follow);
  observer.observe(document.body, { childList: true, characterData: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The frame of every page: a skip link; each page titled by its heading
 * (titleFromHeading); and after each navigation, the focus moved to that
 * heading, so screen-reader and keyboard users land on the new page.
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  // The page the router has finished loading (null until the first one).
  const page = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? null });
  const appName = t('app.name');
  const shown = useRef<{ page: string | null; heading: HTMLElement | null }>({
    page: null,
    heading: null,
  });

  useEffect(() => titleFromHeading(appName), [appName]);

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
