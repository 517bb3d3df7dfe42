// @vitest-environment node
/**
 * The stand-in is safe on a developer's laptop: other sites cannot use it
 * from a browser, its private __dev helpers need the run's token, its request
 * log holds no secret, and it never loses or mixes up its data file.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { request } from 'node:http';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../dev-api/redact.ts';
import {
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

const SIGN_UP = {
  firstName: 'Zoé',
  lastName: 'Roy',
  phone: '+18195550123',
  email: 'zoe@example.ca',
  password: 'Secret123',
  language: 'fr',
};

describe('browser origins (CORS)', () => {
  it('allows localhost, 127.0.0.1 and the page origin on any port', async () => {
    const h = await start();
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4291', 'http://[::1]:8080']) {
      const reply = await h.call('GET', '/club/memberships', { headers: { Origin: origin } });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const own = new URL(h.base);
    const reply = await h.call('GET', '/club/memberships', {
      headers: { Origin: `http://${own.host}` },
    });
    expect(reply.headers.get('access-control-allow-origin')).toBe(`http://${own.host}`);
  });

  it('refuses a host name that is not this machine (DNS rebinding), whatever the Origin says', async () => {
    const h = await start();
    const { port } = new URL(h.base);
    // Node's own request: fetch may not set Host. A hostile site's name, pointed here by its DNS.
    const login = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const call = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: new URL('client/auth/login', h.base).pathname,
            headers: { Host: host, Origin: `http://${host}`, 'Content-Type': 'application/json' },
          },
          (reply) => {
            reply.resume();
            resolve(reply.statusCode ?? 0);
          },
        );
        call.on('error', reject);
        call.end(JSON.stringify({ emailOrPhone: DEMO.email, password: DEMO.password }));
      });
    expect(await login(`evil.example:${port}`)).toBe(403);
    // This machine's own names and addresses still work.
    expect(await login(`localhost:${port}`)).not.toBe(403);
    expect(await login(`127.0.0.1:${port}`)).not.toBe(403);
  });

  it('refuses another site before handling anything: 403, no CORS header, nothing created', async () => {
    const h = await start();
    const preflight = await h.call('OPTIONS', '/client/auth/sign-up', {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A "simple" cross-site POST (no preflight in a browser) is refused as well.
    const simple = await h.call('POST', '/client/auth/sign-up', {
      raw: JSON.stringify(SIGN_UP),
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
    });
    expect(simple.status).toBe(403);
    expect(simple.body).toEqual(envelope(403, 'server.accessDenied'));
    const mine = await h.call('POST', '/client/auth/sign-up', { body: SIGN_UP });
    expect(mine.status).toBe(201);
  });

  it('allows an origin listed in DEV_API_CORS_ORIGINS (corsOrigins)', async () => {
    const h = await start({ corsOrigins: ['https://laptop.example:5173'] });
    const reply = await h.call('GET', '/club/memberships', {
      headers: { Origin: 'https://laptop.example:5173' },
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('access-control-allow-origin')).toBe('https://laptop.example:5173');
  });
});

describe('the private __dev helpers', () => {
  it('need the run token: none or a wrong one is 403', async () => {
    const h = await start();
    expect((await h.call('GET', '/__dev/requests', { devToken: false })).status).toBe(403);
    const wrong = await h.call('GET', '/__dev/requests', {
      devToken: false,
      headers: { 'X-Dev-Token': 'guess' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual(envelope(403, 'server.accessDenied'));
    const reset = await h.call('POST', '/__dev/reset', { devToken: false });
    expect(reset.status).toBe(403);
    expect((await h.call('GET', '/__dev/requests')).status).toBe(200);
  });

  it('are never for a browser page, even a local one with the token, and send no CORS header', async () => {
    const h = await start();
    await addMember(h, { email: 'kept@example.ca' });
    for (const origin of ['https://evil.example', 'http://localhost:5173']) {
      const read = await h.call('GET', '/__dev/requests', { headers: { Origin: origin } });
      expect(read.status).toBe(403);
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await h.call('OPTIONS', '/__dev/reset', {
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const reset = await h.call('POST', '/__dev/reset', { headers: { Origin: origin } });
      expect(reset.status).toBe(403);
    }
    // Nothing was wiped.
    await signIn(h, 'kept@example.ca');
  });

  it('do not exist when the stand-in runs without a dev token (npm start)', async () => {
    const h = await start({ devToken: null });
    const reply = await h.call('GET', '/__dev/last-otp?email=demo%40evclub.ca', {
      headers: { 'X-Dev-Token': DEV_TOKEN },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual(envelope(404, 'server.notFound'));
    expect(h.logs.some((line) => line.startsWith('__dev helpers off'))).toBe(true);
    // The API itself works as ever.
    await signIn(h, DEMO.email);
  });
});

describe('the request log', () => {
  it('redacts passwords, codes, tokens and the bearer to keyed fingerprints', async () => {
    const h = await start();
    await h.call('POST', '/client/auth/sign-up', { body: SIGN_UP });
    const code = printedCode(h.logs, SIGN_UP.email) ?? '';
    const verified = await h.call('POST', '/client/auth/verify-user', {
      body: { email: SIGN_UP.email, otp: code },
    });
    const { token, refreshToken } = verified.body;
    await h.call('POST', '/client/auth/refresh-token', { body: { refreshToken } });
    await h.call('PUT', '/client/auth/profile/change-password', {
      token,
      body: { currentPassword: 'Secret123', newPassword: 'Secret456' },
    });
    const log = (await h.call('GET', '/__dev/requests')).body.requests as {
      path: string;
      body: Record<string, unknown>;
      headers: Record<string, string>;
    }[];
    const text = JSON.stringify(log);
    for (const secret of ['Secret123', 'Secret456', code, token, refreshToken]) {
      expect(text).not.toContain(secret);
    }
    const f = (value: string) => fingerprint(DEV_TOKEN, value);
    const byPath = (suffix: string) => log.find((entry) => entry.path.endsWith(suffix));
    expect(byPath('/sign-up')?.body).toEqual({ ...SIGN_UP, password: f('Secret123') });
    expect(byPath('/verify-user')?.body).toEqual({ email: SIGN_UP.email, otp: f(code) });
    expect(byPath('/refresh-token')?.body).toEqual({ refreshToken: f(refreshToken) });
    expect(byPath('/change-password')?.body).toEqual({
      currentPassword: f('Secret123'),
      newPassword: f('Secret456'),
    });
    expect(byPath('/change-password')?.headers.authorization).toBe(`Bearer ${f(token)}`);
  });

  it('keeps only the size of a body that is not JSON', async () => {
    const h = await start();
    const raw = '{"emailOrPhone":"a@b.ca","password":"Half';
    await h.call('POST', '/client/auth/login', { raw });
    const [entry] = (await h.call('GET', '/__dev/requests')).body.requests;
    expect(entry.body).toBe(`<not JSON: ${Buffer.byteLength(raw)} bytes>`);
  });

  it('a deeply nested or huge body is logged as a bounded copy, and the log keeps working', async () => {
    const h = await start();
    const deep = `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`;
    expect((await h.call('POST', '/client/auth/login', { raw: deep })).status).toBe(400);
    const wide = {
      emailOrPhone: 'x'.repeat(5_000),
      list: Array.from({ length: 500 }, (_, i) => i),
    };
    await h.call('POST', '/client/auth/login', { body: wide });
    const reply = await h.call('GET', '/__dev/requests');
    expect(reply.status).toBe(200);
    const [nested, large] = reply.body.requests;
    expect(JSON.stringify(nested.body)).toContain('<truncated: too deep>');
    expect(large.body.emailOrPhone).toHaveLength(500 + '…<truncated>'.length);
    expect(large.body.list).toHaveLength(51);
    expect(large.body.list.at(-1)).toBe('<truncated: 450 more>');
  });
});

describe('the data file', () => {
  it('a second process on the same file refuses to start, naming the one that holds it', async () => {
    const h = await start();
    const child = spawn(process.execPath, ['dev-api/run.mjs'], {
      env: { ...process.env, DEV_API_DATA_FILE: h.dataFile, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`${h.dataFile} is in use by another stand-in (pid ${process.pid}`);
    // The first one goes on, its data untouched.
    await signIn(h, DEMO.email);
  }, 30_000);

  it('a lock left by a process that is gone is taken over', async () => {
    const dir = newDir();
    const dataFile = path.join(dir, 'dev-api.json');
    fs.writeFileSync(`${dataFile}.lock`, JSON.stringify({ pid: 2 ** 22 + 12_345, since: 'then' }));
    const h = await start({ dataFile, keepDir: true });
    await signIn(h, DEMO.email);
    expect(h.logs.some((line) => line.startsWith('took over the lock'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(`${dataFile}.lock`, 'utf8')).pid).toBe(process.pid);
  });

  it('a change whose save fails answers 500 and is undone in memory', async () => {
    const h = await start();
    await signIn(h, DEMO.email);
    // The data file becomes a folder: the atomic rename over it fails.
    fs.rmSync(h.dataFile);
    fs.mkdirSync(path.join(h.dataFile, 'blocker'), { recursive: true });
    const failed = await h.call('POST', '/client/auth/sign-up', { body: SIGN_UP });
    expect(failed.status).toBe(500);
    fs.rmSync(h.dataFile, { recursive: true });
    // Memory did not keep the user: the same sign-up now succeeds (no "email exists")…
    const again = await h.call('POST', '/client/auth/sign-up', { body: SIGN_UP });
    expect(again.status).toBe(201);
    // …and it is in the file.
    const saved = JSON.parse(fs.readFileSync(h.dataFile, 'utf8'));
    expect(saved.users.map((user: { email: string }) => user.email)).toContain(SIGN_UP.email);
  });
});

describe('guessing', () => {
  it('a one-time code takes at most 5 wrong tries; then even the right one is refused', async () => {
    const h = await start();
    await h.call('POST', '/client/auth/sign-up', { body: SIGN_UP });
    const code = printedCode(h.logs, SIGN_UP.email) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await h.call('POST', '/client/auth/verify-user', {
        body: { email: SIGN_UP.email, otp: wrong },
      });
      expect(reply.body).toEqual(envelope(400, 'server.incorrectOtp'));
    }
    const right = await h.call('POST', '/client/auth/verify-user', {
      body: { email: SIGN_UP.email, otp: code },
    });
    expect(right.body).toEqual(envelope(400, 'server.incorrectOtp'));
    expect(h.logs).toContain(`one-time code for ${SIGN_UP.email} voided after 5 wrong tries`);
    // A new code works.
    await h.call('POST', '/client/auth/resend-otp', { body: { email: SIGN_UP.email } });
    const fresh = printedCode(h.logs, SIGN_UP.email) ?? '';
    const verified = await h.call('POST', '/client/auth/verify-user', {
      body: { email: SIGN_UP.email, otp: fresh },
    });
    expect(verified.status).toBe(200);
  });

  it('4 wrong tries leave the code usable; the count is saved in the data file', async () => {
    const dataFile = path.join(newDir(), 'dev-api.json');
    const first = await start({ dataFile, keepDir: true });
    await first.call('POST', '/client/auth/reset-password/request', {
      body: { email: DEMO.email },
    });
    const code = printedCode(first.logs, DEMO.email) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const tryCode = (h: Harness, otp: string) =>
      h.call('POST', '/client/auth/reset-password/check-otp', { body: { email: DEMO.email, otp } });
    for (let i = 0; i < 4; i += 1) expect((await tryCode(first, wrong)).status).toBe(400);
    const saved = JSON.parse(fs.readFileSync(dataFile, 'utf8'));
    expect(saved.otps[`reset:${DEMO.email}`].failures).toBe(4);
    expect((await tryCode(first, code)).status).toBe(200);
  });

  it('an unknown user waits for a password check too (a dummy hash), like a known one', async () => {
    const h = await start();
    const time = async (emailOrPhone: string) => {
      const started = performance.now();
      const reply = await h.call('POST', '/client/auth/login', {
        body: { emailOrPhone, password: 'Wrong12345' },
      });
      expect(reply.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));
      return performance.now() - started;
    };
    await time('nobody@example.ca'); // the dummy hash is made on first use
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      known.push(await time(DEMO.email));
      unknown.push(await time(`nobody-${i}@example.ca`));
    }
    // Without the dummy hash an unknown user answered about 10 times faster
    // (a ratio near 0.1); with it, near 1. The bar sits between the two, far
    // enough from 1 that a busy 2-core machine (the browser tests run beside
    // this one) does not cross it (0.5 did, once: 24 ms against 54 ms).
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });
});
