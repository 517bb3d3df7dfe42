import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst, transformWithOxc } from 'vite';
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

/** The plugin's transform, as the build calls it. */
function strip(code: string, id: string): { code: string } | null {
  const { transform } = stripMachineDescriptions();
  const handler = (typeof transform === 'function' ? transform : transform?.handler) as (
    code: string,
    id: string,
  ) => { code: string } | null;
  return handler.call({} as never, code, id);
}

/** A machine's code as the build hands it to the plugin (TypeScript already compiled away), then stripped. */
async function stripped(source: { id: string; code: string }): Promise<string> {
  const compiled = (await transformWithOxc(source.code, source.id, { lang: 'ts' })).code;
  return strip(compiled, source.id)?.code ?? compiled;
}

/** Every place the code names `description`: a variable, a property, a property read. */
function namesOfDescription(code: string): number {
  let count = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const named = node as { type?: string; name?: string; value?: unknown };
      if (named.type === 'Identifier' && named.name === 'description') count += 1;
      if (named.type === 'Literal' && named.value === 'description') count += 1;
      Object.values(node).forEach(visit);
    }
  };
  visit(parseAst(code, { lang: 'js' }));
  return count;
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

  it('nor the builders that pass them on: no `description` is left in any machine’s code', async () => {
    const sources = machineSources();
    const before = await Promise.all(
      sources.map(
        async (source) => (await transformWithOxc(source.code, source.id, { lang: 'ts' })).code,
      ),
    );
    const after = await Promise.all(sources.map(stripped));
    // Written as `{ description }` and `invalid.description` in machines/shared and machines/forms.
    expect(before.map(namesOfDescription).reduce((a, b) => a + b)).toBeGreaterThan(150);
    expect(after.map(namesOfDescription).reduce((a, b) => a + b)).toBe(0);
  });

  it('keeps a description computed by a call, and stops when a description variable is read elsewhere', () => {
    const id = '/app/machines/example.ts';
    const computed = 'export const state = { description: label(), on: {} };';
    expect(strip(computed, id)).toBeNull();
    const used =
      'export function to(target, { description }) { log(description); return { target, description }; }';
    expect(() => strip(used, id)).toThrow(
      /example\.ts: a `description` variable is read outside a chart text/,
    );
    const passedOn =
      'export function to(target, { description }) { return { target, description }; }';
    expect(strip(passedOn, id)?.code).toBe(
      'export function to(target, {  }) { return { target }; }',
    );
    // Another property's value is data, not a chart text: kept, and so is a default that calls.
    expect(strip('export const e = { description: error.message };', id)).toBeNull();
    expect(() =>
      strip('export function f({ description = g() }) { return { description }; }', id),
    ).toThrow(/read outside a chart text/);
    // The last property goes with the comma before it (a trailing comma is left valid).
    expect(strip("export const s = { on: {}, description: 'Text', };", id)?.code).toBe(
      'export const s = { on: {}, };',
    );
  });
});
