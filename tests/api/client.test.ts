import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from '../../src/api/api-error.ts';
import type { AuthPort } from '../../src/api/client.ts';
import { createHarness, ERROR_ENVELOPE, tokensJson, url } from './api-test-kit.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
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
    const { client, tokens, onRejected } = createHarness({
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
    expect(onRejected).not.toHaveBeenCalled();
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

  it('a failed refresh (5xx) returns the original 401 and keeps the session', async () => {
    const seen = protectedEndpoint('club/thing', 'access-new');
    refreshEndpoint(() =>
      HttpResponse.json(ERROR_ENVELOPE(500, 'server.somethingBroke'), { status: 500 }),
    );
    const { client, tokens, onRejected } = createHarness({
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
    });

    const error = await failure(client.get('club/thing', { schema: Echo }));

    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'server.accessDenied' });
    expect(seen).toEqual(['Bearer access-old']);
    expect(onRejected).not.toHaveBeenCalled();
    expect(tokens.read()).toEqual({ accessToken: 'access-old', refreshToken: 'refresh-old' });
  });

  it('a refused refresh (4xx) calls onRejected once and returns the original 401', async () => {
    protectedEndpoint('club/thing', 'access-new');
    const refreshes = refreshEndpoint(() =>
      HttpResponse.json(ERROR_ENVELOPE(401, 'server.tokenExpired'), { status: 401 }),
    );
    const { client, onRejected } = createHarness({
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
    });

    const error = await failure(client.get('club/thing', { schema: Echo }));

    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'server.accessDenied' });
    // The refresh call's own 401 does not start another refresh.
    expect(refreshes).toHaveLength(1);
    expect(onRejected).toHaveBeenCalledTimes(1);
  });

  it('a network failure of the refresh does not call onRejected and returns the original 401', async () => {
    protectedEndpoint('club/thing', 'access-new');
    refreshEndpoint(() => HttpResponse.error());
    const { client, onRejected, tokens } = createHarness({
      accessToken: 'access-old',
      refreshToken: 'refresh-old',
    });

    const error = await failure(client.get('club/thing', { schema: Echo }));

    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'server.accessDenied' });
    expect(onRejected).not.toHaveBeenCalled();
    expect(tokens.read().refreshToken).toBe('refresh-old');
  });

  it('a refresh port that throws counts as failed: the original 401 comes back', async () => {
    protectedEndpoint('club/thing', 'x');
    const auth: AuthPort = { refresh: vi.fn(() => Promise.reject(new Error('boom'))) };
    const { client } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'http', status: 401 });
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
    const { api, onRejected } = createHarness();

    const error = await failure(
      api.auth.login({ emailOrPhone: 'marie@example.ca', password: 'x' }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      key: 'server.incorrectEmailOrPassword',
    });
    expect(onRejected).not.toHaveBeenCalled();
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

  it('a non-JSON error body gives errors.unknown with the status', async () => {
    server.use(
      http.get(url('club/thing'), () =>
        HttpResponse.text('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    const { client } = createHarness();
    const error = await failure(client.get('club/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 502, key: 'errors.unknown' });
  });

  it('a JSON error body without the envelope gives errors.unknown', async () => {
    server.use(
      http.get(url('club/thing'), () =>
        HttpResponse.json({ statusCode: 400, message: 'Bad Request' }, { status: 400 }),
      ),
    );
    const { client } = createHarness();
    const error = await failure(client.get('club/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 400, key: 'errors.unknown' });
  });

  it('an envelope sent as text/plain still gives its key', async () => {
    server.use(
      http.get(url('club/thing'), () =>
        HttpResponse.text(JSON.stringify(ERROR_ENVELOPE(404, 'server.userNotExist')), {
          status: 404,
        }),
      ),
    );
    const { client } = createHarness();
    const error = await failure(client.get('club/thing'));
    expect(error).toMatchObject({ kind: 'http', status: 404, key: 'server.userNotExist' });
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

  it('a 2xx body that does not match the schema is kind parse with errors.unknown', async () => {
    server.use(http.get(url('club/thing'), () => HttpResponse.json({ ok: 'yes' })));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'parse', key: 'errors.unknown' });
  });

  it('a 2xx body that is not JSON at all is kind parse', async () => {
    server.use(http.get(url('club/thing'), () => HttpResponse.text('<html>welcome</html>')));
    const { client } = createHarness();
    const error = await failure(client.get('club/thing', { schema: Echo }));
    expect(error).toMatchObject({ kind: 'parse', key: 'errors.unknown' });
  });

  it('without a schema the body is not read: a 201 with any body resolves to undefined', async () => {
    server.use(http.post(url('club/thing'), () => HttpResponse.text('not json', { status: 201 })));
    const { client } = createHarness();
    await expect(client.post('club/thing', { json: { a: 1 } })).resolves.toBeUndefined();
  });

  it('ky does not retry on its own: a 503 on a GET is one call', async () => {
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
    expect(calls).toBe(1);
  });
});
