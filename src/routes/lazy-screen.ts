import { lazyRouteComponent } from '@tanstack/react-router';

/**
 * A screen's code could not be downloaded because the server cannot be
 * reached (offline, a dropped connection). The root's error screen shows the
 * network message with Try again, which downloads it again: the member stays
 * in the app and keeps the session.
 */
export class ScreenUnreachableError extends Error {
  constructor(cause: unknown) {
    super('A screen could not be downloaded: the server cannot be reached', { cause });
    this.name = 'ScreenUnreachableError';
  }
}

/** Whether the app's own host answers at all (any HTTP status will do). */
async function hostAnswers(): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    await fetch(import.meta.env.BASE_URL, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A route component loaded on demand (TanStack's lazyRouteComponent), with a
 * failed download told apart:
 *   - the host answers: the file is gone, as after a new release replaced the
 *     hashed chunks; TanStack reloads the page once, which fetches the new
 *     release;
 *   - the host does not answer: a reload would leave the app for the
 *     browser's own offline page, so the failure is a ScreenUnreachableError
 *     instead, shown in the app (src/screens/error/error-screen.tsx).
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  return lazyRouteComponent(
    () =>
      importer().catch(async (error: unknown) => {
        throw (await hostAnswers()) ? error : new ScreenUnreachableError(error);
      }),
    exportName,
  );
}
