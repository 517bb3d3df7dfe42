import type { Described } from './described.ts';

/**
 * A waiting state, plain config for the machine: tagged `busy` (views show
 * their spinner and lock the form by that tag) while it runs the actor `src`,
 * invoked under its own name. `state` gives its `description` (a property, so
 * a production build strips it) and the invocation's `input`, `onDone` and
 * `onError`. The actor, its input mapper and the actions are named in the
 * machine's `setup`, so the chart reads it as written.
 */
export function busyInvoking<const S extends string, const I extends Described>(src: S, state: I) {
  const { description, ...invoke } = state;
  return { description, tags: ['busy'], invoke: { id: src, src, ...invoke } } as const;
}
