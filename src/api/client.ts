/**
 * The HTTP client (spec 7): one ky instance, the app headers on every call,
 * the stored access token as a bearer token, and the 401 flow: refresh once
 * through the AuthPort, then retry the original call once. GETs (and only
 * GETs: they change nothing) are retried by ky on a dropped connection or a
 * temporary server error. Every failure is an ApiError. The client does not
 * own the session.
 */

import ky, { isHTTPError, isTimeoutError } from 'ky';
import * as v from 'valibot';
import type { RefreshOutcome } from '../../machines/session/session.types.ts';
import {
  NETWORK_ERROR_KEY,
  TIMEOUT_ERROR_KEY,
  UNKNOWN_ERROR_KEY,
  UNREADABLE_ERROR_KEY,
} from '../../machines/shared/error-key.ts';
import { ApiError, isApiError } from './api-error.ts';
import { httpError, isNoRouteAnswer } from './error-body.ts';
import { reloadOnNewRelease } from './new-release.ts';
import { hasTokensAfter, type TokenStore } from './tokens.ts';

// The client is the first code loaded after start-up (at once for a stored
// session, at a visitor's first call): from then on, a file of the app gone
// after a new release reloads the page (new-release.ts).
if (typeof window !== 'undefined') reloadOnNewRelease();

export interface AuthPort {
  /**
   * Called on a 401 from any call but the refresh itself. Resolves when a
   * refresh attempt has finished: 'refreshed' (new tokens are now in the token
   * store), 'rejected' (the server refused the refresh token: the session must
   * sign out), 'failed' (network or other failure: keep the session). All
   * concurrent callers must share ONE in-flight refresh.
   */
  refresh(): Promise<RefreshOutcome>;
}

export interface ApiClientOptions {
  /** Absolute base URL with a trailing slash, e.g. `https://connect.example.ca/api/v1/`. */
  baseUrl: string;
  tokens: TokenStore;
  auth: AuthPort;
  fetch?: typeof fetch;
  /** Per attempt, for the response and for reading its body. Default 15000. */
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** Parses the response body; without one the body is not read and the call resolves to undefined. */
  schema?: v.GenericSchema<unknown, T>;
  /** Marks the refresh call itself: a 401 from it never starts the refresh flow. */
  skipAuthRefresh?: boolean;
  /** Sends this bearer token instead of the stored one (sign-out: the tokens are gone by then). */
  accessToken?: string | null;
}

export interface ApiClient {
  request<T = void>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = void>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = void>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T = void>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions<T>): Promise<T>;
}

const APP_HEADERS = {
  'X-App-Version': '1.0.0',
  'X-App-Name': 'ev-club-web',
} as const;

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Idempotent reads are tried again (twice, after 0.3 s then 0.6 s, or what a
 * Retry-After asks up to 3 s) when the connection dropped or the server
 * answered a temporary error. Writes are never repeated: the member decides.
 * A time-out is not retried either (the member has waited long enough).
 */
const GET_RETRY = {
  limit: 2,
  methods: ['get'],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: 3_000,
  backoffLimit: 3_000,
  retryOnTimeout: false,
};

/**
 * What an error logs of the exchange that failed: the call, and the status
 * if one came. Never ky's own error, which carries the request's headers and
 * body (the bearer token, a refresh token, a password) into the console and
 * whatever collects it.
 */
function exchange(request: Request, outcome: string): Error {
  return new Error(`${request.method} ${request.url}: ${outcome}`);
}

/** Any error thrown by ky (or fetch under it) as an ApiError. */
function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (isHTTPError(error)) {
    const cause = exchange(error.request, `answered ${error.response.status}`);
    const read = httpError(error.response.status, error.data, cause);
    // An answer that says nothing by its body or its status (not a 5xx, not a
    // 429), in a type the API never sends, is not the API refusing anything (a
    // firewall's or a proxy's page or text, a CDN's challenge, a gateway during
    // a deploy); nor a framework's "no such route": never read as the session
    // refused, nor a 404 as "you have none".
    const foreign = read.key === UNKNOWN_ERROR_KEY && isForeignAnswer(error.response);
    if (foreign || isNoRouteAnswer(error.data)) {
      return new ApiError({ kind: 'parse', key: UNREADABLE_ERROR_KEY, cause });
    }
    return read;
  }
  if (isTimeoutError(error)) {
    return new ApiError({
      kind: 'timeout',
      key: TIMEOUT_ERROR_KEY,
      cause: exchange(error.request, 'no answer in time'),
    });
  }
  // NetworkError, and whatever else fetch rejects with (it never got a response).
  const request = (error as { request?: unknown } | null)?.request;
  return new ApiError({
    kind: 'network',
    key: NETWORK_ERROR_KEY,
    cause: request instanceof Request ? exchange(request, 'no answer') : error,
  });
}

/**
 * The answer's body read by `schema`. What a failure logs names the fields
 * and the types expected, never the values (tokens, names, an address), which
 * the parser's own messages would quote.
 */
