/**
 * Ports of the hosting test, above the main browser tests' E2E_PORT and its
 * workers' ports (npm test runs both side by side, and two runs on one machine
 * must not clash): nginx on E2E_PORT + 20, the stand-in on E2E_PORT + 21,
 * unless E2E_NGINX_PORT / E2E_NGINX_API_PORT say otherwise.
 */
export function hostingPorts(env: NodeJS.ProcessEnv = process.env): { app: number; api: number } {
  const base = Number(env.E2E_PORT ?? 4179);
  return {
    app: Number(env.E2E_NGINX_PORT ?? base + 20),
    api: Number(env.E2E_NGINX_API_PORT ?? base + 21),
  };
}
