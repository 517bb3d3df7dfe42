/**
 * Model-based suite of the change-password machine: paths from the REAL machine
 * (xstate/graph), run on the real account screen with a real signed-in session.
 */
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type ChangePasswordContext,
  type ChangePasswordEvent,
  changePasswordMachine,
} from '../../machines/account/change-password.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import type { ChangePasswordField } from '../../machines/forms/password.schema.ts';
import { type AccountHarness, runPath, section } from '../support/account.kit.tsx';
import { httpError } from '../support/fake-services.ts';
import { expectFieldError, retype, type UserApi } from '../support/form.ts';
import {
  describeOutcome,
  done,
  expectFullCoverage,
  expectOutcomesNameInvokes,
  failed,
  generatePaths,
  isOutcome,
  type OutcomeEvent,
  quietActors,
} from '../support/model.ts';
import { viewPathsOf } from '../support/model-screen.ts';

const CURRENT = 'old-Passw0rd';
const NEW = 'new-Passw0rd-2';
const SHORT = 'short';
const OTHER = 'other-Passw0rd-3';

type ModelEvent = ChangePasswordEvent | OutcomeEvent;
type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

const EVENTS: readonly ModelEvent[] = [
  { type: 'password.change', field: 'currentPassword', value: CURRENT },
  { type: 'password.change', field: 'newPassword', value: NEW },
  { type: 'password.change', field: 'newPassword', value: SHORT },
  { type: 'password.change', field: 'passwordConfirmation', value: NEW },
  { type: 'password.change', field: 'passwordConfirmation', value: OTHER },
  { type: 'password.blur', field: 'currentPassword' },
  { type: 'password.submit' },
  done('changePassword', undefined),
  failed('changePassword', httpError(400, 'server.incorrectPassword')),
  failed('changePassword', httpError(500, 'errors.unknown')),
];

/** The state value plus what shows: the values, the errors shown and the message. */
function serializeState(state: { value: unknown; context: unknown }): string {
  const c = (state.context as ChangePasswordContext).form;
  const shown = Object.keys(c.touched).filter(
    (field) => c.validationErrors[field as ChangePasswordField],
  );
  return JSON.stringify({
    value: state.value,
    values: c.values,
    shown,
    server: Object.keys(c.serverFieldErrors),
    error: c.errorKey,
  });
}

const walkMachine = changePasswordMachine.provide({
  actors: quietActors(['changePassword']) as never,
});
const paths = generatePaths<ModelEvent>(walkMachine, { events: EVENTS, serializeState });

describe('change-password model: coverage of the real machine', () => {
  it('the paths reach 100 % of the states and 100 % of the transitions', () => {
    expectFullCoverage(
      changePasswordMachine,
      [{ machine: walkMachine, paths }],
      `${paths.length} paths`,
    );
  });

  it('every outcome event names an invoke of the machine', () => {
    expectOutcomesNameInvokes(changePasswordMachine, EVENTS, ['changePassword']);
  });
});

const EN: Record<string, string> = {
  'validation.currentPasswordRequired': 'Current password is required',
  'validation.newPasswordRequired': 'New password is required',
  'validation.passwordMin': 'Password must be at least 8 characters',
  'validation.passwordConfirmationRequired': 'Password confirmation is required',
  'validation.passwordMismatch': 'Password do not match',
  'server.incorrectPassword': 'Incorrect password',
  'errors.unknown': 'An unknown error occurred.',
};
const text = (key: string) => EN[key] ?? `(no English text for ${key})`;

const LABELS: Record<ChangePasswordField, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  passwordConfirmation: 'Confirm password',
};
const passwordSection = () => section('Password');
const input = (field: ChangePasswordField) =>
  within(passwordSection()).getByLabelText(LABELS[field]) as HTMLInputElement;

async function perform(user: UserApi, h: AccountHarness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'password.change':
      return retype(user, input(event.field), event.value);
    case 'password.blur':
      await user.click(input(event.field));
      return user.tab();
    case 'password.submit':
      return user.click(within(passwordSection()).getByRole('button', { name: 'Change password' }));
    default:
      if (!isOutcome(event)) throw new Error(`cannot perform ${event.type}`);
      expect(h.auth.changePassword).toHaveBeenLastCalledWith({
        currentPassword: model.context.form.values.currentPassword,
        newPassword: model.context.form.values.newPassword,
      });
      return h.settle(event);
  }
}

function assertView(expected: Snapshot) {
  const c = expected.context.form;
  const area = within(passwordSection());
  for (const field of Object.keys(LABELS) as ChangePasswordField[]) {
    expect(input(field)).toHaveValue(c.values[field]);
  }
  if (expected.matches('saving')) {
    expect(area.getByRole('button', { name: 'Changing...' })).toBeDisabled();
    return;
  }
  expect(area.getByRole('button', { name: 'Change password' })).toBeEnabled();
  const errors = shownFieldErrors(c);
  for (const field of Object.keys(LABELS) as ChangePasswordField[]) {
    expectFieldError(input(field), errors[field] ? text(errors[field].key) : null);
  }
  if (c.errorKey) expect(area.getByRole('alert')).toHaveTextContent(text(c.errorKey));
  else expect(area.queryByRole('alert')).toBeNull();
  const changed = 'Your password was changed.';
  if (expected.matches({ editing: 'changed' })) {
    expect(area.getByRole('status')).toHaveTextContent(changed);
  } else {
    expect(area.queryByText(changed)).toBeNull();
  }
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'password.change') {
    const name =
      event.value === CURRENT
        ? 'current'
        : event.value === NEW
          ? 'new'
          : event.value === SHORT
            ? 'short'
            : 'other';
    return `password.change(${event.field}=${name})`;
  }
  if (event.type === 'password.blur') return `password.blur(${event.field})`;
  return describeOutcome(event) ?? event.type;
}

const viewPaths = viewPathsOf(paths, describeEvent);

describe('change-password model: every path on the real account screen', () => {
  it.each(viewPaths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPath<ModelEvent, Snapshot>(path, { machine: walkMachine, perform, assertView });
  });
});
