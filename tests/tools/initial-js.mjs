/**
 * The JavaScript a page loads before it settles, counted in Chromium: every
 * script response of the first load (network idle, plus half a second), each
 * gzipped at level 9 on its own, as a browser fetches them. Several builds are
 * measured in one run, so the figures compare like with like.
 *
 *   const results = await measureInitialJs([
 *     { label: 'app', dir: 'dist', path: '/login' },
 *     { label: 'naive stack', dir: '.cache/peers/stack', path: '/login', html: 'stack.html' },
 *   ]);
 *
 * Each build is served from its own directory by a tiny static server (an
 * unknown path without an extension gets the build's page, `index.html`
 * unless the target names another, as an SPA host does).
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, HEADLESS_ARGS } from './chromium.mjs';
import { expectSignIn } from './peers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

async function readIfFile(file) {
  try {
    return (await stat(file)).isFile() ? await readFile(file) : null;
  } catch {
    return null;
  }
}

/** Serves `dir` on a free port of 127.0.0.1; resolves to its origin and a close(). */
function serve(dir, html = 'index.html') {
  const base = normalize(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const target = normalize(join(base, path));
    let body = target.startsWith(base) ? await readIfFile(target) : null;
    let type = TYPES[extname(target)] ?? 'application/octet-stream';
    if (!body && !extname(path)) {
      body = await readIfFile(join(base, html));
      type = TYPES['.html'];
    }
    if (!body) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/** @param {Array<{label: string, dir: string, path: string, html?: string}>} targets */
export async function measureInitialJs(targets) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: HEADLESS_ARGS,
  });
  const results = [];
  try {
    for (const target of targets) {
      const server = await serve(target.dir, target.html);
      try {
        const context = await browser.newContext();
        const page = await context.newPage();
        const scripts = [];
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.push(response);
        });
        await page.goto(`${server.origin}${target.path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        // Each page measured is a sign-in page: one that shows something else
        // (a router's Not Found) would be counted without its own work.
        await expectSignIn(page, `${target.label} ${target.path}`);
        let raw = 0;
        let gzip = 0;
        const files = [];
        for (const response of scripts) {
          // A body the browser no longer holds is fetched again (the same file), never counted as 0.
          const body = await response
            .body()
            .catch(async () => (await page.request.get(response.url())).body());
          const size = gzipSync(body, { level: 9 }).length;
          raw += body.length;
          gzip += size;
          files.push({ file: new URL(response.url()).pathname, gzip: size });
        }
        results.push({ ...target, files, raw, gzip });
        await context.close();
      } finally {
        server.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
