// @vitest-environment node
/**
 * The journey's path script (docs/charts/journey.paths.md): the paths the
 * browser suite (tests/e2e/journey/journey.spec.ts) replays in Chromium, as
 * numbered plain-English steps from the journey model's own descriptions,
 * each under the id its browser test bears.
 */
import { describe, expect, it } from 'vitest';
import { type JourneyEvent, journeyMachine } from '../e2e/journey/journey.machine.ts';
import { journeyPaths } from '../e2e/journey/journey-paths.ts';
import {
  expectPathScriptCurrent,
  type MachineModel,
  renderPathScript,
  type Walk,
} from '../support/model-suite.ts';

const walk: Walk<JourneyEvent> = { machine: journeyMachine, events: [] };
const model: MachineModel<JourneyEvent> = {
  title: 'The member journey (in Chromium)',
  machine: journeyMachine,
  invokeIds: [],
  chart: false,
  walks: [walk],
  name: (event) => event.type,
};

describe('the journey path script', () => {
  const paths = journeyPaths().map((path) => ({ ...path, walk }));

  it('says every step in words (every transition of the journey has a description)', () => {
    const script = renderPathScript(model, paths, 'tests/e2e/journey/journey.spec.ts');
    for (const path of paths) {
      expect(script).toContain(`## ${path.id}\n`);
      for (const step of path.steps) expect(script).not.toContain(`. ${step.event.type}.`);
    }
  });

  it('docs/charts/journey.paths.md is current', () => {
    expectPathScriptCurrent(
      'journey',
      renderPathScript(model, paths, 'tests/e2e/journey/journey.spec.ts'),
    );
  });
});
