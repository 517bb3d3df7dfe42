/**
 * Navigation after signing in or out comes from the routes: the app's real
 * route tree, with the real session and membership machines, moves a member
 * to /login when the session ends and a visitor to their home when it starts.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { LoginValues } from '../../machines/session/session.types.ts';
import {
  EMPTY_USER,
  type LoginResponse,
  type Membership,
  type User,
} from '../../machines/shared/domain.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import type { AppServices } from '../../src/app/services.tsx';
import { createAppRouter } from '../../src/routes/router.tsx';
import { membershipJson } from '../support/api.kit.ts';

const USER: User = { ...EMPTY_USER, _id: 'u1', id: 'u1', email: 'marie@example.ca' };
const ACTIVE: Membership = membershipJson({
  externalId: 'sub_1',
  validTo: '2099-01-01T00:00:00.000Z',
});

/** The two actors the guards read, with answers given by the test. */
function start({ tokens, record }: { tokens: boolean; record: Membership | null }, at: string) {
  const membership = createActor(
    membershipMachine.provide({ actors: { loadMembership: fromPromise(async () => record) } }),
  );
  const session = createActor(
    sessionMachine.provide({
      actors: {
        loadUser: fromPromise(async () => USER),
        login: fromPromise<LoginResponse, LoginValues>(async () => ({
          token: 'access-1',
          refreshToken: 'refresh-1',
          user: USER,
          isVerified: true,
        })),
      },
      actions: {
        startMembership: () => membership.send({ type: 'membership.refetch' }),
        clearMembership: () => membership.send({ type: 'membership.clear' }),
      },
      guards: { hasStoredTokens: () => tokens },
    }),
  );
  membership.start();
  session.start();
  const services = {
    session,
    membership: membershipAccessOf(membership),
  } as unknown as AppServices;
  const router = createAppRouter(services, {
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  const path = () => router.state.location.pathname;
  return { session, router, path };
}

const signIn = (session: ReturnType<typeof start>['session']) => {
  session.send({ type: 'login.change', field: 'emailOrPhone', value: 'marie@example.ca' });
  session.send({ type: 'login.change', field: 'password', value: 'correct-horse' });
  session.send({ type: 'login.submit' });
};

describe('the routes own navigation after signing in and out', () => {
  it('a member on /dashboard goes to /login when the session ends', async () => {
    const app = start({ tokens: true, record: ACTIVE }, '/dashboard');
    await app.router.load();
    expect(app.path()).toBe('/dashboard');
    app.session.send({ type: 'session.signOut' });
    await vi.waitFor(() => expect(app.path()).toBe('/login'));
  });

  it('a visitor signing in on /login goes to /activation without a membership', async () => {
    const app = start({ tokens: false, record: null }, '/login');
    await app.router.load();
    expect(app.path()).toBe('/login');
    signIn(app.session);
    await vi.waitFor(() => expect(app.path()).toBe('/activation'));
  });

  it('an active member signing in on /login goes to /dashboard', async () => {
    const app = start({ tokens: false, record: ACTIVE }, '/login');
    await app.router.load();
    signIn(app.session);
    await vi.waitFor(() => expect(app.path()).toBe('/dashboard'));
  });

  it('signing out on a public page stays there', async () => {
    const app = start({ tokens: true, record: ACTIVE }, '/terms');
    await app.router.load();
    app.session.send({ type: 'session.signOut' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.path()).toBe('/terms');
  });
});
