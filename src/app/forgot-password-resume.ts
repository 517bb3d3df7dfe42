/**
 * Forgot password's code step survives a reload: while a code is awaited, this
 * tab keeps the email it went to (session storage: this tab only, gone when
 * it closes), so a reload, or a phone that discarded the tab while the member
 * read the email, opens the code step again instead of asking for a new code.
 */
import { createSafeStorage, type KeyValueStorage } from '../lib/safe-storage.ts';

export const FORGOT_PASSWORD_EMAIL_KEY = 'evclub.forgotPasswordEmail';

let tabStorage: KeyValueStorage | null = null;
const storage = (): KeyValueStorage => {
  tabStorage ??= createSafeStorage(() => globalThis.sessionStorage);
  return tabStorage;
};

/** The email whose code this tab awaits, or null. */
export function awaitedCodeEmail(): string | null {
  return storage().getItem(FORGOT_PASSWORD_EMAIL_KEY) || null;
}

export function rememberAwaitedCode(email: string): void {
  storage().setItem(FORGOT_PASSWORD_EMAIL_KEY, email);
}

export function forgetAwaitedCode(): void {
  storage().removeItem(FORGOT_PASSWORD_EMAIL_KEY);
}
