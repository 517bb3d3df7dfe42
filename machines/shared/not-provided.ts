/**
 * The stand-in implementation of an effect a machine declares but the app
 * provides (src/app/flows.ts, or the session's services): it rejects, naming
 * the missing effect, so a forgotten `.provide()` fails loudly, not silently.
 */
export function notProvided(name: string) {
  return () => Promise.reject(new Error(`${name} not provided`));
}
