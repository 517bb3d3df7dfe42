// @vitest-environment node
import * as fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint } from '../../dev-api/redact.ts';
import { type AtomicWriteIo, writeFileAtomic } from '../../dev-api/store.ts';
import { devApi } from '../../dev-api/vite-plugin.ts';
import {
  ADDRESS,
  addMember,
  closedAfterEach,
  DEMO,
  DEV_TOKEN,
  envelope,
  type Harness,
  printedCode,
  signIn,
} from '../support/dev-api.kit.ts';

const { start, newDir } = closedAfterEach();

afterEach(() => {
  vi.unstubAllEnvs();
});

const login = (h: Harness, raw: string) =>
  h.call('POST', '/client/auth/login', { raw, headers: { 'Content-Type': 'application/json' } });

describe('malformed requests', () => {
  it.each([
    ['bad JSON', '{"emailOrPhone": "demo@evclub.ca",'],
    ['an array', '["demo@evclub.ca", "Password123"]'],
    ['a string', '"demo@evclub.ca"'],
    ['null', 'null'],
    ['an empty body', ''],
    ['a number for the password', '{"emailOrPhone":"demo@evclub.ca","password":123}'],
  ])('%s is 400 server.invalidRequest', async (_case, raw) => {
    const h = await start();
    const reply = await login(h, raw);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(envelope(400, 'server.invalidRequest'));
  });

  it('an unknown route is 404 server.notFound, a wrong method 405 with Allow', async () => {
    const h = await start();
    const unknown = await h.call('GET', '/client/auth/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(envelope(404, 'server.notFound'));
    const wrongMethod = await h.call('GET', '/client/auth/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual(envelope(405, 'server.methodNotAllowed'));
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('a body over 100 kB is 413, and the server keeps answering', async () => {
    const h = await start();
    const huge = JSON.stringify({ emailOrPhone: 'x'.repeat(150 * 1024), password: 'x' });
    const reply = await login(h, huge);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual(envelope(413, 'server.payloadTooLarge'));
    await signIn(h, DEMO.email);
  });

  it('tolerates a trailing slash', async () => {
    const h = await start();
    const reply = await h.call('POST', '/client/auth/login/', {
      body: { emailOrPhone: DEMO.email, password: DEMO.password },
    });
    expect(reply.status).toBe(200);
  });

  it('an unexpected failure (the data file cannot be written) is 500 errors.unknown; the server lives on', async () => {
    const dir = newDir();
    fs.writeFileSync(path.join(dir, 'not-a-dir'), 'a file');
    const h = await start({ dataFile: path.join(dir, 'not-a-dir', 'dev-api.json') });
    const reply = await h.call('POST', '/__dev/users', {
      body: { email: 'new@example.ca', password: 'Password123' },
    });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual(envelope(500, 'errors.unknown'));
    expect(h.logs.some((line) => line.startsWith('unexpected error'))).toBe(true);
    // The next request is answered normally.
    const next = await h.call('GET', '/nowhere');
    expect(next.body).toEqual(envelope(404, 'server.notFound'));
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed methods and headers', async () => {
    const h = await start();
    const reply = await h.call('OPTIONS', '/client/auth/login', {
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-app-version, x-app-name',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(reply.headers.get('access-control-allow-methods')).toBe(
      'GET, POST, PUT, DELETE, OPTIONS',
    );
    expect(reply.headers.get('access-control-allow-headers')).toBe(
      'Authorization, Content-Type, X-App-Version, X-App-Name',
    );
  });

  it('puts the CORS headers on answers and errors for a local origin, none without an Origin', async () => {
    const h = await start();
    const error = await h.call('GET', '/club/memberships', {
      headers: { Origin: 'http://127.0.0.1:4173' },
    });
    expect(error.status).toBe(401);
    expect(error.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    const plain = await h.call('GET', '/nowhere');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('persistence', () => {
  it('a second handler over the same data file sees the accounts and sessions', async () => {
    const dataFile = path.join(newDir(), 'dev-api.json');
    const first = await start({ dataFile, keepDir: true });
    await first.call('POST', '/client/auth/sign-up', {
      body: {
        firstName: 'Zoé',
        lastName: 'Roy',
        phone: '+18195550123',
        email: 'zoe@example.ca',
        password: 'Secret123',
        language: 'fr',
      },
    });
    const code = printedCode(first.logs, 'zoe@example.ca');
    const verified = await first.call('POST', '/client/auth/verify-user', {
      body: { email: 'zoe@example.ca', otp: code },
    });
    expect(verified.status).toBe(200);

    const second = await start({ dataFile, keepDir: true });
    const login = await signIn(second, 'zoe@example.ca', 'Secret123');
    expect(login.user.language).toBe('fr');
    const profile = await second.call('GET', '/client/auth/profile', {
      token: verified.body.token,
    });
    expect(profile.body.email).toBe('zoe@example.ca');
    expect(second.logs.some((line) => line.startsWith('demo member'))).toBe(false);
  });

  it.each([
    ['not JSON', '{"version": 1, "users": ['],
    ['JSON of the wrong shape', '{"users": "everyone"}'],
  ])(
    'a data file that is %s is kept aside as .corrupt-<time> with a warning; the store starts from the seed',
    async (_case, text) => {
      const dir = newDir();
      const dataFile = path.join(dir, 'dev-api.json');
      fs.writeFileSync(dataFile, text);
      const h = await start({ dataFile, keepDir: true });
      await signIn(h, DEMO.email);
      const kept = fs.readdirSync(dir).filter((name) => name.includes('.corrupt-'));
      expect(kept).toEqual(['dev-api.json.corrupt-2026-03-15T12-00-00-000Z']);
      expect(fs.readFileSync(path.join(dir, kept[0] ?? ''), 'utf8')).toBe(text);
      expect(
        h.logs.some(
          (line) => line.startsWith('WARNING:') && line.includes(`kept as ${dataFile}.corrupt-`),
        ),
      ).toBe(true);
      const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8'));
      expect(saved.users.map((user: { email: string }) => user.email)).toEqual([DEMO.email]);
    },
  );

  it('the seed prints the demo credentials once', async () => {
    const h = await start();
    await signIn(h, DEMO.email);
    expect(h.logs.filter((line) => line.includes('Password123'))).toEqual([
      'demo member: demo@evclub.ca / Password123 (phone +15145550100)',
    ]);
  });

  it('writes through a temp file renamed over the data file, leaving no temp file', async () => {
    const h = await start();
    await addMember(h, { email: 'a@example.ca' });
    await signIn(h, 'a@example.ca');
    // The data file and the lock of the running stand-in, no temp file.
    expect(fs.readdirSync(path.dirname(h.dataFile)).sort()).toEqual([
      'dev-api.json',
      'dev-api.json.lock',
    ]);

    const calls: string[] = [];
    const io: AtomicWriteIo = {
      mkdirSync: (dir, options) => fs.mkdirSync(dir, options),
      writeFileSync: (file, text) => {
        calls.push(`write ${path.basename(file)}`);
        fs.writeFileSync(file, text);
      },
      renameSync: (from, to) => {
        calls.push(`rename ${path.basename(from)} -> ${path.basename(to)}`);
        fs.renameSync(from, to);
      },
      rmSync: (file, options) => fs.rmSync(file, options),
    };
    const file = path.join(newDir(), 'data.json');
    writeFileAtomic(file, '{"ok":true}', io);
    expect(calls).toHaveLength(2);
    const temp = calls[0]?.replace('write ', '') ?? '';
    expect(temp).not.toBe('data.json');
    expect(calls[1]).toBe(`rename ${temp} -> data.json`);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"ok":true}');
  });

  it('a write that fails half-way leaves the previous file whole and no temp file', () => {
    const dir = newDir();
    const file = path.join(dir, 'data.json');
    fs.writeFileSync(file, '{"previous":true}');
    const io: AtomicWriteIo = {
      mkdirSync: (target, options) => fs.mkdirSync(target, options),
      writeFileSync: (target, text) => {
        fs.writeFileSync(target, text.slice(0, 5));
        throw new Error('disk full');
      },
      renameSync: (from, to) => fs.renameSync(from, to),
      rmSync: (target, options) => fs.rmSync(target, options),
    };
    expect(() => writeFileAtomic(file, '{"next":true,"much":"more"}', io)).toThrow('disk full');
    expect(fs.readFileSync(file, 'utf8')).toBe('{"previous":true}');
    expect(fs.readdirSync(dir)).toEqual(['data.json']);
  });
});

describe('access-token lifetime', () => {
  it('comes from DEV_API_TOKEN_TTL when not given', async () => {
    vi.stubEnv('DEV_API_TOKEN_TTL', '5');
    const h = await start({ accessTokenTtlSeconds: undefined });
    const { token } = await signIn(h, DEMO.email);
    h.advance(4_999);
    expect((await h.call('GET', '/client/auth/profile', { token })).status).toBe(200);
    h.advance(1);
    expect((await h.call('GET', '/client/auth/profile', { token })).status).toBe(401);
  });
});

describe('private __dev helpers', () => {
  it('last-otp returns the last code sent to an address, 404 when none', async () => {
    const h = await start();
    const none = await h.call('GET', '/__dev/last-otp?email=demo%40evclub.ca');
    expect(none.status).toBe(404);
    await h.call('POST', '/client/auth/reset-password/request', { body: { email: DEMO.email } });
    const last = await h.call('GET', '/__dev/last-otp?email=demo%40evclub.ca');
    expect(last.body).toEqual({ otp: printedCode(h.logs, DEMO.email) });
  });

  it('requests lists API calls with the app headers, body and status, filtered by path', async () => {
    const h = await start();
    await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: DEMO.email, password: 'Wrong12345' },
      headers: { 'X-App-Version': '1.0.0', 'X-App-Name': 'ev-club-web', 'X-Other': 'no' },
    });
    await h.call('GET', '/club/memberships', { token: 'abc' });
    await h.call('GET', '/__dev/last-otp?email=x%40y.ca');
    const logins = await h.call('GET', '/__dev/requests?path=auth/login');
    expect(logins.body).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/client/auth/login',
          headers: { 'x-app-version': '1.0.0', 'x-app-name': 'ev-club-web' },
          // The password is replaced by its keyed fingerprint (dev-api/redact.ts).
          body: { emailOrPhone: DEMO.email, password: fingerprint(DEV_TOKEN, 'Wrong12345') },
          status: 400,
          at: new Date(h.now()).toISOString(),
        },
      ],
    });
    const all = await h.call('GET', '/__dev/requests');
    expect(all.body.requests.map((entry: { path: string }) => entry.path)).toEqual([
      '/client/auth/login',
      '/club/memberships',
    ]);
    expect(all.body.requests[1].headers).toEqual({
      authorization: `Bearer ${fingerprint(DEV_TOKEN, 'abc')}`,
    });
  });

  it('requests keeps the last 500', async () => {
    const h = await start();
    for (let batch = 0; batch < 11; batch += 1) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => h.call('GET', `/nowhere/${batch * 50 + i}`)),
      );
    }
    const all = await h.call('GET', '/__dev/requests?path=/nowhere/');
    expect(all.body.requests).toHaveLength(500);
    expect(all.body.requests.some((entry: { path: string }) => entry.path === '/nowhere/0')).toBe(
      false,
    );
  });

  it('reset wipes the store back to the seed and clears the request log', async () => {
    const h = await start();
    await addMember(h, { email: 'gone@example.ca' });
    const demo = await signIn(h, DEMO.email);
    await h.call('POST', '/club/memberships', { token: demo.token });
    expect((await h.call('POST', '/__dev/reset')).status).toBe(204);
    const gone = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: 'gone@example.ca', password: 'Password123' },
    });
    expect(gone.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));
    expect((await h.call('GET', '/client/auth/profile', { token: demo.token })).status).toBe(401);
    const fresh = await signIn(h, DEMO.email);
    expect((await h.call('GET', '/club/memberships', { token: fresh.token })).status).toBe(404);
    const log = await h.call('GET', '/__dev/requests?path=/club/');
    expect(log.body.requests).toHaveLength(1);
  });

  it('expire-access-tokens ends every access token now; refresh still works', async () => {
    const h = await start();
    const session = await signIn(h, DEMO.email);
    expect((await h.call('POST', '/__dev/expire-access-tokens')).status).toBe(200);
    const expired = await h.call('GET', '/client/auth/profile', { token: session.token });
    expect(expired.body).toEqual(envelope(401, 'server.unauthorized'));
    const refreshed = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
  });

  it('config sets the lifetime of new access tokens; reset restores it', async () => {
    const h = await start();
    expect(
      (await h.call('POST', '/__dev/config', { body: { accessTokenTtlSeconds: 2 } })).body,
    ).toEqual({ accessTokenTtlSeconds: 2 });
    const short = await signIn(h, DEMO.email);
    h.advance(2_000);
    expect((await h.call('GET', '/client/auth/profile', { token: short.token })).status).toBe(401);
    const bad = await h.call('POST', '/__dev/config', { body: { accessTokenTtlSeconds: -1 } });
    expect(bad.status).toBe(400);

    await h.call('POST', '/__dev/reset');
    const normal = await signIn(h, DEMO.email);
    h.advance(59_000);
    expect((await h.call('GET', '/client/auth/profile', { token: normal.token })).status).toBe(200);
  });

  it('users creates verified members by default, unverified on request, with an address', async () => {
    const h = await start();
    // addMember checks the 201.
    const created = await addMember(h, {
      email: 'Billed@Example.ca',
      firstName: 'Léa',
      billingAddress: ADDRESS,
    });
    expect(created).toMatchObject({
      email: 'billed@example.ca',
      firstName: 'Léa',
      lastName: 'Member',
      phone: expect.stringMatching(/^\+1\d{10}$/),
      billingAddress: { province: 'QC', postal_code: 'H3G 1P1' },
    });
    const session = await signIn(h, 'billed@example.ca');
    expect(session.user._id).toBe(created._id);

    await addMember(h, { email: 'pending@example.ca', verified: false });
    const pending = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: 'pending@example.ca', password: 'Password123' },
    });
    expect(pending.body).toEqual({ isVerified: false });

    const duplicate = await h.call('POST', '/__dev/users', {
      body: { email: 'billed@example.ca', password: 'x' },
    });
    expect(duplicate.body).toEqual(envelope(409, 'server.sameEmailUserExists'));
  });
});

