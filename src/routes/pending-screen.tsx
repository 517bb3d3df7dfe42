import { useSelector } from '@xstate/react';
import { isUnavailable } from '../../machines/membership/membership.selectors.ts';
import {
  isLoadingUser,
  isServerUnreachable,
  isSettled,
  isSignedIn,
} from '../../machines/session/session.selectors.ts';
import { useServices } from '../app/services.tsx';
import { LoadingScreen } from '../screens/loading/loading-screen.tsx';
import { UnreachableScreen } from '../screens/loading/unreachable-screen.tsx';

/**
 * While a route waits: the loading view, with 'Loading your account...' while
 * the user loads (spec 2); when the server cannot be reached or the membership
 * cannot be loaded, that, with Try again.
 */
export function PendingScreen() {
  const { session, membership } = useServices();
  const unreachable = useSelector(session, isServerUnreachable);
  const membershipUnavailable = useSelector(
    membership,
    (s) => isUnavailable(s) && isSignedIn(session.getSnapshot()),
  );
  const loadingAccount = useSelector(session, (s) => !isSettled(s) || isLoadingUser(s));
  if (unreachable) {
    return (
      <UnreachableScreen
        titleKey="errors.unreachableTitle"
        onRetry={() => session.send({ type: 'session.retry' })}
      />
    );
  }
  if (membershipUnavailable) {
    return (
      <UnreachableScreen
        titleKey="errors.membershipUnavailable"
        onRetry={() => membership.send({ type: 'membership.refetch' })}
      />
    );
  }
  return <LoadingScreen account={loadingAccount} />;
}
