/**
 * The one error type of the HTTP layer. Every failed call rejects with an
 * ApiError; machines only read `key` (through machines/shared/error-key.ts).
 */
export type ApiErrorKind = 'network' | 'timeout' | 'parse' | 'http';

// The keys the machines branch on (network, timeout, unreadable, unknown)
// are machines/shared/error-key.ts's; these two are the HTTP layer's own.
/** A 5xx that names no server key (a proxy's error page, a crash). */
export const SERVER_KEY_5XX = 'errors.server';
/** A 429 that names no server key (a gateway's or the API's rate limit): wait, then try again. */
export const RATE_LIMITED_KEY = 'errors.rateLimited';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  key: string;
  status?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly key: string;
  readonly status?: number;

  constructor(init: ApiErrorInit) {
    const where = init.status === undefined ? init.kind : `${init.kind} ${init.status}`;
    super(`API ${where}: ${init.key}`, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.key = init.key;
    if (init.status !== undefined) this.status = init.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
