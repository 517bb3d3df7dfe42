import { describe, expect, it, vi } from 'vitest';
import type { Tokens } from '../../machines/shared/domain.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { createSingleFlightRefresh } from '../../src/api/single-flight-refresh.ts';
import { createTokenStore } from '../../src/api/tokens.ts';
import { userJson } from './api-test-kit.ts';

const fresh: Tokens = {
  token: 'access-new',
  refreshToken: 'refresh-new',
  user: { ...userJson(), language: 'fr', billingAddress: {} },
};

function setup(refreshTokens: (refreshToken: string) => Promise<Tokens>, stored = true) {
  const tokens = createTokenStore(localStorage);
  if (stored) tokens.write({ accessToken: 'access-old', refreshToken: 'refresh-old' });
  const onRejected = vi.fn();
  const onRefreshed = vi.fn();
  const refresh = vi.fn(refreshTokens);
  const port = createSingleFlightRefresh({
    tokens,
    refreshTokens: refresh,
    onRejected,
    onRefreshed,
  });
  return { port, tokens, onRejected, onRefreshed, refresh };
}

describe('single-flight refresh', () => {
  it('stores the new tokens and reports them', async () => {
    const { port, tokens, refresh, onRefreshed } = setup(async () => fresh);
    await expect(port.refresh()).resolves.toBe('refreshed');
    expect(refresh).toHaveBeenCalledWith('refresh-old');
    expect(tokens.read()).toEqual({ accessToken: 'access-new', refreshToken: 'refresh-new' });
    expect(onRefreshed).toHaveBeenCalledWith(fresh);
  });

  it('shares one call between concurrent callers, and starts a new one afterwards', async () => {
    let release: (tokens: Tokens) => void = () => {};
    const { port, refresh } = setup(
      () =>
        new Promise<Tokens>((resolve) => {
          release = resolve;
        }),
    );
    const outcomes = Promise.all([port.refresh(), port.refresh(), port.refresh()]);
    release(fresh);
    await expect(outcomes).resolves.toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(refresh).toHaveBeenCalledTimes(1);

    const next = port.refresh();
    release(fresh);
    await expect(next).resolves.toBe('refreshed');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('with no refresh token: rejected without calling the server', async () => {
    const { port, refresh, onRejected } = setup(async () => fresh, false);
    await expect(port.refresh()).resolves.toBe('rejected');
    expect(refresh).not.toHaveBeenCalled();
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('with an access token but no refresh token: rejected, and the session is told', async () => {
    localStorage.setItem('evclub.accessToken', 'access-only');
    const { port, onRejected } = setup(async () => fresh, false);
    await expect(port.refresh()).resolves.toBe('rejected');
    expect(onRejected).toHaveBeenCalledTimes(1);
  });

  it('a 4xx from the refresh call: onRejected, rejected, and it clears nothing itself', async () => {
    const { port, tokens, onRejected } = setup(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 401, key: 'server.accessDenied' })),
    );
    await expect(port.refresh()).resolves.toBe('rejected');
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(tokens.read()).toEqual({ accessToken: 'access-old', refreshToken: 'refresh-old' });
  });

  it.each([
    ['a network error', new ApiError({ kind: 'network', key: 'errors.network' })],
    ['a time-out', new ApiError({ kind: 'timeout', key: 'errors.timeout' })],
    ['a 500', new ApiError({ kind: 'http', status: 500, key: 'errors.unknown' })],
    ['a 429', new ApiError({ kind: 'http', status: 429, key: 'errors.unknown' })],
    ['an unreadable body', new ApiError({ kind: 'parse', key: 'errors.unknown' })],
    ['something else', new Error('boom')],
  ])('%s: failed, the session is kept', async (_label, error) => {
    const { port, tokens, onRejected } = setup(() => Promise.reject(error));
    await expect(port.refresh()).resolves.toBe('failed');
    expect(onRejected).not.toHaveBeenCalled();
    expect(tokens.read().refreshToken).toBe('refresh-old');
  });
});
