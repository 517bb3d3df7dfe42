import { useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef } from 'react';
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
 * The router's history blocker, registered while the page is shown (what
 * TanStack's `useBlocker` wraps, without its resolver state).
 */
export function useLeaveWarning(isActive: () => boolean, message: string): void {
  const { session } = useServices();
  const { history } = useRouter();
  const latest = useRef({ isActive, message });
  useLayoutEffect(() => {
    latest.current = { isActive, message };
  });
  useEffect(() => {
    const mustAsk = () => latest.current.isActive() && isSignedIn(session.getSnapshot());
    return history.block({
      blockerFn: () => mustAsk() && !window.confirm(latest.current.message),
      enableBeforeUnload: mustAsk,
    });
  }, [history, session]);
}
