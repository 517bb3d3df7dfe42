import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import { ApiError, isApiError } from '../../src/api/api-error.ts';
import type { AuthPort } from '../../src/api/client.ts';
import {
  createHarness,
  ERROR_ENVELOPE,
  sessionHandlers,
  stopHarnesses,
  tokensJson,
  url,
} from '../support/api.kit.ts';

const server = setupServer(...sessionHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stopHarnesses();
});
afterAll(() => server.close());

const Echo = v.object({ ok: v.literal(true) });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(isApiError(error)).toBe(true);
  return error as ApiError;
}

/** An endpoint that wants `Bearer <valid>` and answers 401 otherwise; counts calls and tokens seen. */
function protectedEndpoint(path: string, valid: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(url(path), ({ request }) => {
      const authorization = request.headers.get('authorization');
      seen.push(authorization);
      if (authorization === `Bearer ${valid}`) return HttpResponse.json({ ok: true });
      return HttpResponse.json(ERROR_ENVELOPE(401, 'server.accessDenied'), { status: 401 });
    }),
  );
  return seen;
}

function refreshEndpoint(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(url('client/auth/refresh-token'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('headers', () => {
  it('sends the app headers and a JSON content type, and no Authorization without a token', async () => {
    let headers: Headers | undefined;
    let body: unknown;
    server.use(
      http.post(url('client/auth/resend-otp'), async ({ request }) => {
        headers = request.headers;
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { api } = createHarness();

    await api.auth.resendOtp({ email: 'marie@example.ca' });

    expect(headers?.get('x-app-version')).toBe('1.0.0');
    expect(headers?.get('x-app-name')).toBe('ev-club-web');
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.has('authorization')).toBe(false);
    expect(body).toEqual({ email: 'marie@example.ca' });
  });

  it('sends the stored access token as a bearer token', async () => {
    const seen = protectedEndpoint('club/thing', 'access-1');
    const { client } = createHarness({ accessToken: 'access-1', refreshToken: 'refresh-1' });

    await expect(client.get('club/thing', { schema: Echo })).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer access-1']);
  });

  it('reads the token at send time, not when the client was made', async () => {
    const seen = protectedEndpoint('club/thing', 'later');
    const { client, tokens } = createHarness();
    tokens.write({ accessToken: 'later', refreshToken: 'r' });

    await client.get('club/thing', { schema: Echo });
    expect(seen).toEqual(['Bearer later']);
  });

  it('asks the browser never to use or keep a cached answer, for reads and writes', async () => {
    const modes: string[] = [];
    server.use(
      http.get(url('client/auth/profile'), ({ request }) => {
        modes.push(request.cache);
        return HttpResponse.json({ ok: true }, { headers: { 'Cache-Control': 'max-age=600' } });
      }),
      http.post(url('client/auth/resend-otp'), ({ request }) => {
        modes.push(request.cache);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { api, client } = createHarness();

    await client.get('client/auth/profile', { schema: Echo });
    await api.auth.resendOtp({ email: 'marie@example.ca' });

    expect(modes).toEqual(['no-store', 'no-store']);
  });

  it('resolves paths against the base even with a leading slash', async () => {
    server.use(http.get(url('client/auth/profile'), () => HttpResponse.json({ ok: true })));
    const { client } = createHarness();
    await expect(client.get('/client/auth/profile', { schema: Echo })).resolves.toEqual({
      ok: true,
    });
  });
});

describe('the 401 flow', () => {
  it('10 concurrent 401s share exactly one refresh and all 10 calls succeed with the new token', async () => {
    const seen = protectedEndpoint('club/thing', 'access-new');
    const refreshes = refreshEndpoint(async () => {
      await delay(30);
      return HttpResponse.json(tokensJson('access-new', 'refresh-new'));
    });
    const { client, tokens, session } = createHarness({
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
    });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.get('club/thing', { schema: Echo })),
    );

    expect(results).toEqual(Array.from({ length: 10 }, () => ({ ok: true })));
    expect(refreshes).toEqual([{ refreshToken: 'refresh-old' }]);
    expect(seen.filter((h) => h === 'Bearer access-old')).toHaveLength(10);
    expect(seen.filter((h) => h === 'Bearer access-new')).toHaveLength(10);
    expect(tokens.read()).toEqual({ accessToken: 'access-new', refreshToken: 'refresh-new' });
    expect(isSignedIn(session.getSnapshot())).toBe(true);
  });

  it('a 401 that arrives after another call already refreshed retries with the new token, without a second refresh', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('club/slow'), async ({ request }) => {
        const authorization = request.headers.get('authorization');
        seen.push(authorization);
        if (authorization === 'Bearer access-new') return HttpResponse.json({ ok: true });
        await delay(150);
        return HttpResponse.json(ERROR_ENVELOPE(401, 'server.accessDenied'), { status: 401 });
      }),
    );
    protectedEndpoint('club/fast', 'access-new');
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json(tokensJson('access-new', 'refresh-new')),
    );
    const { client } = createHarness({ accessToken: 'access-old', refreshToken: 'refresh-old' });

    const [slow, fast] = await Promise.all([
      client.get('club/slow', { schema: Echo }),
      client.get('club/fast', { schema: Echo }),
    ]);

    expect([slow, fast]).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshes).toHaveLength(1);
    expect(seen).toEqual(['Bearer access-old', 'Bearer access-new']);
  });

  it('a 401 of a call whose session another tab ended meanwhile is never sent again with the next member’s token', async () => {
    const seen: { authorization: string | null; body: unknown }[] = [];
    let answer: () => void = () => {};
    server.use(
      http.put(url('client/auth/profile'), async ({ request }) => {
        seen.push({
          authorization: request.headers.get('authorization'),
          body: await request.json(),
        });
        // Anne's answer waits (a tab the browser froze) until the other tab has acted.
        if (seen.length === 1) await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(ERROR_ENVELOPE(401, 'server.accessDenied'), { status: 401 });
      }),
    );
    const refreshes = refreshEndpoint(() => HttpResponse.json(tokensJson('x', 'y')));
    const { client } = createHarness({
      accessToken: 'access-anne',
      refreshToken: 'refresh-anne',
      auth: { refresh: async () => 'refreshed' },
    });

    const save = client.put('client/auth/profile', { json: { firstName: 'Anne' } });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    // Another tab: Anne signs out, Bruno signs in; this tab hears both before the answer.
    for (const [key, value] of [
      ['evclub.refreshToken', null],
      ['evclub.accessToken', 'access-bruno'],
      ['evclub.refreshToken', 'refresh-bruno'],
    ] as const) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    }
    answer();

    const error = await failure(save);
    expect(error.kind).toBe('network');
    expect(seen).toEqual([{ authorization: 'Bearer access-anne', body: { firstName: 'Anne' } }]);
    expect(refreshes).toHaveLength(0);
  });

  it('a 401 on the retry is returned, without a loop: 2 calls of the endpoint, 1 refresh', async () => {
    const seen = protectedEndpoint('club/thing', 'never-valid');
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json(tokensJson('access-new', 'refresh-new')),
    );
    const { client } = createHarness({ accessToken: 'access-old', refreshToken: 'refresh-old' });

    const error = await failure(client.get('club/thing', { schema: Echo }));

    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'server.accessDenied' });
    expect(seen).toEqual(['Bearer access-old', 'Bearer access-new']);
    expect(refreshes).toHaveLength(1);
  });

  it.each([
    [
      'a 5xx',
      () => HttpResponse.json(ERROR_ENVELOPE(500, 'server.somethingBroke'), { status: 500 }),
    ],
    ['a 408', () => HttpResponse.json(ERROR_ENVELOPE(408, 'server.timeout'), { status: 408 })],
    ['a 429', () => HttpResponse.json(ERROR_ENVELOPE(429, 'server.tooMany'), { status: 429 })],
    ['a dropped connection', () => HttpResponse.error()],
    ['a 200 without tokens', () => HttpResponse.json({ ok: true })],
  ])(
    'a refresh that fails with %s keeps the session and the tokens; the caller gets a network error',
    async (_case, answer) => {
      const seen = protectedEndpoint('club/thing', 'access-new');
      refreshEndpoint(answer);
      const { client, tokens, session } = createHarness({
        accessToken: 'access-old',
        refreshToken: 'refresh-old',
      });

      const error = await failure(client.get('club/thing', { schema: Echo }));

      expect(error).toMatchObject({ kind: 'network', key: 'errors.network' });
      expect(seen).toEqual(['Bearer access-old']);
      expect(isSignedIn(session.getSnapshot())).toBe(true);
      expect(tokens.read()).toEqual({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    },
  );

  it('a refused refresh (4xx) ends the session once and returns the original 401', async () => {
    protectedEndpoint('club/thing', 'access-new');
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json(ERROR_ENVELOPE(401, 'server.tokenExpired'), { status: 401 }),
    );
    const { client, session, tokens } = createHarness({
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
    });

    const error = await failure(client.get('club/thing', { schema: Echo }));

    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'server.accessDenied' });
    // The refresh call's own 401 does not start another refresh.
    expect(refreshes).toHaveLength(1);
    const after = await waitFor(session, (s) => !isSignedIn(s));
    expect(after.context.signOutReason).toBe('expired');
    expect(tokens.read()).toEqual({ accessToken: null, refreshToken: null });
  });

  it('a refresh port that throws counts as failed: a network error comes back', async () => {
    protectedEndpoint('club/thing', 'x');
    const auth: AuthPort = { refresh: vi.fn(() => Promise.reject(new Error('boom'))) };
    const { client } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'network', key: 'errors.network' });
    expect(auth.refresh).toHaveBeenCalledTimes(1);
  });

  it('skipAuthRefresh: a 401 is returned at once, the port is never asked', async () => {
    protectedEndpoint('club/thing', 'x');
    const auth: AuthPort = { refresh: vi.fn(async () => 'refreshed' as const) };
    const { client } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const error = await failure(client.get('club/thing', { schema: Echo, skipAuthRefresh: true }));
    expect(error.status).toBe(401);
    expect(auth.refresh).not.toHaveBeenCalled();
  });

  it('other error statuses never start a refresh', async () => {
    server.use(
      http.get(url('club/thing'), () =>
        HttpResponse.json(ERROR_ENVELOPE(403, 'server.accessDenied'), { status: 403 }),
      ),
    );
    const auth: AuthPort = { refresh: vi.fn(async () => 'refreshed' as const) };
    const { client } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const error = await failure(client.get('club/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 403, key: 'server.accessDenied' });
    expect(auth.refresh).not.toHaveBeenCalled();
  });

  it('a 401 with no refresh token returns the 401 and signs nobody out when nobody was signed in', async () => {
    server.use(
      http.post(url('client/auth/login'), () =>
        HttpResponse.json(ERROR_ENVELOPE(401, 'server.incorrectEmailOrPassword'), { status: 401 }),
      ),
    );
    const { api, session } = createHarness();

    const error = await failure(
      api.auth.login({ emailOrPhone: 'marie@example.ca', password: 'x' }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      key: 'server.incorrectEmailOrPassword',
    });
    expect(session.getSnapshot().context.signOutReason).toBeNull();
  });
});

