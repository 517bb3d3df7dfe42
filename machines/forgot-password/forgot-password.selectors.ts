import type { SnapshotFrom } from 'xstate';
import type { FieldError, FieldErrors } from '../forms/field-error.ts';
import { isCompleteOtp } from '../forms/otp.schema.ts';
import type { ResetPasswordField } from '../forms/password.schema.ts';
import type { ForgotPasswordMachine } from './forgot-password.machine.ts';

export type ForgotPasswordSnapshot = SnapshotFrom<ForgotPasswordMachine>;
export type ForgotPasswordStep = 'request' | 'code' | 'newPassword' | 'done';

/** Which of the three screens shows. */
export function selectStep(snapshot: ForgotPasswordSnapshot): ForgotPasswordStep {
  if (snapshot.matches('request')) return 'request';
  if (snapshot.matches('code')) return 'code';
  if (snapshot.matches('newPassword')) return 'newPassword';
  return 'done';
}

export const isBusy = (s: ForgotPasswordSnapshot): boolean => s.hasTag('busy');
export const isRequesting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ request: 'requesting' });
export const isChecking = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { entry: 'checking' } });
export const isResending = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { sending: 'resending' } });
/** A code was just sent: Resend waits for RESEND_COOLDOWN_MS. */
export const isResendCoolingDown = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ code: { sending: 'coolingDown' } });
export const isResetting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ newPassword: 'resetting' });

/** The email's validation error, once the field was left or submitted. */
export function selectEmailError(s: ForgotPasswordSnapshot): FieldError | null {
  return s.context.emailTouched ? s.context.emailError : null;
}

/** The code button is enabled at 6 digits, while nothing is in flight (spec 5). */
export function canSubmitCode(s: ForgotPasswordSnapshot): boolean {
  return s.matches({ code: { entry: 'entering' } }) && isCompleteOtp(s.context.code);
}

/** The new-password errors to show: those of fields left or submitted. */
export function selectPasswordErrors(s: ForgotPasswordSnapshot): FieldErrors<ResetPasswordField> {
  const shown: FieldErrors<ResetPasswordField> = {};
  for (const [field, error] of Object.entries(s.context.passwordErrors)) {
    if (error && s.context.touched[field as ResetPasswordField]) {
      shown[field as ResetPasswordField] = error;
    }
  }
  return shown;
}
