import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeepFocus } from './use-keep-focus.ts';

export const OTP_DIGITS = 6;
const DIGITS_ONLY = 'validation.otpDigitsOnly';
const TOO_SHORT = 'validation.otpLength';

interface OtpInputProps {
  id: string;
  /** The digits typed so far (at most `length`). */
  value: string;
  onChange(code: string): void;
  /** Enter in a box with every digit typed: the form submits (a short code says 'Enter the 6-digit code'). */
  onComplete?(): void;
  /** Translated error text from the server (shown under the boxes). */
  error?: string | undefined;
  disabled?: boolean;
  length?: number;
  label: string;
}

/** What a copied code may be grouped with: white space, dashes, dots, middle dots. */
const CODE_SEPARATORS = /[\s\u00a0\u2010-\u2015.\u00b7-]/g;

/**
 * Six single-digit boxes (spec 5): typing moves on (over a digit: replaces it alone),
 * Backspace and Delete clear,
 * arrows move, a pasted or autofilled code fills every box. A non-digit is
 * refused with 'Only digits allowed'.
 */
export function OtpInput({
  id,
  value,
  onChange,
  onComplete,
  error,
  disabled,
  length = OTP_DIGITS,
  label,
}: OtpInputProps) {
  const { t } = useTranslation('common');
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // The boxes are disabled while a code is checked: the box in use gets the focus back.
  const boxes = useKeepFocus<HTMLFieldSetElement>(Boolean(disabled));
  // What the boxes say themselves, over the server's error: a typo, or Enter on a short code.
  const [hint, setHint] = useState<typeof DIGITS_ONLY | typeof TOO_SHORT | null>(null);
  // A new error from the server (a failed resend, a wrong code) is the news: it shows.
  useEffect(() => {
    if (error) setHint(null);
  }, [error]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');
  const errorText = hint ? t(hint) : error;
  const errorId = errorText ? `${id}-error` : undefined;

  const focus = (index: number) => {
    const target = refs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  const setFrom = (index: number, typed: string) => {
    // Codes are often copied as '123 456' or '123-456': spaces and separators are not typos.
    // Full-width digits (a Chinese or Japanese input method: '１２３') are digits (NFKC).
    const compact = typed.normalize('NFKC').replace(CODE_SEPARATORS, '');
    const onlyDigits = compact.replace(/\D/g, '');
    if (!onlyDigits) {
      setHint(compact.length > 0 ? DIGITS_ONLY : null);
      return;
    }
    // A whole code replaces the boxes, whichever box it was pasted into; several
    // digits (a paste, autofill) fill the boxes from this one on; one digit typed
    // replaces its box only, and the ones after stay (a typo mended in the third
    // box keeps the fourth to sixth). The boxes hold no gaps: a digit typed past
    // the last one goes next to it.
    const from = onlyDigits.length >= length ? 0 : Math.min(index, value.length);
    const rest = onlyDigits.length === 1 ? value.slice(from + 1) : '';
    const next = (value.slice(0, from) + onlyDigits + rest).slice(0, length);
    // A pasted message holding a whole code ('Your code is 123456') is no typo.
    setHint(onlyDigits.length !== compact.length && next.length < length ? DIGITS_ONLY : null);
    onChange(next);
    focus(Math.min(from + onlyDigits.length, length - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        setHint(null);
        if (digits[index]) {
          onChange(value.slice(0, index) + value.slice(index + 1));
        } else if (index > 0) {
          onChange(value.slice(0, index - 1) + value.slice(index));
          focus(index - 1);
        }
        break;
      }
      case 'Delete':
        event.preventDefault();
        setHint(null);
        onChange(value.slice(0, index) + value.slice(index + 1));
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focus(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focus(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(length - 1);
        break;
      case 'Enter':
        // A short code is not sent: the boxes say why, and the first empty one takes the focus.
        if (value.length < length) {
          setHint(TOO_SHORT);
          focus(value.length);
        } else onComplete?.();
        break;
      default:
        // Typing the digit a box already holds changes nothing React can see
        // (no onChange), so the caret would stay: take it as typed.
        if (event.key === digits[index] && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
          setFrom(index, event.key);
        }
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    setFrom(index, event.clipboardData.getData('text').trim());
  };

  return (
    <fieldset ref={boxes} className="otp" aria-describedby={errorId}>
      <legend className="field__label">{label}</legend>
      <div className="otp__boxes">
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={index === 0 ? id : `${id}-${index}`}
            className="otp__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // The first box takes a whole code in one input (autofill, a keyboard's
            // suggestion), with room for a separator after each digit ('123 456',
            // '1 2 3 4 5 6'): the browser would cut a longer text before onChange.
            maxLength={index === 0 ? 2 * length : 1}
            value={digit}
            disabled={disabled}
            aria-label={t('a11y.otpDigit', { index: index + 1, count: length })}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              // Autofill or a fast typist may put several characters in one box.
              setFrom(
                index,
                typed.length >= length || typed.length < 2
                  ? typed
                  : typed.replace(digit, '') || typed,
              );
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
          />
        ))}
      </div>
      {errorText ? (
        <p className="field__error" id={errorId} role="alert">
          {errorText}
        </p>
      ) : null}
    </fieldset>
  );
}
