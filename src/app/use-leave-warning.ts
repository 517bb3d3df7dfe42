import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import { useServices } from './services.tsx';

/**
 * Asks before the member leaves the page while `isActive()` holds (a payment
 * on its way): Back, Forward and the app's own navigations show `message` in
 * the browser's confirm dialog, and stay when the member cancels; a reload,
 * closing the tab or a typed address get the browser's own "Leave site?"
 * prompt (browsers show no page text there). `isActive` is read when the
 * member leaves, so the question never lags the state. A member the session
 * signed out (Logout, a session the server refused) is never held on the page.
 *
 * The router's history blocker, registered once while the page is shown (what
 * TanStack's `useBlocker` wraps, without its resolver state); what it reads is
 * the latest render's, through effect events.
 */
export function useLeaveWarning(isActive: () => boolean, message: string): void {
  const { session } = useServices();
  const { history } = useRouter();
  const mustAsk = useEffectEvent(() => isActive() && isSignedIn(session.getSnapshot()));
  const staysOnPage = useEffectEvent(() => !window.confirm(message));
  useEffect(
    () =>
      history.block({
        blockerFn: () => mustAsk() && staysOnPage(),
        enableBeforeUnload: () => mustAsk(),
      }),
    [history],
  );
}
