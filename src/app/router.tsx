import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import { REHYDRATE_TIMEOUT_MS } from '../../machines/membership/membership.machine.ts';
import {
  isSettled as isMembershipSettled,
  selectRecord,
} from '../../machines/membership/membership.selectors.ts';
import { isLoadingUser, isSettled, isSignedIn } from '../../machines/session/session.selectors.ts';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { LoadingScreen } from '../screens/loading/loading-screen.tsx';
import { NotFoundScreen } from '../screens/not-found/not-found-screen.tsx';
import { type GuardFacts, type GuardKind, guardRedirect, type MembershipFlags } from './guards.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { type AppServices, useServices } from './services.tsx';

export interface RouterContext {
  services: AppServices;
}

const NO_FLAGS: MembershipFlags = {
  isMembershipExist: false,
  isActive: false,
  isCancelled: false,
  hasOrdered: false,
};

/** Waits for the session to settle (and the membership to load), then states the facts. */
export async function gatherFacts(services: AppServices): Promise<GuardFacts> {
  const session = await waitFor(services.session, isSettled);
  if (!isSignedIn(session)) return { signedIn: false, flags: NO_FLAGS };
  const membership = await waitFor(services.membership, isMembershipSettled, {
    timeout: REHYDRATE_TIMEOUT_MS,
  }).catch(() => services.membership.getSnapshot());
  return { signedIn: true, flags: deriveMembership(selectRecord(membership), Date.now()) };
}

function guard(kind: GuardKind) {
  return async ({ context }: { context: RouterContext }) => {
    const target = guardRedirect(kind, await gatherFacts(context.services));
    if (target) throw redirect({ to: target, replace: true });
  };
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

/** Public pages with the header (landing, terms, policy, not found). */
const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: AppLayout,
});

/** The two-panel layout of the auth screens (spec 2). */
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  component: AuthLayout,
});

/** Signed-in pages with the default header (Logout visible). */
const memberLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  component: AppLayout,
  pendingComponent: () => <LoadingScreen account />,
});

const homeRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/',
  beforeLoad: guard('home'),
  pendingComponent: () => <LoadingScreen account />,
  component: lazyRouteComponent(
    () => import('../screens/landing/landing-screen.tsx'),
    'LandingScreen',
  ),
});

const termsRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/terms',
  component: lazyRouteComponent(() => import('../screens/legal/terms-screen.tsx'), 'TermsScreen'),
});

const policyRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/policy',
  component: lazyRouteComponent(() => import('../screens/legal/policy-screen.tsx'), 'PolicyScreen'),
});

const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { reset?: boolean } =>
    search.reset === undefined
      ? {}
      : { reset: search.reset === 1 || search.reset === '1' || search.reset === true },
  beforeLoad: guard('guestOnly'),
  component: lazyRouteComponent(() => import('../screens/login/login-screen.tsx'), 'LoginScreen'),
});

const registerRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/register',
  beforeLoad: guard('guestOnly'),
  component: lazyRouteComponent(
    () => import('../screens/register/register-screen.tsx'),
    'RegisterScreen',
  ),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/forgot-password',
  beforeLoad: guard('guestOnly'),
  component: lazyRouteComponent(
    () => import('../screens/forgot-password/forgot-password-screen.tsx'),
    'ForgotPasswordScreen',
  ),
});

const accountRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: '/account',
  beforeLoad: guard('protected'),
  component: lazyRouteComponent(
    () => import('../screens/account/account-screen.tsx'),
    'AccountScreen',
  ),
});

const activationRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: '/activation',
  beforeLoad: guard('activation'),
  component: lazyRouteComponent(
    () => import('../screens/activation/activation-screen.tsx'),
    'ActivationScreen',
  ),
});

const billingRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: '/billing',
  beforeLoad: guard('protected'),
  component: lazyRouteComponent(
    () => import('../screens/billing/billing-screen.tsx'),
    'BillingScreen',
  ),
});

const dashboardRoute = createRoute({
  getParentRoute: () => memberLayout,
  path: '/dashboard',
  beforeLoad: guard('dashboard'),
  component: lazyRouteComponent(
    () => import('../screens/dashboard/dashboard-screen.tsx'),
    'DashboardScreen',
  ),
});

/** The checkout has its own layout (spec 2), so it hangs off the root. */
const subscriptionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscription',
  beforeLoad: guard('subscription'),
  pendingComponent: () => <LoadingScreen account />,
  component: lazyRouteComponent(
    () => import('../screens/checkout/checkout-screen.tsx'),
    'CheckoutScreen',
  ),
});

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([homeRoute, termsRoute, policyRoute]),
  authLayout.addChildren([loginRoute, registerRoute, forgotPasswordRoute]),
  memberLayout.addChildren([activationRoute, billingRoute, dashboardRoute, accountRoute]),
  subscriptionRoute,
]);

/** While a route waits: the loading view, with 'Loading your account...' while the user loads (spec 2). */
function PendingScreen() {
  const { session } = useServices();
  const loadingAccount = useSelector(session, (s) => !isSettled(s) || isLoadingUser(s));
  return <LoadingScreen account={loadingAccount} />;
}

export function createAppRouter(services: AppServices) {
  return createRouter({
    routeTree,
    context: { services },
    defaultPreload: 'intent',
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingScreen,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export { Outlet };
