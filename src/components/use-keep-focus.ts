import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps the keyboard where the member left it across a busy spell. A control
 * disabled while its request runs (a button, the code boxes, the card fields)
 * drops the focus to the page's body, and the next Tab starts again from the
 * top. Put the returned ref on the control or on a box around several: when
 * `busy` turns on with the focus inside it, that element takes the focus back
 * once `busy` is over, unless the member has put it elsewhere meanwhile; if
 * it is still disabled then, `instead` says what does (the title of its section).
 */
export function useKeepFocus<T extends HTMLElement>(
  busy: boolean,
  /** Where the focus goes when the element is still disabled: by default its section's title. */
  instead: (element: HTMLElement) => HTMLElement | null = sectionTitleOf,
) {
  const ref = useRef<T>(null);
  const left = useRef<HTMLElement | null>(null);
  // A layout effect runs before the browser moves the focus off a disabled element.
  useLayoutEffect(() => {
    if (busy) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && ref.current?.contains(active)) left.current = active;
      return;
    }
    const element = left.current;
    left.current = null;
    const active = document.activeElement;
    if (!element?.isConnected || (active !== null && active !== document.body)) return;
    element.focus();
    // Still disabled (a form saved and unchanged since): the title of its section instead.
    if (document.activeElement !== element) instead(element)?.focus();
  }, [busy, instead]);
  return ref;
}

/** The heading that names the section around `element`, made focusable by script only. */
export function sectionTitleOf(element: HTMLElement): HTMLElement | null {
  const titleId = element.closest('section[aria-labelledby]')?.getAttribute('aria-labelledby');
  const title = titleId ? document.getElementById(titleId) : null;
  if (title && !title.hasAttribute('tabindex')) title.tabIndex = -1;
  return title;
}
