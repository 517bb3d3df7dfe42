/**
 * Model-based suite of the change-password machine: paths from the REAL machine
 * (xstate/graph), run on the real account screen with a real signed-in session.
 */
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type ChangePasswordContext,
  type ChangePasswordEvent,
  changePasswordMachine,
} from '../../machines/account/change-password.machine.ts';
import type { ChangePasswordField } from '../../machines/forms/password.schema.ts';
import { type AccountHarness, describeAccountModel, section } from '../support/account.kit.tsx';
import { httpError, timeoutError } from '../support/fake-services.ts';
import {
  expectConfirmation,
  expectFormErrors,
  leave,
  sayFormStep,
  setValue,
  type UserApi,
} from '../support/form.ts';
import { done, failed, isOutcome, type OutcomeEvent } from '../support/model.ts';

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
  failed('changePassword', timeoutError()),
];

/** The state value plus what shows: the values, the errors shown and the message. */
function serializeState(state: { value: unknown; context: unknown }): string {
  const { form: c, uncertainCurrent } = state.context as ChangePasswordContext;
  const shown = Object.keys(c.touched).filter(
    (field) => c.validationErrors[field as ChangePasswordField],
  );
  return JSON.stringify({
    value: state.value,
    values: c.values,
    shown,
    server: Object.keys(c.serverFieldErrors),
    error: c.errorKey,
    uncertain: uncertainCurrent === null ? null : uncertainCurrent === c.values.currentPassword,
  });
}

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
      return setValue(input(event.field), event.value);
    case 'password.blur':
      return leave(user, input(event.field));
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
  expectFormErrors(c, Object.keys(LABELS) as ChangePasswordField[], input, area);
  expectConfirmation('Your password was changed.', expected.matches({ editing: 'changed' }), area);
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
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
  return undefined;
}

/** What is special about a typed value, as a member would put it. */
const VALUE_NOTE: Record<string, string> = {
  [SHORT]: ' (too short)',
  [OTHER]: ' (not the new password)',
};

/** The step as a member does it (the call's outcomes: see `calls`). */
const say = (event: ModelEvent) =>
  sayFormStep(event, {
    form: 'password',
    labels: LABELS,
    submit: 'Change password',
    note: (_, value) => VALUE_NOTE[value],
  });

describeAccountModel<ModelEvent, Snapshot>(import.meta.filename, {
  title: 'Change password (account)',
  machine: changePasswordMachine,
  calls: {
    changePassword: {
      done: 'The server changes the password',
      fails: 'Changing the password fails',
    },
  },
  walks: [{ events: EVENTS, serializeState }],
  name: describeEvent,
  say,
  perform,
  assertView,
});
