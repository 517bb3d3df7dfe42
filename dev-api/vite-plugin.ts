import type { Plugin } from 'vite';
import { createDevApi, type DevApiOptions } from './server.ts';

export interface DevApiPluginOptions extends DevApiOptions {
  /** false: not mounted at all (VITE_API_URL points the app at another API). Default true. */
  mount?: boolean;
}

/**
 * Mounts the local stand-in API under /api in Vite's dev server (`npm start`)
 * and preview server (`vite preview`, browser tests). Connect strips the
 * prefix, so the handler sees `/client/auth/login`. Not mounted under Vitest,
 * whose tests start the handler themselves, nor when `mount` is false.
 *
 * The data file can be moved with DEV_API_DATA_FILE (e.g. a separate one for
 * the end-to-end tests); DEV_API_DEV_TOKEN turns the private __dev helpers on
 * (see dev-api/README.md).
 */
export function devApi({ mount = true, ...options }: DevApiPluginOptions = {}): Plugin {
  const handler = () =>
    createDevApi({ dataFile: process.env.DEV_API_DATA_FILE || undefined, ...options });
  return {
    name: 'ev-club-dev-api',
    configureServer(server) {
      if (process.env.VITEST || !mount) return;
      server.middlewares.use('/api', handler());
    },
    configurePreviewServer(server) {
      if (!mount) return;
      server.middlewares.use('/api', handler());
    },
  };
}
