/**
 * Each Playwright worker serves the built app with its own stand-in: its own
 * port, data file and request log. Tests running side by side then never see
 * each other's calls in `__dev/requests`, their faults or their token
 * lifetimes, and the suite can run with several workers.
 *
 * Port: E2E_PORT (default 4179) plus the worker's parallel index. Built app:
 * E2E_DIST (default dist/), as tests/tools/e2e.sh built it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string, within: number): Promise<void> {
  const deadline = Date.now() + within;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${within} ms`);
}

export async function startAppServer({
  index,
  outputDir,
}: {
  index: number;
  outputDir: string;
}): Promise<AppServer> {
  const port = Number(process.env.E2E_PORT ?? 4179) + index;
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(outputDir, { recursive: true });
  const dataFile = path.join(outputDir, `e2e-api-${index}.json`);
  fs.rmSync(dataFile, { force: true });
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'];
  if (process.env.E2E_DIST) args.push('--outDir', process.env.E2E_DIST);
  let stderr = '';
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DEV_API_DATA_FILE: dataFile,
      DEV_API_TOKEN_TTL: '60',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await answers(`${url}/login`, 60_000);
  } catch (error) {
    child.kill();
    throw new Error(`vite preview on ${port} did not start: ${stderr}`, { cause: error });
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
