import type { Plugin } from 'vite';

/**
 * One chunk for everything a page needs before its first paint.
 *
 * Left to itself, the bundler cuts the code the entry reaches into many small
 * shared chunks (one per combination of importers), each paying its own
 * request and gzip overhead. This plugin records, once the module graph is
 * known, every module the entry reaches through static imports; the `initial`
 * code-splitting group of vite.config.ts takes exactly those. What is only
 * imported dynamically (each screen, the API client, the phone library,
 * Stripe, the refresh lock…) stays in lazy chunks of its own.
 */
export function initialChunk(): { plugin: Plugin; isInitial(id: string): boolean } {
  const initial = new Set<string>();
  /** The entries keep chunks of their own (index.html points at it; the manifest names it). */
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'ev-club-initial-chunk',
    apply: 'build',
    buildEnd() {
      initial.clear();
      entries.clear();
      const pending: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info?.isEntry) continue;
        entries.add(id);
        // An HTML entry's own script (src/main.tsx) stays the entry chunk.
        const scripts = id.endsWith('.html') ? info.importedIds : [id];
        for (const script of scripts) {
          entries.add(script);
          pending.push(...(this.getModuleInfo(script)?.importedIds ?? []));
        }
      }
      while (pending.length > 0) {
        const id = pending.pop() as string;
        if (initial.has(id) || entries.has(id)) continue;
        initial.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, isInitial: (id) => initial.has(id) };
}
