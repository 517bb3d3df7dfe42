import * as v from 'valibot';

/**
 * The one error type of the HTTP layer. Every failed call rejects with an
 * ApiError; machines only read `key` (through machines/shared/error-key.ts).
 */
export type ApiErrorKind = 'network' | 'timeout' | 'parse' | 'http';

export const UNKNOWN_KEY = 'errors.unknown';
export const NETWORK_KEY = 'errors.network';
export const TIMEOUT_KEY = 'errors.timeout';
/** A 5xx that names no server key (a proxy's error page, a crash). */
export const SERVER_KEY_5XX = 'errors.server';
/** A 2xx whose body breaks the contract (not JSON, or not the expected shape). */
export const UNREADABLE_KEY = 'errors.unreadable';

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

/** `{ "statusCode": 409, "message": { "message": "server.sameEmailUserExists" } }` */
const ErrorEnvelopeSchema = v.object({
  message: v.object({ message: v.pipe(v.string(), v.trim(), v.nonEmpty()) }),
});

/**
 * A server may only name keys of the `server` namespace (`server.incorrectOtp`):
 * never another namespace, a whole section or a template of the app's own.
 */
const SERVER_KEY = /^server\.[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The translation key of an error body: `message.message` of the envelope when
 * it is a `server.*` key, or `errors.unknown` for anything else (no body, not
 * JSON, another shape, another key). A string body is tried as JSON, in case
 * the server sent JSON with the wrong content type.
 */
export function errorKeyFromBody(body: unknown): string {
  let data = body;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return UNKNOWN_KEY;
    }
  }
  const result = v.safeParse(ErrorEnvelopeSchema, data);
  if (!result.success) return UNKNOWN_KEY;
  const key = result.output.message.message;
  return SERVER_KEY.test(key) ? key : UNKNOWN_KEY;
}

export function httpError(status: number, body: unknown, cause?: unknown): ApiError {
  const key = errorKeyFromBody(body);
  const shown = key === UNKNOWN_KEY && status >= 500 ? SERVER_KEY_5XX : key;
  return new ApiError({ kind: 'http', status, key: shown, cause });
}
