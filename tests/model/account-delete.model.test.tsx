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
import { type AccountHarness, describeAccountModel, section } from '../support/account.kit.tsx';
import { httpError, networkError } from '../support/fake-services.ts';
import { expectFieldError, retype, type UserApi } from '../support/form.ts';
import { english, fieldErrorText } from '../support/i18n.ts';
import { done, failed, isOutcome, type OutcomeEvent } from '../support/model.ts';

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
  failed('deleteAccount', httpError(429, 'errors.rateLimited')),
  // The server refuses the session (the client's refresh refused too): after a lost try, the
  // account that try deleted is gone; at the first try, it may be.
  failed('deleteAccount', httpError(401, 'server.unauthorized')),
];

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
  if (expected.matches('deleted') || expected.matches('refused')) {
    // Signed out: the session is over and the page goes to /login, which says the account
    // was deleted, or (the session refused in answer to the deletion) may have been.
    expect(h.session.getSnapshot().matches('signedOut')).toBe(true);
    expect(h.session.getSnapshot().context.signOutReason).toBe(
      expected.matches('deleted') ? 'deleted' : 'maybeDeleted',
    );
    expect(h.effects.clearTokens).toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith('/login');
    return;
  }
  expect(h.navigate).not.toHaveBeenCalled();
  expect(section('Delete account')).toBeVisible();
  if (expected.matches('closed')) {
    expect(dialog()).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    // Closed again after a lost try, the dialog is gone but the try is remembered.
    if (!expected.context.mayBeGone) expect(h.auth.deleteAccount).not.toHaveBeenCalled();
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
  expectFieldError(
    passwordInput(),
    passwordError ? fieldErrorText('password', passwordError) : null,
  );
  if (c.errorKey) expect(screen.getByRole('alert')).toHaveTextContent(english(c.errorKey));
  else if (!passwordError) expect(screen.queryByRole('alert')).toBeNull();
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
  if (event.type === 'delete.change') return `delete.change(${event.value ? 'password' : 'empty'})`;
  return undefined;
}

/** The step as a member does it (the call's outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  switch (event.type) {
    case 'delete.open':
      return 'Press “Delete my account”';
    case 'delete.change':
      return event.value ? 'Type the password in the dialog' : 'Clear the password';
    case 'delete.submit':
      return 'Press “Delete”';
    case 'delete.cancel':
      return 'Press “Cancel”';
    default:
      return undefined;
  }
}

describeAccountModel<ModelEvent, Snapshot>(import.meta.filename, {
  title: 'Delete account',
  machine: deleteAccountMachine,
  calls: {
    deleteAccount: { done: 'The server deletes the account', fails: 'Deleting the account fails' },
  },
  walks: [{ events: EVENTS }],
  name: describeEvent,
  say,
  perform,
  assertView,
});
