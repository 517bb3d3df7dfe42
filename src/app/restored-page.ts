import { isSignedIn, selectUser } from '../../machines/session/session.selectors.ts';
import type { Api } from '../api/api.ts';
import { createTokenStore, hasTokensAfter } from '../api/tokens.ts';
import type { KeyValueStorage } from '../lib/safe-storage.ts';
import type { Logger, SessionActor } from './services.tsx';

interface RestoredPageOptions {
  session: SessionActor;
  api: Pick<Api, 'auth'>;
  storage: KeyValueStorage;
  logger: Logger;
  /** The window (tests pass their own). */
  target?: Pick<Window, 'addEventListener' | 'dispatchEvent'>;
}

/**
 * A page the browser kept in its back/forward cache and restored with Back.
 * Chromium hands it the `storage` events of what other tabs did meanwhile (a
 * sign-out, another member's sign-in), and the app follows them
 * (create-services.ts). Firefox and Safari hand a frozen page nothing: it
 * would go on as the last member's page while its calls carry the next
 * member's token. So when no event came and the stored session is not the
 * one the page left with, the page asks the server whose it is, and follows
 * as it would have followed the events: a sign-out, then the sign-in, when
 * another member's tokens are stored; a sign-out alone when none are. Tokens
 * renewed by another tab for the same member change nothing; when the server
 * cannot say (offline), the page starts over as the stored session, whoever
 * it is.
 */
export function followRestoredPage({
  session,
  api,
  storage,
  logger,
  target = globalThis,
}: RestoredPageOptions): void {
  const tokens = createTokenStore(storage);
  const key = tokens.keys.refreshToken;
  const stored = () => tokens.read().refreshToken;
  let leftWith: string | null = null;
  /** The browser handed over an event about the tokens since the page was left. */
  let heardSinceLeft = false;
  let telling = false;
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const tell = (newValue: string | null) => {
    telling = true;
    try {
      target.dispatchEvent(new StorageEvent('storage', { key, newValue }));
    } finally {
      telling = false;
    }
  };
  /** What the events would have said: the sign-out, then (a task later) the sign-in stored now. */
  const startOver = async () => {
    tell(null);
    // One event per task, as a browser hands them over: the router follows the sign-out first.
    await nextTask();
    const now = stored();
    if (now !== null) tell(now);
  };

  const follow = async () => {
    // A browser that hands the page what it missed does so around pageshow: let it.
    await nextTask();
    const now = stored();
    if (heardSinceLeft || now === leftWith) return;
    if (now === null || !isSignedIn(session.getSnapshot())) {
      tell(now);
      return;
    }
    let sameMember: boolean;
    try {
      const profile = await api.auth.getProfile();
      sameMember = profile._id === selectUser(session.getSnapshot())._id;
    } catch (error) {
      // Whose session is stored cannot be told (offline): start over as it, whoever it is.
      logger.warn('Could not check whose session a restored page has', error);
      sameMember = false;
    }
    // The events came after all (while the server answered), or the same member's renewed tokens.
    if (heardSinceLeft || sameMember) return;
    await startOver();
  };

  target.addEventListener('storage', (event) => {
    if (!telling && hasTokensAfter(event as StorageEvent, tokens) !== undefined) {
      heardSinceLeft = true;
    }
  });
  target.addEventListener('pagehide', () => {
    leftWith = stored();
    heardSinceLeft = false;
  });
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) void follow();
  });
}
