import type { User } from '../shared/domain.ts';

export type LoginField = 'emailOrPhone' | 'password';
export type LoginValues = Record<LoginField, string>;

export type RefreshOutcome = 'refreshed' | 'rejected' | 'failed';

export interface SessionContext {
  user: User;
  login: {
    values: LoginValues;
    /** Submit stays disabled until the form has been changed (spec 5). */
    changed: boolean;
    /** A translation key shown under the form; inputs are marked invalid while set. */
    errorKey: string | null;
  };
  otp: {
    email: string;
    code: string;
    errorKey: string | null;
    /** True once a code has been (re)sent, for the status message. */
    codeSent: boolean;
  };
  /** Outcome of the last finished refresh; with refreshCount, how waiting callers learn it. */
  refreshOutcome: RefreshOutcome | null;
  refreshCount: number;
}

export type SessionEvent =
  | { type: 'login.change'; field: LoginField; value: string }
  | { type: 'login.submit' }
  | { type: 'otp.change'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' }
  | { type: 'otp.cancel' }
  | { type: 'session.refresh' }
  | { type: 'session.reloadUser' }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'session.signOut' }
  /** Another tab changed the stored tokens (a `storage` event). */
  | { type: 'session.storageChanged'; hasTokens: boolean };
