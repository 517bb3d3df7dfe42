import { describe, expect, it } from 'vitest';
import {
  createTokenStore,
  hasTokensAfter,
  isUsableToken,
  SESSION_END_KEY,
  TOKEN_KEYS,
} from '../../src/api/tokens.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';

function throwingStorage(): Storage {
  const fail = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  return {
    length: 0,
    key: fail,
    getItem: fail,
    setItem: fail,
    removeItem: fail,
    clear: fail,
  };
}

describe('token store', () => {
  it('uses the two fixed club keys', () => {
    expect(TOKEN_KEYS).toEqual({
      accessToken: 'evclub.accessToken',
      refreshToken: 'evclub.refreshToken',
    });
  });

  it('writes to and reads from localStorage by default', () => {
    const store = createTokenStore();
    store.write({ accessToken: 'acc.1', refreshToken: 'ref.1' });

    expect(localStorage.getItem('evclub.accessToken')).toBe('acc.1');
    expect(localStorage.getItem('evclub.refreshToken')).toBe('ref.1');
    expect(createTokenStore(localStorage).read()).toEqual({
      accessToken: 'acc.1',
      refreshToken: 'ref.1',
    });
  });

  it('clear removes both keys', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    store.clear();
    expect(localStorage.getItem('evclub.accessToken')).toBeNull();
    expect(localStorage.getItem('evclub.refreshToken')).toBeNull();
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('reads nothing stored as absent', () => {
    expect(createTokenStore(localStorage).read()).toEqual({
      accessToken: null,
      refreshToken: null,
    });
  });

  it.each([
    ['an empty string', ''],
    ['the text undefined', 'undefined'],
    ['the text null', 'null'],
    ['inner whitespace', 'abc def'],
    ['a trailing newline', 'abc\n'],
    ['a leading space', ' abc'],
    ['more than 16 KB', 'x'.repeat(16_385)],
  ])('treats %s as absent', (_label, value) => {
    localStorage.setItem('evclub.accessToken', value);
    localStorage.setItem('evclub.refreshToken', value);
    expect(createTokenStore(localStorage).read()).toEqual({
      accessToken: null,
      refreshToken: null,
    });
  });

  it('accepts a large JWT (8,000 characters) and a token of exactly 16 KB', () => {
    expect(isUsableToken(`eyJ.${'x'.repeat(8000)}.sig`)).toBe(true);
    const token = 'x'.repeat(16_384);
    localStorage.setItem('evclub.accessToken', token);
    expect(createTokenStore(localStorage).read().accessToken).toBe(token);
  });

  it('reads each key on its own', () => {
    localStorage.setItem('evclub.accessToken', 'undefined');
    localStorage.setItem('evclub.refreshToken', 'ref.ok');
    expect(createTokenStore(localStorage).read()).toEqual({
      accessToken: null,
      refreshToken: 'ref.ok',
    });
  });

  it('a storage that throws on every access: tokens live in this tab only, and the store says so', () => {
    const storage = createSafeStorage(throwingStorage);
    const store = createTokenStore(storage);
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
    store.write({ accessToken: 'a', refreshToken: 'r' });
    expect(store.read()).toEqual({ accessToken: 'a', refreshToken: 'r' });
    expect(storage.isPersistent()).toBe(false);
    store.clear();
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('a storage that cannot even be opened (cookies blocked) works the same', () => {
    const store = createTokenStore(
      createSafeStorage(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    );
    store.write({ accessToken: 'a', refreshToken: 'r' });
    expect(store.read()).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('writing an unusable token removes that key instead of storing it', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    store.write({ accessToken: 'a2', refreshToken: '' });
    expect(localStorage.getItem('evclub.accessToken')).toBe('a2');
    expect(localStorage.getItem('evclub.refreshToken')).toBeNull();
  });

  it('a full storage: the new token is used in this tab, never the old one', () => {
    const values = new Map<string, string>([['evclub.accessToken', 'old']]);
    const full = {
      length: 0,
      key: () => null,
      getItem: (key: string) => values.get(key) ?? null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key: string) => {
        values.delete(key);
      },
      clear: () => values.clear(),
    } satisfies Storage;
    const store = createTokenStore(createSafeStorage(() => full));
    store.write({ accessToken: 'new', refreshToken: 'r' });
    expect(store.read()).toEqual({ accessToken: 'new', refreshToken: 'r' });
  });

  it('clear says why the session ended, for the tabs that follow it', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a1', refreshToken: 'r1' });
    store.clear({ reason: 'expired' });
    expect(store.endReason()).toBe('expired');
    store.write({ accessToken: 'a2', refreshToken: 'r2' });
    store.clear({ reason: 'deleted' });
    expect(store.endReason()).toBe('deleted');
    // Logout: nothing for /login to say.
    store.write({ accessToken: 'a3', refreshToken: 'r3' });
    store.clear();
    expect(store.endReason()).toBeNull();
    // A value this version does not know (another release's) says nothing either.
    localStorage.setItem(SESSION_END_KEY, 'banned');
    expect(store.endReason()).toBeNull();
  });

  it('clear with ifRefreshToken leaves tokens another tab stored since', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a2', refreshToken: 'r2' });
    store.clear({ ifRefreshToken: 'r1' });
    expect(store.read()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    store.clear({ ifRefreshToken: 'r2' });
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
  });
});

describe('hasTokensAfter (another tab changed the storage)', () => {
  const { accessToken, refreshToken } = TOKEN_KEYS;

  it("follows each event's own value, in order, whatever is stored by the time it arrives", () => {
    // A page restored from the back/forward cache: member X signed out, then Y signed in.
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'access-y', refreshToken: 'refresh-y' });
    const queued = [
      { key: accessToken, newValue: null },
      { key: refreshToken, newValue: null },
      { key: accessToken, newValue: 'access-y' },
      { key: refreshToken, newValue: 'refresh-y' },
    ];
    expect(queued.map((event) => hasTokensAfter(event, store))).toEqual([
      undefined,
      false,
      undefined,
      true,
    ]);
  });

  it('an access token alone counts while no refresh token is stored', () => {
    const store = createTokenStore(localStorage);
    store.clear();
    expect(hasTokensAfter({ key: accessToken, newValue: 'access-1' }, store)).toBe(true);
    expect(hasTokensAfter({ key: accessToken, newValue: null }, store)).toBe(false);
  });

  it('a cleared storage reads what is stored; other keys say nothing', () => {
    const store = createTokenStore(localStorage);
    store.clear();
    expect(hasTokensAfter({ key: null, newValue: null }, store)).toBe(false);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    expect(hasTokensAfter({ key: null, newValue: null }, store)).toBe(true);
    expect(hasTokensAfter({ key: 'i18nextLng', newValue: 'fr' }, store)).toBeUndefined();
  });

  it('a value no token can be, written by hand, is no sign-out: the server decides once it is used', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    for (const newValue of ['', 'not a token', 'null', 'x'.repeat(20_000)]) {
      expect(hasTokensAfter({ key: refreshToken, newValue }, store)).toBeUndefined();
    }
    store.clear();
    expect(hasTokensAfter({ key: accessToken, newValue: 'a b' }, store)).toBeUndefined();
  });
});