/**
 * Every string an error carries, down its causes and their properties (what
 * the console prints when the error is logged, and what a collector reads).
 */
function stringsIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Headers) return [...value.entries()].flat();
  if (value instanceof Request) return [value.method, value.url, ...stringsIn(value.headers, seen)];
  const names = new Set([...Object.getOwnPropertyNames(value), 'cause', 'message', 'stack']);
  return [...names].flatMap((name) => stringsIn((value as Record<string, unknown>)[name], seen));
}

describe('what a failed call’s error carries (it is logged)', () => {
  const ACCESS = 'access-secret-4b1d';
  const SECRET = 'refresh-secret-9f3e';

  it.each([
    ['a 502', () => HttpResponse.json(ERROR_ENVELOPE(502, 'server.boom'), { status: 502 })],
    ['a 429', () => HttpResponse.json({}, { status: 429 })],
    [
      'a web page',
      () =>
        HttpResponse.text('<html>proxy</html>', {
          status: 403,
          headers: { 'content-type': 'text/html' },
        }),
    ],
    ['an unreadable answer', () => HttpResponse.json({ ok: SECRET })],
    ['a body cut short', () => HttpResponse.text(`{"ok": "${SECRET}`)],
  ])(
    '%s: the call and its status, never the bearer token or the body sent',
    async (_name, answer) => {
      server.use(http.post(url('club/thing'), answer));
      const { client } = createHarness({ accessToken: ACCESS });
      const error = await failure(
        client.post('club/thing', { json: { refreshToken: SECRET }, schema: Echo }),
      );
      const carried = stringsIn(error).join('\n');
      expect(carried).toContain('POST');
      expect(carried).not.toContain(ACCESS);
      expect(carried).not.toContain(SECRET);
    },
  );

  it('no answer (the connection failed): the call, never the bearer token or the body sent', async () => {
    server.use(http.post(url('club/thing'), () => HttpResponse.error()));
    const { client } = createHarness({ accessToken: ACCESS });
    const error = await failure(
      client.post('club/thing', { json: { refreshToken: SECRET }, schema: Echo }),
    );
    expect(error.kind).toBe('network');
    const carried = stringsIn(error).join('\n');
    expect(carried).toContain('POST');
    expect(carried).not.toContain(ACCESS);
    expect(carried).not.toContain(SECRET);
  });

  it('a time-out: the call, never the bearer token', async () => {
    server.use(
      http.get(url('club/thing'), async () => {
        await delay(300);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = createHarness({ accessToken: ACCESS, timeoutMs: 40 });
    const error = await failure(client.get('club/thing', { schema: Echo }));
    const carried = stringsIn(error).join('\n');
    expect(carried).toContain('GET');
    expect(carried).not.toContain(ACCESS);
  });
});

describe('errors are always ApiError', () => {
  it('an error envelope gives its key and status', async () => {
    server.use(
      http.post(url('client/auth/sign-up'), () =>
        HttpResponse.json(ERROR_ENVELOPE(409, 'server.sameEmailUserExists'), { status: 409 }),
      ),
    );
    const { api } = createHarness();
    const error = await failure(
      api.auth.signUp({
        firstName: 'Marie',
        lastName: 'Tremblay',
        phone: '+15145550123',
        email: 'marie@example.ca',
        password: 'secret123',
        language: 'fr',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 409, key: 'server.sameEmailUserExists' });
  });

  it.each([
    {
      name: 'a non-JSON 5xx body gives errors.server with the status',
      answer: () =>
        HttpResponse.text('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
      read: { status: 502, key: 'errors.server' },
    },
    {
      name: 'a JSON error body without the envelope gives errors.unknown',
      answer: () => HttpResponse.json({ statusCode: 400, message: 'Bad Request' }, { status: 400 }),
      read: { status: 400, key: 'errors.unknown' },
    },
    {
      name: 'an envelope sent as text/plain still gives its key',
      answer: () =>
        HttpResponse.text(JSON.stringify(ERROR_ENVELOPE(404, 'server.userNotExist')), {
          status: 404,
        }),
      read: { status: 404, key: 'server.userNotExist' },
    },
    {
      name: 'a 429 naming no key is a rate limit, even as a proxy page (not unreadable)',
      answer: () =>
        HttpResponse.text('<html><h1>429 Too Many Requests</h1></html>', {
          status: 429,
          headers: { 'content-type': 'text/html' },
        }),
      read: { status: 429, key: 'errors.rateLimited' },
    },
    {
      name: 'a 429 with an empty body is a rate limit',
      answer: () => new HttpResponse(null, { status: 429 }),
      read: { status: 429, key: 'errors.rateLimited' },
    },
    {
      name: 'a 429 envelope still gives its own key',
      answer: () => HttpResponse.json(ERROR_ENVELOPE(429, 'server.tooMany'), { status: 429 }),
      read: { status: 429, key: 'server.tooMany' },
    },
  ])('$name', async ({ answer, read }) => {
    server.use(http.get(url('club/thing'), answer));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing'));
    expect(error).toMatchObject({ kind: 'http', ...read });
  });

  it('a network failure is kind network with errors.network', async () => {
    server.use(http.get(url('club/thing'), () => HttpResponse.error()));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'network', key: 'errors.network' });
    expect(error.status).toBeUndefined();
  });

  it('no answer within timeoutMs is kind timeout with errors.timeout', async () => {
    server.use(
      http.get(url('club/thing'), async () => {
        await delay(300);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = createHarness({ timeoutMs: 40 });
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'timeout', key: 'errors.timeout' });
  });

  it('a 2xx body that does not match the schema is kind parse with errors.unreadable', async () => {
    server.use(http.get(url('club/thing'), () => HttpResponse.json({ ok: 'yes' })));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'parse', key: 'errors.unreadable' });
  });

  it('a 2xx body that is not JSON at all is kind parse', async () => {
    server.use(http.get(url('club/thing'), () => HttpResponse.text('<html>welcome</html>')));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'parse', key: 'errors.unreadable' });
  });

  it('without a schema the body is not read: a 201 with any body resolves to undefined', async () => {
    server.use(http.post(url('club/thing'), () => HttpResponse.text('not json', { status: 201 })));
    const { client } = createHarness();
    await expect(client.post('club/thing', { json: { a: 1 } })).resolves.toBeUndefined();
  });

  it('without a schema, a web page answering 200 (a captive portal) is not a success: kind parse', async () => {
    server.use(
      http.put(url('club/thing'), () => HttpResponse.html('<html>Sign in to the Wi-Fi</html>')),
    );
    const { client } = createHarness();
    const error = await failure(client.put('club/thing', { json: { a: 1 } }));
    expect(error).toMatchObject({ kind: 'parse', key: 'errors.unreadable' });
  });

  it.each([401, 403, 404])(
    'a %i web page (a firewall, a CDN challenge) is not the API refusing: kind parse, no status, no refresh',
    async (status) => {
      server.use(
        http.get(url('club/thing'), () =>
          HttpResponse.html('<title>Just a moment...</title>', { status }),
        ),
      );
      const refresh = vi.fn(async () => 'refreshed' as const);
      const { client } = createHarness({ accessToken: 'access-1', auth: { refresh } });
      const error = await failure(client.get('club/thing', { schema: Echo }));
      expect(error).toMatchObject({ kind: 'parse', key: 'errors.unreadable' });
      expect(error.status).toBeUndefined();
      expect(refresh).not.toHaveBeenCalled();
    },
  );

  it('a 403 in plain text (a proxy: "RBAC: access denied") is not the API either; a JSON 403 is', async () => {
    server.use(
      http.get(url('club/text'), () => HttpResponse.text('RBAC: access denied', { status: 403 })),
      http.get(url('club/json'), () =>
        HttpResponse.json({ message: 'Forbidden' }, { status: 403 }),
      ),
    );
    const { client } = createHarness({ accessToken: 'access-1', auth: { refresh: vi.fn() } });
    expect(await failure(client.get('club/text', { schema: Echo }))).toMatchObject({
      kind: 'parse',
      key: 'errors.unreadable',
    });
    expect(await failure(client.get('club/json', { schema: Echo }))).toMatchObject({
      kind: 'http',
      status: 403,
    });
  });

  it('a 204 is a success whatever its content type says', async () => {
    server.use(
      http.post(
        url('club/thing'),
        () => new HttpResponse(null, { status: 204, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const { client } = createHarness();
    await expect(client.post('club/thing')).resolves.toBeUndefined();
  });

  it('a GET is tried again after a 503 and a dropped connection, then succeeds', async () => {
    let calls = 0;
    server.use(
      http.get(url('club/thing'), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json(ERROR_ENVELOPE(503, 'x'), { status: 503 });
        if (calls === 2) return HttpResponse.error();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { client } = createHarness();
    await expect(client.get('club/thing', { schema: Echo })).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it('a GET gives up after two retries: three calls, then the 503', async () => {
    let calls = 0;
    server.use(
      http.get(url('club/thing'), () => {
        calls += 1;
        return HttpResponse.json(ERROR_ENVELOPE(503, 'server.unavailable'), { status: 503 });
      }),
    );
    const { client } = createHarness();
    const error = await failure(client.get('club/thing'));
    expect(error.status).toBe(503);
    expect(calls).toBe(3);
  });

  it.each(['post', 'put', 'delete'] as const)(
    'a %s is never repeated: a 503 is one call',
    async (method) => {
      let calls = 0;
      server.use(
        http[method](url('club/thing'), () => {
          calls += 1;
          return HttpResponse.json(ERROR_ENVELOPE(503, 'server.unavailable'), { status: 503 });
        }),
      );
      const { client } = createHarness();
      const error = await failure(client[method]('club/thing', { json: {} }));
      expect(error.status).toBe(503);
      expect(calls).toBe(1);
    },
  );

  it('a GET is not tried again after a time-out or a 4xx', async () => {
    let calls = 0;
    server.use(
      http.get(url('club/slow'), async () => {
        calls += 1;
        await delay(300);
        return HttpResponse.json({ ok: true });
      }),
      http.get(url('club/missing'), () => {
        calls += 1;
        return HttpResponse.json(ERROR_ENVELOPE(404, 'server.notFound'), { status: 404 });
      }),
    );
    const { client } = createHarness({ timeoutMs: 40 });
    await failure(client.get('club/slow', { schema: Echo }));
    await failure(client.get('club/missing'));
    expect(calls).toBe(2);
  });

  it('an error key outside the server namespace is shown as errors.unknown', async () => {
    server.use(
      http.get(url('club/a'), () =>
        HttpResponse.json(ERROR_ENVELOPE(400, 'errors'), { status: 400 }),
      ),
      http.get(url('club/b'), () =>
        HttpResponse.json(ERROR_ENVELOPE(400, 'validation.minSymbols'), { status: 400 }),
      ),
      http.get(url('club/c'), () =>
        HttpResponse.json(ERROR_ENVELOPE(400, 'auth:login.title'), { status: 400 }),
      ),
    );
    const { client } = createHarness();
    for (const path of ['club/a', 'club/b', 'club/c']) {
      expect((await failure(client.get(path))).key).toBe('errors.unknown');
    }
  });
});
