/**
 * Ports of the hosting test, next to the main browser tests' E2E_PORT (so two
 * runs on one machine do not clash): nginx on E2E_PORT + 1, the stand-in on
 * E2E_PORT + 2, unless E2E_NGINX_PORT / E2E_NGINX_API_PORT say otherwise.
 */
export function hostingPorts(env: NodeJS.ProcessEnv = process.env): { app: number; api: number } {
  const base = Number(env.E2E_PORT ?? 4179);
  return {
    app: Number(env.E2E_NGINX_PORT ?? base + 1),
    api: Number(env.E2E_NGINX_API_PORT ?? base + 2),
  };
}
