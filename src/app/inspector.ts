import type { InspectionEvent, Observer } from 'xstate';
import type { AppConfig } from './env.ts';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * The Stately inspector for product and QA: in development only, with
 * `?inspect` in the address or VITE_INSPECT=1. In a production build
 * `import.meta.env.DEV` is false, so the import below is dropped from the bundle.
 */
export async function loadInspector(config: AppConfig): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = config.inspect || new URLSearchParams(window.location.search).has('inspect');
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
