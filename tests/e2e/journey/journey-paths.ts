/**
 * The journey model's paths (./journey.machine.ts), from `xstate/graph`
 * through the model kit of the jsdom suites (tests/support/model.ts):
 * `generatePaths` gives the shortest path to every state plus a path for every
 * transition no shorter path takes; a path that is the start of a longer one
 * is dropped (running the longer one checks each of its states on the way).
 *
 * Each path has a stable id: `journey-` and a hash of its events (pathId, as
 * the model suites name theirs), so it stays
 * the same when other paths come or go, and the test that runs it bears it.
 * `journeyCoverage` counts the states and transitions a set of paths covers
 * against every state and transition of the model.
 */
import {
  allStateNodes,
  allTransitions,
  describeTransition,
  generatePaths,
  type ModelPath,
  pathId,
  replay,
} from '../../support/model.ts';
import { JOURNEY_EVENTS, type JourneyEvent, journeyMachine } from './journey.machine.ts';

export interface JourneyPath {
  /** `journey-` + 5 hex digits of the events' hash (pathId): stable while the path's events stay the same. */
  id: string;
  /** The events in order, e.g. 'arrange.memberAtCheckout → card.payWithGoodCard → provider.approve'. */
  description: string;
  /** Each step: the event, and the model's state ids after it ('journey.checkout.ready'). */
  steps: ModelPath<JourneyEvent>['steps'];
  /** The state ids at the end. */
  target: string[];
}

/** States that differ only in the card of a finished payment are the same place. */
function serializeState(state: { value: unknown; context: unknown }): string {
  const { card } = state.context as { card: string | null };
  return JSON.stringify(state.value) + (state.value === 'paying' ? `:${card}` : '');
}

/** Every path the browser suite runs, shortest first. */
export function journeyPaths(): JourneyPath[] {
  const all = generatePaths<JourneyEvent>(journeyMachine, {
    events: JOURNEY_EVENTS,
    serializeState,
  }).filter((path) => path.steps.length > 0);
  const key = (path: ModelPath<JourneyEvent>) => path.steps.map((s) => s.event.type).join('>');
  const keys = all.map(key);
  return all
    .filter((_path, index) => {
      const own = keys[index] ?? '';
      const isPrefix = keys.some((other) => other !== own && other.startsWith(`${own}>`));
      return !isPrefix && keys.indexOf(own) === index;
    })
    .map((path) => ({
      id: pathId('journey', path.steps.map((s) => s.event.type).join('>')),
      description: path.description,
      steps: path.steps,
      target: path.target,
    }))
    .sort((a, b) => a.steps.length - b.steps.length || a.description.localeCompare(b.description));
}

/** A short name for test titles: the events without their namespaces. */
export function pathTitle(path: JourneyPath): string {
  return path.steps.map((step) => step.event.type).join(' → ');
}

export interface JourneyCoverage {
  states: { covered: string[]; total: string[] };
  transitions: { covered: string[]; total: string[] };
}

/** The states and transitions of the model that `paths` take. */
export function journeyCoverage(paths: readonly JourneyPath[]): JourneyCoverage {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    const walked = replay(
      journeyMachine,
      path.steps.map((step) => step.event),
    );
    for (const state of walked.states) states.add(state);
    for (const transition of walked.transitions) transitions.add(describeTransition(transition));
  }
  const allStates = allStateNodes(journeyMachine).map((node) => node.id);
  const allDefined = allTransitions(journeyMachine).map(describeTransition);
  return {
    states: { covered: allStates.filter((s) => states.has(s)), total: allStates },
    transitions: { covered: allDefined.filter((t) => transitions.has(t)), total: allDefined },
  };
}

/** The transitions of the model that one path takes (for the report). */
export function transitionsOf(path: JourneyPath): string[] {
  return [
    ...replay(
      journeyMachine,
      path.steps.map((step) => step.event),
    ).transitions,
  ].map(describeTransition);
}
