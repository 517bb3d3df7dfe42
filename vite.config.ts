/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import {
  BuildConfigError,
  type BuildSettings,
  buildWarnings,
  checkBuildSettings,
  otherViteValues,
} from './deploy/build-config.ts';
import { hosting } from './deploy/hosting-vite-plugin.ts';
import { initialChunk, isLoadedAtStart, START_CHUNKS } from './deploy/initial-chunk-vite-plugin.ts';
import { stripMachineDescriptions } from './deploy/strip-descriptions-vite-plugin.ts';
import { devApi } from './dev-api/vite-plugin.ts';

// One command, one port: the stand-in API (dev-api/) is mounted under /api/ in
// both the dev server (`npm start`) and the preview server (browser tests),
// unless VITE_API_URL points the app at another API.
//
// The five VITE_* settings are checked here, before anything is built: a wrong
// value stops `vite build` (and `vite`) with a message naming the variable,
// never its value. See deploy/ for what the build writes for the host.
/** The modules of the shared `forms` chunk, with the sign-in screen (see build.rolldownOptions.output.codeSplitting). */
const FORM_PARTS =
  /\/src\/(components\/(text-field|form-fields|password-field|form-alert|submit-button|use-form-fields|auth-form-header)\.tsx?|i18n\/translate\.ts|screens\/login\/login-screen\.tsx)$/;

/** Unit tests that need no DOM: run in plain Node (no jsdom to set up, no Testing Library). */
const NODE_TESTS = [
  'tests/machines/**/*.test.ts',
  'tests/deploy/**/*.test.ts',
  'tests/dev-api/**/*.test.ts',
  'tests/i18n/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
  'tests/charts/**/*.test.ts',
  'tests/app/guards.test.ts',
  'tests/app/router-facts.test.ts',
  'tests/api/api-error.test.ts',
  'tests/api/schemas.test.ts',
  'tests/api/new-release.test.ts',
  'tests/app/fresh-member.test.ts',
  'tests/views/checkout-renewal-date.test.ts',
  'tests/lib/steps.test.ts',
  'tests/lib/phone.test.ts',
  'tests/lib/unicode-email.test.ts',
];

/**
 * Unit tests run where members are: in a Canadian time zone, west of UTC, so
 * that a date read as UTC midnight (the evening before here) shows up as the
 * bug it is. Set before the test workers start, so that every one of them
 * takes it (the browser tests set their own, tests/e2e/support/members.ts).
 */
const UNIT_TEST_TIME_ZONE = 'America/Vancouver';

export default defineConfig(({ command, mode }) => {
  const initial = initialChunk();
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const isTest = Boolean(process.env.VITEST);
  if (isTest) process.env.TZ = UNIT_TEST_TIME_ZONE;
  let settings: BuildSettings | null = null;
  if (!isTest) {
    try {
      const production = command === 'build' && mode === 'production';
      settings = checkBuildSettings(env, { production });
      for (const warning of buildWarnings(settings, { production })) console.warn(`\n${warning}\n`);
    } catch (error) {
      if (!(error instanceof BuildConfigError)) throw error;
      // The message is the whole story (no stack): which variable, which rule, never the value.
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
  }
  // The checked settings, defaults filled in, are all the app reads of them (src/app/env.ts);
  // the unit tests run with the defaults.
  const appSettings = settings?.values ?? checkBuildSettings({}, { production: false }).values;
  return {
    define: { __APP_SETTINGS__: JSON.stringify(appSettings) },
    plugins: [
      react(),
      stripMachineDescriptions(),
      initial.plugin,
      devApi({ mount: settings?.apiOrigin == null }),
      ...(settings ? [hosting(settings, otherViteValues(env))] : []),
    ],
    resolve: {
      // @xstate/react and TanStack's store import the React 17 shims of
      // useSyncExternalStore; React 19 has the hook itself. As the package
      // advises for React 18+, the hook comes from 'react', and the selector
      // variant from the package's non-shim entry (0.2 kB gzip less on every page).
      alias: [
        {
          find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
          replacement: 'use-sync-external-store/with-selector.js',
        },
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: 'react',
        },
      ],
    },
    server: {
      port: 5173,
      strictPort: false,
      cors: false,
      // The stand-in's data (password hashes, live tokens, codes) and the
      // browser tests' copy of it are never served, nor Vite's defaults.
      fs: {
        deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.data/**', '**/test-results/**'],
      },
    },
    // CORS is the stand-in's own (dev-api/access.ts, DEV_API_CORS_ORIGINS), not
    // Vite's, which would answer preflights from any localhost page before it
    // (the __dev helpers' "preflights refused" included).
    preview: { port: 4173, cors: false },
    build: {
      // The browsers the app supports (README.md, "Supported browsers"): the
      // syntax a newer library brings is lowered for them, or the build says it
      // cannot be. chrome106: Samsung Internet 20 (Chrome itself from 109).
      target: ['chrome106', 'edge109', 'firefox115', 'safari16', 'ios16'],
      // Every browser the app targets preloads modules itself but Safari 16,
      // which then loads the app chunk when it is imported: no polyfill on
      // every page for that (0.3 kB gzip). A dynamic import preloads what it
      // needs, less what every page has loaded before (isLoadedAtStart).
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, dependencies) =>
          dependencies.filter((dependency) => !isLoadedAtStart(dependency)),
      },
      // Written (for error tracking) but never referenced from the code nor served.
      sourcemap: 'hidden',
      // Read by tests/tools/size.mjs; the host never serves .vite/.
      manifest: true,
      chunkSizeWarningLimit: 400,
      rolldownOptions: {
        output: {
          // Everything /login needs before its first paint in two files, the
          // libraries and the app's start, evaluated in two tasks (see
          // deploy/initial-chunk-vite-plugin.ts); the rest stays lazy.
          codeSplitting: {
            groups: [
              { name: START_CHUNKS.libraries, test: initial.isInitial },
              { name: START_CHUNKS.app, test: initial.isAppStart },
              // The form parts every form screen uses (sign-in, sign-up, forgot
              // password, billing, account): one request instead of five. The
              // sign-in screen joins them: /login, the page most visits start
              // on, then gets its screen in the same file (0.3 kB less than two
              // files), for 0.7 kB more on the four other form pages.
              { name: 'forms', test: FORM_PARTS },
              // The calendar days and the clock the member pages share (the dashboard,
              // the checkout, the membership's flags): one file of 0.4 kB instead of two.
              {
                name: 'dates',
                test: /\/(machines\/shared\/calendar-day|src\/components\/use-now)\.ts$/,
              },
              // The membership's flags and whether a kept copy serves, which the same
              // pages read: one file instead of two (the second is 0.2 kB).
              {
                name: 'derive-membership',
                test: /\/machines\/membership\/(derive-membership|stale-copy)\.ts$/,
              },
            ],
          },
        },
      },
    },
    test: {
      restoreMocks: true,
      testTimeout: 15_000,
      // Threads start faster than forked processes; a DOM only where a test needs one;
      // tests clean up after themselves (tests/support/setup.ts), so files share modules.
      pool: 'threads',
      // Both cores: the unit tests run beside the browser tests (npm test), whose
      // time goes mostly to waiting on the network and timers.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            isolate: false,
            include: NODE_TESTS,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            isolate: false,
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: ['tests/e2e/**', 'node_modules/**', ...NODE_TESTS],
            setupFiles: ['tests/support/setup.ts'],
          },
        },
      ],
    },
  };
});
