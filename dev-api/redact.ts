/**
 * What the request log (__dev/requests) keeps of a call: never a secret, never
 * more than a bounded copy.
 *
 * - Passwords, one-time codes and tokens in a body, and the token of the
 *   `authorization` header, become `<redacted:xxxxxxxxxxxx>`: a keyed
 *   fingerprint (HMAC-SHA256 with the run's dev token, 12 hex digits), so a
 *   test that knows the value can still check exactly what was sent
 *   (`redacted(value)` in tests/e2e/support/api.ts) while the log itself never
 *   holds the value.
 * - Bodies are copied with limits on depth, keys, items and string length, so
 *   a huge or deeply nested body cannot break the log (or JSON.stringify).
 * - A body that is not JSON is not kept, only its size.
 */
import { createHmac } from 'node:crypto';

/** Keys whose values are secrets wherever they appear in a body. */
const SECRET_KEY = /password|secret|token|^otp$|^code$/i;

export const LIMITS = { depth: 6, keys: 50, items: 50, string: 500, nodes: 1000 } as const;

export function fingerprint(key: string, value: string): string {
  return `<redacted:${createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 12)}>`;
}

/** `Bearer <redacted:…>`: that a bearer was sent stays visible, the token does not. */
export function redactAuthorization(key: string, value: string): string {
  const match = /^(\S+)\s+(.+)$/.exec(value.trim());
  return match ? `${match[1]} ${fingerprint(key, match[2] ?? '')}` : fingerprint(key, value);
}

/** A bounded copy of a parsed JSON body with the secrets replaced by fingerprints. */
export function redactBody(key: string, value: unknown): unknown {
  let nodes = 0;
  const copy = (item: unknown, depth: number, secret: boolean): unknown => {
    nodes += 1;
    if (nodes > LIMITS.nodes) return '<truncated>';
    if (secret && item !== null && typeof item !== 'object') return fingerprint(key, String(item));
    if (typeof item === 'string') {
      return item.length > LIMITS.string ? `${item.slice(0, LIMITS.string)}…<truncated>` : item;
    }
    if (item === null || typeof item !== 'object') return item;
    if (depth >= LIMITS.depth) return '<truncated: too deep>';
    if (Array.isArray(item)) {
      const items = item.slice(0, LIMITS.items).map((inner) => copy(inner, depth + 1, secret));
      if (item.length > LIMITS.items) items.push(`<truncated: ${item.length - LIMITS.items} more>`);
      return items;
    }
    const entries = Object.entries(item as Record<string, unknown>);
    const out: Record<string, unknown> = {};
    for (const [name, inner] of entries.slice(0, LIMITS.keys)) {
      out[name] = copy(inner, depth + 1, secret || SECRET_KEY.test(name));
    }
    if (entries.length > LIMITS.keys)
      out['<truncated>'] = `${entries.length - LIMITS.keys} more keys`;
    return out;
  };
  return copy(value, 0, false);
}