describe('Vite plugin', () => {
  it('mounts the handler under /api in the preview server', async () => {
    const dataFile = path.join(newDir(), 'dev-api.json');
    vi.stubEnv('DEV_API_DATA_FILE', dataFile);
    const plugin = devApi({ log: () => {} });
    const use = vi.fn();
    const hook = plugin.configurePreviewServer as (server: unknown) => void;
    hook({ middlewares: { use } });
    expect(use).toHaveBeenCalledTimes(1);
    const [mount, handler] = use.mock.calls[0] ?? [];
    expect(mount).toBe('/api');

    // Connect strips the mount point: the handler is called with the rest of the path.
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const reply = await fetch(`http://127.0.0.1:${port}/client/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ emailOrPhone: DEMO.email, password: DEMO.password }),
      });
      expect(reply.status).toBe(200);
      expect(fs.existsSync(dataFile)).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is not mounted at all when VITE_API_URL points the app at another API (mount: false)', () => {
    const plugin = devApi({ mount: false, log: () => {} });
    const use = vi.fn();
    (plugin.configurePreviewServer as (server: unknown) => void)({ middlewares: { use } });
    (plugin.configureServer as (server: unknown) => void)({ middlewares: { use } });
    expect(use).not.toHaveBeenCalled();
  });
});
