import { createSafeStorage, type SafeStorage } from '../lib/safe-storage.ts';
import { hostAnswers } from './host.ts';

/** The file whose absence last reloaded this tab (sessionStorage). */
export const RELOADED_FOR_KEY = 'evclub.reloadedFor';

interface NewReleaseOptions {
  /** Where Vite reports a failed dynamic import, and whose page reloads. */
  target?: Pick<Window, 'addEventListener' | 'location'>;
  storage?: SafeStorage;
  answers?: () => Promise<boolean>;
}

/**
 * A file of the app that is gone, as after a new release replaced the hashed
 * chunks: Vite reports the failed dynamic import as `vite:preloadError`. When
 * the host answers, the page reloads, which fetches the new release (the
 * session is kept: its tokens are stored). Offline, nothing more: the caller's
 * own error says so, and a reload would land on the browser's offline page.
 * Once per missing file, so a release that lacks one never reloads in a loop,
 * and never where the tab's storage cannot keep that through the reload.
 *
 * Screens get the same from TanStack (src/components/lazy-screen.ts); this
 * covers the other files loaded on demand: the token refresh, the phone
 * library, the language sync, the flows, the membership.
 */
export function reloadOnNewRelease({
  target = window,
  storage = createSafeStorage(() => globalThis.sessionStorage),
  answers = hostAnswers,
}: NewReleaseOptions = {}): void {
  target.addEventListener('vite:preloadError', (event) => {
    const missing = String((event as Event & { payload?: unknown }).payload);
    void answers().then((up) => {
      if (!up || storage.getItem(RELOADED_FOR_KEY) === missing) return;
      storage.setItem(RELOADED_FOR_KEY, missing);
      if (storage.isPersistent()) target.location.reload();
    });
  });
}
