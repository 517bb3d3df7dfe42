/** The page's main heading, and the document's title that follows it. */

/**
 * The page's main heading. There are two while React keeps a page, hidden
 * (display: none), behind a loading or could-not-load view that replaced it:
 * then the one shown. (Asking whether it is shown makes the browser lay the
 * page out, so only then: this runs on every change to the page.)
 */
export function mainHeading(): HTMLElement | undefined {
  const headings = document.querySelectorAll<HTMLElement>('main h1');
  return headings.length > 1 ? [...headings].find((h1) => h1.offsetParent) : headings[0];
}

/**
 * Keeps the document's title on the page's main heading (WCAG 2.4.2): each
 * page, and each view that replaces another on the same page (the code step,
 * the sign-up confirmation, forgot password's steps, the could-not-load
 * views), in the page's language. Started with the app before its first
 * render, for its whole life: a view that replaces the root layout itself (a
 * page whose code could not be downloaded) is titled too.
 */
export function titleFromHeading(appName: () => string): void {
  let titled: string | null = null;
  const follow = () => {
    const text = mainHeading()?.textContent?.trim();
    if (!text || text === titled) return;
    titled = text;
    const name = appName();
    document.title = text === name ? name : `${text} · ${name}`;
  };
  new MutationObserver(follow).observe(document.body, {
    childList: true,
    characterData: true,
    subtree: true,
  });
}
