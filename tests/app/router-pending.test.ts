import { type AnyRoute, createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { AppServices } from '../../src/app/services.tsx';
import { PendingPage, PendingScreen } from '../../src/routes/pending-screen.tsx';
import { createAppRouter, routeTree } from '../../src/routes/router.tsx';

/** Every route under `route`, itself first. */
function allRoutes(route: AnyRoute): AnyRoute[] {
  const children = Object.values((route.children ?? {}) as Record<string, AnyRoute>);
  return [route, ...children.flatMap(allRoutes)];
}

const routes = allRoutes(routeTree);
const pages = routes.filter((route) => !route.children);
const layouts = routes.filter((route) => route.children && !route.isRoot);

describe('where the pending view draws its <main> (one per page, never two)', () => {
  it('finds the pages and the layout routes', () => {
    expect(pages.map((route) => (route.options as { path?: string }).path).sort()).toEqual(
      [
        '/',
        '/account',
        '/activation',
        '/billing',
        '/dashboard',
        '/forgot-password',
        '/login',
        '/policy',
        '/register',
        '/subscription',
        '/terms',
      ].sort(),
    );
    expect(layouts.map((route) => (route.options as { id?: string }).id).sort()).toEqual(
      ['app', 'auth', 'checkout', 'member', 'public'].sort(),
    );
  });

  it('a page, shown inside its layout’s <main>, waits with the bare view', () => {
    for (const route of pages) expect(route.options.pendingComponent, route.id).toBe(PendingScreen);
  });

  it('a layout route and the root, with no <main> around them yet, wait with the view in its own', () => {
    for (const route of layouts) expect(route.options.pendingComponent, route.id).toBeUndefined();
    expect(routeTree.options.pendingComponent).toBeUndefined();
    const session = createActor(sessionMachine).start();
    const router = createAppRouter({ session } as unknown as AppServices, {
      history: createMemoryHistory(),
    });
    expect(router.options.defaultPendingComponent).toBe(PendingPage);
    session.stop();
  });
});
