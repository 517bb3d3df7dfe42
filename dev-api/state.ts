/** The state every route works on, and the route types. */
import type { FaultBook } from './faults.ts';
import type { ParsedBody, RouteResult } from './http.ts';
import type { Store, UserRecord } from './store.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  /** Only authorization, x-app-version and x-app-name, when sent. */
  headers: Record<string, string>;
  /** The parsed JSON body, the raw text when it was not JSON, or null when empty. */
  body: unknown;
  status: number;
  at: string;
}

export interface DevApiState {
  store: Store;
  now(): number;
  log(line: string): void;
  accessTokenTtlSeconds: number;
  readonly defaultAccessTokenTtlSeconds: number;
  /** The last REQUEST_LOG_SIZE API calls (never __dev/ calls nor preflights), oldest first. */
  requests: RequestLogEntry[];
  /** Injected faults (__dev/faults), for the fault tests. */
  faults: FaultBook;
}

export const REQUEST_LOG_SIZE = 500;

export interface RouteContext {
  state: DevApiState;
  params: Record<string, string>;
  query: URLSearchParams;
  body: ParsedBody;
  /** The Bearer token sent, if any (valid or not). */
  bearer: string | null;
  /** The caller, or a 401 `server.unauthorized` for a missing/unknown/expired access token. */
  requireUser(): UserRecord;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the mount point, `:name` segments are parameters. */
  path: string;
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/** The same calendar date one year on (UTC). */
export function oneYearAfter(ms: number): string {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}
