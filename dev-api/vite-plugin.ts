import type { Plugin } from 'vite';
import { createDevApi, type DevApiOptions } from './server.ts';

/**
 * Mounts the local stand-in API under /api in Vite's dev server (`npm start`)
 * and preview server (`vite preview`, browser tests). Connect strips the
 * prefix, so the handler sees `/client/auth/login`. Not mounted under Vitest,
 * whose tests start the handler themselves.
 *
 * The data file can be moved with DEV_API_DATA_FILE (e.g. a separate one for
 * the end-to-end tests).
 */
export function devApi(options: DevApiOptions = {}): Plugin {
  const handler = () =>
    createDevApi({ dataFile: process.env.DEV_API_DATA_FILE || undefined, ...options });
  return {
    name: 'ev-club-dev-api',
    configureServer(server) {
      if (process.env.VITEST) return;
      server.middlewares.use('/api', handler());
    },
    configurePreviewServer(server) {
      server.middlewares.use('/api', handler());
    },
  };
}
