/**
 * The one error type of the HTTP layer. Every failed call rejects with an
 * ApiError; machines only read `key` (through machines/shared/error-key.ts).
 */
import {
  NETWORK_ERROR_KEY,
  TIMEOUT_ERROR_KEY,
  UNKNOWN_ERROR_KEY,
  UNREADABLE_ERROR_KEY,
} from '../../machines/shared/error-key.ts';

export type ApiErrorKind = 'network' | 'timeout' | 'parse' | 'http';

/** The keys the machines branch on (machines/shared/error-key.ts), under the HTTP layer's names. */
export const UNKNOWN_KEY = UNKNOWN_ERROR_KEY;
export const NETWORK_KEY = NETWORK_ERROR_KEY;
export const TIMEOUT_KEY = TIMEOUT_ERROR_KEY;
/** A 5xx that names no server key (a proxy's error page, a crash). */
export const SERVER_KEY_5XX = 'errors.server';
/** A 429 that names no server key (a gateway's or the API's rate limit): wait, then try again. */
export const RATE_LIMITED_KEY = 'errors.rateLimited';
/** A 2xx whose body breaks the contract (not JSON, or not the expected shape). */
export const UNREADABLE_KEY = UNREADABLE_ERROR_KEY;

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
