/**
 * A lock shared by every tab of the app: `run(task)` waits until no other tab
 * (and no other caller in this tab) holds it, then runs the task.
 *
 * It is the Web Locks API (`navigator.locks`) where the browser has it, with a
 * time limit on waiting for another tab (`waitMs`). Where it does not, a lease
 * in storage stands in: a tab writes its id and an expiry under the lock's
 * key, reads it back after a short pause to see that no other tab wrote at the
 * same moment, and removes it when done; a lease left by a closed tab expires.
 * Within one tab, callers always queue in order.
 *
 * The task learns whether another holder had the lock before it: writes that
 * holder made to localStorage reach other tabs a moment later, so a task that
 * waited may have to wait for them too (see token-refresh.ts).
 */
import type { KeyValueStorage } from './safe-storage.ts';

export interface LockGrant {
  /** Another holder had the lock first: what it wrote may still be on its way to this tab. */
  waited: boolean;
}

export interface CrossTabLock {
  run<T>(task: (grant: LockGrant) => Promise<T>): Promise<T>;
}

/** The part of the Web Locks API the lock uses. */
export interface LockRequester {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface CrossTabLockOptions {
  name: string;
  /** Default: `navigator.locks` when the browser has it. */
  locks?: LockRequester | null;
  /** The fallback's lease lives here. */
  storage: KeyValueStorage;
  /**
   * The fallback's lease expiry, in ms (default 35 s: more than a refresh call
   * can take, as for `waitMs`). A lease that ran out under a call still on its
   * way would let another tab spend the same refresh token; a lease left by a
   * tab closed in the middle holds the others that long.
   */
  leaseMs?: number;
  /**
   * How long a caller waits for a Web Lock another tab holds, in ms (default
   * 35 s: more than a refresh call can take, 15 s for its answer and as long
   * for its body). A holder that never lets go (a tab the system suspended
   * in the middle) then fails the wait with a TimeoutError, instead of
   * leaving every call of this tab waiting. The time counts from the request,
   * so it includes any other tab queued before this one.
   */
  waitMs?: number;
  /** For tests: the time and the pause between lease checks. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Lease {
  owner: string;
  until: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function browserLocks(): LockRequester | null {
  return (globalThis.navigator?.locks as LockRequester | undefined) ?? null;
}

function readLease(storage: KeyValueStorage, key: string): Lease | null {
  try {
    const value = JSON.parse(storage.getItem(key) ?? 'null') as Partial<Lease> | null;
    return typeof value?.owner === 'string' && typeof value.until === 'number'
      ? { owner: value.owner, until: value.until }
      : null;
  } catch {
    return null;
  }
}

export function createCrossTabLock({
  name,
  locks = browserLocks(),
  storage,
  leaseMs = 35_000,
  waitMs = 35_000,
  now = Date.now,
  sleep = defaultSleep,
}: CrossTabLockOptions): CrossTabLock {
  const key = `${name}.lease`;
  const owner = `${now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  /** Callers of this tab queue here, so the lease is only ever taken once per tab. */
  let queue: Promise<unknown> = Promise.resolve();

  async function withLease<T>(task: (grant: LockGrant) => Promise<T>): Promise<T> {
    let waited = false;
    for (;;) {
      const lease = readLease(storage, key);
      const free = !lease || lease.until <= now() || lease.owner === owner;
      if (!free) waited = true;
      if (free) {
        storage.setItem(key, JSON.stringify({ owner, until: now() + leaseMs }));
        await sleep(25);
        if (readLease(storage, key)?.owner === owner) break;
      }
      await sleep(50 + Math.floor(Math.random() * 50));
    }
    try {
      return await task({ waited });
    } finally {
      if (readLease(storage, key)?.owner === owner) storage.removeItem(key);
    }
  }

  function inThisTab<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  }

  /** Web Locks: at once when free, else in turn (and then the task knows it waited). */
  async function withWebLock<T>(
    manager: LockRequester,
    task: (grant: LockGrant) => Promise<T>,
  ): Promise<T> {
    const none = Symbol('not available');
    const first = await manager.request(name, { ifAvailable: true }, async (lock) =>
      lock ? task({ waited: false }) : none,
    );
    if (first !== none) return first as T;
    const wait = new AbortController();
    const timer = setTimeout(
      () => wait.abort(new DOMException('The lock was not released in time', 'TimeoutError')),
      waitMs,
    );
    try {
      return await manager.request(name, { signal: wait.signal }, () => {
        clearTimeout(timer);
        return task({ waited: true });
      });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    run(task) {
      if (locks) return withWebLock(locks, task);
      return inThisTab(() => withLease(task));
    },
  };
}
