/**
 * Who may talk to the stand-in from a browser, and who may use its private
 * __dev helpers.
 *
 * - CORS: only the page's own origin, `localhost` / `127.0.0.1` / `[::1]` on any
 *   port, and the origins listed in DEV_API_CORS_ORIGINS (comma-separated). A
 *   request carrying any other Origin is refused (403) before it is handled, so
 *   a page on another site can neither read answers nor change data.
 * - Host: only a name of this machine (isAllowedHost), so that a hostile site
 *   cannot become "the page's own origin" by pointing its DNS here.
 * - __dev helpers: off unless the stand-in was started with a dev token
 *   (DEV_API_DEV_TOKEN, or the `devToken` option). Then every __dev call must
 *   send it as `X-Dev-Token`, and must not come from a browser page at all (no
 *   Origin header): only the test harness, from Node, uses them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const DEV_TOKEN_HEADER = 'x-dev-token';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function extraOriginsFromEnv(): string[] {
  return (process.env.DEV_API_CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * True when the request's Host names this machine the way only it can be
 * named: localhost (or a *.localhost name), an IP address, or the host of an
 * origin listed in DEV_API_CORS_ORIGINS. Any other name may be a hostile
 * site's whose DNS now points here (DNS rebinding): to the browser, that site
 * and the stand-in would be one origin. Vite checks the same for its servers.
 */
export function isAllowedHost(
  host: string | undefined,
  extraOrigins: readonly string[] = [],
): boolean {
  if (host === undefined) return true; // HTTP/1.0 or a bare client: no browser page.
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost') || IP_LITERAL.test(hostname)) {
    return true;
  }
  return extraOrigins.some((origin) => {
    try {
      return new URL(origin).hostname.toLowerCase() === hostname;
    } catch {
      return false;
    }
  });
}

/** True when a browser page at `origin` may call the stand-in (see above). */
export function isAllowedOrigin(
  origin: string,
  host: string | undefined,
  extraOrigins: readonly string[] = [],
): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== origin) return false;
  if (LOCAL_HOSTS.has(url.hostname)) return true;
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  return extraOrigins.includes(url.origin);
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of the sent dev token with the expected one. */
export function isDevTokenValid(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  return timingSafeEqual(digest(sent), digest(expected));
}

export type DevAccess = 'allowed' | 'disabled' | 'refused';

/** Whether this __dev call may go on. */
export function devAccess(req: IncomingMessage, devToken: string | null): DevAccess {
  if (devToken === null) return 'disabled';
  if (req.headers.origin !== undefined) return 'refused';
  return isDevTokenValid(req.headers[DEV_TOKEN_HEADER], devToken) ? 'allowed' : 'refused';
}
