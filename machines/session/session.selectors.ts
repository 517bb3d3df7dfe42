import type { SnapshotFrom } from 'xstate';
import type { User } from '../shared/domain.ts';
import type { SessionMachine } from './session.machine.ts';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Restore has finished: the router may decide. */
export const isSettled = (s: SessionSnapshot): boolean => s.hasTag('settled');
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('authenticated');
export const isLoadingUser = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { user: 'loading' } });
export const selectUser = (s: SessionSnapshot): User => s.context.user;

export const isLoginBusy = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: 'submitting' }) || s.matches({ signedOut: { otp: 'checkingEmail' } });
export const isOnOtpStep = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'entering' } }) ||
  s.matches({ signedOut: { otp: 'verifying' } }) ||
  s.matches({ signedOut: { otp: 'requesting' } });
export const isOtpBusy = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'verifying' } }) || s.matches({ signedOut: { otp: 'requesting' } });
export const isVerifyingOtp = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'verifying' } });
export const isResendingOtp = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'requesting' } });
export const canSubmitLogin = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: 'form' }) && s.can({ type: 'login.submit' });
export const canSubmitOtp = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'entering' } }) && s.can({ type: 'otp.submit' });
export const isRefreshing = (s: SessionSnapshot): boolean => s.hasTag('refreshing');
