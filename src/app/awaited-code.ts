/**
 * The code steps survive a reload: while a one-time code is awaited, this tab
 * keeps the email it went to (session storage: this tab only, gone when it
 * closes), so a reload, or a phone that discarded the tab while the member
 * read the email, opens the code step again instead of asking for a new code.
 * Sign-in's step (every new account's first sign-in) and forgot password's
 * each keep their own. Who reads and writes them:
 *   - sign-in: the session chart's `rememberAwaitedCode`/`forgetAwaitedCode`
 *     (create-services.ts), and its input at start;
 *   - forgot password: its chart's actions of the same names (flows.ts), and
 *     its screen, which reads the email when the page opens and forgets it
 *     when the member leaves the page.
 */
import { createSafeStorage } from '../lib/safe-storage.ts';

export type CodeStep = 'signIn' | 'forgotPassword';

/** `evclub.signInCodeEmail`, `evclub.forgotPasswordCodeEmail`. */
const keyOf = (step: CodeStep) => `evclub.${step}CodeEmail`;

const tabStorage = createSafeStorage(() => globalThis.sessionStorage);

/** The email whose code this tab awaits at that step, or null. */
export function awaitedCodeEmail(step: CodeStep): string | null {
  return tabStorage.getItem(keyOf(step)) || null;
}

export function rememberAwaitedCode(step: CodeStep, email: string): void {
  tabStorage.setItem(keyOf(step), email);
}

export function forgetAwaitedCode(step: CodeStep): void {
  tabStorage.removeItem(keyOf(step));
}