function parseBody<T>(text: string, schema: v.GenericSchema<unknown, T>, call: string): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'parse',
      key: UNREADABLE_ERROR_KEY,
      cause: new Error(`${call}: the answer is not JSON`),
    });
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const fields = result.issues.map(
      (issue) =>
        `${issue.path?.map((item) => item.key).join('.') ?? 'body'}: ${issue.expected ?? issue.type}`,
    );
    throw new ApiError({
      kind: 'parse',
      key: UNREADABLE_ERROR_KEY,
      cause: new Error(`${call}: unexpected answer (${fields.join('; ')})`),
    });
  }
  return result.output;
}

/**
 * A web page where the API answers (a captive portal, a proxy's sign-in page):
 * its 200 says nothing about the call, which was never saved, and its 4xx
 * says nothing about the session. The API never answers in HTML; a 204
 * carries no page.
 */
function isWebPage(response: Response): boolean {
  return (
    response.status !== 204 && /^text\/html\b/i.test(response.headers.get('content-type') ?? '')
  );
}

/** An answer with a body type the API never sends (it answers JSON, or nothing). */
function isForeignAnswer(response: Response): boolean {
  const type = response.headers.get('content-type');
  return type !== null && type.trim() !== '' && !/\bjson\b/i.test(type);
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 401;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, auth } = options;
  const http = ky.create({
    baseUrl: options.baseUrl,
    headers: { ...APP_HEADERS, Accept: 'application/json' },
    retry: GET_RETRY,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Never from or into the browser's cache, whatever the server's headers say: its key is
    // the address, not the member, so the next member on the computer could read the last one's.
    cache: 'no-store',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** One HTTP exchange with the given access token; every failure is an ApiError. */
  async function send<T>(
    method: HttpMethod,
    path: string,
    { json, schema }: RequestOptions<T>,
    accessToken: string | null,
  ): Promise<T> {
    const pending = http(path.replace(/^\/+/, ''), {
      method,
      json,
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    });
    let text: string;
    try {
      if (!schema) {
        const response = await pending;
        void response.body?.cancel().catch(() => undefined);
        if (isWebPage(response)) {
          throw new ApiError({
            kind: 'parse',
            key: UNREADABLE_ERROR_KEY,
            cause: new Error(`A web page answered ${method} ${path}, not the API`),
          });
        }
        return undefined as T;
      }
      text = await pending.text();
    } catch (error) {
      throw toApiError(error);
    }
    return parseBody(text, schema, `${method} ${path}`);
  }

  // Sessions that other tabs ended (the refresh token removed there) since this
  // client started. A 401 of a call made before one ended is not the cue to send
  // the call again with whatever token is stored now: that may be the next
  // member's (a tab the browser froze meanwhile hears the sign-out and the
  // sign-in before the answer).
  let endedElsewhere = 0;
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (hasTokensAfter(event, tokens) === false) endedElsewhere += 1;
  });

  /** After a 401: make sure there is a newer access token than the one that failed. */
  async function renewAfterUnauthorized(sentWith: string | null): Promise<RefreshOutcome> {
    const current = tokens.read().accessToken;
    // Another call refreshed while this one was in flight: its new token is enough.
    if (current !== null && current !== sentWith) return 'refreshed';
    try {
      return await auth.refresh();
    } catch {
      return 'failed';
    }
  }

  async function request<T = void>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions<T> = {},
  ): Promise<T> {
    // Read at send time: a retry after a refresh uses the new token.
    const sentWith =
      requestOptions.accessToken !== undefined
        ? requestOptions.accessToken
        : tokens.read().accessToken;
    const sessionsEnded = endedElsewhere;
    try {
      return await send(method, path, requestOptions, sentWith);
    } catch (error) {
      if (requestOptions.skipAuthRefresh || !isUnauthorized(error)) throw error;
      // Its session ended in another tab meanwhile: the call was that member's and is not
      // sent again. No verdict either (a 401 here would end the session the tab follows now).
      if (endedElsewhere !== sessionsEnded) {
        throw new ApiError({ kind: 'network', key: NETWORK_ERROR_KEY, cause: error });
      }
      const outcome = await renewAfterUnauthorized(sentWith);
      // Refused: the session is over and the caller gets the original 401.
      if (outcome === 'rejected') throw error;
      // The refresh did not get through: the session is kept, the caller hears of the network.
      if (outcome === 'failed')
        throw new ApiError({ kind: 'network', key: NETWORK_ERROR_KEY, cause: error });
      // Exactly one retry; a second 401 is returned as it is.
      return send(method, path, requestOptions, tokens.read().accessToken);
    }
  }

  return {
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, requestOptions) => request('POST', path, requestOptions),
    put: (path, requestOptions) => request('PUT', path, requestOptions),
    delete: (path, requestOptions) => request('DELETE', path, requestOptions),
  };
}
