// @vitest-environment node
/**
 * `npm run charts` (CHARTS_UPDATE=1) writes docs/charts/ from the machines;
 * without it, this test fails when a committed chart is out of date.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toConfigJson, toIndex, toMarkdown, toMermaid } from './chart-export.ts';
import { MACHINES } from './machines.ts';

const DIR = join(import.meta.dirname, '../../docs/charts');
const update = process.env.CHARTS_UPDATE === '1';

const files = new Map<string, string>([
  ['README.md', toIndex(MACHINES)],
  ...MACHINES.flatMap(
    (m): Array<[string, string]> => [
      [`${m.id}.json`, toConfigJson(m)],
      [`${m.id}.md`, toMarkdown(m)],
    ],
  ),
]);

if (update) {
  mkdirSync(DIR, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(DIR, name), text);
}

describe('docs/charts', () => {
  it.each([...files.keys()])('%s is up to date with the machines (npm run charts)', (name) => {
    const path = join(DIR, name);
    expect(existsSync(path), `${name} is missing: run npm run charts`).toBe(true);
    expect(readFileSync(path, 'utf8'), `${name} is out of date: run npm run charts`).toBe(
      files.get(name),
    );
  });

  it('every machine has its path script (written by its model suite), and no script is orphaned', () => {
    const scripts = readdirSync(DIR).filter((name) => name.endsWith('.paths.md'));
    const expected = [...MACHINES.map((m) => `${m.id}.paths.md`), 'journey.paths.md'];
    expect(scripts.sort()).toEqual(expected.sort());
    for (const name of scripts) {
      expect(readFileSync(join(DIR, name), 'utf8')).toMatch(/^## [a-zA-Z]+-[0-9a-f]{5,6}\b/m);
    }
  });

  it('shows the composition: the states that invoke the one-time-code machine, and every invoked actor', () => {
    const byId = new Map(MACHINES.map((m) => [m.id, toMermaid(m)]));
    expect(byId.get('session')).toContain('state "active ▸ otp machine"');
    expect(byId.get('forgotPassword')).toMatch(/state "\w+ ▸ otp machine"/);
    expect(byId.get('checkout')).toContain('state "confirming ▸ confirmPayment"');
  });

  it('draws every state and names every guarded transition', () => {
    for (const machine of MACHINES) {
      const mermaid = toMermaid(machine);
      expect(mermaid.startsWith('stateDiagram-v2')).toBe(true);
      for (const key of Object.keys(machine.root.states)) {
        expect(mermaid).toMatch(new RegExp(`state "${key}( ▸ [^"]+)?" as`));
      }
    }
    expect(toMermaid(MACHINES[0] as (typeof MACHINES)[number])).toContain('[hasStoredTokens]');
  });
});
