import { describe, expect, it } from 'vitest';
import { createTokenStore, TOKEN_KEYS } from '../../src/api/tokens.ts';

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
    ['more than 4096 characters', 'x'.repeat(4097)],
  ])('treats %s as absent', (_label, value) => {
    localStorage.setItem('evclub.accessToken', value);
    localStorage.setItem('evclub.refreshToken', value);
    expect(createTokenStore(localStorage).read()).toEqual({
      accessToken: null,
      refreshToken: null,
    });
  });

  it('accepts a token of exactly 4096 characters', () => {
    const token = 'x'.repeat(4096);
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

  it('a storage that throws reads as empty and never throws on write or clear', () => {
    const store = createTokenStore(throwingStorage());
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
    expect(() => store.write({ accessToken: 'a', refreshToken: 'r' })).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });

  it('with no storage at all everything reads as absent', () => {
    const store = createTokenStore(null);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    expect(store.read()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('writing an unusable token removes that key instead of storing it', () => {
    const store = createTokenStore(localStorage);
    store.write({ accessToken: 'a', refreshToken: 'r' });
    store.write({ accessToken: 'a2', refreshToken: '' });
    expect(localStorage.getItem('evclub.accessToken')).toBe('a2');
    expect(localStorage.getItem('evclub.refreshToken')).toBeNull();
  });

  it('a full storage does not leave the old token behind', () => {
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
    const store = createTokenStore(full);
    store.write({ accessToken: 'new', refreshToken: 'r' });
    expect(store.read().accessToken).toBeNull();
  });
});
