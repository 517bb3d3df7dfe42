import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { isApiError } from '../../src/api/api-error.ts';
import { TOKEN_KEYS } from '../../src/api/tokens.ts';
import { createServices, REFRESH_LOCK_NAME } from '../../src/app/create-services.ts';
import type { AppConfig } from '../../src/app/env.ts';
import type { AppServices } from '../../src/app/services.tsx';
import { type CrossTabLock, createCrossTabLock } from '../../src/lib/cross-tab-lock.ts';
import { createSafeStorage, type SafeStorage } from '../../src/lib/safe-storage.ts';
import { membershipJson, userJson } from '../support/api.kit.ts';
import { createTestI18n } from '../support/i18n.ts';
import { fakeLockManager } from '../support/locks.kit.ts';

const BASE = 'http://api.test/api/';
const url = (path: string) => `${BASE}${path}`;

const CONFIG: AppConfig = {
  apiUrl: BASE,
  storeUrl: 'https://store.example.ca',
  supportUrl: 'https://help.example.ca',
  inspect: false,
};

const USER = userJson();

/** The tokens this tab keeps in localStorage (null: none). */
function expectStoredTokens(access: string | null, refresh: string | null) {
  expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBe(access);
  expect(localStorage.getItem(TOKEN_KEYS.refreshToken)).toBe(refresh);
}
const MEMBERSHIP = membershipJson({ validTo: '2099-05-01T00:00:00.000Z' });

const unauthorized = () =>
  HttpResponse.json(
    { statusCode: 401, message: { message: 'server.unauthorized' } },
    { status: 401 },
  );

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const started: AppServices[] = [];
const storageListeners: EventListenerOrEventListenerObject[] = [];
afterEach(() => {
  // Stop this test's actors and their 'storage' listener so nothing leaks into the next test.
  for (const services of started.splice(0)) {
    services.session.stop();
    services.membership.current()?.stop();
  }
  for (const listener of storageListeners.splice(0)) {
    window.removeEventListener('storage', listener);
  }
});

const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

function build({
  storage = createSafeStorage(() => localStorage),
  refreshLock,
}: {
  storage?: SafeStorage;
  refreshLock?: CrossTabLock;
} = {}) {
  const addEventListener = vi.spyOn(window, 'addEventListener');
  const { services } = createServices({
    config: CONFIG,
    i18n: createTestI18n('en'),
    storage,
    logger,
    ...(refreshLock ? { refreshLock } : {}),
  });
  for (const [type, listener] of addEventListener.mock.calls) {
    if (type === 'storage' && listener) storageListeners.push(listener);
  }
  addEventListener.mockRestore();
  started.push(services);
  return { services };
}

/**
 * The server: `valid` is the only access token it accepts; the refresh
 * endpoint counts its calls and answers with `refresh()` after a short delay
 * (so the 401s of all concurrent calls arrive while it is in flight).
 */
