import type { FormState } from '../forms/form-state.ts';
import type { LoginField, LoginValues, loginSchema } from '../forms/login.schema.ts';
import type { Tokens, User } from '../shared/domain.ts';

export type { LoginField, LoginValues };
export type LoginForm = FormState<typeof loginSchema>;

export type RefreshOutcome = 'refreshed' | 'rejected' | 'failed';

/**
 * What the refresh actor resolves with. The refresh runs under a lock shared
 * by every tab: when another tab has already rotated the refresh token, this
 * tab adopts the tokens it stored instead of spending the old one again.
 */
export type RefreshResult = { kind: 'refreshed'; tokens: Tokens } | { kind: 'rotatedElsewhere' };

/**
 * What the refresh actor rejects with: the failure, and the refresh token the
 * server refused (null when the server did not answer). Tokens are cleared on
 * a refusal only while the stored refresh token is still that one.
 */
export interface RefreshFailure {
  error: unknown;
  refusedRefreshToken: string | null;
}

/**
 * Why the last sign-out happened, when /login says it: the server refused the
 * session, the member deleted the account, or the session was refused while
 * deleting it (Logout says nothing). The other tabs read it too.
 */
export const SIGN_OUT_REASONS = ['expired', 'deleted', 'maybeDeleted'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];
/** The reasons a sign-out asked for by the app carries: the account's deletion (Logout: none). */
export type DeletionSignOutReason = Exclude<SignOutReason, 'expired'>;

export interface SessionContext {
  user: User;
  /**
   * The login form (machines/forms/form-state.ts): submit stays disabled until
   * it has changed (spec 5); its `errorKey` shows under the form and marks the
   * inputs invalid.
   */
  login: LoginForm;
  /** Where the one-time code goes (the otp machine takes it as input). */
  otpEmail: string;
  /** The code step reopened after a reload: its code went out before, none is asked for at once. */
  otpResumed: boolean;
  /** Set when the server ended the session; /login says so until the next sign-in attempt. */
  signOutReason: SignOutReason | null;
  /** Failed attempts to load the current user since the last success (for the back-off). */
  loadFailures: number;
  /** The last load failure as a translation key (network, time-out, …). */
  loadErrorKey: string | null;
  /** Outcome of the last finished refresh; with refreshCount, how waiting callers learn it. */
  refreshOutcome: RefreshOutcome | null;
  refreshCount: number;
}

/**
 * What the app knows at start: the email whose sign-in code this tab awaited
 * when it was reloaded (or discarded by a phone) at the code step.
 */
export interface SessionInput {
  awaitedCode?: string | null;
}

export type SessionEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.blur'; field: LoginField }
  | { type: 'login.submit' }
  /** The form starts over with this address (after a sign-up or a password reset). */
  | { type: 'login.start'; emailOrPhone: string }
  | { type: 'otp.cancel' }
  | { type: 'session.refresh' }
  | { type: 'session.reloadUser' }
  | { type: 'session.userUpdated'; user: User }
  /** Try again after the server could not be reached. */
  | { type: 'session.retry' }
  | { type: 'session.signOut'; reason?: DeletionSignOutReason }
  /**
   * Another tab changed the stored tokens (a `storage` event); `reason`: why
   * that tab's session ended, when /login says it (the server refused it, the
   * account was deleted…).
   */
  | { type: 'session.storageChanged'; hasTokens: boolean; reason?: SignOutReason | null };
