/**
 * `load` run once, its promise shared by every caller; a failure (offline: a
 * chunk that did not download) is forgotten, so the next call runs it again.
 * The app's on-demand pieces load this way: the API client, the token
 * refresh, the membership.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((cause: unknown) => {
      pending = null;
      throw cause;
    });
    return pending;
  };
}
