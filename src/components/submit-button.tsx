import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import { useKeepFocus } from './use-keep-focus.ts';

interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy?: boolean;
  /** The label while busy ('Creating account...'); defaults to the children. */
  busyLabel?: string;
  variant?: 'primary' | 'secondary' | 'link';
  /** Said by the live region beside the button when not busy (a refused field's message). */
  said?: string | null;
  /** Takes the focus when the button is still disabled after its busy spell (useKeepFocus). */
  focusInstead?: (button: HTMLElement) => HTMLElement | null;
}

/**
 * A button with a loading state that cannot be pressed twice while busy; the
 * focus it had when it went busy comes back to it after (useKeepFocus). A
 * live region beside it, in the page from the start, says the busy label
 * ('Signing in...') to a screen reader, which a disabled button's new text
 * does not (a plain polite region: the page's status messages keep their
 * role to themselves); and, once not busy, `said`.
 */
export function SubmitButton({
  busy = false,
  busyLabel,
  variant = 'primary',
  disabled,
  children,
  className,
  type = 'submit',
  focusInstead,
  said,
  ...rest
}: SubmitButtonProps) {
  const ref = useKeepFocus<HTMLButtonElement>(busy, focusInstead);
  const label = busy && busyLabel ? busyLabel : children;
  return (
    <>
      <button
        {...rest}
        ref={ref}
        type={type}
        className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner size="sm" /> : null}
        <span>{label}</span>
      </button>
      <span className="visually-hidden" aria-live="polite">
        {busy ? label : said}
      </span>
    </>
  );
}
