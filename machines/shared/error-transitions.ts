/**
 * Named `onError` transitions of an invoked actor, plain config for the
 * machine: the actions they run are named in its `setup` and take the error
 * as typed `params` (mapped by `errorOf`), so no action casts `event`; the
 * chart's text is a `Described` property (described.ts).
 */
import type { Described } from './described.ts';
import { errorOf } from './event-params.ts';

/** On to `target`, the error (`{ error }`) handed to the action `action` (e.g. `assignServerError`, `logError`). */
export function errorTo<const T extends string, const A extends string>(
  target: T,
  action: A,
  { description }: Described = {},
) {
  return { target, actions: { type: action, params: errorOf }, description } as const;
}

/** On to `target`, the error logged (the app's `logError`, `{ error }`) and then shown by `then`. */
export function logErrorThen<const T extends string, const Then extends { type: string }>(
  target: T,
  then: Then,
  { description }: Described,
) {
  return {
    target,
    actions: [{ type: 'logError', params: errorOf }, then],
    description,
  } as const;
}
