/**
 * The address the browser opened this page with (a reload opens it again),
 * before the router changed it; undefined where the browser does not say.
 */
export function addressOpened(): string | undefined {
  const [entry] = globalThis.performance?.getEntriesByType?.('navigation') ?? [];
  return entry?.name;
}

/** This page was opened at `path` (a reload of it, a phone's discarded tab), not reached since. */
export function openedAt(path: string): boolean {
  const address = addressOpened();
  // Where the browser does not say, the page counts as opened here.
  return address === undefined || new URL(address).pathname === path;
}
