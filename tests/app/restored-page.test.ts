/**
 * A page restored by Back in a browser that tells a frozen page nothing
 * (Firefox, Safari: no `storage` event while it was kept) follows what the
 * other tabs did meanwhile (src/app/restored-page.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, type User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { TOKEN_KEYS } from '../../src/api/tokens.ts';
import { followRestoredPage, HIDDEN_AT_MOST_MS } from '../../src/app/restored-page.ts';
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
  const root = { style: { visibility: '' } };
  followRestoredPage({
    session,
    api: { auth: { getProfile } } as unknown as Pick<Api, 'auth'>,
    storage,
    logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() },
    target: page as unknown as Window,
    root,
  });
  const leave = () => page.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  const back = async (persisted = true) => {
    page.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const shown = () => root.style.visibility !== 'hidden';
  return { storage, getProfile, page, heard, leave, back, shown };
}

/** The page the app shows: its main heading. */
function showPage(heading: string) {
  document.body.innerHTML = `<main><h1>${heading}</h1></main>`;
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

describe('a member’s page kept by the browser is hidden, so that Back never shows it to the next person', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows again at once when the session is the one it left with', async () => {
    showPage('Billing address');
    const { leave, back, shown, getProfile } = restoredPage(ANNE);
    leave();
    expect(shown()).toBe(false);
    await back();
    expect(shown()).toBe(true);
    expect(getProfile).not.toHaveBeenCalled();
  });

  it('another member signed in: hidden until the app shows another page (sign-in, then theirs)', async () => {
    showPage('Billing address');
    const { storage, leave, back, shown, heard } = restoredPage(ANNE);
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    await back();
    await vi.waitFor(() => expect(heard).toEqual([null, 'refresh-bruno']));
    expect(shown()).toBe(false);
    showPage('Sign in');
    await vi.waitFor(() => expect(shown()).toBe(true));
  });

  it('the same member’s tokens renewed by another tab: shown once the server says so', async () => {
    showPage('Billing address');
    const { storage, leave, back, shown } = restoredPage(ANNE, { serverSays: async () => ANNE });
    leave();
    storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-anne-2');
    await back();
    await vi.waitFor(() => expect(shown()).toBe(true));
  });

  it('the events the browser handed over (Chromium): a sign-out keeps it hidden until another page shows; a renewal alone does not', async () => {
    showPage('Your account');
    const signedOut = restoredPage(ANNE);
    signedOut.leave();
    signedOut.storage.removeItem(TOKEN_KEYS.refreshToken);
    signedOut.page.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_KEYS.refreshToken, newValue: null }),
    );
    await signedOut.back();
    expect(signedOut.shown()).toBe(false);
    showPage('Sign in');
    await vi.waitFor(() => expect(signedOut.shown()).toBe(true));

    const renewed = restoredPage(ANNE);
    renewed.leave();
    renewed.storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-anne-2');
    renewed.page.dispatchEvent(
      new StorageEvent('storage', { key: TOKEN_KEYS.refreshToken, newValue: 'refresh-anne-2' }),
    );
    await renewed.back();
    await vi.waitFor(() => expect(renewed.shown()).toBe(true));
  });

  it('shows at the latest after a while, should the app show nothing new', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      showPage('Billing address');
      const { storage, page, leave, shown } = restoredPage(ANNE);
      leave();
      storage.removeItem(TOKEN_KEYS.refreshToken);
      page.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await vi.advanceTimersByTimeAsync(HIDDEN_AT_MOST_MS - 100);
      expect(shown()).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(shown()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a visitor’s page, or one the browser does not keep, is not hidden', async () => {
    const visitor = restoredPage(null);
    visitor.leave();
    expect(visitor.shown()).toBe(true);
    const notKept = restoredPage(ANNE);
    notKept.page.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(notKept.shown()).toBe(true);
  });
});
