import type { SnapshotFrom } from 'xstate';
import {
  type ForgotEmailForm,
  type ForgotPasswordMachine,
  type ResetPasswordForm,
  requestedEmail,
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

export const isRequesting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ request: 'requesting' });
/** The code step's actor (machines/otp), while the step shows. */
export const selectForgotOtpActor = (s: ForgotPasswordSnapshot) => s.children.otp;
export const isResetting = (s: ForgotPasswordSnapshot): boolean =>
  s.matches({ newPassword: 'resetting' });

export const selectForgotEmailForm = (s: ForgotPasswordSnapshot): ForgotEmailForm =>
  s.context.request;
export const selectResetPasswordForm = (s: ForgotPasswordSnapshot): ResetPasswordForm =>
  s.context.newPassword;
/** The address the code went (or goes) to: shown at the code step, the account a new password is for. */
export const selectRequestedEmail = (s: ForgotPasswordSnapshot): string =>
  requestedEmail(s.context);
