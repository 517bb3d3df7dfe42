/**
 * Stand-ins for the app's services (src/app/services.tsx) that screen tests
 * hand to renderScreen():
 *
 * - `createSessionStub(user)`: a tiny actor holding the user (screens that
 *   only read the user and send it updates);
 * - `createSession({ actors, hasStoredTokens })`: the REAL session machine
 *   with fake effects (`effects`: one spy per effect action);
 * - `createMembership(load, record?)`: the REAL membership machine loading
 *   through `load` (GET club/memberships);
 * - `fakeLogger()` and `expectLoggedErrors()`, and the errors a fake API
 *   rejects with.
 */
import { expect, vi } from 'vitest';
import { type AnyActorLogic, assign, createActor, fromPromise, setup } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { SessionInput } from '../../machines/session/session.types.ts';
import type { Membership, User } from '../../machines/shared/domain.ts';
import { ApiError } from '../../src/api/api-error.ts';
import type { MembershipActor, SessionActor } from '../../src/app/services.tsx';

/** What the HTTP client rejects with when the server answers `status` with `key`. */
export const httpError = (status: number, key: string) =>
  new ApiError({ kind: 'http', status, key });

/** What the HTTP client rejects with when the server cannot be reached. */
export const networkError = () => new ApiError({ kind: 'network', key: 'errors.network' });

/** What the HTTP client rejects with when the server does not answer in time. */
export const timeoutError = () => new ApiError({ kind: 'timeout', key: 'errors.timeout' });

/** A logger whose every level is a spy. */
export function fakeLogger() {
  return {
    error: vi.fn<(...args: unknown[]) => void>(),
    warn: vi.fn<(...args: unknown[]) => void>(),
    info: vi.fn<(...args: unknown[]) => void>(),
  };
}

/** The logger got one error per key, in order, each logged with an error naming its key. */
export function expectLoggedErrors(
  logger: ReturnType<typeof fakeLogger>,
  keys: readonly string[],
): void {
  expect(logger.error).toHaveBeenCalledTimes(keys.length);
  keys.forEach((key, index) => {
    expect(logger.error.mock.calls[index]).toContainEqual(expect.objectContaining({ key }));
  });
}

/**
 * A stand-in for the session actor, signed in as `user` until
 * `session.signOut`: replaced by `session.userUpdated`, reloaded through
 * `loadUser` on `session.reloadUser`
 * (its states mirror the real session's `authenticated.user.ready/reloading`,
 * so the app's "fresh member" path waits for it the same way).
 */
const sessionStub = setup({
  types: {
    context: {} as { user: User; reloads: number },
    input: {} as { user: User },
    events: {} as
      | { type: 'session.userUpdated'; user: User }
      | { type: 'session.reloadUser' }
      | { type: 'session.signOut' },
  },
  actors: {
    loadUser: fromPromise<User, { user: User }>(async ({ input }) => input.user),
  },
}).createMachine({
  id: 'sessionStub',
  context: ({ input }) => ({ user: input.user, reloads: 0 }),
  initial: 'authenticated',
  states: {
    authenticated: {
      initial: 'user',
      on: {
        'session.userUpdated': { actions: assign({ user: ({ event }) => event.user }) },
        'session.signOut': { target: 'signedOut' },
      },
      states: {
        user: {
          initial: 'ready',
          states: {
            ready: { on: { 'session.reloadUser': { target: 'reloading' } } },
            reloading: {
              entry: assign({ reloads: ({ context }) => context.reloads + 1 }),
              invoke: {
                src: 'loadUser',
                input: ({ context }) => ({ user: context.user }),
                onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output }) },
                onError: { target: 'ready' },
              },
            },
          },
        },
      },
    },
    signedOut: {},
  },
});

/**
 * The session stub, started. `loadUser` is GET client/auth/profile for a
 * reload (default: the same user again).
 */
export function createSessionStub(
  user: User,
  { loadUser }: { loadUser?: () => Promise<User> } = {},
) {
  const actor = createActor(
    loadUser
      ? sessionStub.provide({ actors: { loadUser: fromPromise(() => loadUser()) } })
      : sessionStub,
    { input: { user } },
  );
  actor.start();
  return {
    session: actor as unknown as SessionActor,
    /** Sets the user as a reload would (outside React's render). */
    setUser: (next: User) => actor.send({ type: 'session.userUpdated', user: next }),
    user: () => actor.getSnapshot().context.user,
    /** How many times the user was reloaded. */
    reloads: () => actor.getSnapshot().context.reloads,
  };
}

/** One spy per effect action of the session machine. */
export function fakeSessionEffects() {
  return {
    storeTokens: vi.fn(),
    clearTokens: vi.fn(),
    startMembership: vi.fn(),
    clearMembership: vi.fn(),
    notifyServerLogout: vi.fn(),
    announceUserSaved: vi.fn(),
    rememberAwaitedCode: vi.fn(),
    forgetAwaitedCode: vi.fn(),
    logError: vi.fn(),
  };
}

/** The REAL session machine, started, with the given actors and spies for its effects. */
export function createSession({
  actors,
  hasStoredTokens,
  input,
}: {
  actors: Record<string, AnyActorLogic>;
  hasStoredTokens: boolean;
  /** What the app knows at start (the email of a sign-in code awaited before a reload). */
  input?: SessionInput;
}) {
  const effects = fakeSessionEffects();
  const actor = createActor(
    sessionMachine.provide({
      actors: actors as never,
      actions: effects,
      guards: { hasStoredTokens: () => hasStoredTokens },
    }),
    input ? { input } : {},
  );
  actor.start();
  return { session: actor as SessionActor, effects };
}

/**
 * A visitor's session (the REAL machine, no stored tokens, no calls made), with
 * `typed` in the sign-in form's email-or-phone field, as the member left it.
 */
export function createVisitorSession(typed = '') {
  const { session } = createSession({ actors: {}, hasStoredTokens: false });
  if (typed) session.send({ type: 'login.change', field: 'emailOrPhone', value: typed });
  return session;
}

/** The REAL membership machine, started; `load` is GET club/memberships. */
export function createMembership(load: () => Promise<Membership | null>, record?: Membership) {
  const actor = createActor(
    membershipMachine.provide({ actors: { loadMembership: fromPromise(() => load()) } }),
  );
  actor.start();
  if (record) actor.send({ type: 'membership.hydrate', record });
  return actor as MembershipActor;
}
