/**
 * Model-based tests of the one-time-code machine (docs/architecture.md,
 * "Model-based tests"), which the session and forgot password invoke.
 *
 * 1. The REAL machine is walked twice with xstate/graph, as sign-in starts it
 *    (no code sent yet, refusals shown) and as forgot password starts it (a
 *    code just sent, reveal nothing), with the member's events, the cooldown
 *    and every call's outcomes as events; together the walks must cover every
 *    state and every transition.
 * 2. Every path is EXECUTED against the real <OneTimeCode /> over a real otp
 *    actor whose calls the path settles, user events through user-event, and
 *    after each step an assertion of what the member sees.
 */
import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  type OtpContext,
  type OtpEvent,
  type OtpInput,
  type OtpVerified,
  otpMachine,
} from '../../machines/otp/otp.machine.ts';
import {
  canSubmitCode,
  isCheckingCode,
  isCodeCoolingDown,
  isSendingCode,
} from '../../machines/otp/otp.selectors.ts';
import type { Tokens } from '../../machines/shared/domain.ts';
import { OneTimeCode } from '../../src/components/one-time-code.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { httpError, networkError, timeoutError } from '../support/fake-services.ts';
import { MARIE } from '../support/fixtures.ts';
import type { UserApi } from '../support/form.ts';
import { done, failed, type OutcomeEvent, parseOutcome } from '../support/model.ts';
import { describeScreenModel, englishOf } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

const EMAIL = 'marie@example.ca';
const CODE = '123456';
const PARTIAL_CODE = '12345';
const TOKENS: Tokens = { token: 'access-1', refreshToken: 'refresh-1', user: MARIE };

/** Sign-in: a code is asked for at once, a refusal is shown. */
const SIGN_IN: OtpInput = { email: EMAIL, sentCount: 0, revealNothing: false };
/** Forgot password: the request step just sent a code; nothing reveals the address. */
const FORGOT: OtpInput = { email: EMAIL, sentCount: 1, revealNothing: true };

const COOLDOWN_ELAPSED = {
  type: 'xstate.after.RESEND_COOLDOWN.otp.active.sending.coolingDown',
} as const;
type ModelEvent = OtpEvent | OutcomeEvent | typeof COOLDOWN_ELAPSED;

const EVENTS: readonly ModelEvent[] = [
  // What a member does.
  { type: 'otp.change', code: PARTIAL_CODE },
  { type: 'otp.change', code: CODE },
  { type: 'otp.submit' },
  { type: 'otp.resend' },
  // Time passing.
  COOLDOWN_ELAPSED,
  // How each call can end.
  done('requestCode', undefined),
  failed('requestCode', networkError()),
  failed('requestCode', httpError(500, 'errors.server')),
  failed('requestCode', httpError(404, 'server.userNotExist')),
  done('verifyCode', TOKENS),
  failed('verifyCode', httpError(400, 'server.incorrectOtp')),
  failed('verifyCode', timeoutError()),
];

/** The state value plus the facts a member can tell apart on screen (kept small on purpose). */
function serializeState(state: { value: unknown; context: unknown }): string {
  const c = state.context as OtpContext;
  return JSON.stringify({
    value: state.value,
    facts: {
      code: c.code.length,
      error: c.errorKey,
      sent: Math.min(c.sentCount, 2),
      uncertain: c.uncertainCode === null ? null : c.uncertainCode === c.code,
    },
  });
}

// ---------------------------------------------------------------------------
// Executing every path against the real component
// ---------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof otpMachine>;

/** A real otp actor whose calls wait until the path settles them. */
function createHarness(input: OtpInput) {
  const pending = new PendingCalls();
  const actor = createActor(
    otpMachine.provide({
      actors: {
        requestCode: fromPromise<void, { email: string }>(({ input: body }) =>
          pending.create('requestCode', [body]),
        ),
        verifyCode: fromPromise<OtpVerified, { email: string; otp: string }>(({ input: body }) =>
          pending.create('verifyCode', [body]),
        ),
      },
    }),
    { input },
  );
  actor.start();
  return { pending, actor };
}
type Harness = ReturnType<typeof createHarness>;

const TEXTS = {
  submit: 'Next',
  checking: 'Checking...',
  noCode: 'No code?',
  resend: 'Resend it',
  resending: 'Sending...',
};
const NEW_CODE_NOTE = 'A new code went out';

const digitBox = (n: number) =>
  screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement;
const digitBoxes = () => [1, 2, 3, 4, 5, 6].map(digitBox);

