/**
 * Shared by the account model suites (tests/model/account-*.model.test.tsx)
 * and the account screen's view tests: a real, signed-in session actor; the
 * account API as pending calls the tests settle; the account screen rendered
 * in the app's providers; and `runPath`, which plays one model path on it.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  type AnyStateMachine,
  type EventObject,
  fromPromise,
  waitFor as waitForActor,
} from 'xstate';
import type { User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { AccountScreen } from '../../src/screens/account/account-screen.tsx';
import { PendingCalls } from './deferred.ts';
import { createSession } from './fake-services.ts';
import { MARIE } from './fixtures.ts';
import type { UserApi } from './form.ts';
import { type ModelPath, type OutcomeEvent, parseOutcome } from './model.ts';
import { playPath } from './model-screen.ts';
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

/**
 * Runs one path on the real account screen (see playPath): `perform` does
 * each event in the UI (or settles the call of an outcome, after checking what
 * it was sent); the view must then show what the model's state says.
 */
export async function runPath<E extends EventObject, S>(
  path: ModelPath<E>,
  {
    machine,
    input,
    perform,
    assertView,
  }: {
    machine: AnyStateMachine;
    input?: unknown;
    perform(user: UserApi, h: AccountHarness, event: E, model: S, view: AccountView): Promise<void>;
    assertView(expected: S, h: AccountHarness, view: AccountView): void;
  },
) {
  const h = await createAccountHarness();
  const view = await renderAccount(h);
  await playPath<E, S>(path, {
    machine,
    input,
    perform: (event, model) => perform(view.user, h, event, model, view),
    assertView: (expected) => assertView(expected, h, view),
  });
  view.unmount();
}
