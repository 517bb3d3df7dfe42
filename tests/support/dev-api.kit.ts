/**
 * Starts the stand-in handler on an ephemeral port with a temp data file and a
 * fake clock, and calls it through real HTTP (fetch).
 */
import * as fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach } from 'vitest';
import { createDevApi, type DevApiOptions } from '../../dev-api/server.ts';

// tests/support/setup.ts clears localStorage and sessionStorage after every test,
// and Node has neither: give this Node-environment suite empty in-memory ones.
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (!(name in globalThis)) {
    const items = new Map<string, string>();
    const storage: Pick<Storage, 'clear' | 'getItem' | 'setItem' | 'removeItem'> = {
      clear: () => items.clear(),
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => {
        items.set(key, String(value));
      },
      removeItem: (key) => {
        items.delete(key);
      },
    };
    Object.defineProperty(globalThis, name, { value: storage, configurable: true });
  }
}

export const START = Date.parse('2026-03-15T12:00:00.000Z');
export const DEMO = { email: 'demo@evclub.ca', password: 'Password123', phone: '+15145550100' };

// biome-ignore lint/suspicious/noExplicitAny: responses are arbitrary JSON, asserted by the tests
export type Json = any;

export interface Reply {
  status: number;
  body: Json;
  text: string;
  headers: Headers;
}

/** The dev token every harness starts the stand-in with (its __dev helpers need it). */
export const DEV_TOKEN = 'test-dev-token-0123456789';

export interface CallOptions {
  body?: unknown;
  /** Sent as is instead of JSON-encoding `body`. */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  /** false: a __dev call goes without the X-Dev-Token header (default: sent to __dev paths). */
  devToken?: boolean;
}

export interface Harness {
  base: string;
  dataFile: string;
  dir: string;
  logs: string[];
  /** Moves the fake clock forward. */
  advance(ms: number): void;
  now(): number;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'dev-api-test-'));
}

export interface StartOptions extends Omit<DevApiOptions, 'now' | 'log'> {
  /** Keeps the directory on close (to reopen the same data file). */
  keepDir?: boolean;
  startAt?: number;
}

export async function startDevApi(options: StartOptions = {}): Promise<Harness> {
  const dir = options.dataFile ? path.dirname(options.dataFile) : tempDir();
  const dataFile = options.dataFile ?? path.join(dir, 'data', 'dev-api.json');
  let clock = options.startAt ?? START;
  const logs: string[] = [];
  const handler = createDevApi({
    dataFile,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    devToken: options.devToken === undefined ? DEV_TOKEN : options.devToken,
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    now: () => clock,
    log: (line) => logs.push(line),
  });
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    base,
    dataFile,
    dir,
    logs,
    advance(ms) {
      clock += ms;
    },
    now: () => clock,
    async call(method, urlPath, { body, raw, token, headers = {}, devToken = true } = {}) {
      const sent: Record<string, string> = { ...headers };
      if (devToken && urlPath.startsWith('/__dev/')) sent['X-Dev-Token'] ??= DEV_TOKEN;
      if (token) sent.Authorization = `Bearer ${token}`;
      let payload: string | undefined = raw;
      if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
      if (payload !== undefined) sent['Content-Type'] ??= 'application/json';
      const response = await fetch(`${base}${urlPath}`, { method, headers: sent, body: payload });
      const text = await response.text();
      let parsed: Json = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed, text, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      handler.close();
      if (!options.keepDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A stand-in started with `options`, and the demo member signed in to it (`token`). */
export async function startSignedIn(
  options: StartOptions = {},
): Promise<{ h: Harness; token: string }> {
  const h = await startDevApi(options);
  const { token } = await signIn(h, DEMO.email);
  return { h, token };
}

/**
 * For a test file that starts stand-ins of its own: each one started, and
 * each temp folder made, is closed and removed after every test.
 *
 *   const { start, newDir } = closedAfterEach();
 *   const h = await start({ devToken: null });
 */
export function closedAfterEach() {
  const harnesses: Harness[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    async start(options: StartOptions = {}): Promise<Harness> {
      const h = await startDevApi(options);
      harnesses.push(h);
      return h;
    },
    newDir(): string {
      const dir = tempDir();
      dirs.push(dir);
      return dir;
    },
  };
}

export function envelope(status: number, key: string) {
  return { statusCode: status, message: { message: key } };
}

/** The code printed for `email` by the latest `one-time code for …` log line. */
export function printedCode(logs: string[], email: string): string | null {
  const prefix = `one-time code for ${email}: `;
  const line = [...logs].reverse().find((entry) => entry.startsWith(prefix));
  return line ? line.slice(prefix.length, prefix.length + 6) : null;
}

/** A billing address as a member types it (the postal code in lower case, without its space). */
export const ADDRESS = {
  country_code: 'CA',
  address_1: '1234 rue Sainte-Catherine O',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'h3g1p1',
};

export interface NewMember {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  verified?: boolean;
  billingAddress?: Record<string, unknown>;
}

/** Creates a member through the private __dev/users helper. */
export async function addMember(h: Harness, member: NewMember): Promise<Json> {
  const reply = await h.call('POST', '/__dev/users', {
    body: { password: 'Password123', ...member },
  });
  if (reply.status !== 201) throw new Error(`__dev/users answered ${reply.status}: ${reply.text}`);
  return reply.body;
}

/** Logs in and returns `{ token, refreshToken, user }`. */
export async function signIn(h: Harness, emailOrPhone: string, password = 'Password123') {
  const reply = await h.call('POST', '/client/auth/login', { body: { emailOrPhone, password } });
  if (reply.status !== 200 || !reply.body?.token) {
    throw new Error(`login answered ${reply.status}: ${reply.text}`);
  }
  return reply.body as { token: string; refreshToken: string; user: Json };
}
