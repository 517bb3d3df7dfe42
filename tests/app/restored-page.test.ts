/**
 * A page restored by Back in a browser that tells a frozen page nothing
 * (Firefox, Safari: no `storage` event while it was kept) follows what the
 * other tabs did meanwhile (src/app/restored-page.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, type User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { TOKEN_KEYS } from '../../src/api/tokens.ts';
import { followRestoredPage } from '../../src/app/restored-page.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';

const member = (id: string): User => ({ ...EMPTY_USER, _id: id, id, email: `${id}@example.ca` });
const ANNE = member('anne');
const BRUNO = member('bruno');

/** A page signed in as `user` (null: signed out), with Anne's tokens stored. */
function restoredPage(
  user: User | null,
  { serverSays = async () => BRUNO }: { serverSays?: () => Promise<User> } = {},
) {
  const storage = createSafeStorage(() => null);
  storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-anne');
  const session = {
    getSnapshot: () => ({
      matches: (state: string) => state === 'authenticated' && user !== null,
      context: { user: user ?? EMPTY_USER },
    }),
  } as unknown as SessionActor;
  const getProfile = vi.fn(serverSays);
  const page = new EventTarget();
  const heard: (string | null)[] = [];
  page.addEventListener('storage', (event) => heard.push((event as StorageEvent).newValue));
  followRestoredPage({
    session,
    api: { auth: { getProfile } } as unknown as Pick<Api, 'auth'>,
    storage,
    logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() },
    target: page as unknown as Window,
  });
  const leave = () => page.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  const back = async (persisted = true) => {
    page.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { storage, getProfile, page, heard, leave, back };
}

describe('a page restored by Back, told nothing while it was kept', () => {
  it('follows another member’s sign-in as the events would have said it: a sign-out, then the sign-in', async () => {
    const { storage, getProfile, heard, leave, back } = restoredPage(ANNE);
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await back();
    expect(getProfile).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(heard).toEqual([null, 'refresh-bruno']));
  });

  it('changes nothing when another tab only renewed the same member’s tokens', async () => {
    const { storage, getProfile, heard, leave, back } = restoredPage(ANNE, {
      serverSays: async () => ANNE,
    });
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-anne-2');
    await back();
    expect(getProfile).toHaveBeenCalledTimes(1);
    expect(heard).toEqual([]);
  });

  it('follows a sign-out in another tab without asking the server', async () => {
    const { storage, getProfile, heard, leave, back } = restoredPage(ANNE);
    leave();
    storage.removeItem(TOKEN_KEYS.refreshToken);
    await back();
    expect(getProfile).not.toHaveBeenCalled();
    expect(heard).toEqual([null]);
  });

  it('follows a sign-in on a page left signed out', async () => {
    const { storage, getProfile, heard, leave, back } = restoredPage(null);
    storage.removeItem(TOKEN_KEYS.refreshToken);
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await back();
    expect(getProfile).not.toHaveBeenCalled();
    expect(heard).toEqual(['refresh-bruno']);
  });

  it('does nothing more when the browser delivered the events (Chromium), or on a page loaded anew', async () => {
    const told = restoredPage(ANNE);
    told.leave();
    told.storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    told.page.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_KEYS.refreshToken, newValue: 'refresh-bruno' }),
    );
    await told.back();
    expect(told.getProfile).not.toHaveBeenCalled();
    expect(told.heard).toEqual(['refresh-bruno']);

    const loaded = restoredPage(ANNE);
    loaded.leave();
    loaded.storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await loaded.back(false);
    expect(loaded.getProfile).not.toHaveBeenCalled();
    expect(loaded.heard).toEqual([]);
  });

  it('starts over as the stored session when the server cannot say whose it is (offline)', async () => {
    const { storage, heard, leave, back } = restoredPage(ANNE, {
      serverSays: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await back();
    await vi.waitFor(() => expect(heard).toEqual([null, 'refresh-bruno']));
  });

  it('leaves it to the events when they arrive while the server answers', async () => {
    let answer: (user: User) => void = () => {};
    const { storage, page, heard, leave, back } = restoredPage(ANNE, {
      serverSays: () => new Promise<User>((resolve) => (answer = resolve)),
    });
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await back();
    page.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_KEYS.refreshToken, newValue: 'refresh-bruno' }),
    );
    answer(BRUNO);
    await back(false);
    expect(heard).toEqual(['refresh-bruno']);
  });

  it('follows only the sign-out when the tokens are gone by the time it would sign in', async () => {
    const { storage, page, heard, leave, back } = restoredPage(ANNE);
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    // Another tab signs out right after this page was told of the sign-out.
    page.addEventListener('storage', (event) => {
      if ((event as StorageEvent).newValue === null) storage.removeItem(TOKEN_KEYS.refreshToken);
    });
    await back();
    expect(heard).toEqual([null]);
  });
});
