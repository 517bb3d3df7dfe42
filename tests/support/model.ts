/**
 * Model-based testing with xstate/graph (the successor of @xstate/test).
 *
 * Paths come from the very machine the app runs. `createTestModel` refuses
 * machines that invoke actors, so we walk the real machine with
 * `getShortestPaths`, listing user events AND actor outcomes
 * (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) as events. Every
 * invoke therefore has an explicit `id` (the outcome events name it).
 *
 * `generatePaths` returns the shortest path to every reachable state, plus,
 * for each (state, event) pair that fires a transition no earlier path fired,
 * that path extended by the event: together they cover every reachable state
 * AND every reachable transition. `measureCoverage` replays paths in an
 * inspected actor and counts the state nodes entered and the transition
 * definitions taken against all those the machine defines;
 * `expectFullCoverage` is the assertion every model suite makes with it.
 *
 * Outcome events: `done(id, output)` / `failed(id, error)` build them,
 * `parseOutcome` / `isOutcome` / `describeOutcome` read them, and
 * `expectOutcomesNameInvokes` checks that a suite's events name the invokes
 * the machine really has. Running paths on a screen: ./model-screen.ts.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  type AnyActorLogic,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/** Where each measured coverage is recorded for `npm run test:model`'s report. */
export const COVERAGE_DIR = join(import.meta.dirname, '../../coverage/model');

export interface ModelStep<E extends EventObject = EventObject> {
  event: E;
  /** The state value after the event, as 'a.b.c' strings (parallel: several). */
  stateIds: string[];
}

export interface ModelPath<E extends EventObject = EventObject> {
  /** e.g. 'login.change → login.submit → xstate.done.actor.login' */
  description: string;
  steps: Array<ModelStep<E>>;
  /** The state ids at the end of the path. */
  target: string[];
}

export interface ModelOptions<E extends EventObject> {
  /** The events to try in each state (user events and actor outcomes). */
  events: readonly E[] | ((state: { value: unknown; context: unknown }) => readonly E[]);
  input?: unknown;
  /** How states are told apart; default: value + context. */
  serializeState?: (state: { value: unknown; context: unknown }) => string;
}

// ---------------------------------------------------------------------------
// Actor outcomes as model events
// ---------------------------------------------------------------------------

/** How an invoked actor can end, as the event the machine receives. */
export type OutcomeEvent =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

/** The invoke `id` finished with `output`. */
export function done(id: string, output: unknown): OutcomeEvent {
  return { type: `xstate.done.actor.${id}`, output };
}

/** The invoke `id` failed with `error`. */
export function failed(id: string, error: unknown): OutcomeEvent {
  return { type: `xstate.error.actor.${id}`, error };
}

const OUTCOME = /^xstate\.(done|error)\.actor\.(.+)$/;

/** 'xstate.error.actor.signUp' → { id: 'signUp', kind: 'error' }; null for any other event. */
export function parseOutcome(event: EventObject): { id: string; kind: 'done' | 'error' } | null {
  const match = OUTCOME.exec(event.type);
  if (!match?.[2]) return null;
  return { id: match[2], kind: match[1] as 'done' | 'error' };
}

export function isOutcome(event: EventObject): boolean {
  return parseOutcome(event) !== null;
}

/** 'xstate.error.actor.updateProfile' with server.x → 'updateProfile error (server.x)'; null for any other event. */
export function describeOutcome(event: EventObject): string | null {
  const outcome = parseOutcome(event);
  if (!outcome) return null;
  const key = 'error' in event ? ((event as { error: { key?: string } }).error.key ?? '') : '';
  return `${outcome.id} ${outcome.kind}${key ? ` (${key})` : ''}`;
}

/** The id of every invoke of the machine, in document order. */
export function invokeIdsOf(machine: AnyStateMachine): string[] {
  return allStateNodes(machine).flatMap((node) => node.invoke.map((invoke) => invoke.id));
}

/**
 * The machine invokes exactly `invokeIds` (so a new invoke needs outcome
 * events in the suite), and every outcome event of `events` names one of them.
 */
export function expectOutcomesNameInvokes(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  invokeIds: readonly string[],
): void {
  expect(invokeIdsOf(machine).sort()).toEqual([...invokeIds].sort());
  for (const event of events) {
    const outcome = parseOutcome(event);
    if (outcome) expect(invokeIds).toContain(outcome.id);
  }
}

