/**
 * The one way the app touches `localStorage` (tokens, the membership copy, the
 * language choice). Browsers that block storage throw on every access, and a
 * full storage throws on write: this wrapper never throws. What the browser
 * refuses to keep is kept in memory instead, so the member can go on in this
 * tab, and `isPersistent()` turns false so the app can say why a new tab
 * will not remember them.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SafeStorage extends KeyValueStorage {
  /** False once the browser refused to read or keep a value. */
  isPersistent(): boolean;
  /** Called when `isPersistent()` changes (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void;
}

function openLocalStorage(): Storage | null {
  return globalThis.localStorage ?? null;
}

/** `open` returns the browser storage; it may throw (blocked) or return null (none). */
export function createSafeStorage(
  open: () => Storage | null | undefined = openLocalStorage,
): SafeStorage {
  let backing: Storage | null = null;
  let persistent = true;
  try {
    backing = open() ?? null;
  } catch {
    backing = null;
  }
  if (!backing) persistent = false;
  /** Values the browser refused, by key; they win over the browser's copy. */
  const memory = new Map<string, string>();
  const listeners = new Set<() => void>();

  const refused = () => {
    if (!persistent) return;
    persistent = false;
    for (const listener of listeners) listener();
  };

  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key) ?? null;
      try {
        return backing?.getItem(key) ?? null;
      } catch {
        refused();
        return null;
      }
    },
    setItem(key, value) {
      try {
        if (!backing) throw new Error('no storage');
        backing.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
        refused();
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        backing?.removeItem(key);
      } catch {
        refused();
      }
    },
    isPersistent: () => persistent,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
