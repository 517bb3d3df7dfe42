#!/usr/bin/env node
import { spawn, spawnSync } from 'node:child_process';
// Lighthouse 12 on /login (a visitor) and /dashboard (an active member) of the
// BUILT app, served by `vite preview` with the stand-in, in Debian's Chromium.
// Three runs per page; prints the median of each figure.
//   npm run lighthouse            (builds first)
//   npm run lighthouse -- --no-build
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const ROOT = join(import.meta.dirname, '../..');
const PORT = Number(process.env.LH_PORT ?? 4199);
// The stand-in's __dev helpers need this run's token (dev-api/access.ts).
const DEV_TOKEN = randomBytes(24).toString('hex');
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9333);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.LH_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const work = mkdtempSync(join(tmpdir(), 'evclub-lh-'));
const server = spawn(
  'npx',
  ['vite', 'preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
  {
    cwd: ROOT,
    env: {
      ...process.env,
      DEV_API_DATA_FILE: join(work, 'api.json'),
      DEV_API_TOKEN_TTL: '600',
      DEV_API_DEV_TOKEN: DEV_TOKEN,
    },
    stdio: process.env.LH_DEBUG ? 'inherit' : 'ignore',
    detached: true,
  },
);
// npx starts vite as a child: stop the whole group.
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

async function waitForServer() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${BASE}/login`)).ok) return;
    } catch (error) {
      if (process.env.LH_DEBUG) console.info(String(error), error.cause);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not start on ${BASE}`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Lighthouse's two standard profiles: mobile (its default: slow 4G, 4× CPU) and desktop. */
const PROFILES = { mobile: undefined, desktop: desktopConfig };

async function measure(url, profile) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await lighthouse(
      url,
      {
        port: DEBUG_PORT,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      PROFILES[profile],
    );
    const { categories, audits } = result.lhr;
    runs.push({
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      finalUrl: result.lhr.finalDisplayedUrl,
      longTasks: (audits['long-tasks']?.details?.items ?? []).map(
        (task) => `${Math.round(task.duration)} ms ${String(task.url).replace(BASE, '')}`,
      ),
    });
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    url: new URL(url).pathname,
    profile,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    fcp: Math.round(pick('fcp')),
    lcp: Math.round(pick('lcp')),
    tbt: Math.round(pick('tbt')),
    cls: Number(pick('cls').toFixed(3)),
    scores: runs.map((r) => r.performance).join(' / '),
    longTasks: runs.map((r) => r.longTasks.join(', ') || 'none').join(' | '),
  };
}

let context;
try {
  await waitForServer();
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: CHROME,
    headless: true,
    args: [
      `--remote-debugging-port=${DEBUG_PORT}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = [];
  for (const profile of Object.keys(PROFILES))
    results.push(await measure(`${BASE}/login`, profile));

  // An active member, signed in in this browser profile.
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'Password123';
  const post = (path, body) =>
    fetch(`${BASE}/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Dev-Token': DEV_TOKEN },
      body: JSON.stringify(body),
    });
  await post('__dev/users', { email, password });
  await post('__dev/membership', {
    email,
    validTo: new Date(Date.now() + 200 * 86_400_000).toISOString(),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email or phone', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${BASE}/dashboard`);
  for (const profile of Object.keys(PROFILES)) {
    results.push(await measure(`${BASE}/dashboard`, profile));
  }

  console.info(`\nLighthouse 12, ${RUNS} runs per page and profile, median (times in ms):`);
  console.table(results.map(({ longTasks: _, ...row }) => row));
  console.info('Long tasks (over 50 ms) seen in each run:');
  for (const r of results) console.info(`  ${r.url} ${r.profile}: ${r.longTasks}`);
  const bad = results.filter((r) => r.performance < 95 || r.cls > 0);
  if (bad.length > 0) {
    console.info(
      `Below target (Performance ≥ 95, CLS 0): ${bad.map((r) => `${r.url} (${r.profile})`).join(', ')}`,
    );
    process.exitCode = 1;
  }
} finally {
  await context?.close();
  stopServer();
  rmSync(work, { recursive: true, force: true });
}
