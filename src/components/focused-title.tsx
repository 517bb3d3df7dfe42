import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The title of a view that replaces another on the same page (the code step,
 * the sign-up confirmation, each step of forgot password): it takes the focus
 * when it appears, so a screen reader announces it and Tab goes on from there.
 * `focus={false}` for the first view of a page, which must not take the focus
 * from the top of the document.
 */
export function FocusedTitle({
  id,
  focus = true,
  describedBy,
  children,
}: {
  id: string;
  focus?: boolean;
  /** A message the page opened with, read with the title when it takes the focus. */
  describedBy?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h1 id={id} tabIndex={-1} ref={heading} aria-describedby={describedBy}>
      {children}
    </h1>
  );
}
