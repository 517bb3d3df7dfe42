import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AppServices } from '../../src/app/services.tsx';
import { ServicesProvider } from '../../src/app/services.tsx';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { createTestI18n } from './i18n.ts';

// jsdom has no scrolling; the router scrolls to the top after loading a route.
window.scrollTo = (() => {}) as typeof window.scrollTo;

/** Where a link or navigation went (the memory history never touches window.location). */
function NavigatedMarker() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <p data-testid="navigated">{pathname}</p>;
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
 * memory router, so <Link> works). Paths other than `path` render a marker
 * naming the route, so a test can assert where a link or navigation went.
 */
export async function renderScreen(
  ui: ReactNode,
  {
    services,
    language = 'en',
    path = '/',
  }: { services: Partial<AppServices>; language?: 'en' | 'fr'; path?: string },
) {
  const i18n = createTestI18n(language);
  const root = createRootRoute({ component: Outlet });
  const screen = createRoute({ getParentRoute: () => root, path, component: () => <>{ui}</> });
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: NavigatedMarker,
  });
  const router = createRouter({
    routeTree: root.addChildren([screen, elsewhere]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const full = {
    config: TEST_CONFIG,
    logger: silentLogger,
    navigate: () => {},
    chooseLanguage: () => {},
    storage: createSafeStorage(() => localStorage),
    ...services,
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
