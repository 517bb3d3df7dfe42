/**
 * Named mappers from an actor's done or error event to an action's or
 * guard's typed `params`. Machines pass them as `params: errorOf` so no action
 * has to cast `event`; the config stays plain data for the visualizer.
 */
import type { User } from './domain.ts';

/** `{ error }` of an `xstate.error.actor.*` event. */
export const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The output of an `xstate.done.actor.*` event. */
export const outputOf = <T>({ event }: { event: { output: T } }): T => event.output;

/** `{ user }` of an `xstate.done.actor.*` event whose output is the saved user. */
export const userOf = ({ event }: { event: { output: User } }) => ({ user: event.output });
