/**
 * The offline charts viewer (`npm run charts:view`,
 * tests/tools/charts-viewer/) in Chromium. It starts the viewer as a member of
 * the team would (its own server, any free port), opens every machine of
 * docs/charts, and checks that each one draws: one box per state with its
 * name, its description as the box's tooltip, every transition, every guard
 * and invoked actor named, and a link to its path script. Every request
 * must stay on 127.0.0.1: anything else is blocked and fails the test.
 * It reads docs/charts itself (not through the viewer's code) to know what
 * must be on each chart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CHARTS = join(root, 'docs/charts');

type Json = Record<string, unknown>;

interface Expected {
  id: string;
  /** The id and name of every state, the machine first. */
  states: Array<{ id: string; key: string; description: string }>;
  transitions: number;
  guards: string[];
  actors: string[];
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** What a chart must show, read straight from its JSON. */
function expectedOf(file: string): Expected {
  const config = JSON.parse(readFileSync(join(CHARTS, file), 'utf8')) as Json;
  const id = String(config.id);
  const out: Expected = { id, states: [], transitions: 0, guards: [], actors: [] };
  const count = (written: unknown) => {
    for (const one of list(written)) {
      out.transitions += 1;
      const guard = isObject(one) ? one.guard : undefined;
      if (typeof guard === 'string') out.guards.push(guard);
      else if (isObject(guard) && typeof guard.type === 'string') out.guards.push(guard.type);
    }
  };
  const visit = (state: Json, key: string, path: string[]) => {
    out.states.push({
      id:
        path.length === 0 ? id : typeof state.id === 'string' ? state.id : [id, ...path].join('.'),
      key,
      description: typeof state.description === 'string' ? state.description : '',
    });
    for (const transitions of Object.values(isObject(state.on) ? state.on : {})) count(transitions);
    for (const transitions of Object.values(isObject(state.after) ? state.after : {})) {
      count(transitions);
    }
    if (state.always !== undefined) count(state.always);
    if (state.onDone !== undefined) count(state.onDone);
    for (const invoke of list(state.invoke)) {
      if (!isObject(invoke)) continue;
      if (typeof invoke.src === 'string') out.actors.push(invoke.src);
      for (const field of ['onDone', 'onError', 'onSnapshot']) {
        if (invoke[field] !== undefined) count(invoke[field]);
      }
    }
    for (const [childKey, child] of Object.entries(isObject(state.states) ? state.states : {})) {
      if (isObject(child)) visit(child, childKey, [...path, childKey]);
    }
  };
  visit(config, id, []);
  out.guards = [...new Set(out.guards)];
  out.actors = [...new Set(out.actors)];
  return out;
}

const MACHINES = readdirSync(CHARTS)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map(expectedOf);

let viewer: ChildProcess | null = null;
let viewerUrl = '';

