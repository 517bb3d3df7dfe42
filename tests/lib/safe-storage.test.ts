import { describe, expect, it, vi } from 'vitest';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';

describe('safe storage', () => {
  it('passes through to the browser storage while it works', () => {
    const storage = createSafeStorage(() => localStorage);
    storage.setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(storage.getItem('k')).toBe('v');
    storage.removeItem('k');
    expect(localStorage.getItem('k')).toBeNull();
    expect(storage.isPersistent()).toBe(true);
  });

  it('a refused write is kept in memory for this tab and reported once', () => {
    const refusing = {
      ...localStorage,
      getItem: (key: string) => localStorage.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key: string) => localStorage.removeItem(key),
    } as Storage;
    localStorage.setItem('k', 'old');
    const storage = createSafeStorage(() => refusing);
    const listener = vi.fn();
    storage.subscribe(listener);
    storage.setItem('k', 'new');
    storage.setItem('k', 'newer');
    expect(storage.getItem('k')).toBe('newer');
    expect(storage.isPersistent()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    storage.removeItem('k');
    expect(storage.getItem('k')).toBeNull();
  });

  it('storage that cannot be opened (blocked) works in memory and is not persistent from the start', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(storage.isPersistent()).toBe(false);
    expect(storage.getItem('k')).toBeNull();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });
});
