/**
 * Model-based tests of the forgot-password machine (docs/architecture.md,
 * "Model-based tests").
 *
 * 1. The REAL machine is walked with xstate/graph, with the member's events and
 *    every invoke's outcomes as events; the paths must cover every state and
 *    every transition.
 * 2. Every path is EXECUTED against the real <ForgotPasswordScreen />: fake API
 *    methods whose promises the path settles at the matching outcome step, user
 *    events through user-event on accessible names, and after each step an
 *    assertion of what the member sees in the state the model is in.
 */
import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type ForgotPasswordContext,
  type ForgotPasswordEvent,
  forgotPasswordMachine,
} from '../../machines/forgot-password/forgot-password.machine.ts';
import type { Api } from '../../src/api/api.ts';
import { forgetAwaitedCode, rememberAwaitedCode } from '../../src/app/awaited-code.ts';
import { ForgotPasswordScreen } from '../../src/screens/forgot-password/forgot-password-screen.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { createVisitorSession, httpError, networkError } from '../support/fake-services.ts';
import {
  expectFormErrors,
  expectFormMessage,
  leave,
  sayFormStep,
  setValue,
  type UserApi,
} from '../support/form.ts';
import { done, failed, type OutcomeEvent, parseOutcome } from '../support/model.ts';
import { describeScreenModel } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

const EMAIL = 'marie@example.ca';
const INVALID_EMAIL = 'marie@';
const CODE = '123456';
const NEW_PASSWORD = 'N3w-secret-pass';
const SHORT_PASSWORD = 'short';
const OTHER_PASSWORD = 'Other-pass-99';
const RESET_TOKEN = 'reset-token-1';

type ModelEvent = ForgotPasswordEvent | OutcomeEvent;

const EVENTS: readonly ModelEvent[] = [
  // What a member does.
  { type: 'request.change', field: 'email', value: EMAIL },
  { type: 'request.change', field: 'email', value: INVALID_EMAIL },
  { type: 'request.blur', field: 'email' },
  { type: 'request.submit' },
  { type: 'code.back' },
  { type: 'reset.change', field: 'newPassword', value: SHORT_PASSWORD },
  { type: 'reset.change', field: 'newPassword', value: NEW_PASSWORD },
  { type: 'reset.change', field: 'passwordConfirmation', value: NEW_PASSWORD },
  { type: 'reset.change', field: 'passwordConfirmation', value: OTHER_PASSWORD },
  { type: 'reset.blur', field: 'newPassword' },
  { type: 'reset.blur', field: 'passwordConfirmation' },
  { type: 'reset.submit' },
  // How each call can end (the code step is the otp machine, walked by its own suite: here it ends with the reset token).
  done('requestReset', undefined),
  failed('requestReset', networkError()),
  failed('requestReset', httpError(404, 'server.userNotExist')),
  done('otp', { resetToken: RESET_TOKEN }),
  done('resetPassword', undefined),
  failed('resetPassword', httpError(400, 'errors.unknown')),
  // The reset token no longer taken (a reset whose answer was lost used it).
  failed('resetPassword', httpError(400, 'server.incorrectOtp')),
];

/** The state value plus the facts a member can tell apart on screen (kept small on purpose). */
function serializeState(state: { value: unknown; context: unknown }): string {
  const c = state.context as ForgotPasswordContext;
  const step =
    typeof state.value === 'object' ? Object.keys(state.value as object)[0] : state.value;
  const facts =
    step === 'request'
      ? {
          email: c.request.values.email,
          touched: Boolean(c.request.touched.email),
          error: c.request.errorKey !== null,
        }
      : step === 'code'
        ? {}
        : {
            passwords: c.newPassword.values,
            shown: Object.keys(c.newPassword.touched).length,
            error: c.newPassword.errorKey,
          };
  return JSON.stringify({ value: state.value, facts });
}

// ---------------------------------------------------------------------------
// Executing every path against the real screen
// ---------------------------------------------------------------------------

/** The API method behind each invoke. */
const API_METHOD = {
  requestReset: 'requestPasswordReset',
  resetPassword: 'resetPassword',
} as const;

/** Fake API methods: each call waits until the path settles it. */
function createApiHarness() {
  const pending = new PendingCalls();
  const auth = {
    requestPasswordReset: pending.fn('requestPasswordReset'),
    checkResetOtp: pending.fn('checkResetOtp'),
    resetPassword: pending.fn('resetPassword'),
  };
  return { api: { auth } as unknown as Api, auth, pending, navigate: vi.fn() };
}

type Harness = ReturnType<typeof createApiHarness>;
type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const newPasswordInput = () => screen.getByLabelText('New password') as HTMLInputElement;
const confirmationInput = () => screen.getByLabelText('Confirm password') as HTMLInputElement;
const digitBox = (n: number) =>
  screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement;
const digitBoxes = () => [1, 2, 3, 4, 5, 6].map(digitBox);

