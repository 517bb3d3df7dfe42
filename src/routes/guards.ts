/**
 * The route guards of spec 2 as pure functions of (signed in?, membership
 * flags). The router (router.tsx) gathers those two facts from the actors and
 * throws the redirect this returns.
 */
import type { MembershipFlags } from '../../machines/membership/membership-flags.ts';

export type GuardKind =
  /**
   * For visitors (`/`, login, registration, forgot password): a signed-in user
   * goes to /activation instead, whose guard sends an active member on to
   * /dashboard (spec 2's `/`; after signing in, spec 4's "goes on to /activation").
   * It decides on the session alone: waiting here for a membership that cannot
   * be loaded would leave the sign-in form on screen with nothing said, where
   * /activation's loading view says so and offers Try again.
   */
  | 'visitorsOnly'
  /** Every page of a member (the member layout): a visitor goes to /login. */
  | 'signedIn'
  /** Spec 2's three membership guards, under the member layout. */
  | 'activation'
  | 'dashboard'
  | 'subscription';

export interface GuardFacts {
  signedIn: boolean;
  flags: MembershipFlags;
}

export type RedirectTarget = '/login' | '/dashboard' | '/activation';

export function guardRedirect(
  kind: GuardKind,
  { signedIn, flags }: GuardFacts,
): RedirectTarget | null {
  if (kind === 'visitorsOnly') return signedIn ? '/activation' : null;
  if (!signedIn) return '/login';
  switch (kind) {
    case 'signedIn':
      return null;
    case 'activation':
      return flags.isActive ? '/dashboard' : null;
    case 'dashboard':
      return flags.isMembershipExist ? null : '/activation';
    case 'subscription':
      return flags.isMembershipExist && flags.isActive ? null : '/activation';
  }
}

/** Whether a guard needs the membership (the others decide on the session alone). */
export function needsMembership(kind: GuardKind): boolean {
  return kind !== 'signedIn' && kind !== 'visitorsOnly';
}