function api({
  valid,
  refresh,
  openProfile = false,
}: {
  valid: () => string;
  refresh: (body: unknown) => Response | Promise<Response>;
  /** The profile answers whatever the token (to keep the user loaded). */
  openProfile?: boolean;
}) {
  const seen = {
    refreshBodies: [] as unknown[],
    memberships: 0,
    profile: 0,
    headers: [] as Headers[],
  };
  const authorized = (request: Request) => {
    seen.headers.push(request.headers);
    return request.headers.get('authorization') === `Bearer ${valid()}`;
  };
  server.use(
    http.get(url('client/auth/profile'), ({ request }) => {
      seen.profile += 1;
      return authorized(request) || openProfile ? HttpResponse.json(USER) : unauthorized();
    }),
    http.get(url('club/memberships'), ({ request }) => {
      seen.memberships += 1;
      return authorized(request) ? HttpResponse.json(MEMBERSHIP) : unauthorized();
    }),
    http.post(url('client/auth/refresh-token'), async ({ request }) => {
      const body = await request.json();
      seen.refreshBodies.push(body);
      await delay(30);
      return refresh(body);
    }),
    http.post(url('client/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  );
  return seen;
}

function storeTokens(accessToken: string, refreshToken: string) {
  localStorage.setItem(TOKEN_KEYS.accessToken, accessToken);
  localStorage.setItem(TOKEN_KEYS.refreshToken, refreshToken);
}

describe('createServices: the HTTP client and the session actor together', () => {
  it('10 concurrent calls that get 401 make exactly one refresh call through the session, then all succeed', async () => {
    storeTokens('expired-access', 'refresh-1');
    const seen = api({
      valid: () => 'fresh-access',
      refresh: () =>
        HttpResponse.json({ token: 'fresh-access', refreshToken: 'refresh-2', user: USER }),
    });
    const { services } = build();

    const results = await Promise.all(
      Array.from({ length: 10 }, () => services.api.memberships.get()),
    );

    expect(results).toHaveLength(10);
    for (const result of results) expect(result).toEqual(MEMBERSHIP);
    expect(seen.refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    // The refresh ran in the session actor (the one shared attempt).
    const session = await waitFor(services.session, (s) =>
      s.matches({ authenticated: { user: 'ready' } }),
    );
    expect(session.context.refreshCount).toBe(1);
    expect(session.context.refreshOutcome).toBe('refreshed');
    expect(session.context.user.email).toBe('marie@example.ca');
    expectStoredTokens('fresh-access', 'refresh-2');
  });

  it('a refused refresh (401) signs the session out and clears the tokens (the guards then show /login)', async () => {
    storeTokens('expired-access', 'revoked-refresh');
    const seen = api({ valid: () => 'never', refresh: unauthorized });
    const { services } = build();

    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 }, () => services.api.memberships.get()),
    );
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      // The caller gets its original 401.
      expect(isApiError(reason) && reason.status).toBe(401);
    }
    const session = await waitFor(services.session, (s) => s.matches('signedOut'));
    expect(session.context.refreshOutcome).toBe('rejected');
    expect(seen.refreshBodies).toHaveLength(1);
    expectStoredTokens(null, null);
    expect(session.context.signOutReason).toBe('expired');
  });

  it('a refresh that fails on the network keeps the session and the tokens; the caller hears of the network', async () => {
    storeTokens('expired-access', 'refresh-1');
    api({ valid: () => 'never', refresh: () => HttpResponse.error(), openProfile: true });
    const { services } = build();
    await waitFor(services.session, (s) => s.matches({ authenticated: { user: 'ready' } }));

    await expect(services.api.memberships.get()).rejects.toMatchObject({
      kind: 'network',
      key: 'errors.network',
    });
    const snap = services.session.getSnapshot();
    expect(snap.matches({ authenticated: { user: 'ready' } })).toBe(true);
    expect(snap.context.refreshOutcome).toBe('failed');
    expectStoredTokens('expired-access', 'refresh-1');
  });

  it('sends X-App-Version 1.0.0, X-App-Name ev-club-web and the stored bearer token', async () => {
    storeTokens('good-access', 'refresh-1');
    const seen = api({ valid: () => 'good-access', refresh: unauthorized });
    const { services } = build();

    await expect(services.api.memberships.get()).resolves.toEqual(MEMBERSHIP);
    await waitFor(services.session, (s) => s.matches({ authenticated: { user: 'ready' } }));
    expect(seen.headers.length).toBeGreaterThanOrEqual(2);
    for (const headers of seen.headers) {
      expect(headers.get('x-app-version')).toBe('1.0.0');
      expect(headers.get('x-app-name')).toBe('ev-club-web');
      expect(headers.get('authorization')).toBe('Bearer good-access');
    }
    expect(seen.refreshBodies).toHaveLength(0);
  });

  it('restores a stored session: loads the profile and the membership', async () => {
    storeTokens('good-access', 'refresh-1');
    const seen = api({ valid: () => 'good-access', refresh: unauthorized });
    const { services } = build();

    const session = await waitFor(services.session, (s) => s.hasTag('settled'));
    expect(session.matches({ authenticated: { user: 'ready' } })).toBe(true);
    expect(session.context.user.firstName).toBe('Marie');
    const membership = await waitFor(await services.membership.load(), (s) => s.matches('loaded'));
    expect(membership.context.record).toEqual(MEMBERSHIP);
    expect(seen.profile).toBe(1);
  });

  it('without stored tokens settles signed out, calls nothing and never creates the membership', async () => {
    const seen = api({ valid: () => 'never', refresh: unauthorized });
    const { services } = build();
    expect(services.session.getSnapshot().matches('signedOut')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.profile).toBe(0);
    expect(seen.memberships).toBe(0);
    // A visitor's /login does not download the membership statechart.
    expect(services.membership.current()).toBeNull();
  });

  it('follows another tab: tokens removed there sign this tab out', async () => {
    storeTokens('good-access', 'refresh-1');
    api({ valid: () => 'good-access', refresh: unauthorized });
    const { services } = build();
    await waitFor(services.session, (s) => s.matches({ authenticated: { user: 'ready' } }));

    localStorage.removeItem(TOKEN_KEYS.accessToken);
    localStorage.removeItem(TOKEN_KEYS.refreshToken);
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEYS.accessToken }));

    expect(services.session.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('sign-out clears both tokens and tells the server', async () => {
    storeTokens('good-access', 'refresh-1');
    let loggedOut = 0;
    let bearer: string | null = null;
    api({ valid: () => 'good-access', refresh: unauthorized });
    server.use(
      http.post(url('client/auth/logout'), ({ request }) => {
        loggedOut += 1;
        bearer = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { services } = build();
    await waitFor(services.session, (s) => s.matches({ authenticated: { user: 'ready' } }));

    services.session.send({ type: 'session.signOut' });
    expectStoredTokens(null, null);
    expect(services.session.getSnapshot().matches('signedOut')).toBe(true);
    await vi.waitFor(() => expect(loggedOut).toBe(1));
    // The token was taken before it was cleared.
    expect(bearer).toBe('Bearer good-access');
  });
});

describe('sign-out ends the session on the server too', () => {
  /** Logout answers 401 to any bearer but `accepted`; records the bearers it saw. */
  function logoutAccepting(accepted: string, answer = unauthorized) {
    const bearers: (string | null)[] = [];
    server.use(
      http.post(url('client/auth/logout'), ({ request }) => {
        bearers.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === `Bearer ${accepted}`
          ? new HttpResponse(null, { status: 204 })
          : answer();
      }),
    );
    return bearers;
  }

  async function signedIn(refresh: (body: unknown) => Response) {
    storeTokens('good-access', 'refresh-1');
    const seen = api({ valid: () => 'good-access', refresh });
    const { services } = build();
    await waitFor(services.session, (s) => s.matches({ authenticated: { user: 'ready' } }));
    return { seen, services };
  }

  it('an access token the server no longer takes: the refresh token gets a fresh pair, never stored, to log out with', async () => {
    const { seen, services } = await signedIn(() =>
      HttpResponse.json({ token: 'access-2', refreshToken: 'refresh-2', user: USER }),
    );
    // The member was idle: the server now refuses the access token.
    const bearers = logoutAccepting('access-2');

    services.session.send({ type: 'session.signOut' });

    expect(services.session.getSnapshot().matches('signedOut')).toBe(true);
    await vi.waitFor(() => expect(bearers).toEqual(['Bearer good-access', 'Bearer access-2']));
    expect(seen.refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expectStoredTokens(null, null);
    expect(services.session.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a logout that fails otherwise (a 5xx) is not followed by a refresh', async () => {
    const { seen, services } = await signedIn(() =>
      HttpResponse.json({ token: 'access-2', refreshToken: 'refresh-2', user: USER }),
    );
    const bearers = logoutAccepting('nobody', () => new HttpResponse('down', { status: 503 }));

    services.session.send({ type: 'session.signOut' });

    await vi.waitFor(() => expect(bearers).toEqual(['Bearer good-access']));
    await delay(60);
    expect(seen.refreshBodies).toEqual([]);
    expectStoredTokens(null, null);
  });
});

describe('two tabs, one storage: the refresh is shared across tabs', () => {
  /**
   * The server rotates refresh tokens: each one works once. Both tabs' access
   * tokens have expired and both are reopened at once.
   */
  function rotatingServer() {
    let generation = 1;
    const refreshBodies: unknown[] = [];
    server.use(
      http.get(url('client/auth/profile'), ({ request }) =>
        request.headers.get('authorization') === `Bearer access-${generation}`
          ? HttpResponse.json(USER)
          : unauthorized(),
      ),
      http.get(url('club/memberships'), ({ request }) =>
        request.headers.get('authorization') === `Bearer access-${generation}`
          ? HttpResponse.json(MEMBERSHIP)
          : unauthorized(),
      ),
      http.post(url('client/auth/refresh-token'), async ({ request }) => {
        const body = (await request.json()) as { refreshToken: string };
        refreshBodies.push(body);
        await delay(40);
        if (body.refreshToken !== `refresh-${generation}`) return unauthorized();
        generation += 1;
        return HttpResponse.json({
          token: `access-${generation}`,
          refreshToken: `refresh-${generation}`,
          user: USER,
        });
      }),
    );
    return { refreshBodies, generation: () => generation };
  }

  it.each([
    ['Web Locks', () => fakeLockManager()],
    ['the storage lease (no Web Locks)', () => null],
  ])(
    'with %s: one refresh call, both tabs signed in, the rotated tokens kept',
    async (_case, locks) => {
      storeTokens('access-0', 'refresh-1');
      const seen = rotatingServer();
      const shared = locks();
      const tab = () => {
        const storage = createSafeStorage(() => localStorage);
        return build({
          storage,
          refreshLock: createCrossTabLock({ name: REFRESH_LOCK_NAME, storage, locks: shared }),
        });
      };
      const first = tab();
      const second = tab();

      const [a, b] = await Promise.all([
        waitFor(first.services.session, (s) => s.hasTag('settled')),
        waitFor(second.services.session, (s) => s.hasTag('settled')),
      ]);

      expect(a.matches({ authenticated: { user: 'ready' } })).toBe(true);
      expect(b.matches({ authenticated: { user: 'ready' } })).toBe(true);
      expect(seen.refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
      expectStoredTokens('access-2', 'refresh-2');
      await expect(second.services.api.memberships.get()).resolves.toEqual(MEMBERSHIP);
    },
  );

  it('a refusal clears nothing when another tab has stored newer tokens meanwhile', async () => {
    storeTokens('access-0', 'refresh-old');
    server.use(
      http.get(url('client/auth/profile'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer access-9'
          ? HttpResponse.json(USER)
          : unauthorized(),
      ),
      http.get(url('club/memberships'), () => HttpResponse.json(MEMBERSHIP)),
      http.post(url('client/auth/refresh-token'), async () => {
        // While this call is on the wire, the member signs in again in another tab.
        storeTokens('access-9', 'refresh-9');
        return unauthorized();
      }),
    );
    const { services } = build();
    const settled = await waitFor(services.session, (s) => s.hasTag('settled'));
    expect(settled.matches({ authenticated: { user: 'ready' } })).toBe(true);
    expect(localStorage.getItem(TOKEN_KEYS.refreshToken)).toBe('refresh-9');
  });
});

describe('faults at start-up never sign a member out', () => {
  it('a profile answer that is not JSON, twice, then the user: retried, still signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      storeTokens('good-access', 'refresh-1');
      let calls = 0;
      api({ valid: () => 'good-access', refresh: unauthorized });
      server.use(
        http.get(url('client/auth/profile'), () => {
          calls += 1;
          return calls < 3 ? HttpResponse.text('<html>oops</html>') : HttpResponse.json(USER);
        }),
      );
      const { services } = build();
      await vi.advanceTimersByTimeAsync(5_000);
      const session = await waitFor(services.session, (s) => s.hasTag('settled'));
      expect(session.matches({ authenticated: { user: 'ready' } })).toBe(true);
      expect(calls).toBe(3);
      expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBe('good-access');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server that stays down: the unreachable state, tokens kept; Try again signs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      storeTokens('good-access', 'refresh-1');
      let down = true;
      api({ valid: () => 'good-access', refresh: unauthorized });
      server.use(
        http.get(url('client/auth/profile'), () =>
          down ? HttpResponse.error() : HttpResponse.json(USER),
        ),
      );
      const { services } = build();
      await vi.advanceTimersByTimeAsync(10_000);
      const unreachable = await waitFor(services.session, (s) =>
        s.matches({ authenticated: { user: 'unreachable' } }),
      );
      expect(unreachable.context.loadErrorKey).toBe('errors.network');
      expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBe('good-access');
      down = false;
      services.session.send({ type: 'session.retry' });
      const ready = await waitFor(services.session, (s) => s.hasTag('settled'));
      expect(ready.matches({ authenticated: { user: 'ready' } })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 403 on the profile after a successful refresh signs out, reason expired', async () => {
    storeTokens('expired-access', 'refresh-1');
    server.use(
      http.get(url('client/auth/profile'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh-access'
          ? HttpResponse.json(
              { statusCode: 403, message: { message: 'server.accessDenied' } },
              { status: 403 },
            )
          : unauthorized(),
      ),
      http.post(url('client/auth/refresh-token'), () =>
        HttpResponse.json({ token: 'fresh-access', refreshToken: 'refresh-2', user: USER }),
      ),
    );
    const { services } = build();
    const session = await waitFor(services.session, (s) => s.hasTag('settled'));
    expect(session.matches('signedOut')).toBe(true);
    expect(session.context.signOutReason).toBe('expired');
    expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBeNull();
  });

  it('storage the browser blocks: sign-in works in this tab and the storage says it is not persistent', async () => {
    server.use(
      http.post(url('client/auth/login'), () =>
        HttpResponse.json({ token: 'mem-access', refreshToken: 'mem-refresh', user: USER }),
      ),
      http.get(url('club/memberships'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer mem-access'
          ? HttpResponse.json(MEMBERSHIP)
          : unauthorized(),
      ),
    );
    const blocked = createSafeStorage(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { services } = build({ storage: blocked });
    expect(services.storage.isPersistent()).toBe(false);
    services.session.send({ type: 'login.change', field: 'emailOrPhone', value: USER.email });
    services.session.send({ type: 'login.change', field: 'password', value: 'correct-horse' });
    services.session.send({ type: 'login.submit' });
    const session = await waitFor(services.session, (s) => s.matches({ authenticated: 'user' }));
    expect(session.context.user.email).toBe(USER.email);
    await expect(services.api.memberships.get()).resolves.toEqual(MEMBERSHIP);
    expect(localStorage.getItem(TOKEN_KEYS.accessToken)).toBeNull();
  });
});
