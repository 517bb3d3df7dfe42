/**
 * The local stand-in for the Connect API (docs/api.md), as one plain
 * `node:http` request handler. Paths are relative to the mount point: mounted
 * under /api, the handler sees `/client/auth/login`.
 *
 * Safe on a laptop: browser origins other than the page's own and localhost
 * are refused, the __dev helpers need the run's dev token (dev-api/access.ts),
 * the request log holds no secret (dev-api/redact.ts), one process per data
 * file (a lock), and a change whose save fails is undone in memory.
 */

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { devAccess, extraOriginsFromEnv, isAllowedHost, isAllowedOrigin } from './access.ts';
import { createFaultBook, serveFault, takeFault } from './faults.ts';
import {
  applyCors,
  errorResult,
  forbidden,
  HttpError,
  notFound,
  type ParsedBody,
  parseBody,
  RequestAborted,
  type RouteResult,
  readRawBody,
  sendResult,
  unauthorized,
} from './http.ts';
import { redactAuthorization, redactBody } from './redact.ts';
import { matchRoute, normalizePath } from './router.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { clubRoutes } from './routes/club.routes.ts';
import { devRoutes } from './routes/dev.routes.ts';
import { profileRoutes } from './routes/profile.routes.ts';
import { userForAccessToken } from './sessions.ts';
import {
  type DevApiState,
  iso,
  REQUEST_LOG_SIZE,
  type RequestLogEntry,
  type Route,
  type RouteContext,
} from './state.ts';
import { type OpenedStore, openStore, releaseLock } from './store.ts';
import { DEMO, seedDemo } from './users.ts';

export interface DevApiOptions {
  /** Default: `.data/dev-api.json` under the current directory. */
  dataFile?: string;
  /** Default: the DEV_API_TOKEN_TTL environment variable, else 60. */
  accessTokenTtlSeconds?: number;
  /** Receives each line without prefix; default: stdout with a `[dev-api]` prefix. */
  log?: (line: string) => void;
  /** Epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /**
   * The token the __dev helpers require (`X-Dev-Token`); null turns them off.
   * Default: the DEV_API_DEV_TOKEN environment variable, else off.
   */
  devToken?: string | null;
  /** Browser origins allowed besides localhost and the page's own; default DEV_API_CORS_ORIGINS. */
  corsOrigins?: readonly string[];
}

export type DevApiHandler = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** Gives the data file's lock back (the handler must not be used afterwards). */
  close(): void;
};

const ROUTES: readonly Route[] = [...authRoutes, ...profileRoutes, ...clubRoutes, ...devRoutes];
const LOGGED_HEADERS = ['authorization', 'x-app-version', 'x-app-name'] as const;
const DEV_PREFIX = '/__dev/';
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

