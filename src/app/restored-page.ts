import { isSignedIn } from '../../machines/session/session.selectors.ts';
import { createTokenStore } from '../api/tokens.ts';
import type { KeyValueStorage } from '../lib/safe-storage.ts';
import type { SessionActor } from './services.tsx';

interface RestoredPageOptions {
  session: SessionActor;
  storage: KeyValueStorage;
  /** The window (tests pass their own). */
  target?: Pick<Window, 'addEventListener'>;
  /** What is hidden while the page is kept: the whole document (tests pass their own). */
  root?: { style: { visibility: string } };
  /** Loads the page anew (tests pass their own). */
  reload?: () => void;
}

/**
 * A page the browser kept in its back/forward cache and restored with Back.
 * A member's page is hidden as the browser keeps it, so that Back never
 * paints it for whoever uses the browser next, not even for the moment the
 * app would take to follow what the other tabs did meanwhile (a shared
 * computer: one member signed out, another signed in). Restored, it shows
 * again at once when the stored session is still the one it left with;
 * otherwise (a sign-out, another member's sign-in, tokens another tab
 * renewed) it loads anew, as the stored session. Chromium hands a restored
 * page the storage events it missed, which the app would follow; Firefox and
 * Safari hand it nothing, and it would go on as the last member's page with
 * the next member's token. Loaded anew, it is right in every browser.
 */
export function followRestoredPage({
  session,
  storage,
  target = globalThis,
  root = document.documentElement,
  reload = () => location.reload(),
}: RestoredPageOptions): void {
  const tokens = createTokenStore(storage);
  const stored = () => tokens.read().refreshToken;
  let leftWith: string | null = null;
  let hidden = false;

  target.addEventListener('pagehide', (event) => {
    leftWith = stored();
    hidden = (event as PageTransitionEvent).persisted && isSignedIn(session.getSnapshot());
    if (hidden) root.style.visibility = 'hidden';
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    if (stored() !== leftWith) reload();
    else if (hidden) root.style.visibility = '';
  });
}
