import { lazyRouteComponent } from '@tanstack/react-router';
import { hostAnswers } from '../api/host.ts';

/**
 * A screen's code could not be downloaded because the server cannot be
 * reached (offline, a dropped connection). The root's error screen
 * (src/screens/error/error-screen.tsx) shows the network message with Try
 * again, which calls `retry` (download it again) before showing the screen
 * anew: the member stays in the app and keeps the session.
 */
export class ScreenUnreachableError extends Error {
  readonly retry: () => Promise<void>;

  constructor(cause: unknown, retry: () => Promise<void>) {
    super('A screen could not be downloaded: the server cannot be reached', { cause });
    this.name = 'ScreenUnreachableError';
    this.retry = retry;
  }
}

/**
 * A component loaded on demand (TanStack's lazyRouteComponent, for the
 * routes' screens and a step inside one), with a failed download told apart:
 *   - the host answers: the file is gone, as after a new release replaced the
 *     hashed chunks; TanStack reloads the page once, which fetches the new
 *     release;
 *   - the host does not answer: a reload would leave the app for the
 *     browser's own offline page, so the failure is a ScreenUnreachableError
 *     instead, shown in the app.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  exportName: K,
) {
  const component = lazyRouteComponent(
    () =>
      importer().catch((error: unknown) =>
        explainDownloadFailure(error, async () => {
          await component.preload?.();
        }),
      ),
    exportName,
  );
  return component;
}

/**
 * A piece of the app failed to download: the error as it is when the host
 * answers (the file is gone: a new release), else a ScreenUnreachableError
 * whose Try again runs `retry`.
 */
export async function explainDownloadFailure(
  error: unknown,
  retry: () => Promise<void>,
): Promise<never> {
  if (await hostAnswers()) throw error;
  throw new ScreenUnreachableError(error, retry);
}
