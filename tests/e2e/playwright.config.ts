/**
 * Browser tests: Playwright drives Debian's Chromium (no browser download)
 * against the BUILT app served by `vite preview` (one per worker), which also
 * mounts the stand-in API (dev-api/) under /api/. Run through `npm run test:e2e`
 * (tests/tools/e2e.sh builds first and finds Chromium).
 */
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../tools/chromium.mjs';
import { TEST_TIME_ZONE } from './support/members.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// E2E_PORT / E2E_OUTPUT / E2E_DIST let two runs share a machine without clashing.
const outputDir = process.env.E2E_OUTPUT ?? path.join(root, 'test-results');

// The stand-in's __dev helpers answer only callers sending this run's token
// (dev-api/access.ts). Made once in the main process, before the workers
// start: they and the servers they start inherit it from the environment.
process.env.DEV_API_DEV_TOKEN ||= randomBytes(24).toString('hex');

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir,
  // Tests (not whole files) are shared out among the workers, so one long file
  // does not keep a worker busy while the other idles; each worker serves the
  // app and its stand-in on a port of its own (support/app-server.ts). Two
  // workers keep this 2-core machine busy; more only queue for the CPU.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./faults/fault-reporter.ts'], ['./journey/journey-reporter.ts']],
  use: {
    // baseURL: each worker's own server (support/fixtures.ts, appServer).
    // Recording a trace costs every test CPU; only a retried test records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'en-CA',
    timezoneId: TEST_TIME_ZONE,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS },
  },
});
