#!/usr/bin/env node
// The offline charts viewer: `npm run charts:view` (or `node tests/tools/charts-viewer/viewer-server.mjs
// [--port N]`, 0 for any free port) serves, on 127.0.0.1 only,
//   /                     the page (viewer-page.html)
//   /viewer/<file>        its script (TypeScript, types stripped here) and style
//   /vendor/elk.bundled.js  the ELK layout engine, from node_modules (elkjs)
//   /charts/index.json    the machines of docs/charts, in the order of its README
//   /charts/<file>        docs/charts/<machine>.json, .md and .paths.md, read fresh on each request
// and nothing else. The page's Content-Security-Policy allows only this server,
// so no request can leave the machine. A development tool: never part of the
// app's build (vite builds src/ only).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const require = createRequire(import.meta.url);

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const VIEWER_FILES = new Set([
  'viewer-app.ts',
  'chart-graph.ts',
  'chart-layout.ts',
  'chart-svg.ts',
  'markdown-view.ts',
  'viewer.css',
]);
const CHART_FILE = /^[A-Za-z0-9_-]+(\.paths)?\.(json|md)$/;

/** The machines of `chartsDir`: every <id>.json, in the order the README lists them. */
export function chartIndex(chartsDir) {
  const files = existsSync(chartsDir) ? readdirSync(chartsDir) : [];
  const ids = files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
  const readme = join(chartsDir, 'README.md');
  const order = existsSync(readme)
    ? [...readFileSync(readme, 'utf8').matchAll(/\[([A-Za-z0-9_-]+)\]\(\.\/\1\.md\)/g)].map(
        (m) => m[1],
      )
    : [];
  const rank = (id) => (order.includes(id) ? order.indexOf(id) : order.length);
  ids.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return ids.map((id) => ({
    id,
    json: `${id}.json`,
    page: `${id}.md`,
    paths: `${id}.paths.md`,
    hasPaths: files.includes(`${id}.paths.md`),
  }));
}

let typescript = null;
async function stripTypes(source, fileName) {
  typescript ??= (await import('typescript')).default;
  return typescript.transpileModule(source, {
    fileName,
    compilerOptions: {
      module: typescript.ModuleKind.ESNext,
      target: typescript.ScriptTarget.ES2022,
      sourceMap: false,
    },
  }).outputText;
}

function send(response, status, type, body) {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

/**
 * Starts the viewer; resolves once it listens. `port` 0 takes any free port.
 * Returns its address and a way to stop it.
 */
export function startChartsViewer({
  port = 5180,
  host = '127.0.0.1',
  chartsDir = join(root, 'docs/charts'),
} = {}) {
  const elkPath = require.resolve('elkjs/lib/elk.bundled.js');
  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        send(response, 405, 'text/plain; charset=utf-8', 'GET only\n');
        return;
      }
      const { pathname } = new URL(request.url ?? '/', 'http://viewer.invalid');
      if (pathname === '/' || pathname === '/index.html') {
        send(
          response,
          200,
          'text/html; charset=utf-8',
          readFileSync(join(here, 'viewer-page.html')),
        );
        return;
      }
      if (pathname === '/vendor/elk.bundled.js') {
        send(response, 200, 'text/javascript; charset=utf-8', readFileSync(elkPath));
        return;
      }
      if (pathname === '/charts/index.json') {
        const body = JSON.stringify({ machines: chartIndex(chartsDir) });
        send(response, 200, 'application/json; charset=utf-8', body);
        return;
      }
      const viewer = /^\/viewer\/([a-z-]+\.(ts|css))$/.exec(pathname);
      if (viewer?.[1] && VIEWER_FILES.has(viewer[1])) {
        const source = readFileSync(join(here, viewer[1]), 'utf8');
        if (viewer[2] === 'css') send(response, 200, 'text/css; charset=utf-8', source);
        else {
          const js = await stripTypes(source, viewer[1]);
          send(response, 200, 'text/javascript; charset=utf-8', js);
        }
        return;
      }
      const chart = /^\/charts\/([^/]+)$/.exec(pathname);
      if (chart?.[1] && CHART_FILE.test(chart[1]) && existsSync(join(chartsDir, chart[1]))) {
        const type = chart[1].endsWith('.json')
          ? 'application/json; charset=utf-8'
          : 'text/plain; charset=utf-8';
        send(response, 200, type, readFileSync(join(chartsDir, chart[1])));
        return;
      }
      send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
    } catch (error) {
      send(response, 500, 'text/plain; charset=utf-8', `${String(error)}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}/`;
      resolve({
        url,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

function portArgument(argv) {
  const index = argv.indexOf('--port');
  const raw = index >= 0 ? argv[index + 1] : process.env.CHARTS_VIEWER_PORT;
  if (raw === undefined) return 5180;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number (0 for any free port), not "${raw}".`);
    process.exit(2);
  }
  return port;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const viewer = await startChartsViewer({ port: portArgument(process.argv.slice(2)) });
  console.info(`Charts viewer: ${viewer.url}  (offline; Ctrl+C stops it)`);
  const stop = () => viewer.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
