import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { stripMachineDescriptions } from '../../deploy/strip-descriptions-vite-plugin.ts';
import { toConfigJson } from '../charts/chart-export.ts';
import { MACHINES } from '../charts/machines.ts';

/** Every `description` text of every chart: states, transitions, the machine itself. */
function chartTexts(): Set<string> {
  const texts = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'description' && typeof child === 'string') texts.add(child);
        else collect(child);
      }
    }
  };
  // The charts' JSON (docs/charts/*.json), as reviewers read them.
  for (const machine of MACHINES) collect(JSON.parse(toConfigJson(machine)));
  return texts;
}

function machineSources(): { id: string; code: string }[] {
  const root = join(import.meta.dirname, '../../machines');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ id: join(root, file), code: readFileSync(join(root, file), 'utf8') }));
}

/** A machine's code as the build hands it to the plugin (TypeScript already compiled away), then stripped. */
async function stripped(source: { id: string; code: string }): Promise<string> {
  const compiled = (await transformWithOxc(source.code, source.id, { lang: 'ts' })).code;
  const { transform } = stripMachineDescriptions();
  const handler = (typeof transform === 'function' ? transform : transform?.handler) as (
    code: string,
    id: string,
  ) => Promise<{ code: string } | null> | { code: string } | null;
  const result = await handler.call({} as never, compiled, source.id);
  return result?.code ?? compiled;
}

describe('production builds drop the charts’ descriptions', () => {
  it('no chart text is left in the machines’ code once the build has stripped it', async () => {
    const sources = machineSources();
    const before = sources.map((source) => source.code).join('\n');
    const after = (await Promise.all(sources.map(stripped))).join('\n');
    // The texts as written in the sources (a few are built at run time, e.g. with an escape).
    const written = [...chartTexts()].filter((text) => before.includes(text));
    expect(written.length).toBeGreaterThan(150);
    expect(written.filter((text) => after.includes(text))).toEqual([]);
  });
});
