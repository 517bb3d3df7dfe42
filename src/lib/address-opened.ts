/** How the browser opened this page: its navigation entry, where it says. */
function openingEntry(): PerformanceNavigationTiming | undefined {
  return globalThis.performance?.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
}

/**
 * The address the browser opened this page with (a reload opens it again),
 * before the router changed it; undefined where the browser does not say.
 */
export function addressOpened(): string | undefined {
  return openingEntry()?.name;
}

/**
 * This page is `path` loaded again: a reload of it, or a tab the browser
 * discarded (a phone short of memory) and loads again as it is shown. Not a
 * visit since (a link, an address typed, a bookmark). Where the browser does
 * not say how it opened the page, it counts as loaded again.
 */
export function reloadedAt(path: string): boolean {
  const entry = openingEntry();
  if (!entry) return true;
  const again =
    entry.type === 'reload' || (document as { wasDiscarded?: boolean }).wasDiscarded === true;
  return again && new URL(entry.name).pathname === path;
}
