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
  /** What is hidden while a member's page is kept: the whole document (tests pass their own). */
  root?: { style: { visibility: string } };
}

/** The longest a restored page stays hidden while the app follows what changed. */
export const HIDDEN_AT_MOST_MS = 5000;

/** The page's main headings: they change when the app shows another page or view. */
const headings = () =>
  [...document.querySelectorAll('main h1')].map((heading) => heading.textContent).join('\n');

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
 *
 * A member's page is hidden as the browser keeps it, so that Back does not
 * paint it for whoever uses the browser next (a shared computer) for the
 * moment the app takes to follow: it shows again at once when the session is
 * the one it left with (or the same member's, renewed), and otherwise once the
 * app shows another page or view (sign-in, a loading view, the next member's
 * page), at the latest after HIDDEN_AT_MOST_MS.
 */
export function followRestoredPage({
  session,
  api,
  storage,
  logger,
  target = globalThis,
  root = document.documentElement,
}: RestoredPageOptions): void {
  const tokens = createTokenStore(storage);
  const key = tokens.keys.refreshToken;
  const stored = () => tokens.read().refreshToken;
  let leftWith: string | null = null;
  /** The browser handed over an event about the tokens since the page was left. */
  let heardSinceLeft = false;
  /** One of those events took the tokens away: a sign-out, which the app follows. */
  let heardSignOut = false;
  let hidden = false;
  let headingsLeft = '';
  const show = () => {
    hidden = false;
    root.style.visibility = '';
  };
  /** Shown again once the app shows another page or view, or at the latest after a while. */
  const showOnceFollowed = () => {
    const done = () => {
      watch.disconnect();
      clearTimeout(timer);
      show();
    };
    const watch = new MutationObserver(() => {
      if (headings() !== headingsLeft) done();
    });
    const timer = setTimeout(done, HIDDEN_AT_MOST_MS);
    watch.observe(document.body, { childList: true, characterData: true, subtree: true });
  };
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

  /** Follows what changed while the page was kept: true when the page then changes session. */
  const follow = async (): Promise<boolean> => {
    // A browser that hands the page what it missed does so around pageshow: let it.
    await nextTask();
    const now = stored();
    // The app follows the events itself; only a sign-out among them changes the page.
    if (heardSinceLeft) return heardSignOut;
    if (now === leftWith) return false;
    if (now === null || !isSignedIn(session.getSnapshot())) {
      tell(now);
      return true;
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
    if (heardSinceLeft) return heardSignOut;
    if (sameMember) return false;
    await startOver();
    return true;
  };

  target.addEventListener('storage', (event) => {
    const hasTokens = telling ? undefined : hasTokensAfter(event as StorageEvent, tokens);
    if (hasTokens !== undefined) heardSinceLeft = true;
    if (hasTokens === false) heardSignOut = true;
  });
  target.addEventListener('pagehide', (event) => {
    leftWith = stored();
    heardSinceLeft = false;
    heardSignOut = false;
    hidden = (event as PageTransitionEvent).persisted && isSignedIn(session.getSnapshot());
    if (hidden) {
      headingsLeft = headings();
      root.style.visibility = 'hidden';
    }
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    // Nothing changed while it was kept: shown at once.
    if (hidden && stored() === leftWith) show();
    void follow().then((changes) => {
      if (!hidden) return;
      if (changes) showOnceFollowed();
      else show();
    });
  });
}
