import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent } from 'react';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import { useServices } from './services.tsx';

/**
 * Asks before the member leaves the page while `question()` gives a question
 * (a payment on its way, or one accepted but not saved yet; null when there is
 * nothing to lose): Back, Forward and the app's own navigations show it in the
 * browser's confirm dialog, and stay when the member cancels; a reload,
 * closing the tab or a typed address get the browser's own "Leave site?"
 * prompt (browsers show no page text there). `question` is read when the
 * member leaves, so it never lags the state. A member the session signed out
 * (Logout, a session the server refused) is never held on the page.
 *
 * The router's history blocker, registered once while the page is shown (what
 * TanStack's `useBlocker` wraps, without its resolver state); what it reads is
 * the latest render's, through effect events.
 */
export function useLeaveWarning(question: () => string | null): void {
  const { session } = useServices();
  const { history } = useRouter();
  const asked = useEffectEvent(() => (isSignedIn(session.getSnapshot()) ? question() : null));
  useEffect(
    () =>
      history.block({
        blockerFn: () => {
          const message = asked();
          return message !== null && !window.confirm(message);
        },
        enableBeforeUnload: () => asked() !== null,
      }),
    [history],
  );
}
