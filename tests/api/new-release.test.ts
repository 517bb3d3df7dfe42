import { describe, expect, it, vi } from 'vitest';
import {
  RELOAD_AGAIN_AFTER_MS,
  RELOADED_AT_KEY,
  reloadOnNewRelease,
} from '../../src/api/new-release.ts';
import { createSafeStorage, type SafeStorage } from '../../src/lib/safe-storage.ts';

const T0 = Date.parse('2026-11-27T12:00:00Z');

/** A tab whose page can be reloaded, and a way to fail one of its dynamic imports as Vite reports it. */
function tab({
  hostAnswers = true,
  storage = createSafeStorage(() => memoryStorage()),
  at = T0,
}: {
  hostAnswers?: boolean;
  storage?: SafeStorage;
  at?: number;
} = {}) {
  const target = new EventTarget();
  const reload = vi.fn();
  const answers = vi.fn(async () => hostAnswers);
  let time = at;
  reloadOnNewRelease({
    target: Object.assign(target, { location: { reload } as unknown as Location }),
    storage,
    answers,
    now: () => time,
  });
  const fail = async () => {
    const calls = answers.mock.calls.length;
    target.dispatchEvent(
      Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new TypeError('Failed to fetch dynamically imported module'),
      }),
    );
    await vi.waitFor(() => expect(answers).toHaveBeenCalledTimes(calls + 1));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const wait = (ms: number) => {
    time += ms;
  };
  return { reload, storage, fail, wait };
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
  it('the host answers: the page reloads, once however many files fail together', async () => {
    const page = tab();
    await page.fail();
    await page.fail();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.storage.getItem(RELOADED_AT_KEY)).toBe(String(T0));
  });

  it('still missing after the reload (a broken release, a deploy still copying): no reload loop; a minute later, again', async () => {
    const storage = createSafeStorage(() => memoryStorage());
    await tab({ storage }).fail();
    const reloaded = tab({ storage, at: T0 + 2_000 });
    await reloaded.fail();
    expect(reloaded.reload).not.toHaveBeenCalled();

    reloaded.wait(RELOAD_AGAIN_AFTER_MS);
    await reloaded.fail();
    expect(reloaded.reload).toHaveBeenCalledTimes(1);
  });

  it('offline (the host does not answer): no reload, which would show the browser its offline page', async () => {
    const offline = tab({ hostAnswers: false });
    await offline.fail();
    expect(offline.reload).not.toHaveBeenCalled();
    expect(offline.storage.getItem(RELOADED_AT_KEY)).toBeNull();
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
