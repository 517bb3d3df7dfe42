// Module hooks that let Node 20 (which has no --experimental-strip-types) load
// the stand-in's .ts files: each is transpiled on load with the TypeScript
// compiler already in devDependencies. Used by dev-api/run.mjs.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      sourceMap: false,
    },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
