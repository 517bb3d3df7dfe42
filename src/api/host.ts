/**
 * Whether the app's own host answers at all (any HTTP status will do): tells
 * "offline" from "the file is gone" when a piece of the app fails to download
 * (src/components/lazy-screen.ts).
 */
export async function hostAnswers(): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    await fetch(import.meta.env.BASE_URL, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
