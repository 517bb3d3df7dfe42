/**
 * Browser tests: Playwright drives Debian's Chromium (no browser download)
 * against the BUILT app served by `vite preview`, which also mounts the
 * stand-in API (dev-api/) under /api/. Run through `npm run test:e2e`
 * (tests/tools/e2e.sh builds first and finds Chromium).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// E2E_PORT / E2E_OUTPUT / E2E_DIST let two runs share a machine without clashing.
const outputDir = process.env.E2E_OUTPUT ?? path.join(root, 'test-results');
const port = Number(process.env.E2E_PORT ?? 4179);
const distArg = process.env.E2E_DIST ? ` --outDir ${process.env.E2E_DIST}` : '';
const baseURL = `http://127.0.0.1:${port}`;

// A fresh data file for the stand-in on every run. Playwright also empties
// test-results/ before it starts the web server; the config is loaded again
// in each worker, which must not touch the file the server is using.
const apiDataFile = path.join(outputDir, 'e2e-api.json');
if (process.env.TEST_WORKER_INDEX === undefined) fs.rmSync(apiDataFile, { force: true });

// The stand-in's __dev helpers answer only callers sending this run's token
// (dev-api/access.ts). Made once in the main process, before the web server
// and the workers start: both inherit it from the environment.
process.env.DEV_API_DEV_TOKEN ||= randomBytes(24).toString('hex');

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir,
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./faults/fault-reporter.ts'], ['./journey/journey-reporter.ts']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-CA',
    timezoneId: 'America/Toronto',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Serves dist/ as built by tests/tools/e2e.sh; builds nothing itself.
    command: `npx vite preview --port ${port} --strictPort --host 127.0.0.1${distArg}`,
    cwd: root,
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DEV_API_DATA_FILE: apiDataFile,
      DEV_API_TOKEN_TTL: '60',
      DEV_API_DEV_TOKEN: process.env.DEV_API_DEV_TOKEN,
      // The stand-in logs each call to stdout, which is ignored above; set in
      // case it learns to be quiet.
      DEV_API_QUIET: '1',
    },
  },
});
