// Runs the standalone stand-in on any Node >= 20.19:
//   node dev-api/run.mjs
// Node >= 22.6 can also run it directly: node --experimental-strip-types dev-api/standalone.ts
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
await import('./standalone.ts');
