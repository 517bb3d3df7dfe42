import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button.tsx';

interface ResendButtonProps {
  label: string;
  busyLabel: string;
  /** A code is being requested. */
  busy: boolean;
  /** A code was just sent: the machine keeps Resend off for `cooldownSeconds`. */
  coolingDown: boolean;
  /** How many codes went out: a new one restarts the countdown. */
  sentCount: number;
  cooldownSeconds: number;
  onResend(): void;
}

/** Seconds left while `active`, counted down once a second from `seconds`; restarts when `restartKey` changes. */
function useCountdown(active: boolean, seconds: number, restartKey: number): number {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the count for a new code
  useEffect(() => {
    if (!active) return;
    // The monotonic clock, like the machine's own timer: the wall clock can jump
    // (a time-zone or network time correction) and would show '623 s' or '1 s'.
    const startedAt = performance.now();
    setLeft(seconds);
    const id = window.setInterval(() => {
      setLeft(Math.max(0, seconds - Math.floor((performance.now() - startedAt) / 1000)));
    }, 1000);
    return () => window.clearInterval(id);
  }, [active, seconds, restartKey]);
  return left;
}

/** The first box of the code step's code (the one the browser's one-time-code autofill fills). */
const firstCodeBox = () =>
  document.querySelector<HTMLElement>('input[autocomplete="one-time-code"]');

/**
 * 'Resend it' for a one-time code: disabled while a code is on its way and,
 * after each code sent, for the cooldown, with the seconds left shown beside
 * it (the machine's delayed transition decides; the count is for the eye).
 */
export function ResendButton({
  label,
  busyLabel,
  busy,
  coolingDown,
  sentCount,
  cooldownSeconds,
  onResend,
}: ResendButtonProps) {
  const { t } = useTranslation('common');
  const hintId = useId();
  const left = useCountdown(coolingDown, cooldownSeconds, sentCount);
  return (
    <>
      <SubmitButton
        type="button"
        variant="link"
        busy={busy}
        busyLabel={busyLabel}
        disabled={coolingDown}
        aria-describedby={coolingDown ? hintId : undefined}
        // Waiting out its cooldown once the code is sent: the member goes on in the code boxes.
        focusInstead={firstCodeBox}
        onClick={onResend}
      >
        {label}
      </SubmitButton>
      {/* Always laid out, seen only while Resend waits: nothing below moves when the
          wait starts or ends (QA: "Back to sign in" moved under a phone's tap). */}
      <span id={hintId} className="resend-wait" aria-hidden={coolingDown ? undefined : true}>
        {t('resend.wait', { seconds: coolingDown ? Math.max(1, left) : cooldownSeconds })}
      </span>
    </>
  );
}
