import { describe, expect, it, vi } from 'vitest';
import type { Tokens } from '../../machines/shared/domain.ts';
import { createTokenRefresh, RefreshFailed } from '../../src/api/token-refresh.ts';
import { createTokenStore } from '../../src/api/tokens.ts';
import type { CrossTabLock } from '../../src/lib/cross-tab-lock.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { MARIE } from '../support/fixtures.ts';

const fresh = (n: number): Tokens => ({
  token: `access-${n}`,
  refreshToken: `refresh-${n}`,
  user: MARIE,
});

/** A lock that reports `waited` as the test says (the other holder is simulated by the test). */
const lockThatWaited = (waited: boolean): CrossTabLock => ({ run: (task) => task({ waited }) });

function setup() {
  const tokens = createTokenStore(createSafeStorage(() => localStorage));
  tokens.write({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return tokens;
}

describe('the refresh that ships (under the cross-tab lock)', () => {
  it('refreshes with the stored token and stores the new ones before the lock is released', async () => {
    const tokens = setup();
    let storedInsideLock: string | null = null;
    const lock: CrossTabLock = {
      run: async (task) => {
        const result = await task({ waited: false });
        storedInsideLock = tokens.read().refreshToken;
        return result;
      },
    };
    const refreshCall = vi.fn(async () => fresh(2));
    const revoke = vi.fn();
    const result = await createTokenRefresh({ tokens, lock, refreshCall, revoke })();
    expect(refreshCall).toHaveBeenCalledWith({ refreshToken: 'refresh-1' });
    expect(revoke).not.toHaveBeenCalled();
    expect(result).toEqual({ kind: 'refreshed', tokens: fresh(2) });
    expect(storedInsideLock).toBe('refresh-2');
  });

  it('after waiting for the lock, tokens another tab stored meanwhile are adopted without a call', async () => {
    const tokens = setup();
    const refreshCall = vi.fn(async () => fresh(9));
    const waitForStoredChange = vi.fn(async () => {
      // The other tab's write arrives while this tab gives it a moment.
      tokens.write({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    });
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(true),
      refreshCall,
      waitForStoredChange,
    });
    await expect(refresh()).resolves.toEqual({ kind: 'rotatedElsewhere' });
    expect(waitForStoredChange).toHaveBeenCalledTimes(1);
    expect(refreshCall).not.toHaveBeenCalled();
  });

  it('without waiting for the lock, no pause: the refresh goes out at once', async () => {
    const tokens = setup();
    const waitForStoredChange = vi.fn(async () => {});
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: async () => fresh(2),
      waitForStoredChange,
    });
    await refresh();
    expect(waitForStoredChange).not.toHaveBeenCalled();
  });

  it('a refusal names the refused token; a refusal after another tab stored newer tokens adopts them', async () => {
    const tokens = setup();
    const refused = Object.assign(new Error('401'), { status: 401, key: 'server.unauthorized' });
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: () => Promise.reject(refused),
    });
    const failure = await refresh().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RefreshFailed);
    expect(failure).toMatchObject({ error: refused, refusedRefreshToken: 'refresh-1' });

    const racing = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: async () => {
        tokens.write({ accessToken: 'access-7', refreshToken: 'refresh-7' });
        throw refused;
      },
    });
    await expect(racing()).resolves.toEqual({ kind: 'rotatedElsewhere' });
  });

  it('a sign-out while the call runs wins: the new tokens are not stored but revoked', async () => {
    const tokens = setup();
    const revoke = vi.fn();
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: async () => {
        tokens.clear(); // Logout, in this tab or another, while the answer is on its way.
        return fresh(2);
      },
      revoke,
    });
    await expect(refresh()).rejects.toMatchObject({ refusedRefreshToken: null });
    expect(tokens.read()).toEqual({ accessToken: null, refreshToken: null });
    expect(revoke).toHaveBeenCalledWith(fresh(2));
  });

  it('a new sign-in while the call runs keeps its tokens; the refreshed ones are revoked', async () => {
    const tokens = setup();
    const revoke = vi.fn();
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: async () => {
        tokens.clear();
        tokens.write({ accessToken: 'access-other', refreshToken: 'refresh-other' });
        return fresh(2);
      },
      revoke,
    });
    await expect(refresh()).resolves.toEqual({ kind: 'rotatedElsewhere' });
    expect(tokens.read()).toEqual({ accessToken: 'access-other', refreshToken: 'refresh-other' });
    expect(revoke).toHaveBeenCalledWith(fresh(2));
  });

  it('with no refresh token stored there is nothing to refresh: refused, nothing to compare', async () => {
    const tokens = createTokenStore(createSafeStorage(() => localStorage));
    tokens.write({ accessToken: 'access-1', refreshToken: '' });
    const refresh = createTokenRefresh({
      tokens,
      lock: lockThatWaited(false),
      refreshCall: vi.fn(),
    });
    await expect(refresh()).rejects.toMatchObject({
      refusedRefreshToken: null,
      error: { status: 401 },
    });
  });
});
