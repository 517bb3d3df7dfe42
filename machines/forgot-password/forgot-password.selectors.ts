import type { SnapshotFrom } from 'xstate';
import { isCompleteOtp } from '../forms/otp.schema.ts';
import type {
  ForgotEmailForm,
  ForgotPasswordMachine,
  ResetPasswordForm,
} from './forgot-password.machine.ts';

export type ForgotPasswordSnapshot = SnapshotFrom<ForgotPasswordMachine>;
export type ForgotPasswordStep = 'request' | 'code' | 'newPassword' | 'done';

/** Which of the three screens shows. */
export function selectStep(snapshot: ForgotPasswordSnapshot): ForgotPasswordStep {
  if (snapshot.matches('request')) return 'request';
  if (snapshot.matches('code')) return 'code';
  if (snapshot.matches('newPassword')) return 'newPassword';
  return 'done';
}

export const isForgotPasswordBusy = (s: ForgotPasswordSnapshot): boolean => s.hasTag('busy');
export const isRequesting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ request: 'requesting' });
export const isChecking = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { entry: 'checking' } });
export const isResending = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { sending: 'resending' } });
/** A code was just sent: Resend waits for RESEND_COOLDOWN_MS. */
export const isForgotResendCoolingDown = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { sending: 'coolingDown' } });
export const isResetting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ newPassword: 'resetting' });

export const selectForgotEmailForm = (s: ForgotPasswordSnapshot): ForgotEmailForm =>
  s.context.request;
export const selectResetPasswordForm = (s: ForgotPasswordSnapshot): ResetPasswordForm =>
  s.context.newPassword;

/** The code button is enabled at 6 digits, while nothing is in flight (spec 5). */
export function canSubmitCode(s: ForgotPasswordSnapshot): boolean {
  return s.matches({ code: { entry: 'entering' } }) && isCompleteOtp(s.context.code);
}
