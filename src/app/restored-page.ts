import { isSignedIn, selectUser } from '../../machines/session/session.selectors.ts';
import type { Api } from '../api/api.ts';
import { TOKEN_KEYS } from '../api/tokens.ts';
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
 * renewed by another tab for the same member change nothing.
 */
export function followRestoredPage({
  session,
  api,
  storage,
  logger,
  target = globalThis,
}: RestoredPageOptions): void {
  const key = TOKEN_KEYS.refreshToken;
  let leftWith: string | null = null;
  let heardSinceLeft = false;
  const tell = (newValue: string | null) =>
    target.dispatchEvent(new StorageEvent('storage', { key, newValue }));

  const follow = async () => {
    const now = storage.getItem(key);
    if (heardSinceLeft || now === leftWith) return;
    const snapshot = session.getSnapshot();
    if (now === null || !isSignedIn(snapshot)) {
      tell(now);
      return;
    }
    try {
      const stored = await api.auth.getProfile();
      // The events came after all (while the server answered), or the same member's tokens.
      if (heardSinceLeft || stored._id === selectUser(session.getSnapshot())._id) return;
      // One event per task, as a browser hands them over: the router follows the sign-out first.
      tell(null);
      await new Promise((resolve) => setTimeout(resolve, 0));
      tell(now);
    } catch (error) {
      // Offline: the next call's answer decides (a refused session signs out).
      logger.warn('Could not check whose session a restored page has', error);
    }
  };

  target.addEventListener('storage', (event) => {
    if ((event as StorageEvent).key === key) heardSinceLeft = true;
  });
  target.addEventListener('pagehide', () => {
    leftWith = storage.getItem(key);
    heardSinceLeft = false;
  });
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) void follow();
  });
}
