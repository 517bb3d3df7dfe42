import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../machines/shared/domain.ts';

/**
 * The test provider's 3D Secure check: a native modal `<dialog>` (showModal)
 * named by its title, with focus on Complete while it is open and back where
 * it was after. Escape fails the check, as Fail does.
 */
export function ThreeDSecureDialog({
  language,
  onDone,
}: {
  language: Language;
  onDone: (passed: boolean) => void;
}) {
  const { t } = useTranslation('checkout', { lng: language });
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const completeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal where the browser has it (the page behind is inert); jsdom has only `open`.
    if (dialog && typeof dialog.showModal === 'function') dialog.showModal();
    else dialog?.setAttribute('open', '');
    completeRef.current?.focus();
    return () => {
      if (dialog && typeof dialog.close === 'function' && dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone(false);
      return;
    }
    // Keep Tab on the two buttons (the browser's own cycle also visits its toolbar).
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const buttons = Array.from(dialogRef.current.querySelectorAll('button'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's own Escape (close request): the check fails.
        event.preventDefault();
        onDone(false);
      }}
    >
      <h2 id={titleId}>{t('testProvider.threeDSecure.title')}</h2>
      <p id={textId}>{t('testProvider.threeDSecure.text')}</p>
      <div className="dialog__actions">
        <button
          ref={completeRef}
          type="button"
          className="button button--primary"
          onClick={() => onDone(true)}
        >
          {t('testProvider.threeDSecure.complete')}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('testProvider.threeDSecure.fail')}
        </button>
      </div>
    </dialog>
  );
}
