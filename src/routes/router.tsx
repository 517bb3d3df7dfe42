import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type RouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { NO_MEMBERSHIP_FLAGS } from '../../machines/membership/membership-flags.ts';
import { isSettled, isSignedIn } from '../../machines/session/session.selectors.ts';
import type { AppServices } from '../app/services.tsx';
import { explainDownloadFailure, lazyScreen } from '../components/lazy-screen.ts';
import type { Namespace } from '../i18n/i18n.ts';
import { ErrorScreen } from '../screens/error/error-screen.tsx';
import { type GuardFacts, type GuardKind, guardRedirect, needsMembership } from './guards.ts';
import { AuthLayout } from './layouts/auth-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { PendingPage, PendingScreen } from './pending-screen.tsx';

export interface RouterContext {
  services: AppServices;
}

/**
 * Waits for the session to settle (while the server cannot be reached, the
 * pending view offers Try again) and, when the guard needs it, for the
 * membership; then states the facts.
 */
export async function gatherFacts(
  services: AppServices,
  { withMembership = true, signal }: { withMembership?: boolean; signal?: AbortSignal } = {},
): Promise<GuardFacts> {
  const session = await waitFor(services.session, isSettled, {
    timeout: Number.POSITIVE_INFINITY,
    ...(signal ? { signal } : {}),
  });
  if (!isSignedIn(session)) return { signedIn: false, flags: NO_MEMBERSHIP_FLAGS };
  if (!withMembership) return { signedIn: true, flags: NO_MEMBERSHIP_FLAGS };
  // Its code downloads with the sign-in; offline, the member is told and can try again.
  const retry = async () => {
    await services.membership.load();
  };
  await services.membership.load().catch((error: unknown) => explainDownloadFailure(error, retry));
  return { signedIn: true, flags: await services.membership.flags(signal) };
}

function guard(kind: GuardKind) {
  // `context` is the router's (RouterContext); typed loosely so that one guard
  // serves routes under any layout (see `page`).
  return async ({
    context,
    abortController,
  }: {
    context: unknown;
    abortController: AbortController;
  }) => {
    const facts = await gatherFacts((context as RouterContext).services, {
      withMembership: needsMembership(kind),
      signal: abortController.signal,
    });
    const target = guardRedirect(kind, facts);
    if (target) throw redirect({ to: target, replace: true });
  };
}

/**
 * The texts a route shows (beyond the common ones), downloaded beside its
 * screen's code; the route renders only once they came (src/i18n/texts.ts).
 */
function texts(...namespaces: Namespace[]) {
  return ({ context }: { context: unknown }) =>
    (context as RouterContext).services.loadTexts(namespaces);
}

/**
 * A page of the app: its layout, its path, its screen (loaded on demand), its
 * guard and its texts, if any.
 */
function page<TParent extends AnyRoute, TPath extends string>(
  parent: TParent,
  path: TPath,
  component: RouteComponent,
  { guard: kind, texts: namespaces = [] }: { guard?: GuardKind; texts?: Namespace[] } = {},
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    component,
    // Shown inside the layout's <main> (a layout route's own is PendingPage).
    pendingComponent: PendingScreen,
    ...(kind ? { beforeLoad: guard(kind) } : {}),
    ...(namespaces.length > 0 ? { loader: texts(...namespaces) } : {}),
  });
}

/** The header layout of the public and member pages (not needed to paint /login). */
const AppLayoutLazy = lazyScreen(() => import('./layouts/app-layout.tsx'), 'AppLayout');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyScreen(() => import('./layouts/app-layout.tsx'), 'NotFoundPage'),
  errorComponent: ErrorScreen,
});

/**
 * Public pages with the header (landing, terms, policy); the not-found page
 * brings its own (NotFoundPage), as the root route renders it.
 */
const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: AppLayoutLazy,
});

/** The two-panel layout of the auth screens (spec 2). */
const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  component: AuthLayout,
  loader: texts('auth'),
});

/** Every member page: the signed-in guard, once (spec 2: a visitor goes to /login). */
const memberRoot = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  beforeLoad: guard('signedIn'),
});

/** Member pages with the default header (Logout visible). */
const memberLayout = createRoute({
  getParentRoute: () => memberRoot,
  id: 'app',
  component: lazyScreen(() => import('./layouts/app-layout.tsx'), 'MemberLayout'),
});

/** The checkout's own layout (spec 2): product name, Store, Support, Log out. */
const checkoutLayout = createRoute({
  getParentRoute: () => memberRoot,
  id: 'checkout',
  component: lazyScreen(() => import('./layouts/checkout-layout.tsx'), 'CheckoutLayout'),
});

const homeRoute = page(
  publicLayout,
  '/',
  lazyScreen(() => import('../screens/landing/landing-screen.tsx'), 'LandingScreen'),
  { guard: 'visitorsOnly' },
);

