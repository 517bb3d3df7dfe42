/**
 * Machines speak in translation keys, never sentences. Any error that reaches a
 * machine (an ApiError from the HTTP client, a provider error, anything thrown)
 * is reduced to one key here; the view translates it.
 */
export const UNKNOWN_ERROR_KEY = 'errors.unknown';

export function errorKeyOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'key' in error) {
    const key = (error as { key: unknown }).key;
    if (typeof key === 'string' && key.length > 0) return key;
  }
  return UNKNOWN_ERROR_KEY;
}
