/**
 * The local stand-in for the Connect API (api-contract.md), as one plain
 * `node:http` request handler. Paths are relative to the mount point: mounted
 * under /api, the handler sees `/client/auth/login`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as path from 'node:path';
import { createFaultBook, serveFault, takeFault } from './faults.ts';
import {
  applyCors,
  errorResult,
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
import { type LoadOutcome, openStore } from './store.ts';
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
}

export type DevApiHandler = (req: IncomingMessage, res: ServerResponse) => void;

const ROUTES: readonly Route[] = [...authRoutes, ...profileRoutes, ...clubRoutes, ...devRoutes];
const LOGGED_HEADERS = ['authorization', 'x-app-version', 'x-app-name'] as const;
const DEV_PREFIX = '/__dev/';

function ttlFromEnv(): number {
  const seconds = Number(process.env.DEV_API_TOKEN_TTL);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

const printLine = (line: string): void => {
  process.stdout.write(`[dev-api] ${line}\n`);
};

const errorText = (error: unknown): string =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

export function createDevApi(options: DevApiOptions = {}): DevApiHandler {
  const file = options.dataFile ?? path.join(process.cwd(), '.data', 'dev-api.json');
  const ttl = options.accessTokenTtlSeconds ?? ttlFromEnv();
  const { store, outcome } = openStore(file);
  const state: DevApiState = {
    store,
    now: options.now ?? Date.now,
    log: options.log ?? printLine,
    accessTokenTtlSeconds: ttl,
    defaultAccessTokenTtlSeconds: ttl,
    requests: [],
    faults: createFaultBook(),
  };
  const ready = prepare(state, outcome);
  return (req, res) => {
    void handle(state, ready, req, res);
  };
}

/** Seeds an empty store with the demo member and says where the data lives. */
async function prepare(state: DevApiState, outcome: LoadOutcome): Promise<void> {
  const { file } = state.store;
  if (outcome === 'corrupt') {
    state.log(`${file} is unreadable or corrupt: starting with an empty store`);
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
  const match = matchRoute(ROUTES, req.method ?? 'GET', normalizePath(url.pathname));
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
  return match.route.handle(context);
}

function toErrorResult(state: DevApiState, error: unknown): RouteResult {
  if (error instanceof HttpError) return errorResult(error);
  state.log(`unexpected error: ${errorText(error)}`);
  return errorResult(new HttpError(500, 'errors.unknown'));
}

function loggedBody(body: ParsedBody): unknown {
  if (body.kind === 'json') return body.value;
  if (body.kind === 'invalid') return body.raw.slice(0, 2000);
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
    if (typeof value === 'string') headers[name] = value;
  }
  const entry: RequestLogEntry = {
    method: req.method ?? 'GET',
    path,
    headers,
    body: loggedBody(body),
    status,
    at: iso(state.now()),
  };
  state.requests.push(entry);
  if (state.requests.length > REQUEST_LOG_SIZE) state.requests.splice(0, 1);
  state.log(`${entry.method} ${path} ${status}`);
}

async function handle(
  state: DevApiState,
  ready: Promise<void>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    applyCors(req, res);
    if (req.method === 'OPTIONS') {
      req.resume();
      sendResult(res, { status: 204 });
      return;
    }
    await ready;
    const url = new URL(req.url ?? '/', 'http://dev-api.invalid');
    let body: ParsedBody = { kind: 'empty' };
    let result: RouteResult;
    const path = normalizePath(url.pathname);
    const isDevCall = `${path}/`.startsWith(DEV_PREFIX);
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
        record(state, req, path, body, serveFault(state.faults, fault, req, res));
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
