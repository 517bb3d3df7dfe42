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
    optionsOrCallback: { ifAvailable?: boolean; signal?: AbortSignal } | Callback,
    maybeCallback?: Callback,
  ) => {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (
      typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
    ) as Callback;
    if (options.ifAvailable && held) return callback(null);
    const { signal } = options;
    // As the browser does: a request aborted while it waits is dropped (its callback never runs).
    let granted = false;
    const run = queue.then(async () => {
      if (signal?.aborted) throw signal.reason;
      granted = true;
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
      }
    });
    queue = run.catch(() => undefined);
    if (!signal) return run;
    return new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => {
        if (!granted) reject(signal.reason);
      });
      run.then(resolve, reject);
    });
  };
  return { request } as LockRequester;
}
