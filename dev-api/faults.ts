/**
 * Injected faults (private __dev helper, for the project's fault tests): the
 * next matching API call(s) fail the way real networks and servers do, before
 * the stand-in handles them (so nothing is changed by a faulted call), or,
 * with `after`, once it has handled them (the server did its work, only the
 * answer is lost or broken).
 *
 * - `status`: an error status (default 503) with a non-JSON body, as a proxy sends it,
 *   or, with `key`, the contract's error envelope naming that key;
 * - `drop`: the connection is closed without an answer;
 * - `malformed`: 200 with JSON of the wrong shape;
 * - `garbage`: 200 with a body that is not JSON at all;
 * - `hang`: no answer until `ms` (default 60 s) has passed or the faults are cleared,
 *   then the connection is closed;
 * - `cacheable`: the call's own answer, once handled, but marked
 *   `Cache-Control: private, max-age=600` (a server that lets browsers keep it).
 *
 * A fault matches on method and path (`*` stands for one path segment) and,
 * when `email` is given, only calls made for that user: by their access token,
 * by their refresh token, or with that `email`/`emailOrPhone` in the body. So
 * tests running side by side do not trip each other's faults.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, type ParsedBody, type RouteResult, sendResult } from './http.ts';
import type { DevApiState } from './state.ts';

export type FaultKind = 'status' | 'drop' | 'malformed' | 'garbage' | 'hang' | 'cacheable';

export interface Fault {
  method: string;
  path: string;
  kind: FaultKind;
  /** For `status`. */
  status: number;
  /** For `status`: answer the error envelope with this key instead of a proxy page. */
  key: string | null;
  /** For `hang`. */
  ms: number;
  /** How many matching calls it still fails. */
  times: number;
  email: string | null;
  /** Fail the answer of a call the stand-in has handled (a call it refuses keeps its error). */
  after: boolean;
}

const KINDS: readonly FaultKind[] = ['status', 'drop', 'malformed', 'garbage', 'hang', 'cacheable'];
const DEFAULT_HANG_MS = 60_000;

export interface FaultBook {
  faults: Fault[];
  /** Hanging connections, released when the faults are cleared. */
  hanging: Set<() => void>;
}

export function createFaultBook(): FaultBook {
  return { faults: [], hanging: new Set() };
}

/** Parses one fault of a `POST __dev/faults` body; a 400 for anything unusable. */
export function parseFault(input: unknown): Fault {
  if (typeof input !== 'object' || input === null) throw badRequest();
  const value = input as Record<string, unknown>;
  const kind = value.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind as FaultKind)) throw badRequest();
  if (typeof value.path !== 'string' || !value.path.startsWith('/')) throw badRequest();
  const method = value.method === undefined ? '*' : value.method;
  if (typeof method !== 'string') throw badRequest();
  const positive = (key: string, fallback: number): number => {
    const n = value[key] === undefined ? fallback : value[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw badRequest();
    return n;
  };
  const email = value.email === undefined ? null : value.email;
  if (email !== null && typeof email !== 'string') throw badRequest();
  const key = value.key === undefined ? null : value.key;
  if (key !== null && typeof key !== 'string') throw badRequest();
  return {
    method: method.toUpperCase(),
    path: value.path.replace(/\/+$/, ''),
    kind: kind as FaultKind,
    status: positive('status', 503),
    key,
    ms: positive('ms', DEFAULT_HANG_MS),
    times: positive('times', 1),
    email: email === null ? null : email.trim().toLowerCase(),
    // A cacheable answer is the handled call's own.
    after: value.after === true || kind === 'cacheable',
  };
}

function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.replace(/\/+$/, '').split('/');
  return want.length === got.length && want.every((part, i) => part === '*' || part === got[i]);
}

/** The email of the user a call is made for, as far as the stand-in can tell. */
function callerEmails(state: DevApiState, bearer: string | null, body: ParsedBody): string[] {
  const emails: string[] = [];
  const { tokens, users, resetTokens } = state.store.data;
  const ofToken = (token: unknown) => {
    if (typeof token !== 'string') return;
    const record = tokens[token];
    const user = record && users.find((candidate) => candidate._id === record.userId);
    if (user) emails.push(user.email.toLowerCase());
  };
  ofToken(bearer);
  if (body.kind === 'json' && typeof body.value === 'object' && body.value !== null) {
    const fields = body.value as Record<string, unknown>;
    ofToken(fields.refreshToken);
    const reset = typeof fields.resetToken === 'string' ? resetTokens[fields.resetToken] : null;
    const resetUser = reset && users.find((candidate) => candidate._id === reset.userId);
    if (resetUser) emails.push(resetUser.email.toLowerCase());
    for (const key of ['email', 'emailOrPhone']) {
      const typed = fields[key];
      if (typeof typed === 'string') emails.push(typed.trim().toLowerCase());
    }
  }
  return emails;
}

/** Takes the first fault matching this call (spending one of its `times`), if any. */
export function takeFault(
  state: DevApiState,
  book: FaultBook,
  call: { method: string; path: string; bearer: string | null; body: ParsedBody },
): Fault | null {
  const index = book.faults.findIndex(
    (fault) =>
      (fault.method === '*' || fault.method === call.method) &&
      pathMatches(fault.path, call.path) &&
      (fault.email === null || callerEmails(state, call.bearer, call.body).includes(fault.email)),
  );
  if (index < 0) return null;
  const fault = book.faults[index] as Fault;
  fault.times -= 1;
  if (fault.times <= 0) book.faults.splice(index, 1);
  return fault;
}

/** Clears every fault and lets hanging calls end (their connections close). */
export function clearFaults(book: FaultBook): void {
  book.faults = [];
  for (const release of book.hanging) release();
  book.hanging.clear();
}

/**
 * Answers (or does not answer) a faulted call; `handled` is the stand-in's own
 * answer, for a fault `after` it. Returns the status logged for it (0: none).
 */
export function serveFault(
  book: FaultBook,
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  handled?: RouteResult,
): number {
  res.setHeader('Cache-Control', 'no-store');
  switch (fault.kind) {
    case 'cacheable': {
      const answer = handled ?? { status: 204 };
      const headers = { ...answer.headers, 'Cache-Control': 'private, max-age=600' };
      sendResult(res, { ...answer, headers });
      return answer.status;
    }
    case 'status':
      res.statusCode = fault.status;
      if (fault.key) {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ statusCode: fault.status, message: { message: fault.key } }));
        return fault.status;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<html><body><h1>${fault.status} Service Unavailable</h1></body></html>`);
      return fault.status;
    case 'malformed':
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ unexpected: 'shape', user: { id: 7 } }));
      return 200;
    case 'garbage':
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end('<html>not json</html>');
      return 200;
    case 'drop':
      req.socket.destroy();
      return 0;
    case 'hang': {
      const release = () => {
        clearTimeout(timer);
        book.hanging.delete(release);
        req.socket.destroy();
      };
      const timer = setTimeout(release, fault.ms);
      book.hanging.add(release);
      return 0;
    }
  }
}
