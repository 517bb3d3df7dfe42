import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { AppServices } from '../../src/app/services.tsx';
import { createAppRouter, loadFirstPage } from '../../src/routes/router.tsx';

/**
 * The first page loads before React renders it when it can within 100 ms
 * (half the router's 200 ms before a loading view), so that React's first
 * render, a transition, draws it in slices; a slower page is left to the
 * mounted router, which shows its loading view on time.
 */
function routerAt(path: string, texts: () => Promise<void>) {
  const session = createActor(sessionMachine).start();
  const loadTexts = vi.fn(texts);
  const router = createAppRouter({ session, loadTexts } as unknown as AppServices, {
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { router, loadTexts, stop: () => session.stop() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the first page before the first render', () => {
  it('is loaded, its code and texts included, when it comes before the 100 ms', async () => {
    // Fake timers: the 100 ms never pass, so only the page's own loading can end the wait.
    vi.useFakeTimers();
    const app = routerAt('/terms', async () => {});
    await loadFirstPage(app.router);
    expect(app.loadTexts).toHaveBeenCalledWith(['legal']);
    expect(app.router.state.status).toBe('idle');
    expect(app.router.state.location.pathname).toBe('/terms');
    const terms = app.router.state.matches.at(-1);
    expect(terms?.fullPath).toBe('/terms');
    expect(terms?.status).toBe('success');
    app.stop();
  });

  it('is the page a guard sends to, when the guard redirects (a visitor opening /dashboard)', async () => {
    vi.useFakeTimers();
    const app = routerAt('/dashboard', async () => {});
    await loadFirstPage(app.router);
    expect(app.router.state.status).toBe('idle');
    expect(app.router.state.location.pathname).toBe('/login');
    expect(app.router.state.matches.at(-1)?.status).toBe('success');
    expect(app.loadTexts).toHaveBeenCalledWith(['auth']);
    app.stop();
  });

  it('is left loading after 100 ms, for the mounted router to show its loading view', async () => {
    vi.useFakeTimers();
    let arrive = () => {};
    const app = routerAt('/terms', () => new Promise<void>((resolve) => (arrive = resolve)));
    let settled = false;
    const waiting = loadFirstPage(app.router).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(app.router.state.status).toBe('pending');
    // The page finishes loading afterwards all the same.
    arrive();
    await vi.waitFor(() => expect(app.router.state.status).toBe('idle'));
    expect(app.router.state.matches.at(-1)?.status).toBe('success');
    app.stop();
  });
});
