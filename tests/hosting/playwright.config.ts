/**
 * The production build as a host serves it: dist/ built with the API on
 * another origin (VITE_API_URL), served by Debian's nginx with
 * deploy/nginx.conf (deploy/serve-nginx.mjs), and the stand-in on its own
 * port (dev-api/run.mjs), across origins as a real API would be. Run through
 * tests/tools/e2e-nginx.sh, which builds that dist/ first.
 */
import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { TEST_TIME_ZONE } from '../e2e/support/members.ts';
import { CHROMIUM_PATH, HEADLESS_ARGS } from '../tools/chromium.mjs';
import { hostingPorts } from './hosting-ports.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// Beside the main browser tests' folder, not inside it: npm test runs both at
// once, and each Playwright run empties its own output folder as it starts.
const outputDir = process.env.E2E_OUTPUT
  ? `${process.env.E2E_OUTPUT}-hosting`
  : path.join(root, 'test-results-hosting');
const { app, api } = hostingPorts();
const dist = process.env.E2E_NGINX_DIST ?? path.join(os.tmpdir(), `ev-club-nginx-dist-${app}`);
process.env.E2E_NGINX_DIST = dist;
// The stand-in's __dev helpers need this run's token (see tests/e2e/playwright.config.ts).
process.env.DEV_API_DEV_TOKEN ||= randomBytes(24).toString('hex');

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  outputDir,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${app}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-CA',
    timezoneId: TEST_TIME_ZONE,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: HEADLESS_ARGS },
  },
  webServer: [
    {
      // The API on its own origin, as a real Connect API would be.
      command: 'node dev-api/run.mjs',
      cwd: root,
      url: `http://127.0.0.1:${api}/api/client/auth/profile`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(api),
        HOST: '127.0.0.1',
        DEV_API_DATA_FILE: path.join(outputDir, 'hosting-api.json'),
        DEV_API_TOKEN_TTL: '60',
        DEV_API_DEV_TOKEN: process.env.DEV_API_DEV_TOKEN,
      },
    },
    {
      // The app as the host serves it: deploy/nginx.conf, nothing else.
      command: `node deploy/serve-nginx.mjs --dist ${dist} --port ${app}`,
      cwd: root,
      url: `http://127.0.0.1:${app}/login`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
