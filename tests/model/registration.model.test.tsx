/**
 * Model-based tests of the registration machine (docs/architecture.md,
 * "Model-based tests").
 *
 * 1. The REAL machine is walked with xstate/graph, with the member's events and
 *    the signUp call's outcomes as events; the paths must cover every state and
 *    every transition.
 * 2. Every path is EXECUTED against the real <RegisterScreen />: a fake
 *    api.auth.signUp whose promise the path settles at the outcome step, user
 *    events through user-event on accessible names, and after each step an
 *    assertion of what the member sees in the state the model is in.
 */
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type RegistrationField,
  toSignUpPayload,
} from '../../machines/forms/registration.schema.ts';
import {
  type RegistrationContext,
  type RegistrationEvent,
  registrationMachine,
} from '../../machines/registration/registration.machine.ts';
import {
  canSubmitRegistration as canSubmit,
  isMaybeCreatedAlready,
} from '../../machines/registration/registration.selectors.ts';
import type { Api } from '../../src/api/api.ts';
import { RegisterScreen } from '../../src/screens/register/register-screen.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { createVisitorSession, httpError, networkError } from '../support/fake-services.ts';
import {
  expectFormErrors,
  leave,
  nameFormStep,
  sayFormStep,
  setValue,
  type UserApi,
} from '../support/form.ts';
import { done, failed, type OutcomeEvent, parseOutcome } from '../support/model.ts';
import { describeScreenModel, expectStepsTaken, formFactsSeen } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

const VALID = {
  firstName: 'Marie',
  lastName: 'Tremblay',
  phone: '+15145550123',
  email: 'marie@example.ca',
  password: 'Secret-pass-1',
} as const satisfies Record<RegistrationField, string>;
const SHORT_FIRST_NAME = 'M';

/** What the member types for a phone value, and what the field then shows. */
const PHONE_TYPED: Record<string, { typed: string; shown: string }> = {
  '': { typed: '', shown: '' },
  [VALID.phone]: { typed: '5145550123', shown: '(514) 555-0123' },
};

type ModelEvent = RegistrationEvent | OutcomeEvent;

const change = (field: RegistrationField, value: string): ModelEvent => ({
  type: 'registration.change',
  field,
  value,
});

/** Spec 8: the codes that mark a field, one that marks none, and a network failure. */
const SERVER_CODES = [
  'server.sameEmailUserExists',
  'server.samePhoneUserExists',
  'server.invalidFirstName',
  'server.invalidLastName',
  'server.passwordTooWeak',
  'server.invalidPassword',
  'server.invalidPhoneNumber',
] as const;

const EVENTS: readonly ModelEvent[] = [
  // What a member does.
  change('firstName', VALID.firstName),
  change('firstName', SHORT_FIRST_NAME),
  change('lastName', VALID.lastName),
  change('phone', VALID.phone),
  change('email', VALID.email),
  change('password', VALID.password),
  { type: 'registration.blur', field: 'email' },
  { type: 'registration.submit', language: 'en' },
  // How the sign-up can end.
  done('signUp', undefined),
  ...SERVER_CODES.map((code) => failed('signUp', httpError(409, code))),
  failed('signUp', networkError()),
];

/** The state value plus the facts a member can tell apart on screen (kept small on purpose). */
function serializeState(state: { value: unknown; context: unknown }): string {
  const { form } = state.context as RegistrationContext;
  return JSON.stringify({ value: state.value, changed: form.changed, ...formFactsSeen(form) });
}

// ---------------------------------------------------------------------------
// Executing every path against the real screen
// ---------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof registrationMachine>;

function createHarness() {
  const pending = new PendingCalls();
  const signUp = pending.fn<void>('signUp');
  return { pending, signUp, api: { auth: { signUp } } as unknown as Api };
}
type Harness = ReturnType<typeof createHarness>;

const LABELS: Record<RegistrationField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  password: 'Password',
};
const input = (field: RegistrationField) =>
  screen.getByLabelText(LABELS[field], { selector: 'input' }) as HTMLInputElement;

