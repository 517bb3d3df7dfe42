/**
 * An in-page stand-in for the Web Locks API (navigator.locks) with what the
 * cross-tab lock uses: one lock granted in turn, and `ifAvailable` answered
 * with a null lock while it is held. Shared by tests/lib and tests/app.
 */
import type { LockRequester } from '../../src/lib/cross-tab-lock.ts';

type Callback = (lock: unknown) => Promise<unknown>;

export function fakeLockManager(): LockRequester {
  let queue: Promise<unknown> = Promise.resolve();
  let held = false;
  const request = (
    _name: string,
    optionsOrCallback: { ifAvailable?: boolean } | Callback,
    maybeCallback?: Callback,
  ) => {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (
      typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
    ) as Callback;
    if (options.ifAvailable && held) return callback(null);
    const run = queue.then(async () => {
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return { request } as LockRequester;
}
