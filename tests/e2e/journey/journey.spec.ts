/**
 * The journey model's paths in Chromium. The model
 * (./journey.machine.ts) is walked by `xstate/graph` (./journey-paths.ts);
 * each path is one test, named by its stable id, that starts with a fresh
 * member and, after every step, checks what the member sees in the model's
 * new state (./journey-steps.ts). ./journey-reporter.ts prints the states
 * and transitions the passing paths covered, and the time they took:
 * `journey: states N/N (100 %), transitions N/N (100 %); N paths in N s`.
 */
import { expect, test } from '../support/fixtures.ts';
import { JOURNEY_EVENT_TEXT } from './journey.machine.ts';
import { journeyCoverage, journeyPaths, pathTitle, transitionsOf } from './journey-paths.ts';
import { expectState, newRun, perform } from './journey-steps.ts';

const PATHS = journeyPaths();
const COVERAGE = journeyCoverage(PATHS);

/** The annotation the reporter reads: which states and transitions this path takes, out of how many. */
const JOURNEY_ANNOTATION = 'journey-path';

test.describe('the journey model in Chromium', () => {
  test('its paths take every state and every transition of the model', () => {
    const missing = {
      states: COVERAGE.states.total.filter((s) => !COVERAGE.states.covered.includes(s)),
      transitions: COVERAGE.transitions.total.filter(
        (t) => !COVERAGE.transitions.covered.includes(t),
      ),
    };
    expect(missing).toEqual({ states: [], transitions: [] });
    expect(PATHS.length).toBeGreaterThan(0);
    expect(new Set(PATHS.map((path) => path.id)).size).toBe(PATHS.length);
  });

  for (const path of PATHS) {
    test(`${path.id}: ${pathTitle(path)}`, async ({ page, api, request }) => {
      const states = [
        ...new Set(['journey', 'journey.start', ...path.steps.flatMap((s) => s.stateIds)]),
      ];
      test.info().annotations.push({
        type: JOURNEY_ANNOTATION,
        description: JSON.stringify({
          id: path.id,
          states,
          transitions: transitionsOf(path),
          totalStates: COVERAGE.states.total.length,
          totalTransitions: COVERAGE.transitions.total.length,
        }),
      });
      const run = newRun(page, api, request, path.id);
      await expectState(run, 'journey.start');
      for (const [index, step] of path.steps.entries()) {
        await test.step(`${index + 1}. ${JOURNEY_EVENT_TEXT[step.event.type]}`, async () => {
          await perform(run, step.event);
          for (const stateId of step.stateIds) await expectState(run, stateId);
        });
      }
    });
  }
});
