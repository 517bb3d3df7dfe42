/**
 * The stand-in API on its own port, for running the app against it across
 * origins: `npm run api`, then `VITE_API_URL=http://localhost:8787/api/`.
 * PORT (default 8787), HOST (default 127.0.0.1), DEV_API_DATA_FILE (default
 * .data/dev-api.json), DEV_API_DEV_TOKEN (turns the __dev helpers on).
 */
import { createServer } from 'node:http';
import { envelope, sendResult } from './http.ts';
import { createDevApi, type DevApiHandler } from './server.ts';

const port = Number(process.env.PORT) || 8787;
let handler: DevApiHandler;
try {
  handler = createDevApi({ dataFile: process.env.DEV_API_DATA_FILE || undefined });
} catch (error) {
  // Another stand-in holds the data file, or it cannot be read: say so and stop.
  process.stderr.write(`[dev-api] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const mounted = /^\/api(?=$|[/?])/.exec(url);
  if (mounted) {
    req.url = url.slice('/api'.length) || '/';
    handler(req, res);
    return;
  }
  req.resume();
  sendResult(res, { status: 404, body: envelope(404, 'server.notFound') });
});

// This machine only, unless HOST says otherwise (it holds test accounts and prints codes).
const host = process.env.HOST || '127.0.0.1';
server.listen(port, host, () => {
  process.stdout.write(`[dev-api] listening on http://${host}:${port}/api/\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    handler.close();
    process.exit(0);
  });
}
