import { vi } from 'vitest';
import { type Api, createApi } from '../../src/api/api.ts';
import { type AuthPort, createApiClient } from '../../src/api/client.ts';
import { createSingleFlightRefresh } from '../../src/api/single-flight-refresh.ts';
import { createTokenStore } from '../../src/api/tokens.ts';

/** Shared fixtures of the tests under tests/api/ (not a test file itself). */
export const BASE = 'http://api.test/api/';

export const url = (path: string) => `${BASE}${path}`;

export function userJson(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'u1',
    id: 'u1',
    firstName: 'Marie',
    lastName: 'Tremblay',
    email: 'marie@example.ca',
    phone: '+15145550123',
    language: 'fr',
    isBetaTester: false,
    billingAddress: {},
    ...overrides,
  };
}

export function tokensJson(token: string, refreshToken: string) {
  return { token, refreshToken, user: userJson() };
}

export function membershipJson(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'm1',
    id: 'm1',
    externalId: 'sub_123',
    validTo: '2026-05-01T00:00:00.000Z',
    cancelledAt: null,
    chargerOrderedAt: null,
    ...overrides,
  };
}

export const ERROR_ENVELOPE = (status: number, key: string) => ({
  statusCode: status,
  message: { message: key },
});

/**
 * The client wired as the app wires it before the session actor takes over:
 * tokens in localStorage, the single-flight refresher calling the real
 * refresh endpoint through the same client.
 */
export function createHarness(
  options: {
    accessToken?: string;
    refreshToken?: string;
    timeoutMs?: number;
    auth?: AuthPort;
  } = {},
) {
  if (options.accessToken) localStorage.setItem('evclub.accessToken', options.accessToken);
  if (options.refreshToken) localStorage.setItem('evclub.refreshToken', options.refreshToken);
  const tokens = createTokenStore(localStorage);
  const onRejected = vi.fn();
  const onRefreshed = vi.fn();
  let api: Api | undefined;
  const auth =
    options.auth ??
    createSingleFlightRefresh({
      tokens,
      refreshTokens: (refreshToken) => {
        if (!api) throw new Error('api not ready');
        return api.auth.refreshToken({ refreshToken });
      },
      onRejected,
      onRefreshed,
    });
  const client = createApiClient({
    baseUrl: BASE,
    tokens,
    auth,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  api = createApi(client);
  return { api, client, tokens, auth, onRejected, onRefreshed };
}
