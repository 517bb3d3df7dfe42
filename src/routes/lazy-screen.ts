import { lazyRouteComponent } from '@tanstack/react-router';
import { hostAnswers } from '../api/host.ts';
import { ScreenUnreachableError } from '../screens/error/screen-unreachable-error.ts';

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