/** Does in the UI what the model event stands for; checks what the server was asked. */
async function perform(user: UserApi, h: Harness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'otp.change':
      // Pasting a code into the first box replaces the whole code.
      await user.click(digitBox(1));
      return user.paste(event.code);
    case 'otp.submit':
      return user.click(screen.getByRole('button', { name: 'Next' }));
    case 'otp.resend':
      return user.click(screen.getByRole('button', { name: 'Resend it' }));
    case COOLDOWN_ELAPSED.type:
      // Time passes: the 30 s of the cooldown are over.
      act(() => h.actor.send(event as never));
      return;
    default: {
      const id = parseOutcome(event)?.id;
      if (id !== 'requestCode' && id !== 'verifyCode')
        throw new Error(`cannot perform ${event.type}`);
      const args = await h.pending.settle(id, event);
      expect(args).toEqual([
        id === 'requestCode' ? { email: EMAIL } : { email: EMAIL, otp: model.context.code },
      ]);
    }
  }
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  const c = expected.context;
  if (expected.matches('verified')) {
    // The step is over: the invoking flow takes the answer.
    expect(h.actor.getSnapshot().output).toEqual(TOKENS);
    return;
  }
  expect(
    digitBoxes()
      .map((box) => box.value)
      .join(''),
  ).toBe(c.code);
  // Asking for codes: one on its way, a countdown after each, then Resend.
  const countdown = /You can ask for a new code in \d+ s\./;
  if (isSendingCode(expected)) {
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  } else if (isCodeCoolingDown(expected)) {
    const resend = screen.getByRole('button', { name: 'Resend it' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(countdown);
  } else {
    const resend = screen.getByRole('button', { name: 'Resend it' });
    expect(resend).toBeEnabled();
    // The countdown's room is kept, hidden (nothing below moves when a wait starts or ends).
    expect(resend).not.toHaveAccessibleDescription(countdown);
    expect(screen.getByText(countdown)).toHaveAttribute('aria-hidden', 'true');
  }
  if (isCheckingCode(expected)) {
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    for (const box of digitBoxes()) expect(box).toBeDisabled();
    return;
  }
  const next = screen.getByRole('button', { name: 'Next' });
  if (canSubmitCode(expected)) expect(next).toBeEnabled();
  else expect(next).toBeDisabled();
  expect(c.code.length === 6).toBe(canSubmitCode(expected));
  if (c.errorKey) {
    expect(screen.getByRole('alert')).toHaveTextContent(englishOf(c.errorKey));
    expect(digitBox(1)).toHaveAttribute('aria-invalid', 'true');
  } else {
    expect(screen.queryByRole('alert')).toBeNull();
  }
  // A code asked for again went out, and no failure showed since.
  if (c.newCode === 'sent' && !isSendingCode(expected)) {
    expect(screen.getByRole('status')).toHaveTextContent(NEW_CODE_NOTE);
  } else {
    expect(screen.queryByText(NEW_CODE_NOTE)).toBeNull();
  }
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
  switch (event.type) {
    case 'otp.change':
      return `otp.change(${event.code.length} digits)`;
    case COOLDOWN_ELAPSED.type:
      return '30 s later';
    default:
      return undefined;
  }
}

/** The step as a member does it (the calls' outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  switch (event.type) {
    case 'otp.change':
      return event.code === CODE
        ? `Paste the whole code (${CODE}) into the first box`
        : `Paste ${event.code.length} digits (${event.code}) into the first box`;
    case 'otp.submit':
      return `Press “${TEXTS.submit}”`;
    case 'otp.resend':
      return `Press “${TEXTS.resend}”`;
    case COOLDOWN_ELAPSED.type:
      return 'Wait 30 seconds';
    default:
      return undefined;
  }
}

/** Both ways the code step starts: as sign-in starts it, and as forgot password does. */
const walk = (label: string, input: OtpInput) => ({
  label,
  events: (state: { value: unknown }) => (state.value === 'verified' ? [] : EVENTS),
  input,
  serializeState,
});

describeScreenModel<ModelEvent, Snapshot, Harness>(import.meta.filename, {
  title: 'One-time code',
  machine: otpMachine,
  calls: {
    requestCode: { done: `The server sends a code to ${EMAIL}`, fails: 'Sending the code fails' },
    verifyCode: { done: 'The server accepts the code', fails: 'The server refuses the code' },
  },
  walks: [walk('sign-in', SIGN_IN), walk('forgot password', FORGOT)],
  name: describeEvent,
  say,
  harness: (input) => createHarness(input as OtpInput),
  render: (h) =>
    renderScreen(
      <OneTimeCode actor={h.actor} id="code" texts={TEXTS} newCodeNote={NEW_CODE_NOTE} />,
      {
        services: {},
        path: '/code',
      },
    ),
  perform,
  assertView,
  after: (h) => h.actor.stop(),
});
