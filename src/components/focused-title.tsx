import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The title of a view that replaces another on the same page (the code step,
 * the sign-up confirmation): it takes the focus when it appears, so a screen
 * reader announces it and Tab goes on from there.
 */
export function FocusedTitle({ id, children }: { id: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 id={id} tabIndex={-1} ref={heading}>
      {children}
    </h1>
  );
}
