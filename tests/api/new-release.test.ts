import { describe, expect, it, vi } from 'vitest';
import { RELOADED_FOR_KEY, reloadOnNewRelease } from '../../src/api/new-release.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';

const GONE = new TypeError(
  'Failed to fetch dynamically imported module: https://club.example.ca/assets/token-refresh-Ab12.js',
);

/** A tab whose page can be reloaded, and a way to fail one of its dynamic imports as Vite reports it. */
function tab({ hostAnswers = true, storage = createSafeStorage(() => memoryStorage()) } = {}) {
  const target = new EventTarget();
  const reload = vi.fn();
  const answers = vi.fn(async () => hostAnswers);
  reloadOnNewRelease({
    target: Object.assign(target, { location: { reload } as unknown as Location }),
    storage,
    answers,
  });
  const fail = async (error: unknown = GONE) => {
    target.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: error,
      }),
    );
    await vi.waitFor(() => expect(answers).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { reload, answers, storage, fail };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('a file of the app gone after a new release', () => {
  it('the host answers: the page reloads once for that file, never in a loop', async () => {
    const storage = createSafeStorage(() => memoryStorage());
    const first = tab({ storage });
    await first.fail();
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(RELOADED_FOR_KEY)).toBe(String(GONE));

    // The reloaded page (same tab storage) misses the same file: a broken release, no second reload.
    const reloaded = tab({ storage });
    await reloaded.fail();
    expect(reloaded.reload).not.toHaveBeenCalled();

    // Another file gone, after a later release: that one reloads again.
    await reloaded.fail(
      new TypeError('Failed to fetch dynamically imported module: /assets/phone-Cd34.js'),
    );
    expect(reloaded.reload).toHaveBeenCalledTimes(1);
  });

  it('offline (the host does not answer): no reload, which would show the browser its offline page', async () => {
    const offline = tab({ hostAnswers: false });
    await offline.fail();
    expect(offline.reload).not.toHaveBeenCalled();
    expect(offline.storage.getItem(RELOADED_FOR_KEY)).toBeNull();
  });

  it('a tab whose storage the browser blocks never reloads: it could not tell a second time from the first', async () => {
    const blocked = tab({
      storage: createSafeStorage(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    });
    await blocked.fail();
    expect(blocked.reload).not.toHaveBeenCalled();
  });
});
