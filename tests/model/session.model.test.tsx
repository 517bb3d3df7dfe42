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
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise } from 'xstate';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import { MAX_LOAD_ATTEMPTS, sessionMachine } from '../../machines/session/session.machine.ts';
import { canSubmitLogin } from '../../machines/session/session.selectors.ts';
import type { SessionContext, SessionEvent } from '../../machines/session/session.types.ts';
import type { Tokens, User } from '../../machines/shared/domain.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { createSession, httpError, networkError, timeoutError } from '../support/fake-services.ts';
import { MARIE } from '../support/fixtures.ts';
import type { UserApi } from '../support/form.ts';
import {
  done,
  expectFullCoverage,
  expectOutcomesNameInvokes,
  failed,
  generatePaths,
  type ModelPath,
  type OutcomeEvent,
  parseOutcome,
  quietActors,
} from '../support/model.ts';
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
  { type: 'otp.cancel' },
  { type: 'session.signOut' },
  { type: 'session.retry' },
  // Time passing.
  RETRY_ELAPSED,
  // What the rest of the app (HTTP client, screens, other tabs) asks.
  { type: 'session.refresh' },
  { type: 'session.reloadUser' },
  { type: 'session.userUpdated', user: { ...USER, language: 'fr' } },
  { type: 'session.storageChanged', hasTokens: true },
  { type: 'session.storageChanged', hasTokens: false },
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

function walkMachine(hasStoredTokens: boolean) {
  return sessionMachine.provide({
    actors: quietActors(['loadUser', 'login', 'otp', 'refreshTokens']) as never,
    guards: { hasStoredTokens: () => hasStoredTokens },
  });
}

const signedOutMachine = walkMachine(false);
const storedMachine = walkMachine(true);

const signedOutPaths = generatePaths<ModelEvent>(signedOutMachine, {
  events: EVENTS,
  serializeState,
});
const storedPaths = generatePaths<ModelEvent>(storedMachine, { events: EVENTS, serializeState });

describe('session model: coverage of the real machine', () => {
  it('the two walks reach 100 % of the states and 100 % of the transitions', () => {
    expectFullCoverage(
      sessionMachine,
      [
        { machine: signedOutMachine, paths: signedOutPaths },
        { machine: storedMachine, paths: storedPaths },
      ],
      `paths: ${signedOutPaths.length} without tokens, ${storedPaths.length} with tokens`,
    );
  });

  it('every outcome event names an invoke of the machine', () => {
    expectOutcomesNameInvokes(sessionMachine, EVENTS, INVOKE_IDS);
  });
});

// ---------------------------------------------------------------------------
// Executing the signed-out paths against the real login screen
// ---------------------------------------------------------------------------

const isSignedOutStep = (stateIds: string[]) => stateIds.includes('session.signedOut');

/**
 * Each path up to (and including) its first step out of the signed-out part,
 * without duplicates and without paths that are the start of a longer one
 * (running the longer one checks every state of the shorter one on the way).
 */
function signedOutPrefixes(paths: Array<ModelPath<ModelEvent>>): Array<ModelPath<ModelEvent>> {
  const cut = paths.map((path) => {
    const exit = path.steps.findIndex((step) => !isSignedOutStep(step.stateIds));
    const steps = exit === -1 ? path.steps : path.steps.slice(0, exit + 1);
    return { ...path, steps, description: steps.map((s) => describeEvent(s.event)).join(' → ') };
  });
  const unique = [...new Map(cut.map((p) => [p.description, p])).values()];
  return unique
    .filter(
      (p) =>
        p.steps.length > 0 &&
        !unique.some((q) => q !== p && q.description.startsWith(`${p.description} → `)),
    )
    .sort((a, b) => a.description.localeCompare(b.description));
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'login.change') {
    const value = event.value === INVALID ? 'invalid' : event.value;
    return `login.change(${event.field}=${value})`;
  }
  if ('output' in event && event.type === 'xstate.done.actor.login') {
    return (event.output as { isVerified?: boolean }).isVerified === false
      ? 'login done (unverified)'
      : 'login done (verified)';
  }
  if (event.type.startsWith('xstate.done.actor.')) return `${event.type.slice(18)} done`;
  if (event.type.startsWith('xstate.error.actor.')) return `${event.type.slice(19)} error`;
  if (event.type === 'session.storageChanged') return `storageChanged(${event.hasTokens})`;
  return event.type;
}

const viewPaths = signedOutPrefixes(signedOutPaths);

/**
 * A real session actor (the machine the app runs) whose effects are pending
 * calls: each invoke waits under its invoke id, and the path settles it when
 * it reaches that actor's outcome.
 */
function createSessionHarness() {
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
  const { session, effects } = createSession({ actors, hasStoredTokens: false });
  return { session, pending, invoked, effects };
}

type Harness = ReturnType<typeof createSessionHarness>;

/** The English texts a member reads for the keys the model produces. */
const EN: Record<string, string> = {
  'server.incorrectEmailOrPassword': 'Incorrect email or password',
  'server.incorrectOtp': 'Incorrect OTP',
  'errors.network': 'We could not reach the server. Check your connection and try again.',
  'errors.verifyWithEmail': 'To verify your account, sign in with your email address.',
  'validation.emailOrPhoneInvalid': 'Invalid email or phone',
};

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
    case 'login.submit':
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      return;
    case 'otp.cancel':
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      return;
    case 'session.refresh':
    case 'session.storageChanged':
      // Not the member: the HTTP client and other tabs talk to the session actor.
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
      expect(emailInput()).toHaveAccessibleDescription(EN[emailError.key] ?? '(no text)');
    }
    const submit = screen.getByRole('button', { name: 'Sign in' });
    if (canSubmitLogin(expected)) expect(submit).toBeEnabled();
    else expect(submit).toBeDisabled();
    if (login.errorKey) {
      expect(screen.getByRole('alert')).toHaveTextContent(EN[login.errorKey] ?? '(no text)');
      expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
      expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    } else {
      expect(screen.queryByRole('alert')).toBeNull();
      expect(passwordInput()).not.toHaveAttribute('aria-invalid');
    }
    return;
  }

  // The one-time-code step (the otp machine's own suite checks the rest of it).
  expect(screen.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  expect(
    screen.getByText(`We sent a 6-digit code to ${expected.context.otpEmail}. Enter it below.`),
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

describe('session model: the signed-out paths on the real login screen', () => {
  afterAll(() => {
    console.info(`session model: ${viewPaths.length} signed-out paths rendered`);
  });

  it('there are signed-out paths to run, and they reach every signed-out state', () => {
    const reached = new Set(viewPaths.flatMap((p) => p.steps.flatMap((s) => s.stateIds)));
    for (const id of [
      'session.signedOut.form',
      'session.signedOut.submitting',
      'session.signedOut.otp.active',
      'session.authenticated',
    ]) {
      expect(reached).toContain(id);
    }
  });

  it.each(viewPaths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ delay: null });
    const h = createSessionHarness();
    // The model: the same machine with quiet actors, driven by the path's events.
    const model = createActor(signedOutMachine);
    model.start();
    await renderScreen(<LoginScreen />, { services: { session: h.session }, path: '/login' });
    assertView(model.getSnapshot() as Snapshot);

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
  });
});
