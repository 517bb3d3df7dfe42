/**
 * Running model paths (./model.ts) on a real screen: the test renders the
 * screen with its fakes, then `playPath` makes each step happen on the screen
 * and checks, after each one, that the screen shows what the model's state
 * says.
 */
import { waitFor } from '@testing-library/react';
import { type AnyStateMachine, createActor, type EventObject } from 'xstate';
import type { ModelPath } from './model.ts';

/**
 * Renames the paths with `describeStep` (these names are the test names) and
 * drops a path that is the start of a longer one (running the longer one
 * checks each of its states on the way) or has the name of an earlier one.
 */
export function viewPathsOf<E extends EventObject>(
  paths: Array<ModelPath<E>>,
  describeStep: (event: E) => string,
): Array<ModelPath<E>> {
  const described = paths.map((path) => ({
    ...path,
    description: path.steps.map((s) => describeStep(s.event)).join(' → ') || '(initial)',
  }));
  return described
    .filter(
      (p) => !described.some((q) => q !== p && q.description.startsWith(`${p.description} → `)),
    )
    .filter((p, i, all) => all.findIndex((q) => q.description === p.description) === i);
}

/**
 * Plays one path on the screen already rendered. The model is `machine` (the
 * walked machine, its actors quiet) started with `input`. The screen must show
 * the model's first state; then, for each step, `perform` does in the UI what
 * the event stands for (for an actor outcome: checks what the call received
 * and settles it), the model takes the event, and the screen must come to
 * show the model's new state (`assertView` is retried until it passes or
 * waitFor times out).
 */
export async function playPath<E extends EventObject, S>(
  path: ModelPath<E>,
  {
    machine,
    input,
    perform,
    assertView,
  }: {
    machine: AnyStateMachine;
    input?: unknown;
    /** `model` is the model's state before the event. */
    perform(event: E, model: S): Promise<unknown>;
    assertView(expected: S): void;
  },
): Promise<void> {
  const model = createActor(machine, input === undefined ? {} : { input });
  model.start();
  assertView(model.getSnapshot() as S);
  for (const step of path.steps) {
    await perform(step.event, model.getSnapshot() as S);
    model.send(step.event);
    const expected = model.getSnapshot() as S;
    await waitFor(() => assertView(expected));
  }
  model.stop();
}
