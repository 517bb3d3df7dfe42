import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import type { Membership } from '../../machines/shared/domain.ts';
import { type Api, createApi } from '../../src/api/api.ts';
import { type ApiClient, type AuthPort, createApiClient } from '../../src/api/client.ts';
import { createTokenStore, type TokenStore } from '../../src/api/tokens.ts';
import { createServices } from '../../src/app/create-services.ts';
import type { AppServices, SessionActor } from '../../src/app/services.tsx';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { MARIE } from './fixtures.ts';
import { createTestI18n } from './i18n.ts';

/** Shared fixtures of the tests under tests/api/ (not a test file itself). */
export const BASE = 'http://api.test/api/';

export const url = (path: string) => `${BASE}${path}`;

/** The User JSON the API answers for Marie (tests/support/fixtures.ts), in French. */
export function userJson(overrides: Record<string, unknown> = {}) {
  return { ...MARIE, language: 'fr', ...overrides };
}

export function tokensJson(token: string, refreshToken: string) {
  return { token, refreshToken, user: userJson() };
}

/** A Membership JSON (active until 2026-05-01 unless `overrides` say otherwise). */
export function membershipJson(overrides: Partial<Membership> & Record<string, unknown> = {}) {
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
 * The server answers the session's own start-up calls (profile, membership,
 * logout) for any token, so a test only adds the endpoints it is about.
 * Pass these to setupServer().
 */
export const sessionHandlers = [
  http.get(url('client/auth/profile'), () => HttpResponse.json(userJson())),
  http.get(url('club/memberships'), () =>
    HttpResponse.json(ERROR_ENVELOPE(404, 'server.notFound'), { status: 404 }),
  ),
  http.post(url('client/auth/logout'), () => new HttpResponse(null, { status: 204 })),
];

const started: AppServices[] = [];

/** Stops the actors of every harness made so far (call in afterEach). */
export function stopHarnesses(): void {
  for (const services of started.splice(0)) {
    services.session.stop();
    services.membership.current()?.stop();
  }
}

/**
 * The client as the app ships it: built by createServices, with its 401 flow
 * going through the real session actor, the cross-tab refresh and the tokens
 * in localStorage. With `auth`, a bare client on that port instead (for tests
 * of the client's side of the port contract).
 */
interface HarnessOptions {
  accessToken?: string;
  refreshToken?: string;
  timeoutMs?: number;
}

export function createHarness(options: HarnessOptions & { auth: AuthPort }): {
  api: Api;
  client: ApiClient;
  tokens: TokenStore;
};
export function createHarness(options?: HarnessOptions): {
  api: Api;
  client: ApiClient;
  tokens: TokenStore;
  session: SessionActor;
};
export function createHarness(options: HarnessOptions & { auth?: AuthPort } = {}) {
  if (options.accessToken) localStorage.setItem('evclub.accessToken', options.accessToken);
  if (options.refreshToken) localStorage.setItem('evclub.refreshToken', options.refreshToken);
  const storage = createSafeStorage(() => localStorage);
  const tokens = createTokenStore(storage);
  if (options.auth) {
    const client = createApiClient({
      baseUrl: BASE,
      tokens,
      auth: options.auth,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    return { api: createApi(client), client, tokens };
  }
  const { services, client } = createServices({
    i18n: createTestI18n('en'),
    config: { apiUrl: BASE, storeUrl: BASE, supportUrl: BASE, inspect: false },
    storage,
    logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() },
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  started.push(services);
  return { api: services.api, client, tokens, session: services.session };
}
