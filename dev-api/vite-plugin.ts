import type { Plugin } from 'vite';

/** Placeholder: replaced by the stand-in's real mount (issue 2). */
export function devApi(): Plugin {
  return { name: 'ev-club-dev-api' };
}