/** Does in the UI what the model event stands for; checks what the API received. */
async function perform(user: UserApi, h: Harness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'registration.change':
      // The phone gets the text a member types (formatted as typed, like a last key).
      return setValue(
        input(event.field),
        event.field === 'phone' ? (PHONE_TYPED[event.value]?.typed ?? event.value) : event.value,
      );
    case 'registration.blur':
      return leave(user, input(event.field));
    case 'registration.submit':
      if (canSubmit(model)) {
        return user.click(screen.getByRole('button', { name: 'Create Account' }));
      }
      // The button is disabled; Enter in a field still submits (spec 5).
      await user.click(input('firstName'));
      return user.keyboard('{Enter}');
    default: {
      if (parseOutcome(event)?.id !== 'signUp') throw new Error(`cannot perform ${event.type}`);
      // The sign-up body: the values typed, the phone in E.164, the language of the interface.
      expect(h.signUp).toHaveBeenLastCalledWith(toSignUpPayload(model.context.form.values, 'en'));
      await h.pending.settle('signUp', event);
    }
  }
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  const c = expected.context.form;
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

  if (expected.matches('succeeded')) {
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your account has been created' }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      `Your account for ${VALID.email} is ready to be verified.`,
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(h.pending.open('signUp')).toBe(0);
    return;
  }

  expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  // Nothing the member typed is lost, whatever happened.
  expect(input('firstName')).toHaveValue(c.values.firstName);
  expect(input('lastName')).toHaveValue(c.values.lastName);
  expect(input('phone')).toHaveValue(PHONE_TYPED[c.values.phone]?.shown ?? c.values.phone);
  expect(input('email')).toHaveValue(c.values.email);
  expect(input('password')).toHaveValue(c.values.password);
  expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('CA');

  if (expected.matches('submitting')) {
    const busy = screen.getByRole('button', { name: 'Creating account...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    for (const field of Object.keys(LABELS) as RegistrationField[]) {
      expect(input(field)).toHaveAttribute('readonly');
    }
    expect(h.pending.open('signUp')).toBe(1);
    return;
  }

  expect(h.pending.open('signUp')).toBe(0);
  const button = screen.getByRole('button', { name: 'Create Account' });
  if (canSubmit(expected)) expect(button).toBeEnabled();
  else expect(button).toBeDisabled();

  // The server's message shows only after it refused.
  if (c.errorKey) expect(expected.matches({ editing: 'rejected' })).toBe(true);
  expectFormErrors(c, Object.keys(LABELS) as RegistrationField[], input);
  // "Already exists" leads to signing in; right after a try with no answer, that try most
  // likely created the account, and the page says so.
  const signInInstead = screen.queryByRole('link', { name: 'Sign in with it' });
  const maybeCreated = screen.queryByText(/Your last try got no answer/);
  const exists = screen.queryByText(/If this email is yours, your account is already there/);
  if (c.errorKey === 'server.sameEmailUserExists') {
    expect(signInInstead).toHaveAttribute('href', '/login');
    expect(isMaybeCreatedAlready(expected) ? maybeCreated : exists).toBeVisible();
  } else {
    expect(signInInstead).toBeNull();
    expect(maybeCreated).toBeNull();
    expect(exists).toBeNull();
  }
}

/** A step's name in the test titles (the others: see MachineModel.name). */
const describeEvent = (event: ModelEvent) =>
  nameFormStep(event, 'registration', (value) => (value === SHORT_FIRST_NAME ? ' short' : ''));

/** The step as a member does it (the call's outcomes: see `calls`). */
const say = (event: ModelEvent) =>
  sayFormStep<RegistrationField>(event, {
    form: 'registration',
    labels: LABELS,
    submit: 'Create Account',
    enterIn: 'firstName',
    leave: 'click elsewhere',
    typed: (field, value) => (field === 'phone' ? PHONE_TYPED[value]?.typed : value),
    note: (_, value) => (value === SHORT_FIRST_NAME ? ' (too short)' : ''),
  });

describeScreenModel<ModelEvent, Snapshot, Harness>(import.meta.filename, {
  title: 'Registration',
  machine: registrationMachine,
  calls: {
    signUp: { done: 'The server creates the account', fails: 'Creating the account fails' },
  },
  walks: [
    {
      // Nothing happens after the confirmation (a final state).
      events: (state) => (state.value === 'succeeded' ? [] : EVENTS),
      serializeState,
      // A form opened afresh (no draft of an earlier visit).
      input: {},
    },
  ],
  name: describeEvent,
  say,
  harness: createHarness,
  render: (h) =>
    renderScreen(<RegisterScreen />, {
      services: { api: h.api, session: createVisitorSession() },
      path: '/register',
    }),
  perform,
  assertView,
  also: (paths) =>
    it('the rendered paths end in every outcome of the sign-up', () => {
      expectStepsTaken(paths, [
        'signUp done',
        ...[...SERVER_CODES, 'errors.network'].map((code) => `signUp error (${code})`),
      ]);
    }),
});
