// @vitest-environment node
/**
 * The one-way dependencies of docs/architecture.md, checked on the source text
 * (TypeScript's parser, so comments and strings never count):
 *   - machines/ imports only xstate, valibot and other files under machines/;
 *   - src/ never imports from dev-api/ (the stand-in is not the product);
 *   - only src/api/ calls fetch() or imports ky (one HTTP client);
 *   - the browser tests (tests/e2e/) never import from src/: the app is tested
 *     as a black box;
 *   - the routes are the top floor: src/screens/ never imports src/routes/;
 *   - no screen calls `.provide()`: the app's effects are composed in
 *     src/app/flows.ts, and a screen asks for its flow by name (useFlow);
 *   - tests/model and tests/views never import each other (kits: tests/support).
 * Each failure names the offending file:line.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

interface ImportSite {
  specifier: string;
  line: number;
}

interface Violation {
  at: string;
  what: string;
}

/** Every source file under `dir` (relative to the repository), as repository-relative paths. */
function sourceFiles(dir: string): string[] {
  const base = path.join(root, dir);
  if (!fs.existsSync(base)) return [];
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  walk(base);
  return out.sort();
}

function parse(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

const lineOf = (source: ts.SourceFile, node: ts.Node): number =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** Static imports and re-exports, `import type`, `import('x')`, `require('x')` and `import('x').T` types. */
function importsOf(fileName: string, text: string): ImportSite[] {
  const source = parse(fileName, text);
  const sites: ImportSite[] = [];
  const add = (node: ts.Node, specifier: ts.Node | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier)) {
      sites.push({ specifier: specifier.text, line: lineOf(source, node) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node)) {
      const ref = node.moduleReference;
      if (ts.isExternalModuleReference(ref)) add(node, ref.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(node, argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** The lines of every call in the file that `matches` accepts. */
function callLinesOf(
  fileName: string,
  text: string,
  matches: (call: ts.CallExpression) => boolean,
): number[] {
  const source = parse(fileName, text);
  const lines: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && matches(node)) lines.push(lineOf(source, node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** Lines that call the global fetch: `fetch(…)`, `window.fetch(…)`, `globalThis.fetch(…)`, `self.fetch(…)`. */
function fetchCallsOf(fileName: string, text: string): number[] {
  return callLinesOf(fileName, text, ({ expression: callee }) => {
    const direct = ts.isIdentifier(callee) && callee.text === 'fetch';
    const viaGlobal =
      ts.isPropertyAccessExpression(callee) &&
      callee.name.text === 'fetch' &&
      ts.isIdentifier(callee.expression) &&
      ['window', 'globalThis', 'self'].includes(callee.expression.text);
    return direct || viaGlobal;
  });
}

/** Lines that call a method named `.provide(…)` (a machine's effects). */
function provideCallsOf(fileName: string, text: string): number[] {
  return callLinesOf(
    fileName,
    text,
    ({ expression: callee }) =>
      ts.isPropertyAccessExpression(callee) && callee.name.text === 'provide',
  );
}

/** A relative specifier as a repository-relative path; a bare one as it is. */
function target(file: string, specifier: string): { relative: boolean; path: string } {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    return { relative: false, path: specifier };
  }
  const resolved = path.resolve(path.join(root, path.dirname(file)), specifier);
  return { relative: true, path: path.relative(root, resolved).split(path.sep).join('/') };
}

const inside = (repoPath: string, dir: string): boolean =>
  repoPath === dir || repoPath.startsWith(`${dir}/`);

const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

/** Packages machines/ may import (and their subpaths, e.g. `xstate/graph`). */
const MACHINE_PACKAGES = ['xstate', 'valibot'];

function machineViolations(file: string, text: string): Violation[] {
  return importsOf(file, text).flatMap(({ specifier, line }) => {
    const { relative, path: to } = target(file, specifier);
    const allowed = relative
      ? inside(to, 'machines')
      : MACHINE_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
    return allowed
      ? []
      : [
          {
            at: `${file}:${line}`,
            what: `imports '${specifier}' (machines/ may import only xstate, valibot and machines/)`,
          },
        ];
  });
}

function importsFrom(file: string, text: string, forbiddenDir: string): Violation[] {
  return importsOf(file, text).flatMap(({ specifier, line }) => {
    const { relative, path: to } = target(file, specifier);
    return relative && inside(to, forbiddenDir)
      ? [{ at: `${file}:${line}`, what: `imports '${specifier}' from ${forbiddenDir}/` }]
      : [];
  });
}

/** Each import of the package `name` (or a subpath of it) in `file`. */
function importsPackage(file: string, text: string, name: string): Violation[] {
  return importsOf(file, text).flatMap(({ specifier, line }) =>
    specifier === name || specifier.startsWith(`${name}/`)
      ? [{ at: `${file}:${line}`, what: `imports '${specifier}' (use the client in src/api/)` }]
      : [],
  );
}

/** Each call `callsOf` finds in `file`, as a violation saying `what`. */
function callsIn(
  file: string,
  callsOf: (fileName: string, text: string) => number[],
  what: string,
): Violation[] {
  return callsOf(file, read(file)).map((line) => ({ at: `${file}:${line}`, what }));
}

const show = (violations: Violation[]): string[] => violations.map((v) => `${v.at} ${v.what}`);

describe('architecture: who may import what', () => {
  const machineFiles = sourceFiles('machines');
  const srcFiles = sourceFiles('src');
  const e2eFiles = sourceFiles('tests/e2e');

  it('finds the app and machine sources to check', () => {
    expect(machineFiles.length).toBeGreaterThan(0);
    expect(srcFiles.length).toBeGreaterThan(0);
  });

  it('machines/ imports only xstate, valibot and files under machines/', () => {
    const violations = machineFiles.flatMap((file) => machineViolations(file, read(file)));
    expect(show(violations)).toEqual([]);
  });

  it('src/ never imports from dev-api/', () => {
    const violations = srcFiles.flatMap((file) => importsFrom(file, read(file), 'dev-api'));
    expect(show(violations)).toEqual([]);
  });

  it('only src/api/ calls fetch() directly', () => {
    const violations = [...srcFiles, ...machineFiles]
      .filter((file) => !inside(file, 'src/api'))
      .flatMap((file) =>
        callsIn(file, fetchCallsOf, 'calls fetch() directly (use the client in src/api/)'),
      );
    expect(show(violations)).toEqual([]);
  });

  it('only src/api/ imports ky: the rest of the app goes through its client', () => {
    const violations = srcFiles
      .filter((file) => !inside(file, 'src/api'))
      .flatMap((file) => importsPackage(file, read(file), 'ky'));
    expect(show(violations)).toEqual([]);
  });

  it('src/screens/ never imports from src/routes/ (the routes import the screens)', () => {
    const violations = srcFiles
      .filter((file) => inside(file, 'src/screens'))
      .flatMap((file) => importsFrom(file, read(file), 'src/routes'));
    expect(show(violations)).toEqual([]);
  });

  it('no screen calls .provide(): flows come composed from src/app/flows.ts', () => {
    const violations = srcFiles
      .filter((file) => inside(file, 'src/screens'))
      .flatMap((file) =>
        callsIn(
          file,
          provideCallsOf,
          'calls .provide() (compose the flow in src/app/flows.ts, ask for it with useFlow)',
        ),
      );
    expect(show(violations)).toEqual([]);
  });

  it('the browser tests (tests/e2e/) never import from src/', () => {
    const violations = e2eFiles.flatMap((file) => importsFrom(file, read(file), 'src'));
    expect(show(violations)).toEqual([]);
  });

  it('model suites and view tests never import each other: shared kits live in tests/support/', () => {
    const pairs: Array<[string, string]> = [
      ['tests/model', 'tests/views'],
      ['tests/views', 'tests/model'],
    ];
    const violations = pairs.flatMap(([from, forbidden]) =>
      sourceFiles(from).flatMap((file) => importsFrom(file, read(file), forbidden)),
    );
    expect(sourceFiles('tests/model').length).toBeGreaterThan(5);
    expect(show(violations)).toEqual([]);
  });
});

describe('architecture checks catch what they are meant to', () => {
  it('sees every import form and ignores comments and strings', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../src/b.ts';",
      "export { c } from 'react';",
      "import 'ky';",
      "const d = await import('@stripe/stripe-js');",
      "type E = import('i18next').TFunction;",
      "// import x from '../src/nope.ts'",
      'const s = "import y from \'../src/nope.ts\'";',
    ].join('\n');
    expect(importsOf('machines/x/x.ts', text)).toEqual([
      { specifier: './a.ts', line: 1 },
      { specifier: '../src/b.ts', line: 2 },
      { specifier: 'react', line: 3 },
      { specifier: 'ky', line: 4 },
      { specifier: '@stripe/stripe-js', line: 5 },
      { specifier: 'i18next', line: 6 },
    ]);
  });

  it('flags a machine that reaches into src/, React, ky, i18next or Stripe, and allows its own', () => {
    const text = [
      "import { setup } from 'xstate';",
      "import * as v from 'valibot';",
      "import { getShortestPaths } from 'xstate/graph';",
      "import { errorKeyOf } from '../shared/error-key.ts';",
      "import { api } from '../../src/api/api.ts';",
      "import { useState } from 'react';",
      "import ky from 'ky';",
      "import i18next from 'i18next';",
      "import { loadStripe } from '@stripe/stripe-js';",
    ].join('\n');
    expect(machineViolations('machines/session/session.machine.ts', text).map((v) => v.at)).toEqual(
      [5, 6, 7, 8, 9].map((line) => `machines/session/session.machine.ts:${line}`),
    );
  });

  it('flags src/ reaching into dev-api/ and e2e reaching into src/', () => {
    expect(
      importsFrom('src/app/x.ts', "import { DEMO } from '../../dev-api/users.ts';", 'dev-api'),
    ).toEqual([{ at: 'src/app/x.ts:1', what: "imports '../../dev-api/users.ts' from dev-api/" }]);
    expect(
      importsFrom('tests/e2e/a.spec.ts', "import { x } from '../../src/lib/phone.ts';", 'src'),
    ).toHaveLength(1);
    expect(
      importsFrom('tests/e2e/a.spec.ts', "import { x } from './support/api.ts';", 'src'),
    ).toEqual([]);
  });

  it('flags ky imported outside src/api/, in every form, and not a package merely named like it', () => {
    const text = [
      "import ky from 'ky';",
      "import type { Options } from 'ky';",
      "const k = await import('ky');",
      "import { x } from 'kyber';",
    ].join('\n');
    expect(importsPackage('src/screens/x/x.tsx', text, 'ky').map((v) => v.at)).toEqual(
      [1, 2, 3].map((line) => `src/screens/x/x.tsx:${line}`),
    );
  });

  it('finds .provide() calls, and src/screens/ reaching into src/routes/', () => {
    const text = [
      'const m = machine.provide({ actors: {} });',
      'provide();',
      '// x.provide()',
    ].join('\n');
    expect(provideCallsOf('src/screens/x/x.tsx', text)).toEqual([1]);
    expect(
      importsFrom(
        'src/screens/x/x.tsx',
        "import { g } from '../../routes/guards.ts';",
        'src/routes',
      ),
    ).toHaveLength(1);
  });

  it('finds direct fetch calls but not methods that happen to be called fetch', () => {
    const text = [
      "await fetch('/api/x');",
      "window.fetch('/y');",
      'globalThis.fetch(url, init);',
      'client.fetch(url);',
      'refetch();',
      '// fetch(nothing)',
    ].join('\n');
    expect(fetchCallsOf('src/x.ts', text)).toEqual([1, 2, 3]);
  });
});
