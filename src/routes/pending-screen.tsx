import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import {
  isUnavailable,
  wasMembershipLoadAnswered,
} from '../../machines/membership/membership.selectors.ts';
import {
  isLoadingUser,
  isServerUnreachable,
  isSettled,
  isSignedIn,
  wasUserLoadAnswered,
} from '../../machines/session/session.selectors.ts';
import type { MembershipActor } from '../app/services.tsx';
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
  const answered = useSelector(session, wasUserLoadAnswered);
  const loadingAccount = useSelector(session, (s) => !isSettled(s) || isLoadingUser(s));
  // The membership exists once a member is signed in (its code loads on demand).
  const membershipActor = useSyncExternalStore(membership.subscribe, membership.current);
  if (unreachable) {
    return (
      <UnreachableScreen
        titleKey={answered ? 'errors.accountUnavailable' : 'errors.unreachableTitle'}
        bodyKey={answered ? 'errors.answeredBody' : undefined}
        onRetry={() => {
          session.send({ type: 'session.retry' });
          // A membership whose load failed meanwhile is loaded again too, not left a kept copy.
          membershipActor?.send({ type: 'membership.refetch' });
        }}
        withLogout
      />
    );
  }
  if (membershipActor) {
    return <MembershipPending membership={membershipActor} loadingAccount={loadingAccount} />;
  }
  return <LoadingScreen account={loadingAccount} />;
}

/**
 * The pending view of a layout route (the session, a layout's code or the
 * sign-in texts still coming): nothing around it draws a <main> yet, so it
 * brings its own, which the skip link, the page's title and a screen reader's
 * landmarks find. A page under a layout shows PendingScreen in the layout's <main>.
 */
export function PendingPage() {
  return (
    <main id="main">
      <PendingScreen />
    </main>
  );
}

function MembershipPending({
  membership,
  loadingAccount,
}: {
  membership: MembershipActor;
  loadingAccount: boolean;
}) {
  const { session } = useServices();
  const unavailable = useSelector(
    membership,
    (s) => isUnavailable(s) && isSignedIn(session.getSnapshot()),
  );
  const answered = useSelector(membership, wasMembershipLoadAnswered);
  if (unavailable) {
    return (
      <UnreachableScreen
        titleKey="errors.membershipUnavailable"
        bodyKey={answered ? 'errors.answeredBody' : undefined}
        onRetry={() => membership.send({ type: 'membership.refetch' })}
        withLogout
      />
    );
  }
  return <LoadingScreen account={loadingAccount} />;
}
