import type { Plugin, Rolldown } from 'vite';

/** The chunk names of the two start-up chunks (vite.config.ts's code-splitting groups). */
export const START_CHUNKS = { libraries: 'initial', app: 'app' } as const;

/**
 * The files every page has loaded before any of its dynamic imports runs: the
 * libraries with their style sheet (index.html links both), the bundler's
 * runtime (which the libraries import), and the app's start (which makes
 * those imports). Listed as an import's dependencies to preload, they only
 * cost each page bytes (their names, in the file that imports) and the
 * browser a `<link>` looked up or added for nothing: build.modulePreload's
 * resolveDependencies leaves them out (vite.config.ts).
 */
const LOADED_AT_START = new RegExp(
  `^assets/(${START_CHUNKS.libraries}|${START_CHUNKS.app}|rolldown-runtime)-[\\w-]{8}\\.(js|css)$`,
);

export function isLoadedAtStart(file: string): boolean {
  return LOADED_AT_START.test(file);
}

/**
 * Two chunks for everything a page needs before its first paint, evaluated in
 * two tasks.
 *
 * Left to itself, the bundler cuts the code the entry reaches into many small
 * shared chunks (one per combination of importers), each paying its own
 * request and gzip overhead. And one chunk for all of it is evaluated in one
 * long task, which blocks a slow phone. So start-up has two stages: the entry
 * (src/main.tsx) imports the libraries statically and the app's start
 * (src/start.tsx) dynamically. This plugin records, once the module graph is
 * known:
 *   - `initial`: every module the entry reaches through static imports, plus
 *     every library (node_modules) the app's start reaches: evaluated with the
 *     entry, in the first task;
 *   - `app`: the app's own modules the start reaches through static imports:
 *     evaluated in a task of their own. index.html preloads it, so it
 *     downloads beside the first one instead of after it. (The entry has no
 *     top-level await, which would turn Rolldown's chunk optimizations off and
 *     leave a re-export chunk in front of this one: src/main.tsx.)
 * What is only imported dynamically from there (each screen, the API client,
 * the phone library, Stripe, the refresh lock…) stays in lazy chunks of its own.
 */
export function initialChunk(): {
  plugin: Plugin;
  isInitial(id: string): boolean;
  isAppStart(id: string): boolean;
} {
  const initial = new Set<string>();
  const appStart = new Set<string>();
  /** The entries keep chunks of their own (index.html points at it; the manifest names it). */
  const entries = new Set<string>();
  let base = '/';
  const plugin: Plugin = {
    name: 'ev-club-initial-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildEnd() {
      initial.clear();
      appStart.clear();
      entries.clear();
      const staticClosure = (roots: readonly string[], into: Set<string>) => {
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (into.has(id) || initial.has(id) || entries.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const stages: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info?.isEntry) continue;
        entries.add(id);
        // An HTML entry's own script (src/main.tsx) stays the entry chunk.
        const scripts = id.endsWith('.html') ? info.importedIds : [id];
        for (const script of scripts) {
          entries.add(script);
          const scriptInfo = this.getModuleInfo(script);
          staticClosure(scriptInfo?.importedIds ?? [], initial);
          stages.push(...(scriptInfo?.dynamicallyImportedIds ?? []));
        }
      }
      staticClosure(stages, appStart);
      for (const id of appStart) {
        if (!id.includes('/node_modules/')) continue;
        appStart.delete(id);
        initial.add(id);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The app's start: what the entry imports dynamically, and what that imports.
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        }
        const linked = new Set<string>();
        const pending: string[] = [];
        for (const chunk of chunks.values()) {
          if (!chunk.isEntry) continue;
          for (const file of chunk.imports) linked.add(file);
          pending.push(...chunk.dynamicImports);
        }
        const preload: string[] = [];
        while (pending.length > 0) {
          const file = pending.shift() as string;
          if (linked.has(file)) continue;
          linked.add(file);
          preload.push(file);
          pending.push(...(chunks.get(file)?.imports ?? []));
        }
        return preload.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
  return {
    plugin,
    isInitial: (id) => initial.has(id),
    isAppStart: (id) => appStart.has(id),
  };
}