test.beforeAll(async () => {
  viewer = spawn(
    process.execPath,
    [join(root, 'tests/tools/charts-viewer/viewer-server.mjs'), '--port', '0'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  viewerUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no viewer address in: ${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Charts viewer: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    viewer?.stdout?.on('data', read);
    viewer?.stderr?.on('data', read);
    viewer?.once('exit', (code) => reject(new Error(`the viewer stopped (${code}): ${output}`)));
  });
});

test.afterAll(() => {
  viewer?.kill('SIGTERM');
});

/** Blocks and records every request that would leave 127.0.0.1; records page errors. */
async function guard(page: Page): Promise<{ leaving: string[]; errors: string[] }> {
  const leaving: string[] = [];
  const errors: string[] = [];
  await page.context().route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    leaving.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { leaving, errors };
}

test('the viewer lists every machine of docs/charts and draws each one, offline', async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(MACHINES.length).toBeGreaterThan(0);
  const watch = await guard(page);
  await page.goto(viewerUrl);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  const nav = page.getByRole('navigation', { name: 'Machines' });
  for (const machine of MACHINES) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${machine.id}\\b`) })).toBeVisible();
  }

  for (const machine of MACHINES) {
    await test.step(machine.id, async () => {
      await nav.getByRole('link', { name: new RegExp(`^${machine.id}\\b`) }).click();
      await expect(page.locator('body')).toHaveAttribute('data-route', machine.id);
      await expect(page.getByRole('heading', { level: 2, name: machine.id })).toBeVisible();
      const holder = page.locator(`.chart-holder[data-chart="${machine.id}"]`);
      await expect(holder).toHaveAttribute('data-status', 'drawn');
      const svg = holder.locator('svg.chart');
      await expect(svg).toBeVisible();
      await expect(svg).toHaveAttribute('data-state-count', String(machine.states.length));

      // One box per state, with its name, and its description as its tooltip.
      await expect(svg.locator('[data-state]')).toHaveCount(machine.states.length);
      const names = await svg.locator('.state__line--name').allTextContents();
      expect(names.sort()).toEqual(machine.states.map((s) => s.key).sort());
      for (const state of machine.states) {
        const box = svg.locator(`[data-state="${state.id}"]`);
        await expect(box).toHaveCount(1);
        if (state.description) {
          await expect(box.locator(':scope > title')).toContainText(state.description);
        }
      }
      // Every transition drawn (an arrow, or a line inside its state), with guards and actors named.
      const drawn = await svg
        .locator('[data-transition]')
        .evaluateAll((elements) => elements.map((e) => e.getAttribute('data-transition')));
      expect(new Set(drawn).size).toBe(machine.transitions);
      const text = (await svg.textContent()) ?? '';
      for (const name of [...machine.guards, ...machine.actors]) expect(text).toContain(name);

      // The path script's link (the file itself may not exist yet: the viewer says so).
      await expect(
        page.getByRole('link', { name: `Path scripts (${machine.id}.paths.md)` }),
      ).toHaveAttribute('href', `#/${machine.id}/paths`);
      await expect(page.locator(`[data-paths-file="${machine.id}"]`)).toHaveAttribute(
        'href',
        `/charts/${machine.id}.paths.md`,
      );
    });
  }

  // Every machine's path script opens inside the viewer, with its first path.
  for (const machine of MACHINES) {
    await page.goto(`${viewerUrl}#/${machine.id}/paths`);
    await expect(
      page.getByRole('heading', { level: 2, name: `${machine.id}: path scripts` }),
    ).toBeVisible();
    await expect(page.locator(`[data-paths="${machine.id}"]`)).toHaveAttribute(
      'data-status',
      'shown',
    );
    const firstId = /^## (\S+)/m.exec(readFileSync(join(CHARTS, `${machine.id}.paths.md`), 'utf8'));
    await expect(page.locator(`[data-paths="${machine.id}"]`)).toContainText(firstId?.[1] ?? '?');
  }
  const first = MACHINES[0]?.id ?? '';
  await nav.getByRole('link', { name: new RegExp(`^${first}\\b`) }).click();

  // Clicking a box finds it in the table of states.
  await expect(page.locator('body')).toHaveAttribute('data-route', first);
  const firstState = MACHINES[0]?.states[1];
  if (firstState) {
    await page.locator(`[data-state="${firstState.id}"]`).click();
    await expect(page.locator(`tr[data-state-row="${firstState.id}"]`)).toHaveClass(/is-selected/);
  }

  expect(watch.leaving, 'requests that would have left 127.0.0.1').toEqual([]);
  expect(watch.errors).toEqual([]);
});

test('“Draw them all” draws every chart on one page', async ({ page }) => {
  const watch = await guard(page);
  await page.goto(`${viewerUrl}#/all`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  for (const machine of MACHINES) {
    const holder = page.locator(`.chart-holder[data-chart="${machine.id}"]`);
    await expect(holder).toHaveAttribute('data-status', 'drawn');
    await expect(holder.locator('[data-state]')).toHaveCount(machine.states.length);
  }
  expect(watch.leaving).toEqual([]);
  expect(watch.errors).toEqual([]);
});
