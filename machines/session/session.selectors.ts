import type { SnapshotFrom } from 'xstate';
import { isSubmittable } from '../forms/form-state.ts';
import type { User } from '../shared/domain.ts';
import { isAnsweredErrorKey } from '../shared/error-key.ts';
import type { SessionMachine } from './session.machine.ts';
import type { LoginForm, SignOutReason } from './session.types.ts';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Restore has finished: the router may decide. */
export const isSettled = (s: SessionSnapshot): boolean => s.hasTag('settled');
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches('authenticated');
export const isLoadingUser = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { user: 'loading' } }) ||
  s.matches({ authenticated: { user: 'retrying' } });
/** The current user could not be loaded after the retries: 'We could not reach the server'. */
export const isServerUnreachable = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { user: 'unreachable' } });
/** The last failed load of the user was an answer (a 5xx, an unreadable one), not a connection problem. */
export const wasUserLoadAnswered = (s: SessionSnapshot): boolean =>
  isAnsweredErrorKey(s.context.loadErrorKey);
export const selectUser = (s: SessionSnapshot): User => s.context.user;
export const selectSignOutReason = (s: SessionSnapshot): SignOutReason | null =>
  s.context.signOutReason;

export const selectLoginForm = (s: SessionSnapshot): LoginForm => s.context.login;
export const isLoginBusy = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: 'submitting' }) || s.matches({ signedOut: { otp: 'checkingEmail' } });
export const isOnOtpStep = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: { otp: 'active' } });
export const canSubmitLogin = (s: SessionSnapshot): boolean =>
  s.matches({ signedOut: 'form' }) && isSubmittable(s.context.login);
/** The one-time-code step's actor (machines/otp), while the step shows. */
export const selectOtpActor = (s: SessionSnapshot) => s.children.otp;
/** The address the one-time code went to. */
export const selectOtpEmail = (s: SessionSnapshot) => s.context.otpEmail;
