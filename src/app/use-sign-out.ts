import { useNavigate } from '@tanstack/react-router';
import { useServices } from './services.tsx';

/**
 * Logout (spec 7): a local action, clearing the tokens and the state, then
 * /login. The session signs out; the page goes to /login from wherever it is
 * (a public page's guard would not move it).
 */
export function useSignOut(): () => void {
  const { session } = useServices();
  const navigate = useNavigate();
  return () => {
    session.send({ type: 'session.signOut' });
    void navigate({ to: '/login', replace: true });
  };
}
