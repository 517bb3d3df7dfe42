/** Matches a method and path against the route table. */
import { badRequest } from './http.ts';
import type { Route } from './state.ts';

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

/** Drops a trailing slash and repeated slashes: `//club/memberships/` → `/club/memberships`. */
export function normalizePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        throw badRequest();
      }
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

/** The first route (in table order) matching both; static routes must come before `:param` ones. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const allow: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'wrong-method', allow } : { kind: 'none' };
}
