import { useSelector } from '@xstate/react';
import { isSignedIn } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';

/**
 * A member page whose session has just ended (the server refused it in the
 * middle of an action, a Logout, another tab): the page is on its way to
 * /login, which says why. Until it goes, its <main> is taken out of what a
 * screen reader reads and of the keyboard's reach (`inert`): the action's own
 * failure ("…press Activate to try again"), which may still show for that
 * moment, is neither announced nor offered.
 */
export function useSessionEnded(): true | undefined {
  const { session } = useServices();
  return useSelector(session, (snapshot) => !isSignedIn(snapshot)) || undefined;
}
