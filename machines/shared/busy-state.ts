/**
 * A waiting state, plain config for the machine: tagged `busy` (views show
 * their spinner and lock the form by that tag) while it runs the actor `src`,
 * invoked under its own name; `invoke` gives its `input`, `onDone` and
 * `onError`. The actor, its input mapper and the actions of its transitions
 * are named in the machine's `setup`, so the chart reads it as written.
 */
export function busyInvoking<const S extends string, const I extends object>(
  src: S,
  description: string,
  invoke: I,
) {
  return { description, tags: ['busy'], invoke: { id: src, src, ...invoke } } as const;
}
