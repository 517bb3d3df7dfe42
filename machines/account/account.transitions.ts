/**
 * Named transitions shared by the account page's forms, plain config for the
 * machine: the actions they run are named in its `setup` and take typed
 * `params` mapped from the event.
 */
import { userOf } from '../shared/event-params.ts';

/**
 * The `onDone` of a save answered with the user: on to `target`, the action
 * `assign` keeps the user (`{ user }`) and the app's `notifyUserUpdated`
 * hands it to the session.
 */
export function userSavedTo<const T extends string, const A extends string>(target: T, assign: A) {
  return {
    target,
    actions: [
      { type: assign, params: userOf },
      { type: 'notifyUserUpdated', params: userOf },
    ],
    description: 'The session takes the returned user.',
  } as const;
}
