/**
 * The stand-in API on its own port, for running the app against it across
 * origins: `npm run api`, then `VITE_API_URL=http://localhost:8787/api/`.
 * PORT (default 8787) and DEV_API_DATA_FILE (default .data/dev-api.json).
 */
import { createServer } from 'node:http';
import { applyCors, envelope, sendResult } from './http.ts';
import { createDevApi } from './server.ts';

const port = Number(process.env.PORT) || 8787;
const handler = createDevApi({ dataFile: process.env.DEV_API_DATA_FILE || undefined });

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const mounted = /^\/api(?=$|[/?])/.exec(url);
  if (mounted) {
    req.url = url.slice('/api'.length) || '/';
    handler(req, res);
    return;
  }
  applyCors(req, res);
  if (req.method === 'OPTIONS') sendResult(res, { status: 204 });
  else sendResult(res, { status: 404, body: envelope(404, 'server.notFound') });
});

server.listen(port, () => {
  process.stdout.write(`[dev-api] listening on http://localhost:${port}/api/\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
