/**
 * Model-based tests of the session machine (docs/architecture.md, "Model-based tests").
 *
 * 1. The REAL machine is walked twice with xstate/graph (no stored tokens, then
 *    stored tokens), with user events and every invoke's outcomes as events.
 *    Together the walks must cover every state and every transition.
 * 2. Every path that starts signed out is cut where it leaves the signed-out
 *    part (the login form and the one-time-code step) and EXECUTED against the
 *    real <LoginScreen />: a real session actor from the machine, fake effects
 *    whose promises the path settles, user events through user-event, and after
 *    each step an assertion of what a member sees in that state.
 * 3. Every path of the stored-tokens walk runs on the real session machine (no
 *    screen): its invokes are pending calls the path settles, and after each
 *    step the actor must be in the model's state.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise } from 'xstate';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import { MAX_LOAD_ATTEMPTS, sessionMachine } from '../../machines/session/session.machine.ts';
import { canSubmitLogin } from '../../machines/session/session.selectors.ts';
import type {
  SessionContext,
  SessionEvent,
  SessionInput,
  SignOutReason,
} from '../../machines/session/session.types.ts';
import type { Tokens, User } from '../../machines/shared/domain.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { createSession, httpError, networkError, timeoutError } from '../support/fake-services.ts';
import { MARIE } from '../support/fixtures.ts';
import { expectFormMessage, sayFormStep, type UserApi } from '../support/form.ts';
import { fieldErrorText } from '../support/i18n.ts';
import { done, failed, type ModelPath, type OutcomeEvent, parseOutcome } from '../support/model.ts';
import { describeModel, quietMachine, sayFailure } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

const EMAIL = 'marie@example.ca';
const PHONE = '514 555 0123';
const PASSWORD = 'correct-horse';
const INVALID = 'marie@';
const CODE = '123456';

const USER: User = MARIE;
const TOKENS: Tokens = { token: 'access-1', refreshToken: 'refresh-1', user: USER };

/** A delayed transition's event, sent by the path instead of waiting for the timer. */
type DelayEvent = { type: `xstate.after.${string}` };
type ModelEvent = SessionEvent | OutcomeEvent | DelayEvent;

/** What the app starts with when the tab was reloaded at the sign-in's code step. */
const RELOADED_AT_CODE: SessionInput = { awaitedCode: EMAIL };

const RETRY_ELAPSED: DelayEvent = {
  type: 'xstate.after.LOAD_RETRY_DELAY.session.authenticated.user.retrying',
};

// The one-time-code step is the otp machine (its own model suite walks it): here it ends with the tokens.
const INVOKE_IDS = ['loadUser', 'reloadUser', 'login', 'otp', 'refreshTokens'];

const EVENTS: readonly ModelEvent[] = [
  // What a member does.
  { type: 'login.change', field: 'emailOrPhone', value: EMAIL },
  { type: 'login.change', field: 'emailOrPhone', value: PHONE },
  { type: 'login.change', field: 'emailOrPhone', value: INVALID },
  { type: 'login.change', field: 'password', value: PASSWORD },
  { type: 'login.blur', field: 'emailOrPhone' },
  { type: 'login.submit' },
  // Arriving from a sign-up or a password reset with the address just used.
  { type: 'login.start', emailOrPhone: EMAIL },
  { type: 'otp.cancel' },
  { type: 'session.signOut' },
  // The account page's deletion signing out: also once the server, refusing the session, has.
  { type: 'session.signOut', reason: 'deleted' },
  { type: 'session.retry' },
  // Time passing.
  RETRY_ELAPSED,
  // What the rest of the app (HTTP client, screens, other tabs) asks.
  { type: 'session.refresh' },
  { type: 'session.reloadUser' },
  { type: 'session.userUpdated', user: { ...USER, language: 'fr' } },
  { type: 'session.storageChanged', hasTokens: true },
  { type: 'session.storageChanged', hasTokens: false },
  { type: 'session.storageChanged', hasTokens: false, reason: 'expired' },
  { type: 'session.storageChanged', hasTokens: false, reason: 'deleted' },
  // How each effect can end.
  done('loadUser', USER),
  failed('loadUser', httpError(401, 'server.unauthorized')),
  failed('loadUser', httpError(503, 'errors.unknown')),
  failed('loadUser', timeoutError()),
  done('reloadUser', { ...USER, firstName: 'Émilie' }),
  failed('reloadUser', networkError()),
  done('login', { token: 'access-1', refreshToken: 'refresh-1', user: USER, isVerified: true }),
  done('login', { isVerified: false }),
  failed('login', httpError(401, 'server.incorrectEmailOrPassword')),
  // Not a refusal: the message shows, the fields are not marked.
  failed('login', timeoutError()),
  done('otp', TOKENS),
  done('refreshTokens', {
    kind: 'refreshed',
    tokens: { ...TOKENS, token: 'access-2', refreshToken: 'refresh-2' },
  }),
  done('refreshTokens', { kind: 'rotatedElsewhere' }),
  failed('refreshTokens', {
    error: httpError(401, 'server.unauthorized'),
    refusedRefreshToken: 'refresh-1',
  }),
  failed('refreshTokens', { error: networkError(), refusedRefreshToken: null }),
];

