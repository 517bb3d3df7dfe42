import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * en and fr must carry exactly the same translations: same namespaces, same key
 * paths (into objects and arrays), no empty strings, and the same
 * {{interpolation}} variables and <tag> placeholders in every string.
 */

// Path strings, not `new URL(...)`: under jsdom, URL is jsdom's and node:url rejects it.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The namespaces i18next reads over HTTP (public/locales), and those bundled
 * into the code for the pages shown when the app cannot start
 * (src/i18n/bundled, named `bundled/<ns>` here).
 */
const LOCALE_DIRS = { '': 'public/locales', 'bundled/': 'src/i18n/bundled' } as const;

function fileOf(language: string, ns: string): string {
  const bundled = ns.startsWith('bundled/');
  const dir = bundled ? LOCALE_DIRS['bundled/'] : LOCALE_DIRS[''];
  return `${ROOT}/${dir}/${language}/${bundled ? ns.slice('bundled/'.length) : ns}.json`;
}

function namespacesOf(language: string): string[] {
  return Object.entries(LOCALE_DIRS)
    .flatMap(([prefix, dir]) => {
      const path = `${ROOT}/${dir}/${language}`;
      if (!existsSync(path)) return [];
      return readdirSync(path)
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${prefix}${name.slice(0, -'.json'.length)}`);
    })
    .sort();
}

function load(language: string, ns: string): unknown {
  return JSON.parse(readFileSync(fileOf(language, ns), 'utf8'));
}

/** Every leaf as `a.b.0.c` → value; an empty object or array is a leaf too. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  if (entries.length === 0) {
    out.set(prefix === '' ? '(root)' : prefix, value);
    return out;
  }
  for (const [key, item] of entries) flatten(item, prefix === '' ? key : `${prefix}.${key}`, out);
  return out;
}

function variablesOf(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

/** `<0>`, `<terms>`, `</terms>`, `<br/>`: the placeholders <Trans> fills in. */
function tagsOf(text: string): string[] {
  const names = [...text.matchAll(/<\/?\s*([A-Za-z0-9_]+)\s*\/?>/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

function describeLeaf(value: unknown): string {
  return Array.isArray(value)
    ? 'empty array'
    : typeof value === 'object'
      ? 'empty object'
      : 'not text';
}

const enNamespaces = namespacesOf('en');
const frNamespaces = namespacesOf('fr');

describe('locale folders', () => {
  it('hold at least the common and legal namespaces in English', () => {
    expect(enNamespaces).toEqual(expect.arrayContaining(['common', 'legal']));
  });

  it('hold the same namespaces in en and fr', () => {
    expect(
      {
        onlyInEn: enNamespaces.filter((ns) => !frNamespaces.includes(ns)),
        onlyInFr: frNamespaces.filter((ns) => !enNamespaces.includes(ns)),
      },
      'namespaces present in one language only',
    ).toEqual({ onlyInEn: [], onlyInFr: [] });
  });
});

/**
 * French typography, as the Office québécois de la langue française sets it: a
 * non-breaking space before a colon, a narrow one before ; ? and !, the
 * typographic apostrophe (’) and ellipsis (…). A plain space would let the
 * sign start a line on a narrow screen. Returns what is wrong, or null.
 */
function frenchTypographyFault(text: string): string | null {
  if (text.includes("'")) return "straight apostrophe (') instead of ’";
  if (text.includes('...')) return 'three dots instead of …';
  if (/(?<!\u00a0):/.test(text.replace(/https?:/g, '')))
    return 'colon without a non-breaking space';
  if (/(?<![\u202f\u00a0])[;?!]/.test(text)) return '; ? or ! without a narrow non-breaking space';
  return null;
}

describe.each(enNamespaces)('namespace %s', (ns) => {
  const frExists = existsSync(fileOf('fr', ns));
  const en = flatten(load('en', ns));
  const fr = frExists ? flatten(load('fr', ns)) : new Map<string, unknown>();

  it('exists in French', () => {
    expect(frExists, `${fileOf('fr', ns)} is missing`).toBe(true);
  });

  it('has the same key paths in en and fr', () => {
    const enKeys = [...en.keys()];
    const frKeys = [...fr.keys()];
    expect(
      {
        missingInFr: enKeys.filter((key) => !fr.has(key)),
        missingInEn: frKeys.filter((key) => !en.has(key)),
      },
      `${ns}: keys differ between en and fr`,
    ).toEqual({ missingInFr: [], missingInEn: [] });
  });

  it('has only non-empty strings as values', () => {
    const bad: string[] = [];
    for (const [language, leaves] of [
      ['en', en],
      ['fr', fr],
    ] as const) {
      for (const [key, value] of leaves) {
        if (typeof value !== 'string') bad.push(`${language}:${key} (${describeLeaf(value)})`);
        else if (value.trim() === '') bad.push(`${language}:${key} (empty)`);
      }
    }
    expect(bad, `${ns}: empty or non-text values`).toEqual([]);
  });

  it('follows French typography in French', () => {
    const faults = [...fr]
      .map(([key, value]) => [key, typeof value === 'string' ? frenchTypographyFault(value) : null])
      .filter(([, fault]) => fault !== null)
      .map(([key, fault]) => `${key}: ${fault}`);
    expect(faults, `${ns}: French typography`).toEqual([]);
  });

  it('uses the same {{variables}} and <tags> in each pair of strings', () => {
    const differing: string[] = [];
    for (const [key, enValue] of en) {
      const frValue = fr.get(key);
      if (typeof enValue !== 'string' || typeof frValue !== 'string') continue;
      const enVars = variablesOf(enValue).join(', ');
      const frVars = variablesOf(frValue).join(', ');
      if (enVars !== frVars) differing.push(`${key}: en {{${enVars}}} / fr {{${frVars}}}`);
      const enTags = tagsOf(enValue).join(', ');
      const frTags = tagsOf(frValue).join(', ');
      if (enTags !== frTags) differing.push(`${key}: en <${enTags}> / fr <${frTags}>`);
    }
    expect(differing, `${ns}: placeholders differ between en and fr`).toEqual([]);
  });
});

describe('the parity helpers', () => {
  it('flatten into arrays and objects and keep empty containers as leaves', () => {
    expect([...flatten({ a: { b: 'x' }, c: [{ d: 'y' }, 'z'], e: [], f: {} }).keys()]).toEqual([
      'a.b',
      'c.0.d',
      'c.1',
      'e',
      'f',
    ]);
  });

  it('find interpolation variables, with or without a format', () => {
    expect(variablesOf('Min {{number}} symbols in {{ field }} on {{date, datetime}}')).toEqual([
      'date',
      'field',
      'number',
    ]);
  });

  it('find French typography faults, and pass French as the OQLF sets it', () => {
    expect(frenchTypographyFault('Déjà membre\u202f? Mot de passe\u00a0: oui\u202f!')).toBeNull();
    expect(frenchTypographyFault('Voir https://example.ca/a?b')).toBe(
      '; ? or ! without a narrow non-breaking space',
    );
    expect(frenchTypographyFault('Déjà membre?')).toMatch(/narrow/);
    expect(frenchTypographyFault('Déjà membre ?')).toMatch(/narrow/);
    expect(frenchTypographyFault('Note : oui')).toMatch(/colon/);
    expect(frenchTypographyFault("l'adresse")).toMatch(/apostrophe/);
    expect(frenchTypographyFault('Envoi...')).toMatch(/dots/);
  });

  it('find <Trans> tags', () => {
    expect(tagsOf('Read the <terms>terms</terms> and <1>policy</1>.<br/>')).toEqual([
      '1',
      'br',
      'terms',
    ]);
  });
});