/** Does in the UI what the model event stands for; checks what the API received. */
async function perform(user: UserApi, h: Harness, event: ModelEvent, model: Snapshot) {
  const c = model.context;
  switch (event.type) {
    case 'request.change':
      return setValue(emailInput(), event.value);
    case 'request.blur':
      return leave(user, emailInput());
    case 'request.submit':
      return user.click(screen.getByRole('button', { name: 'Send the code' }));
    case 'code.back':
      return user.click(screen.getByRole('button', { name: 'Use another email address' }));
    case 'reset.change':
      return setValue(
        event.field === 'newPassword' ? newPasswordInput() : confirmationInput(),
        event.value,
      );
    case 'reset.blur':
      return leave(user, event.field === 'newPassword' ? newPasswordInput() : confirmationInput());
    case 'reset.submit':
      return user.click(screen.getByRole('button', { name: 'Change password' }));
    case 'xstate.done.actor.otp':
      // The member types the code from the email and presses Next; check-otp accepts it.
      await user.click(digitBox(1));
      await user.paste(CODE);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(h.auth.checkResetOtp).toHaveBeenLastCalledWith({
        email: c.request.values.email.trim(),
        otp: CODE,
      });
      await h.pending.settle('checkResetOtp', { output: { resetToken: RESET_TOKEN } });
      return;
    default: {
      const id = parseOutcome(event)?.id as keyof typeof API_METHOD | undefined;
      const method = id ? API_METHOD[id] : undefined;
      if (!method) throw new Error(`cannot perform ${event.type}`);
      // What the server was asked, from what the member typed.
      const expectedBody =
        method === 'requestPasswordReset'
          ? { email: c.request.values.email.trim() }
          : { resetToken: RESET_TOKEN, password: c.newPassword.values.newPassword };
      expect(h.auth[method]).toHaveBeenLastCalledWith(expectedBody);
      await h.pending.settle(method, event);
    }
  }
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  const c = expected.context;
  if (expected.matches('done')) {
    // Reset: the login screen says so (spec 2).
    expect(h.navigate).toHaveBeenCalledWith('/login?reset=1');
    return;
  }
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

  if (expected.matches('request')) {
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(emailInput()).toHaveValue(c.request.values.email);
    if (expected.matches({ request: 'requesting' })) {
      const busy = screen.getByRole('button', { name: 'Sending...' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      expect(emailInput()).toHaveAttribute('readonly');
      expectFormMessage(c.request.errorKey);
    } else {
      expect(screen.getByRole('button', { name: 'Send the code' })).toBeEnabled();
      expectFormErrors(c.request, ['email'], emailInput);
    }
    return;
  }

  if (expected.matches('code')) {
    expect(screen.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    // The same words whether or not the address has an account.
    expect(
      screen.getByText(
        `If an account exists for ${c.request.values.email.trim()}, we have sent it a 6-digit code. Enter it below.`,
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    // The code step opens empty, with Resend waiting (the code was just sent);
    // the otp machine's own suite walks the rest of it.
    expect(
      digitBoxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const resend = screen.getByRole('button', { name: 'Resend the code' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(/You can ask for a new code in \d+ s\./);
    return;
  }

  expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(newPasswordInput()).toHaveValue(c.newPassword.values.newPassword);
  expect(confirmationInput()).toHaveValue(c.newPassword.values.passwordConfirmation);
  expect(h.navigate).not.toHaveBeenCalled();
  if (expected.matches({ newPassword: 'resetting' })) {
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    return;
  }
  expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  expectFormErrors(c.newPassword, ['newPassword', 'passwordConfirmation'], (field) =>
    field === 'newPassword' ? newPasswordInput() : confirmationInput(),
  );
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
  switch (event.type) {
    case 'request.change':
      return `request.change(${event.value === EMAIL ? 'email' : 'invalid'})`;
    case 'reset.change':
      return `reset.change(${event.field}=${event.value === SHORT_PASSWORD ? 'short' : event.value === NEW_PASSWORD ? 'new' : 'other'})`;
    case 'reset.blur':
      return `reset.blur(${event.field})`;
    default:
      return undefined;
  }
}

const RESET_LABELS = { newPassword: 'New password', passwordConfirmation: 'Confirm password' };

/** What is special about a typed value, as a member would put it. */
const VALUE_NOTE: Record<string, string> = {
  [INVALID_EMAIL]: ' (not a whole address)',
  [SHORT_PASSWORD]: ' (too short)',
  [OTHER_PASSWORD]: ' (not the new password)',
};

/** The step as a member does it (the calls' outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  if (event.type === 'code.back') return 'Press “Use another email address”';
  const note = (_: string, value: string) => VALUE_NOTE[value];
  return (
    sayFormStep(event, {
      form: 'request',
      labels: { email: 'Email' },
      submit: 'Send the code',
      note,
    }) ??
    sayFormStep(event, { form: 'reset', labels: RESET_LABELS, submit: 'Change password', note })
  );
}

describeScreenModel<ModelEvent, Snapshot, Harness>(import.meta.filename, {
  title: 'Forgot password',
  machine: forgotPasswordMachine,
  calls: {
    requestReset: {
      done: 'The server sends the code by email',
      fails: 'Asking for the code fails',
    },
    // The code step (the otp machine) as the member goes through it.
    otp: { done: `Type the code from the email (${CODE}), press “Next”: the server accepts it` },
    resetPassword: {
      done: 'The server changes the password',
      fails: 'Changing the password fails',
    },
  },
  walks: [
    { events: EVENTS, serializeState, input: { resumeEmail: null } },
    // The page reloaded (or a phone discarded the tab) while this tab awaited a code.
    {
      label: 'reloaded at the code step',
      events: EVENTS,
      serializeState,
      input: { resumeEmail: EMAIL },
      // One step is enough: the rest is the walk above.
      keep: (path) => path.steps.length <= 2,
    },
  ],
  name: describeEvent,
  say,
  harness: (input) => {
    // What the tab kept before the reload (the screen reads it as it opens).
    const { resumeEmail } = input as { resumeEmail: string | null };
    if (resumeEmail) rememberAwaitedCode('forgotPassword', resumeEmail);
    else forgetAwaitedCode('forgotPassword');
    return createApiHarness();
  },
  render: (h) =>
    renderScreen(<ForgotPasswordScreen />, {
      services: { api: h.api, session: createVisitorSession() },
      path: '/forgot-password',
      onNavigate: h.navigate,
    }),
  perform,
  assertView,
});