/** State value plus the few context facts a member can see (kept small on purpose). */
function serializeState(state: { value: unknown; context: unknown }): string {
  const context = state.context as SessionContext;
  const value = state.value as Record<string, unknown> | string;
  const signedOut = typeof value === 'object' && 'signedOut' in value;
  const onOtp = signedOut && typeof value.signedOut === 'object';
  // The form shows the login values and error; the code step shows the code, its error and 'sent';
  // signed in, the load attempts decide between a retry and 'could not reach the server'.
  const facts = !signedOut
    ? { loadFailures: Math.min(context.loadFailures, MAX_LOAD_ATTEMPTS) }
    : onOtp
      ? { email: context.otpEmail }
      : {
          values: context.login.values,
          changed: context.login.changed,
          touched: context.login.touched,
          errorKey: context.login.errorKey,
          expired: context.signOutReason,
        };
  return JSON.stringify({ value, facts });
}

/** The machine walked: its invokes quiet, with or without stored tokens. */
function walkMachine(hasStoredTokens: boolean) {
  return quietMachine({ machine: sessionMachine, invokeIds: INVOKE_IDS }).provide({
    guards: { hasStoredTokens: () => hasStoredTokens },
  });
}

const signedOutMachine = walkMachine(false);
const storedMachine = walkMachine(true);

// ---------------------------------------------------------------------------
// Running the paths: signed out on the real login screen, stored tokens on the real machine
// ---------------------------------------------------------------------------

const isSignedOutStep = (stateIds: string[]) => stateIds.includes('session.signedOut');

