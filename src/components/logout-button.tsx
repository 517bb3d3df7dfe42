import { useState } from 'react';
import { useSignOut } from '../app/use-sign-out.ts';

/**
 * Signs out, then /login. It shows busy at once; the sign-out runs after that
 * frame (src/app/use-sign-out.ts). The label differs: "Logout" in the header
 * and on the pages that could not load the account, "Log out" at checkout.
 */
export function LogoutButton({ label }: { label: string }) {
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary logout-button"
      aria-busy={leaving || undefined}
      onClick={() => {
        setLeaving(true);
        signOut();
      }}
    >
      {label}
    </button>
  );
}
