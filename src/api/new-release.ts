import { createSafeStorage, type SafeStorage } from '../lib/safe-storage.ts';
import { hostAnswers } from './host.ts';

/** When this tab last reloaded for a missing file (sessionStorage, ms since the epoch). */
export const RELOADED_AT_KEY = 'evclub.reloadedAt';

/** A file still missing this soon after such a reload: a broken release, not one to reload for. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

interface NewReleaseOptions {
  /** Where Vite reports a failed dynamic import, and whose page reloads. */
  target?: Pick<Window, 'addEventListener' | 'location'>;
  storage?: SafeStorage;
  answers?: () => Promise<boolean>;
  now?: () => number;
}

/**
 * A file of the app that is gone, as after a new release replaced the hashed
 * chunks: Vite reports every failed dynamic import as `vite:preloadError`.
 * When the host answers, the page reloads, which fetches the new release (the
 * session is kept: its tokens are stored). Offline, nothing more: the caller's
 * own error says so, and a reload would land on the browser's offline page.
 * Not again within a minute of the last such reload, so a release that lacks
 * a file (or a deploy still copying its files) never reloads in a loop; and
 * never where the tab's storage cannot keep that time through the reload.
 *
 * Screens reload the same way through TanStack (src/components/lazy-screen.ts),
 * and this listener too; what it adds is every other file loaded on demand:
 * the token refresh, the phone library, the language sync, the flows, the
 * membership.
 */
export function reloadOnNewRelease({
  target = window,
  storage = createSafeStorage(() => globalThis.sessionStorage),
  answers = hostAnswers,
  now = Date.now,
}: NewReleaseOptions = {}): void {
  let reloading = false;
  target.addEventListener('vite:preloadError', () => {
    void answers().then((up) => {
      const last = Number(storage.getItem(RELOADED_AT_KEY));
      if (!up || reloading || now() - last < RELOAD_AGAIN_AFTER_MS) return;
      storage.setItem(RELOADED_AT_KEY, String(now()));
      if (!storage.isPersistent()) return;
      reloading = true;
      target.location.reload();
    });
  });
}