function describeEvent(event: ModelEvent): string {
  if (event.type === 'session.signOut' && event.reason) return `session.signOut(${event.reason})`;
  if (event.type === 'login.change') {
    const value = event.value === INVALID ? 'invalid' : event.value;
    return `login.change(${event.field}=${value})`;
  }
  if ('output' in event && event.type === 'xstate.done.actor.login') {
    return (event.output as { isVerified?: boolean }).isVerified === false
      ? 'login done (unverified)'
      : 'login done (verified)';
  }
  if (event.type === 'xstate.done.actor.refreshTokens') {
    return `refreshTokens done (${(event.output as { kind: string }).kind})`;
  }
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} done`;
  if (event.type.startsWith('xstate.error.actor.')) {
    // A refused refresh carries the call's error inside.
    const error = (event as { error: { key?: string; error?: { key?: string } } }).error;
    const key = error.key ?? error.error?.key;
    return `${event.type.slice(19)} error${key ? ` (${key})` : ''}`;
  }
  if (event.type === 'session.storageChanged') {
    return `storageChanged(${event.hasTokens}${event.reason ? `, ${event.reason}` : ''})`;
  }
  return event.type;
}

/**
 * A real session actor (the machine the app runs) whose effects are pending
 * calls: each invoke waits under its invoke id, and the path settles it when
 * it reaches that actor's outcome.
 */
function createSessionHarness(input?: SessionInput) {
  const pending = new PendingCalls();
  const invoked: Array<{ id: string; input: unknown }> = [];
  const pendingActor = fromPromise<unknown, unknown>(({ input, self }) => {
    invoked.push({ id: self.id, input });
    return pending.create(self.id, [input]);
  });
  const actors: Record<string, AnyActorLogic> = {
    ...Object.fromEntries(
      ['loadUser', 'login', 'refreshTokens'].map((name) => [name, pendingActor]),
    ),
    // The real code step, its calls pending too (under requestCode and verifyCode).
    otp: otpMachine.provide({
      actors: { requestCode: pendingActor, verifyCode: pendingActor } as never,
    }),
  };
  const { session, effects } = createSession({
    actors,
    hasStoredTokens: false,
    ...(input ? { input } : {}),
  });
  return { session, pending, invoked, effects };
}

type Harness = ReturnType<typeof createSessionHarness>;

const emailInput = () => screen.getByLabelText('Email or phone') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
const digitBox = (n: number) =>
  screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement;
const digitBoxes = () => [1, 2, 3, 4, 5, 6].map(digitBox);

/** Does in the UI what the model event stands for. */
async function perform(user: UserApi, h: Harness, event: ModelEvent) {
  switch (event.type) {
    case 'login.change': {
      const input = event.field === 'emailOrPhone' ? emailInput() : passwordInput();
      await user.clear(input);
      await user.type(input, event.value);
      return;
    }
    case 'login.blur':
      await user.click(emailInput());
      await user.tab();
      return;
    case 'login.submit': {
      const button = screen.getByRole('button', { name: 'Sign in' });
      // The button is disabled while the form is not valid: the member presses Enter instead.
      if (button.hasAttribute('disabled')) {
        await user.click(passwordInput());
        await user.keyboard('{Enter}');
      } else {
        await user.click(button);
      }
      return;
    }
    case 'otp.cancel':
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      return;
    case 'session.refresh':
    case 'session.storageChanged':
    case 'session.signOut':
    case 'login.start':
      // Not the member: the HTTP client, other tabs, the account page's deletion (a session the
      // server refused as the account went) and the page /login was opened from (its history
      // entry's address) talk to the session actor.
      h.session.send(event);
      return;
    case 'xstate.done.actor.otp':
      // The member types the right code and presses Next; the server accepts it.
      await user.click(digitBox(1));
      await user.paste(CODE);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await h.pending.settle('verifyCode', done('verifyCode', TOKENS));
      return;
    default: {
      const id = parseOutcome(event)?.id;
      if (!id) throw new Error(`cannot perform ${event.type}`);
      await h.pending.settle(id, event as OutcomeEvent);
    }
  }
}

type Snapshot = ReturnType<SessionActor['getSnapshot']>;

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot) {
  const { login } = expected.context;
  if (expected.matches({ signedOut: 'form' }) || expected.matches({ signedOut: 'submitting' })) {
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(emailInput()).toHaveValue(login.values.emailOrPhone);
    expect(passwordInput()).toHaveValue(login.values.password);
    if (expected.matches({ signedOut: 'submitting' })) {
      const busy = screen.getByRole('button', { name: 'Signing in...' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      return;
    }
    const emailError = shownFieldErrors(login).emailOrPhone;
    if (emailError && login.values.emailOrPhone !== '') {
      expect(emailInput()).toHaveAccessibleDescription(fieldErrorText('emailOrPhone', emailError));
    }
    const submit = screen.getByRole('button', { name: 'Sign in' });
    if (canSubmitLogin(expected)) expect(submit).toBeEnabled();
    else expect(submit).toBeDisabled();
    expectFormMessage(login.errorKey);
    const why: Record<SignOutReason, string> = {
      deleted: 'Your account has been deleted.',
      maybeDeleted:
        'Your session ended while your account was being deleted: it may have been deleted. If you can still sign in, it was not.',
      expired: 'Your session has expired. Please sign in again.',
    };
    const reason = expected.context.signOutReason;
    if (reason) expect(screen.getByText(why[reason])).toBeVisible();
    else expect(screen.queryByText(/^(Your account has been deleted|Your session)/)).toBeNull();
    // The server's refusal marks both fields, which are described by it; a failure does not.
    if (login.errorKey?.startsWith('server.')) {
      expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
      expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
      const refusal = screen.getByRole('alert').textContent ?? '';
      expect(emailInput()).toHaveAccessibleDescription(expect.stringContaining(refusal));
      expect(passwordInput()).toHaveAccessibleDescription(expect.stringContaining(refusal));
    } else {
      const passwordError = shownFieldErrors(login).password;
      if (passwordError) {
        expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
        expect(passwordInput()).toHaveAccessibleDescription(
          fieldErrorText('password', passwordError),
        );
      } else {
        expect(passwordInput()).not.toHaveAttribute('aria-invalid');
      }
    }
    return;
  }

  // The one-time-code step (the otp machine's own suite checks the rest of it).
  expect(screen.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  // The code asked for is still on its way in this model (requestCode stays pending); the
  // step reopened after a reload asks for none: its code went out before.
  expect(
    screen.getByText(
      expected.context.otpResumed
        ? `We sent a 6-digit code to ${expected.context.otpEmail}. Enter it below.`
        : `We are sending a 6-digit code to ${expected.context.otpEmail}.`,
    ),
  ).toBeVisible();
  expect(screen.queryByLabelText('Email or phone')).toBeNull();
  expect(digitBoxes()).toHaveLength(6);
}

/** The effect a member notices when the path leaves the signed-out part. */
function assertLeftSignedOut(h: Harness, event: ModelEvent, expected: Snapshot) {
  expect(h.session.getSnapshot().matches('authenticated')).toBe(true);
  if (event.type === 'session.storageChanged') {
    // Another tab signed in: this one loads the user (the router then leaves /login).
    expect(h.invoked.at(-1)?.id).toBe('loadUser');
    expect(h.effects.storeTokens).not.toHaveBeenCalled();
    return;
  }
  // Signed in here: the tokens are stored (the router then leaves /login for /activation).
  expect(h.effects.startMembership).toHaveBeenCalledTimes(1);
  expect(h.effects.storeTokens.mock.calls[0]?.[1]).toEqual({
    token: 'access-1',
    refreshToken: 'refresh-1',
  });
  expect(h.session.getSnapshot().context.user).toEqual(expected.context.user);
}

const sameValue = (a: Snapshot, b: Snapshot) => JSON.stringify(a.value) === JSON.stringify(b.value);

/**
 * The signed-out paths on the real login screen, each up to where it leaves
 * the signed-out part; `input`: the app started with a sign-in code awaited.
 */
async function runOnLoginScreen(path: ModelPath<ModelEvent>, input?: SessionInput) {
  const user = userEvent.setup({ delay: null });
  const h = createSessionHarness(input);
  // The model: the same machine with quiet actors, driven by the path's events.
  const model = createActor(signedOutMachine, input ? { input } : {});
  model.start();
  await renderScreen(<LoginScreen />, { services: { session: h.session }, path: '/login' });
  assertView(model.getSnapshot() as Snapshot);
  if (input) {
    // Reopened: no code asked for; this tab goes on keeping its email.
    expect(h.invoked.map((call) => call.id)).not.toContain('requestCode');
    expect(h.effects.rememberAwaitedCode).toHaveBeenLastCalledWith(expect.anything(), {
      email: EMAIL,
    });
  }

  for (const step of path.steps) {
    await perform(user, h, step.event);
    model.send(step.event as never);
    const expected = model.getSnapshot() as Snapshot;
    await waitFor(() => expect(sameValue(h.session.getSnapshot(), expected)).toBe(true));
    if (!expected.matches('signedOut')) {
      assertLeftSignedOut(h, step.event, expected);
      break;
    }
    await waitFor(() => assertView(expected));
  }
  model.stop();
  h.session.stop();
}

/**
 * A stored-tokens path on the real session machine (no screen): every invoke
 * waits until the path settles it, every other event is sent to the actor as
 * the app would, and after each step the actor is in the model's state.
 */
async function runOnMachine(path: ModelPath<ModelEvent>) {
  const pending = new PendingCalls();
  const pendingActor = fromPromise<unknown, unknown>(({ input, self }) =>
    pending.create(self.id, [input]),
  );
  const { session } = createSession({
    actors: Object.fromEntries(
      ['loadUser', 'login', 'otp', 'refreshTokens'].map((name) => [name, pendingActor]),
    ),
    hasStoredTokens: true,
  });
  const model = createActor(storedMachine);
  model.start();
  expect(sameValue(session.getSnapshot(), model.getSnapshot() as Snapshot)).toBe(true);
  for (const step of path.steps) {
    const outcome = parseOutcome(step.event);
    if (outcome) await pending.settle(outcome.id, step.event as OutcomeEvent);
    else session.send(step.event as never);
    model.send(step.event as never);
    const expected = model.getSnapshot() as Snapshot;
    await vi.waitFor(() => expect(session.getSnapshot().value).toEqual(expected.value));
  }
  model.stop();
  session.stop();
}

const LOGIN_LABELS = { emailOrPhone: 'Email or phone', password: 'Password' };

/**
 * The step as a member does it, or sees it happen (or what the rest of the
 * app does); the calls' other outcomes: see `calls`.
 */
function say(event: ModelEvent): string | undefined {
  const error = (event as { error?: unknown }).error;
  const output = (event as { output?: unknown }).output;
  if (event === RETRY_ELAPSED) return 'Wait a few seconds (the retry delay)';
  const onForm = sayFormStep(event, {
    form: 'login',
    labels: LOGIN_LABELS,
    submit: 'Sign in',
    note: (_, value) => (value === INVALID ? ' (not a whole address)' : ''),
  });
  if (onForm) return onForm;
  switch (event.type) {
    case 'otp.cancel':
      return 'Press “Back to sign in”';
    case 'session.signOut':
      return event.reason === 'deleted'
        ? 'The account page deletes the account and signs out (after the server refused the session, if it has)'
        : 'Sign out';
    case 'session.retry':
      return 'Press “Try again”';
    case 'session.refresh':
      return 'A call is refused for an expired token: the app refreshes the tokens';
    case 'session.reloadUser':
      return 'A screen asks to reload the member';
    case 'session.userUpdated':
      return 'A screen saves the member (now in French)';
    case 'session.storageChanged':
      if (event.hasTokens) return 'Sign in in another tab';
      if (event.reason === 'expired') return 'The server refuses the session in another tab';
      return event.reason === 'deleted'
        ? 'Delete the account in another tab'
        : 'Sign out in another tab';
    case 'xstate.done.actor.login':
      return (output as { isVerified?: boolean }).isVerified === false
        ? 'The server accepts the password; the account is not verified yet'
        : 'The server accepts the password and signs the member in';
    case 'xstate.done.actor.refreshTokens':
      return (output as { kind: string }).kind === 'rotatedElsewhere'
        ? 'Another tab has already refreshed the tokens'
        : 'The server gives new tokens';
    case 'xstate.error.actor.refreshTokens':
      // A refused refresh carries the call's error inside.
      return sayFailure(
        'Refreshing the tokens fails',
        (error as { error?: unknown } | undefined)?.error,
      );
    default:
      return undefined;
  }
}

describeModel<ModelEvent>(
  {
    title: 'Session (sign-in and staying signed in)',
    machine: sessionMachine,
    invokeIds: INVOKE_IDS,
    calls: {
      loadUser: { done: 'The server answers with the member', fails: 'Loading the member fails' },
      reloadUser: {
        done: 'The server answers with the member (first name changed)',
        fails: 'Reloading the member fails',
      },
      login: { fails: 'Signing in fails' },
      otp: { done: `Type the code from the email (${CODE}), press “Next”: the server accepts it` },
    },
    walks: [
      {
        label: 'signed out',
        machine: signedOutMachine,
        events: EVENTS,
        serializeState,
        // On the login screen: up to the step that leaves the signed-out part.
        endsAt: (step) => !isSignedOutStep(step.stateIds),
        keep: (path) => path.steps.length > 0,
      },
      { label: 'stored tokens', machine: storedMachine, events: EVENTS, serializeState },
      {
        // The tab was reloaded (or discarded by a phone) at the sign-in's code step.
        label: 'reloaded at the code step',
        machine: signedOutMachine,
        input: RELOADED_AT_CODE,
        events: EVENTS,
        serializeState,
        endsAt: (step) => !isSignedOutStep(step.stateIds),
        keep: (path) => path.steps.length > 0,
      },
    ],
    name: describeEvent,
    say,
  },
  {
    file: import.meta.filename,
    run: (path) =>
      path.walk.label === 'stored tokens'
        ? runOnMachine(path)
        : runOnLoginScreen(path, path.walk.input as SessionInput | undefined),
    also: (paths) =>
      it('there are signed-out paths to run, and they reach every signed-out state', () => {
        const signedOut = paths.filter((p) => p.walk.label === 'signed out');
        const reached = new Set(signedOut.flatMap((p) => p.steps.flatMap((s) => s.stateIds)));
        for (const id of [
          'session.signedOut.form',
          'session.signedOut.submitting',
          'session.signedOut.otp.active',
          'session.authenticated',
        ]) {
          expect(reached).toContain(id);
        }
      }),
  },
);
