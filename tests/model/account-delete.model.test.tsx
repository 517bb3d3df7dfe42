/**
 * Model-based suite of the delete-account machine: paths from the REAL machine
 * (xstate/graph), run on the real account screen with a real signed-in session.
 */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type DeleteAccountEvent,
  deleteAccountMachine,
} from '../../machines/account/delete-account.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { type AccountHarness, runPath, section } from '../support/account.kit.tsx';
import { httpError, networkError } from '../support/fake-services.ts';
import { expectFieldError, retype, type UserApi } from '../support/form.ts';
import {
  describeOutcome,
  done,
  failed,
  isOutcome,
  type OutcomeEvent,
  quietActors,
} from '../support/model.ts';
import { describeModel, sayFailure } from '../support/model-suite.ts';

const PASSWORD = 'my-Passw0rd';

type ModelEvent = DeleteAccountEvent | OutcomeEvent;
type Snapshot = SnapshotFrom<typeof deleteAccountMachine>;

const EVENTS: readonly ModelEvent[] = [
  { type: 'delete.open' },
  { type: 'delete.change', value: PASSWORD },
  { type: 'delete.change', value: '' },
  { type: 'delete.submit' },
  { type: 'delete.cancel' },
  done('deleteAccount', undefined),
  failed('deleteAccount', httpError(400, 'server.incorrectPassword')),
  failed('deleteAccount', networkError()),
];

const walkMachine = deleteAccountMachine.provide({
  actors: quietActors(['deleteAccount']) as never,
});
const EN: Record<string, string> = {
  'validation.passwordRequired': 'Password is required',
  'server.incorrectPassword': 'Incorrect password',
  'errors.network': 'We could not reach the server. Check your connection and try again.',
};
const text = (key: string) => EN[key] ?? `(no English text for ${key})`;

const dialog = () => screen.queryByRole('dialog', { name: 'Delete your account?' });
const passwordInput = () => {
  const open = dialog();
  if (!open) throw new Error('the dialog is closed');
  return within(open).getByLabelText('Password') as HTMLInputElement;
};

async function perform(user: UserApi, h: AccountHarness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'delete.open':
      return user.click(screen.getByRole('button', { name: 'Delete my account' }));
    case 'delete.change':
      return retype(user, passwordInput(), event.value);
    case 'delete.submit':
      return user.click(screen.getByRole('button', { name: 'Delete' }));
    case 'delete.cancel':
      return user.click(screen.getByRole('button', { name: 'Cancel' }));
    default:
      if (!isOutcome(event)) throw new Error(`cannot perform ${event.type}`);
      expect(h.auth.deleteAccount).toHaveBeenLastCalledWith({
        password: model.context.form.values.password,
      });
      return h.settle(event);
  }
}

function assertView(expected: Snapshot, h: AccountHarness) {
  const c = expected.context.form;
  const passwordError = shownFieldErrors(c).password;
  if (expected.matches('deleted')) {
    // Signed out: the session is over and the page goes to /login.
    expect(h.session.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.effects.clearTokens).toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith('/login');
    return;
  }
  expect(h.navigate).not.toHaveBeenCalled();
  expect(section('Delete account')).toBeVisible();
  if (expected.matches('closed')) {
    expect(dialog()).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(h.auth.deleteAccount).not.toHaveBeenCalled();
    return;
  }
  expect(dialog()).toBeVisible();
  expect(passwordInput()).toHaveValue(c.values.password);
  expect(h.session.getSnapshot().matches('authenticated')).toBe(true);
  if (expected.matches('deleting')) {
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    return;
  }
  expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  expectFieldError(passwordInput(), passwordError ? text(passwordError.key) : null);
  if (c.errorKey) expect(screen.getByRole('alert')).toHaveTextContent(text(c.errorKey));
  else if (!passwordError) expect(screen.queryByRole('alert')).toBeNull();
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'delete.change') return `delete.change(${event.value ? 'password' : 'empty'})`;
  return describeOutcome(event) ?? event.type;
}

function say(event: ModelEvent): string {
  switch (event.type) {
    case 'delete.open':
      return 'Press “Delete my account”';
    case 'delete.change':
      return event.value ? 'Type the password in the dialog' : 'Clear the password';
    case 'delete.submit':
      return 'Press “Delete”';
    case 'delete.cancel':
      return 'Press “Cancel”';
    case 'xstate.done.actor.deleteAccount':
      return 'The server deletes the account';
    default:
      return sayFailure('Deleting the account fails', (event as { error?: unknown }).error);
  }
}

describeModel<ModelEvent>(
  {
    title: 'Delete account',
    machine: deleteAccountMachine,
    invokeIds: ['deleteAccount'],
    walks: [{ machine: walkMachine, events: EVENTS }],
    name: describeEvent,
    say,
  },
  {
    file: import.meta.filename,
    run: (path) =>
      runPath<ModelEvent, Snapshot>(path, { machine: walkMachine, perform, assertView }),
  },
);
