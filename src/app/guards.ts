/**
 * The route guards of spec 2 as pure functions of (signed in?, membership flags).
 * The router (router.tsx) gathers those two facts from the actors and throws the
 * redirect this returns.
 */
export interface MembershipFlags {
  isMembershipExist: boolean;
  isActive: boolean;
  isCancelled: boolean;
  hasOrdered: boolean;
}

export type GuardKind =
  /** `/`: active members to /dashboard, other signed-in users to /activation, visitors stay. */
  | 'home'
  /** Only for visitors (login, registration): signed-in users go where `/` would send them. */
  | 'guestOnly'
  /** Any signed-in user (/billing, /account). */
  | 'protected'
  | 'activation'
  | 'dashboard'
  | 'subscription';

export interface GuardFacts {
  signedIn: boolean;
  flags: MembershipFlags;
}

export type RedirectTarget = '/login' | '/dashboard' | '/activation';

function homeOf(flags: MembershipFlags): RedirectTarget {
  return flags.isActive ? '/dashboard' : '/activation';
}

export function guardRedirect(
  kind: GuardKind,
  { signedIn, flags }: GuardFacts,
): RedirectTarget | null {
  if (kind === 'home' || kind === 'guestOnly') return signedIn ? homeOf(flags) : null;
  if (!signedIn) return '/login';
  switch (kind) {
    case 'activation':
      return flags.isActive ? '/dashboard' : null;
    case 'dashboard':
      return flags.isMembershipExist ? null : '/activation';
    case 'subscription':
      return flags.isMembershipExist && flags.isActive ? null : '/activation';
    case 'protected':
      return null;
  }
}