const termsRoute = page(
  publicLayout,
  '/terms',
  lazyScreen(() => import('../screens/legal/terms-screen.tsx'), 'TermsScreen'),
  { texts: ['legal'] },
);

const policyRoute = page(
  publicLayout,
  '/policy',
  lazyScreen(() => import('../screens/legal/policy-screen.tsx'), 'PolicyScreen'),
  { texts: ['legal'] },
);

const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/login',
  // `?reset=1` after a password reset: the login screen says the password changed.
  validateSearch: (search: Record<string, unknown>): { reset?: 1 } =>
    search.reset === 1 || search.reset === '1' || search.reset === true ? { reset: 1 } : {},
  beforeLoad: guard('visitorsOnly'),
  pendingComponent: PendingScreen,
  component: lazyScreen(() => import('../screens/login/login-screen.tsx'), 'LoginScreen'),
});

const registerRoute = page(
  authLayout,
  '/register',
  lazyScreen(() => import('../screens/register/register-screen.tsx'), 'RegisterScreen'),
  { guard: 'visitorsOnly', texts: ['countries'] },
);

const forgotPasswordRoute = page(
  authLayout,
  '/forgot-password',
  lazyScreen(
    () => import('../screens/forgot-password/forgot-password-screen.tsx'),
    'ForgotPasswordScreen',
  ),
  { guard: 'visitorsOnly' },
);

const accountRoute = page(
  memberLayout,
  '/account',
  lazyScreen(() => import('../screens/account/account-screen.tsx'), 'AccountScreen'),
  // The phone field's country selector is labelled from the auth texts and lists the
  // countries' names: all download together, not one after the other once the page renders.
  { texts: ['account', 'auth', 'countries'] },
);

const activationRoute = page(
  memberLayout,
  '/activation',
  lazyScreen(() => import('../screens/activation/activation-screen.tsx'), 'ActivationScreen'),
  { guard: 'activation', texts: ['member'] },
);

const billingRoute = page(
  memberLayout,
  '/billing',
  lazyScreen(() => import('../screens/billing/billing-screen.tsx'), 'BillingScreen'),
  { texts: ['member'] },
);

const dashboardRoute = page(
  memberLayout,
  '/dashboard',
  lazyScreen(() => import('../screens/dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
  { guard: 'dashboard', texts: ['member'] },
);

const subscriptionRoute = page(
  checkoutLayout,
  '/subscription',
  lazyScreen(() => import('../screens/checkout/checkout-screen.tsx'), 'CheckoutScreen'),
  { guard: 'subscription', texts: ['checkout'] },
);

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([homeRoute, termsRoute, policyRoute]),
  authLayout.addChildren([loginRoute, registerRoute, forgotPasswordRoute]),
  memberRoot.addChildren([
    memberLayout.addChildren([activationRoute, billingRoute, dashboardRoute, accountRoute]),
    checkoutLayout.addChildren([subscriptionRoute]),
  ]),
]);

/** How long a page may take to load before its loading view shows (then for 300 ms at least). */
const PENDING_MS = 200;

/**
 * The router, and the one place navigation after signing in or out comes
 * from: whenever the session signs in or out (here, in another tab, or when
 * the server refuses it), the guards decide again, so /login gives way to the
 * member's home and a member page gives way to /login.
 */
export function createAppRouter(
  services: AppServices,
  { history }: { history?: RouterHistory } = {},
) {
  const router = createRouter({
    routeTree,
    context: { services },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingMs: PENDING_MS,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });
  let signedIn = isSignedIn(services.session.getSnapshot());
  services.session.subscribe((snapshot) => {
    if (isSignedIn(snapshot) === signedIn) return;
    signedIn = !signedIn;
    void router.invalidate();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Loads the first page (its guard, code and texts) before React renders it, when it can
 * within half the time a page may load before its loading view: React's first render, a
 * transition (src/main.tsx), then draws the page in slices of a few milliseconds. Drawn by
 * the mounted router instead, the page comes in one synchronous render of the router's
 * store: one task of 100 to 215 ms at 4× CPU on /login here. A page that takes longer
 * renders as any other: the router, mounted by then, shows its loading view on time and for
 * its minimum (should React not have reached the router by the 200 ms, on a very slow
 * phone, the view shows without the minimum), and draws the page in that one render. A
 * failed load is logged, as the mounted router logs its own.
 */
export async function loadFirstPage(router: AppRouter): Promise<void> {
  await Promise.race([
    router.load().catch(console.error),
    new Promise((resolve) => setTimeout(resolve, PENDING_MS / 2)),
  ]);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface HistoryState {
    /** /billing opened from the checkout ("Update information"): Finish goes back to it. */
    fromCheckout?: boolean;
    /** /login after a sign-up or a password reset: the address the form starts with. */
    signInAs?: string;
  }
}
