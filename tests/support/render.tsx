import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { expect } from 'vitest';
import type { AppServices } from '../../src/app/services.tsx';
import { ServicesProvider } from '../../src/app/services.tsx';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { createTestI18n } from './i18n.ts';

// jsdom has no scrolling; the router scrolls to the top after loading a route.
window.scrollTo = (() => {}) as typeof window.scrollTo;

/** Where a link or navigation went (the memory history never touches window.location). */
function NavigatedMarker() {
  const href = useRouterState({ select: (s) => s.location.href });
  return <p data-testid="navigated">{href}</p>;
}

/** The screen navigated to `href` (path and query): the marker of renderScreen shows it. */
export async function expectNavigatedTo(href: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('navigated').textContent).toBe(href));
}

export const TEST_CONFIG = {
  apiUrl: 'http://api.test/api/',
  storeUrl: 'https://store.example.ca',
  supportUrl: 'https://help.example.ca',
  inspect: false,
} as const;

export const silentLogger = { error() {}, warn() {}, info() {} };

/**
 * Renders a screen inside the app's providers (translations, services and a
 * memory router, so <Link> works) with the app's flows over the given fake
 * services. Paths other than `path` render a marker naming the route, so a
 * test can assert where a link or navigation went (expectNavigatedTo).
 */
export async function renderScreen(
  ui: ReactNode,
  {
    services,
    language = 'en',
    path = '/',
    search = '',
    onNavigate,
    layout,
  }: {
    services: Partial<AppServices>;
    language?: 'en' | 'fr';
    path?: string;
    /** The query the screen is opened with ('?reset=1'). */
    search?: string;
    /** Called with the path and query of every navigation away from `path`. */
    onNavigate?: (href: string) => void;
    /** A layout route component the screen renders in (it renders <Outlet />). */
    layout?: () => ReactNode;
  },
) {
  const i18n = createTestI18n(language);
  const root = createRootRoute({ component: Outlet });
  // A route layout (with its <Outlet />) around the screen, as the app's router nests them.
  const parent = layout
    ? createRoute({ getParentRoute: () => root, id: 'layout', component: layout })
    : root;
  const screenRoute = createRoute({
    getParentRoute: () => parent,
    path,
    component: () => <>{ui}</>,
  });
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: NavigatedMarker,
  });
  const routeTree =
    parent === root
      ? root.addChildren([screenRoute, elsewhere])
      : root.addChildren([parent.addChildren([screenRoute]), elsewhere]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [`${path}${search}`] }),
  });
  if (onNavigate) router.history.subscribe(({ location }) => onNavigate(location.href));
  const given = { config: TEST_CONFIG, logger: silentLogger, ...services };
  const full = {
    chooseLanguage: () => {},
    storage: createSafeStorage(() => localStorage),
    ...given,
  } as AppServices;
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={full}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </I18nextProvider>,
  );
  await router.load();
  return { ...result, router, i18n, services: full };
}
