/**
 * Machines speak in translation keys, never sentences. Any error that reaches a
 * machine (an ApiError from the HTTP client, a provider error, anything thrown)
 * is reduced to one key here; the view translates it.
 */
export const UNKNOWN_ERROR_KEY = 'errors.unknown';
/** The request never got an answer (offline, connection dropped). */
export const NETWORK_ERROR_KEY = 'errors.network';
/** The server took longer than the client waits. */
export const TIMEOUT_ERROR_KEY = 'errors.timeout';

export function errorKeyOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'key' in error) {
    const key = (error as { key: unknown }).key;
    if (typeof key === 'string' && key.length > 0) return key;
  }
  return UNKNOWN_ERROR_KEY;
}

/** A guard (params: `{ error }`, see errorOf) that holds when the error's key is `key`. */
export function errorKeyIs(key: string) {
  return (_args: unknown, params: { error: unknown }): boolean => errorKeyOf(params.error) === key;
}

/** The HTTP status an error carries, if the server answered at all. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** The server refused the session itself: 401 or 403 (after the client's one refresh). */
export function isSessionRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403;
}

/** The request got no answer (no connection, or none in time): not something the server said. */
function isConnectionErrorKey(key: string): boolean {
  return key === NETWORK_ERROR_KEY || key === TIMEOUT_ERROR_KEY;
}

/** A failure the server answered (a 5xx, an unreadable answer…), not a connection problem. */
export function isAnsweredErrorKey(key: string | null): boolean {
  return key !== null && !isConnectionErrorKey(key);
}

/**
 * Nothing says what the server did: no answer (no connection, or none in
 * time) or a server failure (5xx, perhaps a proxy's after the server acted).
 */
export function isNoVerdict(error: unknown): boolean {
  const status = statusOf(error);
  return isConnectionErrorKey(errorKeyOf(error)) || (status !== undefined && status >= 500);
}

/** An answer that is not the API's (a captive portal's or a proxy's page, a body of the wrong shape). */
export const UNREADABLE_ERROR_KEY = 'errors.unreadable';

/**
 * Nothing says the server acted on the request: no verdict (above), a rate
 * limit (429: not done, try later) or an answer that is not the API's
 * (unreadable: a captive portal's or a proxy's page). None of them tells
 * anything about what the request named, so a flow that hides the server's
 * refusals (forgot password reveals nothing about an address) still says so.
 */
export function mayNotHaveActed(error: unknown): boolean {
  return (
    isNoVerdict(error) || statusOf(error) === 429 || errorKeyOf(error) === UNREADABLE_ERROR_KEY
  );
}
