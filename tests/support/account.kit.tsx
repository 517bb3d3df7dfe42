/**
 * Shared by the account model suites (tests/model/account-*.model.test.tsx)
 * and the account screen's view tests: a real, signed-in session actor; the
 * account API as pending calls the tests settle; the account screen rendered
 * in the app's providers; and `describeAccountModel`, the model suite of one
 * section, which plays each model path on it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { type EventObject, fromPromise, waitFor as waitForActor } from 'xstate';
import type { User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { AccountScreen } from '../../src/screens/account/account-screen.tsx';
import { PendingCalls } from './deferred.ts';
import { createSession } from './fake-services.ts';
import { MARIE } from './fixtures.ts';
import type { UserApi } from './form.ts';
import { type OutcomeEvent, parseOutcome } from './model.ts';
import { playPath } from './model-screen.ts';
import { describeModel, type MachineModel, quietMachine, type Walk } from './model-suite.ts';
import { renderScreen } from './render.tsx';

export const USER: User = { ...MARIE, language: 'en', disableNotifications: false };

/** A signed-in session (the real machine) and the account API, each call held until settled. */
export async function createAccountHarness(user: User = USER) {
  const pending = new PendingCalls();
  // Each API method is named like the invoke that calls it.
  const auth = {
    updateProfile: pending.fn('updateProfile'),
    changePassword: pending.fn('changePassword'),
    changeLanguage: pending.fn('changeLanguage'),
    setNotifications: pending.fn('setNotifications'),
    deleteAccount: pending.fn('deleteAccount'),
  };
  const { session, effects } = createSession({
    actors: { loadUser: fromPromise(async () => user) },
    hasStoredTokens: true,
  });
  await waitForActor(session, (s) => s.matches({ authenticated: { user: 'ready' } }));

  /** Settles the call behind an outcome event (`xstate.done.actor.<method>` / error). */
  const settle = async (event: OutcomeEvent | EventObject) => {
    const method = parseOutcome(event)?.id;
    if (!method) throw new Error(`${event.type} is not an outcome`);
    await pending.settle(method, event as OutcomeEvent);
  };

  /** Where the screen navigated (Log out, Delete account). */
  const navigate = vi.fn<(href: string) => void>();
  return { api: { auth } as unknown as Api, auth, session, effects, pending, settle, navigate };
}

export type AccountHarness = Awaited<ReturnType<typeof createAccountHarness>>;

export async function renderAccount(h: AccountHarness, language: 'en' | 'fr' = 'en') {
  const view = await renderScreen(<AccountScreen />, {
    services: { api: h.api, session: h.session },
    language,
    path: '/account',
    onNavigate: h.navigate,
  });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

/** The section named by its <h2>. */
export function section(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  const found = heading.closest('section');
  if (!found) throw new Error(`no section for ${name}`);
  return found;
}

type AccountView = Awaited<ReturnType<typeof renderAccount>>;

/** The model of one section of the account screen, and how its paths play there. */
export interface AccountSectionModel<E extends EventObject, S>
  extends Omit<MachineModel<E>, 'walks'> {
  /** The walks of the machine, its calls quiet, each from `input`. */
  walks: Array<Omit<Walk<E>, 'machine' | 'input'>>;
  input?: unknown;
  /** Does the event in the UI (or settles the call of an outcome, after checking what it was sent). */
  perform(
    user: UserApi,
    h: AccountHarness,
    event: E,
    model: S,
    view: AccountView,
  ): Promise<unknown>;
  /** What the section shows in the state `expected`. */
  assertView(expected: S, h: AccountHarness, view: AccountView): void;
}

/**
 * The model suite of an account section (see describeModel): the machine is
 * walked with its calls quiet, and each path runs on the real account screen
 * with a fresh signed-in harness (see playPath).
 */
export function describeAccountModel<E extends EventObject, S>(
  file: string,
  { walks, input, perform, assertView, ...model }: AccountSectionModel<E, S>,
): void {
  const machine = quietMachine(model);
  describeModel<E>(
    { ...model, walks: walks.map((walk) => ({ ...walk, machine, input })) },
    {
      file,
      run: async (path) => {
        const h = await createAccountHarness();
        const view = await renderAccount(h);
        await playPath<E, S>(path, {
          machine,
          input,
          perform: (event, state) => perform(view.user, h, event, state, view),
          assertView: (expected) => assertView(expected, h, view),
        });
        view.unmount();
      },
    },
  );
}
