import * as v from 'valibot';
import { UNKNOWN_ERROR_KEY } from '../../machines/shared/error-key.ts';
import { ApiError, RATE_LIMITED_KEY, SERVER_KEY_5XX } from './api-error.ts';

/**
 * Reading an error answer (the client's side only: it loads with the client,
 * not with the page).
 */

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
 * Express's and NestJS's own answer for a path no route serves, outside the
 * error envelope: `{ "statusCode": 404, "message": "Cannot GET /api/club/memberships" }`.
 * A call sent to the wrong place (a proxy, a deploy half done): not the API's
 * answer, so its 404 never means "you have none", nor its 4xx a refusal.
 */
export function isNoRouteAnswer(body: unknown): boolean {
  const message = (asJson(body) as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /^Cannot [A-Z]+ \//.test(message);
}

/** A string body read as JSON (a server may send JSON with the wrong content type), else as it is. */
function asJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The translation key of an error body: `message.message` of the envelope when
 * it is a `server.*` key, or `errors.unknown` for anything else (no body, not
 * JSON, another shape, another key). A string body is tried as JSON, in case
 * the server sent JSON with the wrong content type.
 */
export function errorKeyFromBody(body: unknown): string {
  const result = v.safeParse(ErrorEnvelopeSchema, asJson(body));
  if (!result.success) return UNKNOWN_ERROR_KEY;
  const key = result.output.message.message;
  return SERVER_KEY.test(key) ? key : UNKNOWN_ERROR_KEY;
}

/** What an error answer naming no server key says by its status alone. */
function keyOfStatus(status: number): string {
  if (status === 429) return RATE_LIMITED_KEY;
  return status >= 500 ? SERVER_KEY_5XX : UNKNOWN_ERROR_KEY;
}

export function httpError(status: number, body: unknown, cause?: unknown): ApiError {
  const key = errorKeyFromBody(body);
  const shown = key === UNKNOWN_ERROR_KEY ? keyOfStatus(status) : key;
  return new ApiError({ kind: 'http', status, key: shown, cause });
}