/** Actors that never settle: outcomes are sent as events by the paths. */
export function quietActors(names: readonly string[]): Record<string, AnyActorLogic> {
  return Object.fromEntries(
    names.map((name) => [name, fromPromise(() => new Promise<never>(() => {}))]),
  );
}

/**
 * A path's id: the chart's id and 5 hex digits of a hash (FNV-1a) of its
 * steps, so the same path keeps its id across runs and others coming or going
 * leave it alone. The model suites and the browser journey both name paths so.
 */
export function pathId(chart: string, description: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < description.length; i += 1) {
    hash ^= description.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${chart}-${hash.toString(16).padStart(8, '0').slice(0, 5)}`;
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return out;
}

export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return allStateNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}

/** A transition named by source, event, guard and targets: stable across `.provide()` copies. */
export function describeTransition(t: AnyTransitionDefinition): string {
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)';
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const index = (t.source.transitions.get(t.eventType) ?? t.source.always ?? []).indexOf(t);
  return `${t.source.id} --${t.eventType || 'always'}${guard}#${index}--> ${targets}`;
}

function stateIdsOf(machine: AnyStateMachine, value: unknown): string[] {
  const out: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') {
      out.push(`${prefix}.${v}`);
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        out.push(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
    }
  };
  walk(machine.id, value);
  return [...new Set(out)];
}

interface Replay {
  transitions: Set<AnyTransitionDefinition>;
  lastStepTransitions: Set<AnyTransitionDefinition>;
  states: Set<string>;
}

/** Runs events through an inspected actor of the machine; actors must be quiet. */
export function replay(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  input?: unknown,
): Replay {
  const transitions = new Set<AnyTransitionDefinition>();
  let lastStepTransitions = new Set<AnyTransitionDefinition>();
  const states = new Set<string>();
  const actor = createActor(machine, {
    ...(input === undefined ? {} : { input }),
    inspect: (inspection) => {
      if (
        inspection.type === '@xstate.microstep' &&
        inspection.actorRef.sessionId === inspection.rootId
      ) {
        for (const t of (inspection as unknown as { _transitions: AnyTransitionDefinition[] })
          ._transitions) {
          transitions.add(t);
          lastStepTransitions.add(t);
        }
      }
    },
  });
  const record = () => {
    for (const node of (actor.getSnapshot() as unknown as { _nodes: AnyStateNode[] })._nodes) {
      states.add(node.id);
    }
  };
  actor.start();
  record();
  for (const event of events) {
    lastStepTransitions = new Set();
    if (!isOutcomeForRunningActor(event, actor.getSnapshot())) continue;
    actor.send(event);
    record();
  }
  actor.stop();
  // Transient states (eventless exits) are never at rest: taking a transition in
  // or out of one is visiting it.
  for (const t of transitions) {
    states.add(t.source.id);
    for (const target of t.target ?? []) states.add((target as AnyStateNode).id);
  }
  return { transitions, lastStepTransitions, states };
}

/** An actor outcome is only possible while that actor runs (else it would be an unhandled error). */
function isOutcomeForRunningActor(event: EventObject, state: unknown): boolean {
  const outcome = parseOutcome(event);
  if (!outcome) return true;
  const children = (state as { children?: Record<string, unknown> }).children ?? {};
  return outcome.id in children;
}

