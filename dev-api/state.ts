/** The state every route works on, and the route types. */
import type { FaultBook } from './faults.ts';
import type { ParsedBody, RouteResult } from './http.ts';
import type { Store, UserRecord } from './store.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  /** Only authorization (its token redacted), x-app-version and x-app-name, when sent. */
  headers: Record<string, string>;
  /**
   * A bounded copy of the JSON body with passwords, codes and tokens redacted
   * (dev-api/redact.ts); `<not JSON: n bytes>` for another body; null when empty.
   */
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
  /** The X-Dev-Token the __dev helpers require; null: they are off. */
  readonly devToken: string | null;
  /** Key of the fingerprints that replace secrets in the request log. */
  readonly redactionKey: string;
  /** Browser origins allowed besides localhost and the page's own. */
  readonly corsOrigins: readonly string[];
  /** Runs a change alone (changes never interleave, so one can be undone). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
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