function ttlFromEnv(): number {
  const seconds = Number(process.env.DEV_API_TOKEN_TTL);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

function devTokenFromEnv(): string | null {
  const token = process.env.DEV_API_DEV_TOKEN?.trim();
  return token ? token : null;
}

const printLine = (line: string): void => {
  process.stdout.write(`[dev-api] ${line}\n`);
};

const errorText = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

/** Runs changes one at a time, so undoing a failed one never undoes another's. */
function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function createDevApi(options: DevApiOptions = {}): DevApiHandler {
  const file = options.dataFile ?? path.join(process.cwd(), '.data', 'dev-api.json');
  const ttl = options.accessTokenTtlSeconds ?? ttlFromEnv();
  const now = options.now ?? Date.now;
  const devToken = options.devToken === undefined ? devTokenFromEnv() : options.devToken;
  const opened = openStore(file, now());
  const state: DevApiState = {
    store: opened.store,
    now,
    log: options.log ?? printLine,
    accessTokenTtlSeconds: ttl,
    defaultAccessTokenTtlSeconds: ttl,
    requests: [],
    faults: createFaultBook(),
    devToken,
    // Fingerprints in the request log are keyed with the dev token (the tests know it).
    redactionKey: devToken ?? randomBytes(32).toString('hex'),
    corsOrigins: options.corsOrigins ?? extraOriginsFromEnv(),
    exclusive: createQueue(),
  };
  const ready = prepare(state, opened);
  const handler = ((req, res) => {
    void handle(state, ready, req, res);
  }) as DevApiHandler;
  handler.close = () => releaseLock(file);
  return handler;
}

/** Seeds an empty store with the demo member and says where the data lives. */
async function prepare(state: DevApiState, opened: OpenedStore): Promise<void> {
  const { file } = state.store;
  if (opened.outcome === 'corrupt') {
    state.log(
      `WARNING: ${file} was not a readable data file; it is kept as ${opened.keptAs} and the store starts from the seed`,
    );
  }
  if (opened.lock === 'took-over-stale') {
    state.log(`took over the lock of ${file} left by a stand-in that is no longer running`);
  } else if (opened.lock === 'unlockable') {
    state.log(`WARNING: cannot lock ${file} (its folder is not writable)`);
  }
  try {
    if (state.store.data.users.length === 0) {
      await seedDemo(state);
      state.log(`demo member: ${DEMO.email} / ${DEMO.password} (phone ${DEMO.phone})`);
      state.store.save();
    }
    state.log(`data in ${file} (${state.store.data.users.length} users)`);
  } catch (error) {
    state.log(`could not write ${file}: ${errorText(error)}`);
  }
  state.log(
    state.devToken === null
      ? '__dev helpers off (the test harness turns them on with DEV_API_DEV_TOKEN)'
      : '__dev helpers on, for callers sending the X-Dev-Token of this run',
  );
}

function bearerOf(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

async function dispatch(
  state: DevApiState,
  req: IncomingMessage,
  url: URL,
  body: ParsedBody,
): Promise<RouteResult> {
  const method = req.method ?? 'GET';
  const match = matchRoute(ROUTES, method, normalizePath(url.pathname));
  if (match.kind === 'none') throw notFound();
  if (match.kind === 'wrong-method') {
    throw new HttpError(405, 'server.methodNotAllowed', { Allow: match.allow.join(', ') });
  }
  const bearer = bearerOf(req);
  const context: RouteContext = {
    state,
    params: match.params,
    query: url.searchParams,
    body,
    bearer,
    requireUser() {
      const user = bearer ? userForAccessToken(state, bearer) : null;
      if (!user) throw unauthorized();
      return user;
    },
  };
  if (READ_ONLY.has(method)) return match.route.handle(context);
  // A change: one at a time, and undone in memory when it fails (its save included).
  return state.exclusive(async () => {
    try {
      return await match.route.handle(context);
    } catch (error) {
      state.store.revert();
      throw error;
    }
  });
}

function toErrorResult(state: DevApiState, error: unknown): RouteResult {
  if (error instanceof HttpError) return errorResult(error);
  state.log(`unexpected error: ${errorText(error)}`);
  return errorResult(new HttpError(500, 'errors.unknown'));
}

function loggedBody(state: DevApiState, body: ParsedBody): unknown {
  if (body.kind === 'json') return redactBody(state.redactionKey, body.value);
  if (body.kind === 'invalid') return `<not JSON: ${Buffer.byteLength(body.raw)} bytes>`;
  return null;
}

function record(
  state: DevApiState,
  req: IncomingMessage,
  path: string,
  body: ParsedBody,
  status: number,
): void {
  const headers: Record<string, string> = {};
  for (const name of LOGGED_HEADERS) {
    const value = req.headers[name];
    if (typeof value !== 'string') continue;
    headers[name] =
      name === 'authorization'
        ? redactAuthorization(state.redactionKey, value)
        : value.slice(0, 200);
  }
  const entry: RequestLogEntry = {
    method: req.method ?? 'GET',
    path: path.slice(0, 500),
    headers,
    body: loggedBody(state, body),
    status,
    at: iso(state.now()),
  };
  state.requests.push(entry);
  if (state.requests.length > REQUEST_LOG_SIZE) state.requests.splice(0, 1);
  state.log(`${entry.method} ${entry.path} ${status}`);
}

/** Answers without reading the body (drained so the client can read the answer). */
function refuse(req: IncomingMessage, res: ServerResponse, error: HttpError): void {
  req.resume();
  sendResult(res, errorResult(error));
}

async function handle(
  state: DevApiState,
  ready: Promise<void>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://dev-api.invalid');
    const path = normalizePath(url.pathname);
    const isDevCall = `${path}/`.startsWith(DEV_PREFIX);
    if (!isAllowedHost(req.headers.host, state.corsOrigins)) {
      refuse(req, res, forbidden());
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      // A page on another site: refused before anything is read or changed.
      if (!isAllowedOrigin(origin, req.headers.host, state.corsOrigins)) {
        refuse(req, res, forbidden());
        return;
      }
      if (!isDevCall) applyCors(res, origin);
    }
    if (req.method === 'OPTIONS') {
      if (isDevCall) {
        refuse(req, res, forbidden());
      } else {
        req.resume();
        sendResult(res, { status: 204 });
      }
      return;
    }
    await ready;
    if (isDevCall) {
      const access = devAccess(req, state.devToken);
      if (access !== 'allowed') {
        refuse(req, res, access === 'disabled' ? notFound() : forbidden());
        return;
      }
    }
    let body: ParsedBody = { kind: 'empty' };
    let result: RouteResult;
    try {
      body = parseBody(await readRawBody(req));
      const fault = isDevCall
        ? null
        : takeFault(state, state.faults, {
            method: req.method ?? 'GET',
            path,
            bearer: bearerOf(req),
            body,
          });
      if (fault && !fault.after) {
        record(state, req, path, body, serveFault(state.faults, fault, req, res));
        return;
      }
      result = await dispatch(state, req, url, body);
      if (fault && result.status < 300) {
        // The call was handled; only its answer breaks the contract.
        record(state, req, path, body, serveFault(state.faults, fault, req, res, result));
        return;
      }
    } catch (error) {
      if (error instanceof RequestAborted) return;
      result = toErrorResult(state, error);
    }
    sendResult(res, result);
    if (!isDevCall) record(state, req, path, body, result.status);
  } catch (error) {
    // Last resort: never let one request take the server down.
    state.log(`unexpected error: ${errorText(error)}`);
    sendResult(res, errorResult(new HttpError(500, 'errors.unknown')));
  }
}
