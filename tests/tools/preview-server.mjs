/**
 * The BUILT app served by `vite preview` with the stand-in mounted under /api/
 * (its data in a temporary folder), for the measuring scripts (INP,
 * Lighthouse): one way to build, start, arrange members and stop.
 *
 *   buildUnlessAsked();                       // `--no-build` skips it
 *   const preview = startPreview({ port: 4198, label: 'inp' });
 *   await preview.ready();
 *   await preview.arrangeActiveMember({ email, password });
 *   …
 *   preview.stop();
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** `vite build`, unless the script was given `--no-build`; exits when the build fails. */
export function buildUnlessAsked() {
  if (process.argv.includes('--no-build')) return;
  const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/**
 * Starts `vite preview` on 127.0.0.1:`port` with a fresh stand-in store and
 * this run's dev token (the __dev helpers answer only that token).
 */
export function startPreview({ port, label, log = false }) {
  const base = `http://127.0.0.1:${port}`;
  const devToken = randomBytes(24).toString('hex');
  const work = mkdtempSync(join(tmpdir(), `evclub-${label}-`));
  const server = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DEV_API_DATA_FILE: join(work, 'api.json'),
        DEV_API_TOKEN_TTL: '600',
        DEV_API_DEV_TOKEN: devToken,
      },
      stdio: log ? 'inherit' : 'ignore',
    },
  );
  return {
    base,
    /** A folder of this run's own (removed by stop()). */
    work,
    /** Waits (up to a minute) until /login answers. */
    async ready() {
      for (let i = 0; i < 300; i += 1) {
        try {
          if ((await fetch(`${base}/login`)).ok) return;
        } catch (error) {
          if (log) console.info(String(error), error.cause);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`vite preview did not start on ${base}`);
    },
    /** POSTs JSON to /api/`path` with the dev token (for the __dev helpers). */
    devPost(path, body) {
      return fetch(`${base}/api/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Dev-Token': devToken },
        body: JSON.stringify(body),
      });
    },
    /** A verified member with a membership valid for 200 more days (`user` as __dev/users takes it). */
    async arrangeActiveMember(user) {
      await this.devPost('__dev/users', user);
      await this.devPost('__dev/membership', {
        email: user.email,
        validTo: new Date(Date.now() + 200 * 86_400_000).toISOString(),
      });
    },
    stop() {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
