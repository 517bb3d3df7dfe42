#!/usr/bin/env node
// Prints the state and transition coverage that the model-based suites
// (tests/model/) reached for each machine, and fails below 100 %.
// The suites record their figures in coverage/model/ as they run. `npm test`
// and `npm run test:model` empty it before their run, so what this reads
// (after `npm run test:model`, or after `npm test` in .ci/run) is that run's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../coverage/model');
// Every machine of tests/charts/machines.ts has its chart written to
// docs/charts/<id>.json (`npm run charts`): each must have recorded coverage.
const charts = join(import.meta.dirname, '../../docs/charts');
let chartFiles = [];
try {
  chartFiles = readdirSync(charts);
} catch {
  // No folder: the same message as an empty one, below.
}
const EXPECTED = chartFiles
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
if (EXPECTED.length === 0) {
  console.error(`No charts in ${charts}: run \`npm run charts\` first.`);
  process.exit(1);
}

let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.json'));
} catch {
  console.error(
    `No coverage recorded in ${dir}: run the model suites first (vitest run tests/model).`,
  );
  process.exit(1);
}
const rows = files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
// A chart with nothing to cover is a broken record, not a full one.
const pct = (a, b) => (b === 0 ? 0 : (a / b) * 100);
const pad = (s, n) => String(s).padEnd(n);

console.info(`\n${pad('machine', 24)}${pad('states', 16)}transitions`);
let failed = false;
for (const row of rows.sort((a, b) => a.machine.localeCompare(b.machine))) {
  const s = pct(row.states.covered, row.states.total);
  const t = pct(row.transitions.covered, row.transitions.total);
  const ok = s === 100 && t === 100;
  failed ||= !ok;
  console.info(
    `${pad(row.machine, 24)}${pad(`${row.states.covered}/${row.states.total} (${s.toFixed(0)} %)`, 16)}${row.transitions.covered}/${row.transitions.total} (${t.toFixed(0)} %)${ok ? '' : '  ✗'}`,
  );
  if (!ok) {
    for (const m of [...row.states.missing, ...row.transitions.missing])
      console.info(`    missing: ${m}`);
  }
}
const seen = new Set(rows.map((r) => r.machine));
const absent = EXPECTED.filter((m) => !seen.has(m));
if (absent.length > 0) {
  failed = true;
  console.info(`\nNo model suite recorded coverage for: ${absent.join(', ')}`);
}
console.info(
  failed ? '\nModel coverage is below 100 %.' : '\nEvery machine: 100 % of states and transitions.',
);
process.exit(failed ? 1 : 0);
