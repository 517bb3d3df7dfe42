import type { SnapshotFrom } from 'xstate';
import type { OtpMachine } from './otp.machine.ts';

export type OtpSnapshot = SnapshotFrom<OtpMachine>;

/** The code is being checked: the boxes and Next are disabled. */
export const isCheckingCode = (s: OtpSnapshot): boolean =>
  s.matches({ active: { code: 'verifying' } });
/** A code is on its way: Resend says “Sending...”. */
export const isSendingCode = (s: OtpSnapshot): boolean =>
  s.matches({ active: { sending: 'requesting' } });
/** A code was just sent: Resend waits for RESEND_COOLDOWN_MS. */
export const isCodeCoolingDown = (s: OtpSnapshot): boolean =>
  s.matches({ active: { sending: 'coolingDown' } });
/** A code is being checked or on its way: the step's other ways out wait. */
export const isCodeBusy = (s: OtpSnapshot): boolean => s.hasTag('busy');
/** Resend waits for nothing (the tests name this state; the view reads the two above). */
export const canResendCode = (s: OtpSnapshot): boolean =>
  s.matches({ active: { sending: 'canResend' } });
/** Next is enabled at 6 digits, while the code is not being checked (spec 5). */
export const canSubmitCode = (s: OtpSnapshot): boolean =>
  s.matches({ active: { code: 'entering' } }) && s.can({ type: 'otp.submit' });

/** Whether the member has a code: one went out, one is on its way, or none could be sent yet. */
export function selectCodeDelivery(s: OtpSnapshot): 'sent' | 'sending' | 'notSent' {
  if (s.context.sentCount > 0) return 'sent';
  return isSendingCode(s) ? 'sending' : 'notSent';
}
