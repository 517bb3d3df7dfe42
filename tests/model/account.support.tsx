/**
 * Shared by the account model suites (tests/model/account-*.model.test.tsx):
 * a real, signed-in session actor; fake API methods whose promises the paths
 * settle at their outcome steps; the account screen rendered in the app's
 * providers; and the path helpers.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import {
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  waitFor as waitForActor,
} from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { EMPTY_USER, type User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { AccountScreen } from '../../src/screens/account/account-screen.tsx';
import type { ModelPath } from '../support/model.ts';
import { renderScreen } from '../support/render.tsx';

export const USER: User = {
  ...EMPTY_USER,
  _id: 'u1',
  id: 'u1',
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@example.ca',
  phone: '+15145550123',
  language: 'en',
  disableNotifications: false,
};

export type Outcome =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };

export const done = (id: string, output: unknown): Outcome => ({
  type: `xstate.done.actor.${id}`,
  output,
});
export const failed = (id: string, error: unknown): Outcome => ({
  type: `xstate.error.actor.${id}`,
  error,
});
// Plain objects shaped like ApiError: machines read `key` only.
export const httpError = (status: number, key: string) => ({ kind: 'http', status, key });
export const NETWORK = { kind: 'network', key: 'errors.network' };

const OUTCOME = /^xstate\.(done|error)\.actor\.(.+)$/;

export const isOutcome = (event: EventObject): boolean => OUTCOME.test(event.type);

/** 'xstate.error.actor.updateProfile' with server.x → 'updateProfile error (server.x)'. */
export function describeOutcome(event: EventObject): string | null {
  const match = OUTCOME.exec(event.type);
  if (!match) return null;
  const key = 'error' in event ? ((event as { error: { key?: string } }).error.key ?? '') : '';
  return `${match[2]} ${match[1]}${key ? ` (${key})` : ''}`;
}

type AccountMethod =
  | 'updateProfile'
  | 'changePassword'
  | 'changeLanguage'
  | 'setNotifications'
  | 'deleteAccount';

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

// jsdom has no scrolling; the router scrolls to the top after loading a route.
window.scrollTo = (() => {}) as typeof window.scrollTo;

/** A signed-in session (the real machine) and the account API, each call held until settled. */
export async function createAccountHarness(user: User = USER) {
  const pending = new Map<AccountMethod, Deferred>();
  const call = (method: AccountMethod) =>
    vi.fn(
      (_body: unknown) =>
        new Promise((resolve, reject) => {
          pending.set(method, { resolve, reject });
        }),
    );
  const auth = {
    updateProfile: call('updateProfile'),
    changePassword: call('changePassword'),
    changeLanguage: call('changeLanguage'),
    setNotifications: call('setNotifications'),
    deleteAccount: call('deleteAccount'),
  };
  const effects = {
    storeTokens: vi.fn(),
    clearTokens: vi.fn(),
    startMembership: vi.fn(),
    clearMembership: vi.fn(),
    notifyServerLogout: vi.fn(),
    goToActivation: vi.fn(),
    goToLogin: vi.fn(),
    logError: vi.fn(),
  };
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadUser: fromPromise(async () => user) },
      actions: effects,
      guards: { hasStoredTokens: () => true },
    }),
  );
  actor.start();
  await waitForActor(actor, (s) => s.matches({ authenticated: { user: 'ready' } }));
  const session = actor as SessionActor;

  /** Settles the call behind an outcome event (`xstate.done.actor.<method>` / error). */
  const settle = async (event: EventObject) => {
    const match = OUTCOME.exec(event.type);
    const method = match?.[2] as AccountMethod | undefined;
    const deferred = method ? pending.get(method) : undefined;
    if (!method || !deferred) throw new Error(`no call waits for ${event.type}`);
    pending.delete(method);
    await act(async () => {
      if ('output' in event) deferred.resolve((event as { output: unknown }).output);
      else deferred.reject((event as unknown as { error: unknown }).error);
    });
  };

  return { api: { auth } as unknown as Api, auth, session, effects, pending, settle };
}

export type AccountHarness = Awaited<ReturnType<typeof createAccountHarness>>;

export async function renderAccount(h: AccountHarness, language: 'en' | 'fr' = 'en') {
  const view = await renderScreen(<AccountScreen />, {
    services: { api: h.api, session: h.session },
    language,
    path: '/account',
  });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

export type UserApi = ReturnType<typeof userEvent.setup>;

export async function retype(user: UserApi, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
}

/** The field's error: aria-invalid and read with it, or neither. */
export function expectFieldError(input: HTMLElement, message: string | null) {
  if (message) {
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  } else {
    expect(input).not.toHaveAttribute('aria-invalid');
  }
}

/** The section named by its <h2>. */
export function section(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  const found = heading.closest('section');
  if (!found) throw new Error(`no section for ${name}`);
  return found;
}

/**
 * Renames paths with `describe` and drops those that are the start of a longer
 * one (the longer one checks each of their states on the way).
 */
export function viewPathsOf<E extends EventObject>(
  paths: Array<ModelPath<E>>,
  describeStep: (event: E) => string,
): Array<ModelPath<E>> {
  const described = paths.map((path) => ({
    ...path,
    description: path.steps.map((s) => describeStep(s.event)).join(' → ') || '(initial)',
  }));
  return described
    .filter(
      (p) => !described.some((q) => q !== p && q.description.startsWith(`${p.description} → `)),
    )
    .filter((p, i, all) => all.findIndex((q) => q.description === p.description) === i);
}

/**
 * Runs one path on the real account screen: `perform` does each event in the
 * UI (or settles the call of an outcome, after checking what it was sent); the
 * model (the machine with quiet actors) then takes the event, and the view
 * must show what the model's state says.
 */
export async function runPath<E extends EventObject, S>(
  path: ModelPath<E>,
  {
    machine,
    input,
    perform,
    assertView,
    harness,
  }: {
    machine: AnyStateMachine;
    input?: unknown;
    harness?: AccountHarness;
    perform(
      user: UserApi,
      h: AccountHarness,
      event: E,
      model: S,
      view: Awaited<ReturnType<typeof renderAccount>>,
    ): Promise<void>;
    assertView(
      expected: S,
      h: AccountHarness,
      view: Awaited<ReturnType<typeof renderAccount>>,
    ): void;
  },
) {
  const h = harness ?? (await createAccountHarness());
  const model = createActor(machine, input === undefined ? {} : { input });
  model.start();
  const view = await renderAccount(h);
  assertView(model.getSnapshot() as S, h, view);
  for (const step of path.steps) {
    await perform(view.user, h, step.event, model.getSnapshot() as S, view);
    model.send(step.event);
    const expected = model.getSnapshot() as S;
    await waitFor(() => assertView(expected, h, view));
  }
  model.stop();
  view.unmount();
}
