/**
 * Model-based suite of the profile form machine: paths from the REAL machine
 * (xstate/graph), run on the real account screen with a real signed-in session.
 */
import { act, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { canSaveProfile } from '../../machines/account/account.selectors.ts';
import {
  type ProfileField,
  type ProfileFormContext,
  type ProfileFormEvent,
  profileFormMachine,
  toProfilePayload,
} from '../../machines/account/profile-form.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import {
  type AccountHarness,
  describeAccountModel,
  section,
  USER,
} from '../support/account.kit.tsx';
import { httpError, networkError } from '../support/fake-services.ts';
import {
  expectConfirmation,
  expectFormErrors,
  leave,
  sayFormStep,
  setValue,
  type UserApi,
} from '../support/form.ts';
import { done, failed, isOutcome, type OutcomeEvent } from '../support/model.ts';

const OTHER_PHONE = '+15145550199';

type ModelEvent = ProfileFormEvent | OutcomeEvent;
type Snapshot = SnapshotFrom<typeof profileFormMachine>;
type State = { value: unknown; context: unknown };

const INPUT = { firstName: USER.firstName, lastName: USER.lastName, phone: USER.phone };

function events(state: State): ModelEvent[] {
  const c = state.context as ProfileFormContext;
  return [
    { type: 'profile.change', field: 'firstName', value: 'Émilie' },
    { type: 'profile.change', field: 'firstName', value: 'É' },
    { type: 'profile.change', field: 'phone', value: OTHER_PHONE },
    { type: 'profile.change', field: 'phone', value: '' },
    { type: 'profile.blur', field: 'firstName' },
    { type: 'profile.submit' },
    // Another tab saved a first name (the session's user changes).
    { type: 'profile.userChanged', firstName: 'Bob', lastName: USER.lastName, phone: USER.phone },
    // The server answers with the profile as saved.
    done('updateProfile', { ...USER, ...toProfilePayload(c.form.values) }),
    failed('updateProfile', httpError(409, 'server.samePhoneUserExists')),
    failed('updateProfile', httpError(400, 'server.invalidPhoneNumber')),
    failed('updateProfile', networkError()),
  ];
}

/** The state value plus what shows: values, errors shown, the message. */
function serializeState(state: State): string {
  const c = state.context as ProfileFormContext;
  return JSON.stringify({
    value: state.value,
    values: c.form.values,
    saved: c.saved,
    shown: Object.keys(shownFieldErrors(c.form)),
    server: c.form.serverFieldErrors,
    error: c.form.errorKey,
  });
}

/** What the phone field shows for a value, and what a member types to get it. */
const PHONE_TEXT: Record<string, { shown: string; typed: string }> = {
  [USER.phone]: { shown: '(514) 555-0123', typed: '5145550123' },
  [OTHER_PHONE]: { shown: '(514) 555-0199', typed: '5145550199' },
  '': { shown: '', typed: '' },
};

const LABELS: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
};
const profile = () => within(section('Profile'));
const input = (field: ProfileField) => profile().getByLabelText(LABELS[field]) as HTMLInputElement;

async function perform(user: UserApi, h: AccountHarness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'profile.change':
      return setValue(
        input(event.field),
        event.field === 'phone' ? (PHONE_TEXT[event.value]?.typed ?? event.value) : event.value,
      );
    case 'profile.blur':
      return leave(user, input(event.field));
    case 'profile.submit':
      return user.click(profile().getByRole('button', { name: 'Save profile' }));
    case 'profile.userChanged': {
      // Not the member: the session takes a user saved elsewhere.
      const { type: _, ...names } = event;
      const session = h.session;
      return act(() => {
        session.send({
          type: 'session.userUpdated',
          user: { ...session.getSnapshot().context.user, ...names },
        });
      });
    }
    default:
      if (!isOutcome(event)) throw new Error(`cannot perform ${event.type}`);
      expect(h.auth.updateProfile).toHaveBeenLastCalledWith(
        toProfilePayload(model.context.form.values),
      );
      return h.settle(event);
  }
}

function assertView(expected: Snapshot, h: AccountHarness) {
  const c = expected.context;
  const area = profile();
  expect(input('firstName')).toHaveValue(c.form.values.firstName);
  expect(input('lastName')).toHaveValue(c.form.values.lastName);
  expect(input('phone')).toHaveValue(PHONE_TEXT[c.form.values.phone]?.shown ?? '(unexpected)');
  expect(area.getByLabelText('Email')).toHaveValue(USER.email);
  // The session holds the profile as last saved.
  const user = h.session.getSnapshot().context.user;
  expect({ firstName: user.firstName, lastName: user.lastName, phone: user.phone }).toEqual(
    c.saved,
  );
  if (expected.matches('saving')) {
    expect(area.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    return;
  }
  const save = area.getByRole('button', { name: 'Save profile' });
  if (canSaveProfile(expected)) expect(save).toBeEnabled();
  else expect(save).toBeDisabled();
  expectFormErrors(c.form, Object.keys(LABELS) as ProfileField[], input, area);
  expectConfirmation('Your profile was saved.', expected.matches({ editing: 'saved' }), area);
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
  if (event.type === 'profile.change') {
    const value = event.field === 'phone' ? event.value || 'empty' : event.value;
    return `profile.change(${event.field}=${value})`;
  }
  if (event.type === 'profile.blur') return `profile.blur(${event.field})`;
  return undefined;
}

/** The step as a member does it (the call's outcomes: see `calls`). */
const say = (event: ModelEvent) =>
  sayFormStep(event, {
    form: 'profile',
    labels: LABELS,
    submit: 'Save profile',
    typed: (field, value) => (field === 'phone' ? PHONE_TEXT[value]?.typed : value),
    note: (_, value) => (value.length < 2 ? ' (too short)' : ''),
  });

describeAccountModel<ModelEvent, Snapshot>(import.meta.filename, {
  title: 'Profile (account)',
  machine: profileFormMachine,
  calls: {
    updateProfile: { done: 'The server saves the profile', fails: 'Saving the profile fails' },
  },
  walks: [{ events, serializeState }],
  input: INPUT,
  name: describeEvent,
  say,
  perform,
  assertView,
});
