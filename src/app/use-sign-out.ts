import { useNavigate } from '@tanstack/react-router';
import type { DeletionSignOutReason } from '../../machines/session/session.types.ts';
import { afterNextPaint } from '../lib/yield-to-browser.ts';
import { useServices } from './services.tsx';

/**
 * Logout (spec 7): a local action, clearing the tokens and the state, then
 * /login, which says the account was deleted when that is the reason. The
 * session signs out; the page goes to /login from wherever it is (a public
 * page's guard would not move it).
 */
export function useSignOut(): (reason?: DeletionSignOutReason) => void {
  const { session } = useServices();
  const navigate = useNavigate();
  return (reason) => {
    // The click shows first (the button's busy state): signing out re-renders
    // every view of the member and runs the guards, 50 to 90 ms on a slow
    // phone, which would otherwise hold that paint back.
    void afterNextPaint().then(() => {
      session.send({ type: 'session.signOut', ...(reason ? { reason } : {}) });
      void navigate({ to: '/login', replace: true });
    });
  };
}