export function generatePaths<E extends EventObject>(
  machine: AnyStateMachine,
  options: ModelOptions<E>,
): Array<ModelPath<E>> {
  const eventsIn = (state: { value: unknown; context: unknown }): readonly E[] =>
    (typeof options.events === 'function' ? options.events(state) : options.events).filter((e) =>
      isOutcomeForRunningActor(e, state),
    );
  const shortest = getShortestPaths(machine, {
    events: eventsIn as never,
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.serializeState
      ? {
          serializeState: (s: { value: unknown; context: unknown }) =>
            options.serializeState?.(s) ?? '',
        }
      : {}),
  } as never) as Array<{
    state: { value: unknown; context: unknown };
    steps: Array<{ event: E; state: { value: unknown } }>;
  }>;

  const toPath = (events: E[]): ModelPath<E> => {
    const steps: Array<ModelStep<E>> = [];
    // Re-derive the state after each step with a quiet actor.
    const actor = createActor(machine, options.input === undefined ? {} : { input: options.input });
    actor.start();
    for (const event of events) {
      actor.send(event);
      steps.push({ event, stateIds: stateIdsOf(machine, actor.getSnapshot().value) });
    }
    const target = stateIdsOf(machine, actor.getSnapshot().value);
    actor.stop();
    return { description: events.map((e) => e.type).join(' → ') || '(initial)', steps, target };
  };

  const eventLists: E[][] = shortest.map((p) =>
    // getShortestPaths' first step is the initial xstate.init; drop it.
    p.steps.map((s) => s.event).filter((e) => !e.type.startsWith('xstate.init')),
  );
  const covered = new Set<AnyTransitionDefinition>();
  for (const events of eventLists) {
    for (const t of replay(machine, events, options.input).transitions) covered.add(t);
  }
  const extra: E[][] = [];
  for (const [index, events] of eventLists.entries()) {
    const end = shortest[index]?.state;
    if (!end) continue;
    for (const event of eventsIn(end)) {
      const { lastStepTransitions } = replay(machine, [...events, event], options.input);
      const fresh = [...lastStepTransitions].filter((t) => !covered.has(t));
      if (fresh.length > 0) {
        for (const t of lastStepTransitions) covered.add(t);
        extra.push([...events, event]);
      }
    }
  }
  return [...eventLists, ...extra].map(toPath);
}

export interface Coverage {
  machine: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

/**
 * Replays the paths of one or more walks (e.g. the same machine provided with
 * a guard true, then false) and counts states and transitions against the
 * definitions of `machine`.
 */
export function measureCoverage(
  machine: AnyStateMachine,
  walks: Array<{ machine: AnyStateMachine; paths: Array<ModelPath>; input?: unknown }>,
): Coverage {
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  for (const walk of walks) {
    for (const path of walk.paths) {
      const r = replay(
        walk.machine,
        path.steps.map((s) => s.event),
        walk.input,
      );
      for (const s of r.states) seenStates.add(s);
      for (const t of r.transitions) seenTransitions.add(describeTransition(t));
    }
  }
  const nodes = allStateNodes(machine);
  const transitions = allTransitions(machine).map(describeTransition);
  const coverage: Coverage = {
    machine: machine.id,
    states: {
      covered: nodes.filter((n) => seenStates.has(n.id)).length,
      total: nodes.length,
      missing: nodes.filter((n) => !seenStates.has(n.id)).map((n) => n.id),
    },
    transitions: {
      covered: transitions.filter((t) => seenTransitions.has(t)).length,
      total: transitions.length,
      missing: transitions.filter((t) => !seenTransitions.has(t)),
    },
  };
  recordCoverage(coverage);
  return coverage;
}

/** Kept for the report of `npm run test:model` (tests/tools/model-coverage.mjs). */
function recordCoverage(coverage: Coverage): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  writeFileSync(
    join(COVERAGE_DIR, `${coverage.machine}.json`),
    `${JSON.stringify(coverage, null, 2)}\n`,
  );
}

export function formatCoverage(c: Coverage): string {
  // Nothing to cover is no coverage (as tests/tools/model-coverage.mjs reads it).
  const pct = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 10);
  return `${c.machine}: states ${c.states.covered}/${c.states.total} (${pct(c.states.covered, c.states.total)} %), transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions.covered, c.transitions.total)} %)`;
}

/**
 * The assertion of every model suite: the walks' paths reach 100 % of the
 * states and 100 % of the transitions of `machine`. Prints the figures (plus
 * `note`, e.g. how many paths) and records them for `npm run test:model`.
 */
export function expectFullCoverage(
  machine: AnyStateMachine,
  walks: Parameters<typeof measureCoverage>[1],
  note?: string,
): Coverage {
  const coverage = measureCoverage(machine, walks);
  console.info(note ? `${formatCoverage(coverage)}; ${note}` : formatCoverage(coverage));
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
  expect(coverage.states.covered).toBe(coverage.states.total);
  expect(coverage.transitions.covered).toBe(coverage.transitions.total);
  return coverage;
}
