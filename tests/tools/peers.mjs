/**
 * The two reference pages of tests/perf/peers, built with Vite so that the
 * measuring scripts can put the app beside them in one run: the floor (a bare
 * React page) and the naive stack (a one-chunk login page importing the app's
 * whole pinned stack).
 *
 *   await buildPeers();                          // both, into PEERS_OUT/<name>
 *   const server = await previewPeer(PEERS[0], 4201);   // served as the app is
 *   …  server.base + PEERS[0].path  …
 *   await server.close();
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const peersDir = path.join(root, 'tests/perf/peers');

/** Where the peers are built (one folder each). */
export const PEERS_OUT = path.join(root, 'node_modules/.cache/peers');

/**
 * Each peer: its label in reports, its name (source file and folder), the
 * address to open and its page (`html`), served for any address without an
 * extension, as an SPA host serves the app's index.html. The naive stack's
 * router shows its login form at /login (elsewhere its "Not Found"), so it
 * is opened there, like the app.
 */
export const PEERS = [
  { label: 'naive stack', name: 'stack', path: '/login' },
  { label: 'floor', name: 'floor', path: '/floor.html' },
].map((peer) => ({ ...peer, html: `${peer.name}.html`, dir: path.join(PEERS_OUT, peer.name) }));

/**
 * Fails unless `page` shows "Sign in" (the app's /login and both reference
 * pages do): a page showing something else, such as a router's Not Found,
 * would be measured without its own work.
 */
export async function expectSignIn(page, what) {
  try {
    await page.getByText('Sign in', { exact: true }).first().waitFor({ timeout: 15_000 });
  } catch {
    throw new Error(`${what} does not show "Sign in": it is not the page to measure`);
  }
}

/** Builds both peers (a few seconds). */
export async function buildPeers() {
  for (const peer of PEERS) {
    await build({
      configFile: false,
      root: peersDir,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        outDir: peer.dir,
        emptyOutDir: true,
        target: 'es2022',
        rollupOptions: { input: path.join(peersDir, `${peer.name}.html`) },
      },
    });
  }
}

/**
 * Serves a built peer with `vite preview` on 127.0.0.1:`port`, as the
 * measuring scripts serve the app (no compression, the same headers), so a
 * difference between them is the pages' own. Resolves to its origin and a close().
 */
export async function previewPeer(peer, port) {
  const server = await preview({
    configFile: false,
    root: peersDir,
    logLevel: 'warn',
    plugins: [spaFallback(peer.html)],
    build: { outDir: peer.dir },
    preview: { port, strictPort: true, host: '127.0.0.1' },
  });
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** Any address without an extension gets `html` (vite preview's own fallback is index.html). */
function spaFallback(html) {
  return {
    name: 'peer-spa-fallback',
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        const { pathname } = new URL(req.url ?? '/', 'http://peer');
        if (!path.extname(pathname)) req.url = `/${html}`;
        next();
      });
    },
  };
}
