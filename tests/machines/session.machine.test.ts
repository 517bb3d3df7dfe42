import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type OtpEvent,
  type OtpVerified,
  otpMachine,
  RESEND_COOLDOWN_MS,
} from '../../machines/otp/otp.machine.ts';
import {
  canResendCode,
  canSubmitCode,
  isCheckingCode,
  isCodeCoolingDown,
  isSendingCode,
} from '../../machines/otp/otp.selectors.ts';

import {
  LOAD_RETRY_BASE_MS,
  OTP_EMAIL_NEEDED_KEY,
  sessionMachine,
} from '../../machines/session/session.machine.ts';
import {
  canSubmitLogin,
  isLoadingUser,
  isOnOtpStep,
  isServerUnreachable,
  isSettled,
  isSignedIn,
} from '../../machines/session/session.selectors.ts';
import type {
  LoginValues,
  RefreshResult,
  SessionEvent,
} from '../../machines/session/session.types.ts';
import {
  EMPTY_USER,
  type LoginResponse,
  type Tokens,
  type User,
} from '../../machines/shared/domain.ts';
import { type Deferred, deferred, flushPromises } from '../support/deferred.ts';
import { fakeSessionEffects } from '../support/fake-services.ts';
import { MARIE } from '../support/fixtures.ts';

const USER: User = MARIE;

const TOKENS: Tokens = { token: 'access-1', refreshToken: 'refresh-1', user: USER };

function httpError(status: number, key: string) {
  return Object.assign(new Error(key), { kind: 'http', status, key });
}

const NETWORK_ERROR = Object.assign(new Error('offline'), {
  kind: 'network',
  key: 'errors.network',
});

/**
 * A session actor whose effects are fakes: every invoke waits on a deferred the
 * test settles (`pending.<name>`), and every effect action is a spy.
 */
function start({
  tokens = false,
  resetUser,
  awaitedCode,
}: {
  tokens?: boolean;
  /** resetUser is an assign; a test can replace it with a spy to see it run. */
  resetUser?: () => void;
  /** The email of a sign-in code this tab awaited when it was reloaded. */
  awaitedCode?: string;
} = {}) {
  const pending = {
    loadUser: [] as Array<Deferred<User>>,
    login: [] as Array<Deferred<LoginResponse>>,
    requestOtp: [] as Array<Deferred<void>>,
    verifyOtp: [] as Array<Deferred<Tokens>>,
    refreshTokens: [] as Array<Deferred<RefreshResult>>,
  };
  const calls = {
    loadUser: vi.fn(),
    login: vi.fn<(input: LoginValues) => void>(),
    requestOtp: vi.fn<(input: { email: string }) => void>(),
    verifyOtp: vi.fn<(input: { email: string; otp: string }) => void>(),
    refreshTokens: vi.fn(),
  };
  const spies = fakeSessionEffects();
  const actors = {
    loadUser: fromPromise<User>(() => {
      calls.loadUser();
      const d = deferred<User>();
      pending.loadUser.push(d);
      return d.promise;
    }),
    login: fromPromise<LoginResponse, LoginValues>(({ input }) => {
      calls.login(input);
      const d = deferred<LoginResponse>();
      pending.login.push(d);
      return d.promise;
    }),
    otp: otpMachine.provide({
      actors: {
        requestCode: fromPromise<void, { email: string }>(({ input }) => {
          calls.requestOtp(input);
          const d = deferred<void>();
          pending.requestOtp.push(d);
          return d.promise;
        }),
        verifyCode: fromPromise<OtpVerified, { email: string; otp: string }>(({ input }) => {
          calls.verifyOtp(input);
          const d = deferred<Tokens>();
          pending.verifyOtp.push(d);
          return d.promise;
        }),
      },
    }),
    refreshTokens: fromPromise<RefreshResult>(() => {
      calls.refreshTokens();
      const d = deferred<RefreshResult>();
      pending.refreshTokens.push(d);
      return d.promise;
    }),
  };
  const hasStoredTokens = vi.fn(() => tokens);
  const actor = createActor(
    sessionMachine.provide({
      actors,
      actions: { ...spies, ...(resetUser ? { resetUser } : {}) },
      guards: { hasStoredTokens },
    }),
    awaitedCode ? { input: { awaitedCode } } : {},
  );
  actor.start();
  const last = <T>(list: Array<Deferred<T>>): Deferred<T> => {
    const d = list.at(-1);
    if (!d) throw new Error('that actor was never invoked');
    return d;
  };
  const send = (...events: SessionEvent[]) => {
    for (const event of events) actor.send(event);
  };
  return { actor, pending, calls, spies, hasStoredTokens, last, send };
}

type Session = ReturnType<typeof start>;

const fill = (s: Session, emailOrPhone: string, password = 'correct-horse') =>
  s.send(
    { type: 'login.change', field: 'emailOrPhone', value: emailOrPhone },
    { type: 'login.change', field: 'password', value: password },
  );

/** Resolves the pending promise, then waits until the machine has left `leaving`. */
async function settle<T>(
  s: Session,
  d: Deferred<T>,
  outcome: { value: T } | { error: unknown },
): Promise<void> {
  const before = s.actor.getSnapshot().value;
  if ('value' in outcome) d.resolve(outcome.value);
  else d.reject(outcome.error);
  await waitFor(s.actor, (snap) => JSON.stringify(snap.value) !== JSON.stringify(before));
}

/** The one-time-code step's actor (the otp machine the session invokes). */
function otpActor(s: Session) {
  const otp = s.actor.getSnapshot().children.otp;
  if (!otp) throw new Error('the session is not on the code step');
  return otp;
}
const otpOf = (s: Session) => otpActor(s).getSnapshot();
const sendOtp = (s: Session, ...events: OtpEvent[]) => {
  for (const event of events) otpActor(s).send(event);
};

/** Settles a call of the code step (the session itself may not change state). */
async function settleOtp<T>(d: Deferred<T>, outcome: { value: T } | { error: unknown }) {
  if ('value' in outcome) d.resolve(outcome.value);
  else d.reject(outcome.error);
  await flushPromises();
}

async function signedIn(): Promise<Session> {
  const s = start({ tokens: true });
  await settle(s, s.last(s.pending.loadUser), { value: USER });
  return s;
}

async function onOtpStep(email = 'marie@example.ca'): Promise<Session> {
  const s = start();
  fill(s, email);
  s.send({ type: 'login.submit' });
  await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
  await settleOtp(s.last(s.pending.requestOtp), { value: undefined });
  return s;
}

/**
 * A sign-in went through: the tokens were stored once, the user is saved, the
 * membership started, and the session is signed in and ready.
 */
function expectSignedInWithTokens(s: Session) {
  const snap = s.actor.getSnapshot();
  expect(snap.matches({ authenticated: { user: 'ready' } })).toBe(true);
  expect(s.spies.storeTokens).toHaveBeenCalledTimes(1);
  expect(s.spies.storeTokens.mock.calls[0]?.[1]).toEqual({
    token: 'access-1',
    refreshToken: 'refresh-1',
  });
  expect(snap.context.user).toEqual(USER);
  expect(s.spies.startMembership).toHaveBeenCalledTimes(1);
  expect(isSignedIn(snap)).toBe(true);
}

describe('session machine: restore', () => {
  it('without stored tokens settles signed out on the login form', () => {
    const s = start({ tokens: false });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(isSettled(snap)).toBe(true);
    expect(isSignedIn(snap)).toBe(false);
    expect(s.calls.loadUser).not.toHaveBeenCalled();
  });

  it('with stored tokens loads the user (not settled yet), then is signed in and settled', async () => {
    const s = start({ tokens: true });
    expect(s.hasStoredTokens).toHaveBeenCalled();
    const loading = s.actor.getSnapshot();
    expect(isLoadingUser(loading)).toBe(true);
    expect(loading.hasTag('loading')).toBe(true);
    expect(isSettled(loading)).toBe(false);
    expect(s.calls.loadUser).toHaveBeenCalledTimes(1);

    await settle(s, s.last(s.pending.loadUser), { value: USER });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ authenticated: { user: 'ready', refresh: 'idle' } })).toBe(true);
    expect(isSettled(snap)).toBe(true);
    expect(isSignedIn(snap)).toBe(true);
    expect(snap.context.user).toEqual(USER);
    expect(s.spies.startMembership).toHaveBeenCalledTimes(1);
  });

  it.each([
    [401, 'server.unauthorized'],
    [403, 'server.accessDenied'],
  ])(
    'a user load the server refuses (%i) signs out: tokens cleared, user reset, membership cleared, reason expired',
    async (status, key) => {
      const resetUser = vi.fn();
      const s = start({ tokens: true, resetUser });
      await settle(s, s.last(s.pending.loadUser), { error: httpError(status, key) });
      const snap = s.actor.getSnapshot();
      expect(snap.matches({ signedOut: 'form' })).toBe(true);
      expect(isSettled(snap)).toBe(true);
      expect(snap.context.signOutReason).toBe('expired');
      expect(s.spies.clearTokens).toHaveBeenCalledTimes(1);
      expect(resetUser).toHaveBeenCalledTimes(1);
      expect(s.spies.clearMembership).toHaveBeenCalledTimes(1);
      expect(s.spies.logError).toHaveBeenCalledTimes(1);
      expect(s.spies.startMembership).not.toHaveBeenCalled();
    },
  );

  describe('a user load that fails without a refusal keeps the session', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['a 503', httpError(503, 'errors.unknown')],
      ['a network failure', NETWORK_ERROR],
      [
        'an unreadable answer',
        Object.assign(new Error('parse'), { kind: 'parse', key: 'errors.unknown' }),
      ],
    ])(
      '%s: tried again after 1 s and 2 s, then the unreachable state; Try again loads it',
      async (_case, error) => {
        vi.useFakeTimers();
        const s = start({ tokens: true });
        s.last(s.pending.loadUser).reject(error);
        await vi.advanceTimersByTimeAsync(0);
        expect(s.actor.getSnapshot().matches({ authenticated: { user: 'retrying' } })).toBe(true);
        expect(isLoadingUser(s.actor.getSnapshot())).toBe(true);
        expect(isSettled(s.actor.getSnapshot())).toBe(false);
        await vi.advanceTimersByTimeAsync(LOAD_RETRY_BASE_MS - 1);
        expect(s.calls.loadUser).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1);
        expect(s.calls.loadUser).toHaveBeenCalledTimes(2);

        s.last(s.pending.loadUser).reject(error);
        await vi.advanceTimersByTimeAsync(2 * LOAD_RETRY_BASE_MS);
        expect(s.calls.loadUser).toHaveBeenCalledTimes(3);

        s.last(s.pending.loadUser).reject(error);
        await vi.advanceTimersByTimeAsync(0);
        const snap = s.actor.getSnapshot();
        expect(isServerUnreachable(snap)).toBe(true);
        expect(isSignedIn(snap)).toBe(true);
        expect(isSettled(snap)).toBe(false);
        expect(snap.context.loadErrorKey).toBe(error.key);
        expect(s.spies.clearTokens).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(60_000);
        expect(s.calls.loadUser).toHaveBeenCalledTimes(3);

        s.send({ type: 'session.retry' });
        expect(s.calls.loadUser).toHaveBeenCalledTimes(4);
        s.last(s.pending.loadUser).resolve(USER);
        await vi.advanceTimersByTimeAsync(0);
        expect(s.actor.getSnapshot().matches({ authenticated: { user: 'ready' } })).toBe(true);
        expect(s.actor.getSnapshot().context).toMatchObject({
          loadFailures: 0,
          loadErrorKey: null,
        });
      },
    );

    it('a time-out goes to the unreachable state at once (the member has waited enough)', async () => {
      const s = start({ tokens: true });
      await settle(s, s.last(s.pending.loadUser), {
        error: Object.assign(new Error('slow'), { kind: 'timeout', key: 'errors.timeout' }),
      });
      expect(isServerUnreachable(s.actor.getSnapshot())).toBe(true);
      expect(s.spies.clearTokens).not.toHaveBeenCalled();
    });
  });
});

describe('session machine: login form', () => {
  it('submit is disabled until the form is changed and valid', () => {
    const s = start();
    expect(canSubmitLogin(s.actor.getSnapshot())).toBe(false);
    s.send({ type: 'login.submit' });
    expect(s.actor.getSnapshot().matches({ signedOut: 'form' })).toBe(true);

    fill(s, 'marie@', 'correct-horse');
    expect(canSubmitLogin(s.actor.getSnapshot())).toBe(false);
    fill(s, 'marie@example.ca', 'short');
    expect(canSubmitLogin(s.actor.getSnapshot())).toBe(false);
    s.send({ type: 'login.submit' });
    expect(s.calls.login).not.toHaveBeenCalled();

    fill(s, '514 555 0123', 'correct-horse');
    expect(canSubmitLogin(s.actor.getSnapshot())).toBe(true);
    fill(s, 'marie@example.ca', 'correct-horse');
    expect(canSubmitLogin(s.actor.getSnapshot())).toBe(true);
    s.send({ type: 'login.submit' });
    expect(s.actor.getSnapshot().matches({ signedOut: 'submitting' })).toBe(true);
    expect(s.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(s.calls.login).toHaveBeenCalledWith({
      emailOrPhone: 'marie@example.ca',
      password: 'correct-horse',
    });
  });

  it('success stores the tokens, saves the user, starts the membership and goes to /activation', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), {
      value: { token: 'access-1', refreshToken: 'refresh-1', user: USER, isVerified: true },
    });
    expectSignedInWithTokens(s);
    const snap = s.actor.getSnapshot();
    // The user came with the login response: no extra profile load.
    expect(s.calls.loadUser).not.toHaveBeenCalled();
    // The form is emptied for the next visitor of this tab.
    expect(snap.context.login.values).toEqual({ emailOrPhone: '', password: '' });
  });

  it('a login response without isVerified also counts as verified', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), {
      value: { token: 'a', refreshToken: 'r', user: USER },
    });
    expect(isSignedIn(s.actor.getSnapshot())).toBe(true);
    expect(s.calls.requestOtp).not.toHaveBeenCalled();
  });

  it('isVerified false requests a code for the entered email and shows the OTP step', async () => {
    const s = start();
    fill(s, '  marie@example.ca ');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    expect(s.calls.requestOtp).toHaveBeenCalledWith({ email: 'marie@example.ca' });
    expect(isSendingCode(otpOf(s))).toBe(true);
    expect(isOnOtpStep(s.actor.getSnapshot())).toBe(true);
    expect(s.spies.storeTokens).not.toHaveBeenCalled();
    expect(isSignedIn(s.actor.getSnapshot())).toBe(false);

    await settleOtp(s.last(s.pending.requestOtp), { value: undefined });
    const snap = otpOf(s);
    expect(snap.matches({ active: { code: 'entering' } })).toBe(true);
    expect(isCodeCoolingDown(snap)).toBe(true);
    expect(snap.context).toMatchObject({
      email: 'marie@example.ca',
      sentCount: 1,
      errorKey: null,
    });
  });

  it('an unverified phone login uses the email of the response when there is one', async () => {
    const s = start();
    fill(s, '514 555 0123');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false, user: USER } });
    expect(s.calls.requestOtp).toHaveBeenCalledWith({ email: 'marie@example.ca' });
  });

  it('an unverified phone login with no email in the response goes back to the form with errors.verifyWithEmail', async () => {
    const s = start();
    fill(s, '514 555 0123');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    // Under the address typed, which it marks: not under the form.
    expect(snap.context.login.serverFieldErrors).toEqual({
      emailOrPhone: { key: OTP_EMAIL_NEEDED_KEY },
    });
    expect(OTP_EMAIL_NEEDED_KEY).toBe('errors.verifyWithEmail');
    expect(snap.context.login.errorKey).toBeNull();
    expect(snap.context.login.values.password).toBe('correct-horse');
    expect(s.calls.requestOtp).not.toHaveBeenCalled();
  });

  it('a failure shows the server key and keeps the values; editing clears the error', async () => {
    const s = start();
    fill(s, 'marie@example.ca', 'wrong-password');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), {
      error: httpError(401, 'server.incorrectEmailOrPassword'),
    });
    let snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.login.errorKey).toBe('server.incorrectEmailOrPassword');
    expect(snap.context.login.values).toEqual({
      emailOrPhone: 'marie@example.ca',
      password: 'wrong-password',
    });
    expect(s.spies.storeTokens).not.toHaveBeenCalled();

    s.send({ type: 'login.change', field: 'password', value: 'wrong-password!' });
    snap = s.actor.getSnapshot();
    expect(snap.context.login.errorKey).toBeNull();
    expect(canSubmitLogin(snap)).toBe(true);
  });

  it('an error without a key shows errors.unknown', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { error: new TypeError('boom') });
    expect(s.actor.getSnapshot().context.login.errorKey).toBe('errors.unknown');
  });
});

describe('session machine: one-time code', () => {
  it('strips non-digits and allows Next only at 6 digits', async () => {
    const s = await onOtpStep();
    sendOtp(s, { type: 'otp.change', code: '12a3-4' });
    expect(otpOf(s).context.code).toBe('1234');
    expect(canSubmitCode(otpOf(s))).toBe(false);
    sendOtp(s, { type: 'otp.change', code: '12345' });
    sendOtp(s, { type: 'otp.submit' });
    expect(s.calls.verifyOtp).not.toHaveBeenCalled();
    expect(otpOf(s).matches({ active: { code: 'entering' } })).toBe(true);

    sendOtp(s, { type: 'otp.change', code: '1234567' });
    expect(otpOf(s).context.code).toBe('123456');
    expect(canSubmitCode(otpOf(s))).toBe(true);
    sendOtp(s, { type: 'otp.submit' });
    expect(isCheckingCode(otpOf(s))).toBe(true);
    expect(s.calls.verifyOtp).toHaveBeenCalledWith({ email: 'marie@example.ca', otp: '123456' });
  });

  it('verify success stores the tokens, saves the user and goes to /activation', async () => {
    const s = await onOtpStep();
    sendOtp(s, { type: 'otp.change', code: '123456' }, { type: 'otp.submit' });
    await settle(s, s.last(s.pending.verifyOtp), { value: TOKENS });
    expectSignedInWithTokens(s);
  });

  it('verify failure shows the server key and lets the member retry', async () => {
    const s = await onOtpStep();
    sendOtp(s, { type: 'otp.change', code: '000000' }, { type: 'otp.submit' });
    await settleOtp(s.last(s.pending.verifyOtp), { error: httpError(400, 'server.incorrectOtp') });
    let snap = otpOf(s);
    expect(snap.matches({ active: { code: 'entering' } })).toBe(true);
    expect(snap.context.code).toBe('000000');
    expect(snap.context.errorKey).toBe('server.incorrectOtp');
    expect(isSignedIn(s.actor.getSnapshot())).toBe(false);

    sendOtp(s, { type: 'otp.change', code: '00000' });
    snap = otpOf(s);
    expect(snap.context.errorKey).toBeNull();
  });

  it('resend requests a code again and marks it sent; a failed request shows its key', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    await settleOtp(s.last(s.pending.requestOtp), { error: NETWORK_ERROR });
    let snap = otpOf(s);
    expect(canResendCode(snap)).toBe(true);
    expect(snap.context).toMatchObject({ errorKey: 'errors.network', sentCount: 0 });

    sendOtp(s, { type: 'otp.resend' });
    expect(isSendingCode(otpOf(s))).toBe(true);
    expect(s.calls.requestOtp).toHaveBeenCalledTimes(2);
    expect(s.calls.requestOtp).toHaveBeenLastCalledWith({ email: 'marie@example.ca' });
    await settleOtp(s.last(s.pending.requestOtp), { value: undefined });
    snap = otpOf(s);
    expect(isCodeCoolingDown(snap)).toBe(true);
    expect(snap.context.sentCount).toBe(1);
    // The new code was sent: the old failure is no longer shown.
    expect(snap.context.errorKey).toBeNull();
  });

  it('after a code is sent, Resend does nothing for 30 s, then sends one code per click', async () => {
    vi.useFakeTimers();
    try {
      const s = start();
      fill(s, 'marie@example.ca');
      s.send({ type: 'login.submit' });
      s.last(s.pending.login).resolve({ isVerified: false });
      await vi.advanceTimersByTimeAsync(0);
      s.last(s.pending.requestOtp).resolve(undefined);
      await vi.advanceTimersByTimeAsync(0);
      for (let i = 0; i < 6; i += 1) sendOtp(s, { type: 'otp.resend' });
      expect(s.calls.requestOtp).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - 1);
      sendOtp(s, { type: 'otp.resend' });
      expect(s.calls.requestOtp).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(canResendCode(otpOf(s))).toBe(true);
      for (let i = 0; i < 6; i += 1) sendOtp(s, { type: 'otp.resend' });
      expect(s.calls.requestOtp).toHaveBeenCalledTimes(2);
      s.last(s.pending.requestOtp).resolve(undefined);
      await vi.advanceTimersByTimeAsync(0);
      expect(isCodeCoolingDown(otpOf(s))).toBe(true);
      expect(otpOf(s).context.sentCount).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the code can be checked while a new one is on its way', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    expect(isSendingCode(otpOf(s))).toBe(true);
    sendOtp(s, { type: 'otp.change', code: '123456' }, { type: 'otp.submit' });
    expect(isCheckingCode(otpOf(s))).toBe(true);
    expect(isSendingCode(otpOf(s))).toBe(true);
  });

  it('after a failed attempt, the right credentials of an unverified account leave no stale error behind', async () => {
    const s = start();
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), {
      error: httpError(401, 'server.incorrectEmailOrPassword'),
    });
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    s.send({ type: 'otp.cancel' });
    expect(s.actor.getSnapshot().context.login.errorKey).toBeNull();
  });

  it('cancel goes back to the login form with the typed values', async () => {
    const s = await onOtpStep();
    s.send({ type: 'otp.cancel' });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.login.values.emailOrPhone).toBe('marie@example.ca');
  });
});

describe('session machine: the code step through a reload', () => {
  it('the tab keeps the email while the code step shows, and forgets it when the step is left', async () => {
    const s = await onOtpStep();
    expect(s.spies.rememberAwaitedCode).toHaveBeenCalledTimes(1);
    expect(s.spies.rememberAwaitedCode.mock.calls[0]?.[1]).toEqual({ email: 'marie@example.ca' });
    expect(s.spies.forgetAwaitedCode).not.toHaveBeenCalled();
    s.send({ type: 'otp.cancel' });
    expect(s.spies.forgetAwaitedCode).toHaveBeenCalledTimes(1);

    // A right code forgets it too.
    const t = await onOtpStep();
    sendOtp(t, { type: 'otp.change', code: '123456' }, { type: 'otp.submit' });
    await settle(t, t.last(t.pending.verifyOtp), { value: TOKENS });
    expect(isSignedIn(t.actor.getSnapshot())).toBe(true);
    expect(t.spies.forgetAwaitedCode).toHaveBeenCalledTimes(1);
  });

  it('reloaded at the code step: the step again, for that email, without asking for another code', async () => {
    const s = start({ awaitedCode: 'marie@example.ca' });
    expect(isOnOtpStep(s.actor.getSnapshot())).toBe(true);
    expect(s.calls.requestOtp).not.toHaveBeenCalled();
    const snap = otpOf(s);
    expect(snap.context).toMatchObject({ email: 'marie@example.ca', sentCount: 1 });
    // Resend waits, as after any code sent.
    expect(isCodeCoolingDown(snap)).toBe(true);

    sendOtp(s, { type: 'otp.change', code: '123456' }, { type: 'otp.submit' });
    expect(s.calls.verifyOtp).toHaveBeenCalledWith({ email: 'marie@example.ca', otp: '123456' });
    await settle(s, s.last(s.pending.verifyOtp), { value: TOKENS });
    expect(isSignedIn(s.actor.getSnapshot())).toBe(true);
    expect(s.spies.forgetAwaitedCode).toHaveBeenCalledTimes(1);
  });

  it('back to sign in from the reopened step: the form, empty; a new sign-in asks for a code', async () => {
    const s = start({ awaitedCode: 'marie@example.ca' });
    s.send({ type: 'otp.cancel' });
    expect(s.actor.getSnapshot().matches({ signedOut: 'form' })).toBe(true);
    expect(s.spies.forgetAwaitedCode).toHaveBeenCalledTimes(1);
    fill(s, 'marie@example.ca');
    s.send({ type: 'login.submit' });
    await settle(s, s.last(s.pending.login), { value: { isVerified: false } });
    expect(s.calls.requestOtp).toHaveBeenCalledWith({ email: 'marie@example.ca' });
  });

  it('a session stored meanwhile (another tab signed in) wins over the awaited code, which is forgotten', () => {
    const s = start({ tokens: true, awaitedCode: 'marie@example.ca' });
    expect(s.actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(s.spies.forgetAwaitedCode).toHaveBeenCalledTimes(1);
    expect(s.calls.requestOtp).not.toHaveBeenCalled();
  });
});

describe('session machine: signed in', () => {
  it('sign-out clears both tokens, resets the user, clears the membership and goes to /login', async () => {
    const s = await signedIn();
    s.send({ type: 'session.signOut' });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(isSettled(snap)).toBe(true);
    expect(snap.context.user).toEqual(EMPTY_USER);
    expect(s.spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(s.spies.clearMembership).toHaveBeenCalledTimes(1);
    expect(isSignedIn(s.actor.getSnapshot())).toBe(false);
    expect(s.spies.notifyServerLogout).toHaveBeenCalledTimes(1);
    expect(snap.context.signOutReason).toBeNull();
  });

  it('a sign-out after the account was deleted keeps that reason for /login; the next sign-in forgets it', async () => {
    const s = await signedIn();
    s.send({ type: 'session.signOut', reason: 'deleted' });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.signOutReason).toBe('deleted');
    expect(s.spies.clearTokens).toHaveBeenCalledTimes(1);
    s.send({ type: 'session.storageChanged', hasTokens: true });
    expect(s.actor.getSnapshot().context.signOutReason).toBeNull();
  });

  it('a deletion that finds the session already refused (the account it deleted is gone) says so instead of "expired", and nothing is cleared twice', async () => {
    const s = await signedIn();
    s.send({ type: 'session.storageChanged', hasTokens: false, reason: 'expired' });
    expect(s.actor.getSnapshot().context.signOutReason).toBe('expired');
    const cleared = s.spies.clearMembership.mock.calls.length;
    s.send({ type: 'session.signOut', reason: 'deleted' });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.signOutReason).toBe('deleted');
    expect(s.spies.notifyServerLogout).not.toHaveBeenCalled();
    expect(s.spies.clearTokens).not.toHaveBeenCalled();
    expect(s.spies.clearMembership).toHaveBeenCalledTimes(cleared);
  });

  it('reloadUser keeps the session settled and takes the new user; a failure keeps the old one', async () => {
    const s = await signedIn();
    s.send({ type: 'session.reloadUser' });
    expect(isSettled(s.actor.getSnapshot())).toBe(true);
    expect(s.calls.loadUser).toHaveBeenCalledTimes(2);
    await settle(s, s.last(s.pending.loadUser), { value: { ...USER, firstName: 'Émilie' } });
    expect(s.actor.getSnapshot().context.user.firstName).toBe('Émilie');

    s.send({ type: 'session.reloadUser' });
    await settle(s, s.last(s.pending.loadUser), { error: NETWORK_ERROR });
    expect(s.actor.getSnapshot().matches({ authenticated: { user: 'ready' } })).toBe(true);
    expect(s.actor.getSnapshot().context.user.firstName).toBe('Émilie');
    expect(s.spies.logError).toHaveBeenCalledTimes(1);
  });

  it('a save answered while the user reloads shows at once, and a read from before it never replaces it', async () => {
    const s = await signedIn();
    s.send({ type: 'session.reloadUser' });
    const before = s.last(s.pending.loadUser);
    s.send({ type: 'session.userUpdated', user: { ...USER, lastName: 'Roy' } });
    expect(s.actor.getSnapshot().context.user.lastName).toBe('Roy');
    expect(s.calls.loadUser).toHaveBeenCalledTimes(3);
    // The read started before the save answers late: it is no longer listened to.
    before.resolve({ ...USER, lastName: 'Tremblay' });
    await flushPromises();
    expect(s.actor.getSnapshot().matches({ authenticated: { user: 'reloading' } })).toBe(true);
    expect(s.actor.getSnapshot().context.user.lastName).toBe('Roy');
    await settle(s, s.last(s.pending.loadUser), { value: { ...USER, lastName: 'Roy' } });
    expect(s.actor.getSnapshot().matches({ authenticated: { user: 'ready' } })).toBe(true);
    expect(s.actor.getSnapshot().context.user.lastName).toBe('Roy');
  });

  it('userUpdated replaces the user and tells the other tabs', async () => {
    const s = await signedIn();
    s.send({ type: 'session.userUpdated', user: { ...USER, language: 'fr' } });
    expect(s.actor.getSnapshot().context.user.language).toBe('fr');
    expect(s.spies.announceUserSaved).toHaveBeenCalledTimes(1);
  });
});

describe('session machine: token refresh', () => {
  it('10 refresh requests while one runs make exactly one refresh call', async () => {
    const s = await signedIn();
    for (let i = 0; i < 10; i += 1) s.send({ type: 'session.refresh' });
    expect(s.actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(s.calls.refreshTokens).toHaveBeenCalledTimes(1);

    s.last(s.pending.refreshTokens).resolve({
      kind: 'refreshed',
      tokens: { ...TOKENS, token: 'access-2', refreshToken: 'refresh-2' },
    });
    const snap = await waitFor(s.actor, (x) => x.context.refreshCount === 1);
    expect(snap.context.refreshOutcome).toBe('refreshed');
    expect(snap.matches({ authenticated: { refresh: 'idle', user: 'ready' } })).toBe(true);
    // The refresh stored them itself, under the cross-tab lock.
    expect(s.spies.storeTokens).not.toHaveBeenCalled();
    expect(s.calls.refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('another tab had rotated the token: nothing is stored here, the refresh counts as done', async () => {
    const s = await signedIn();
    s.send({ type: 'session.refresh' });
    s.last(s.pending.refreshTokens).resolve({ kind: 'rotatedElsewhere' });
    const snap = await waitFor(s.actor, (x) => x.context.refreshCount === 1);
    expect(snap.context.refreshOutcome).toBe('refreshed');
    expect(snap.context.user).toEqual(USER);
    expect(s.spies.storeTokens).not.toHaveBeenCalled();
  });

  it('a refresh refused with a 4xx signs out (reason expired), clears only the refused tokens and goes to /login', async () => {
    const s = await signedIn();
    s.send({ type: 'session.refresh' });
    s.last(s.pending.refreshTokens).reject({
      error: httpError(401, 'server.unauthorized'),
      refusedRefreshToken: 'refresh-1',
    });
    const snap = await waitFor(s.actor, (x) => x.matches('signedOut'));
    expect(snap.context.refreshOutcome).toBe('rejected');
    expect(snap.context.refreshCount).toBe(1);
    expect(snap.context.user).toEqual(EMPTY_USER);
    expect(snap.context.signOutReason).toBe('expired');
    expect(s.spies.clearTokens).toHaveBeenCalledTimes(1);
    expect(s.spies.clearTokens.mock.calls[0]?.[1]).toEqual({
      ifRefreshToken: 'refresh-1',
      reason: 'expired',
    });
    expect(s.spies.clearMembership).toHaveBeenCalledTimes(1);
    expect(isSignedIn(s.actor.getSnapshot())).toBe(false);
  });

  it.each([408, 429, 503])(
    'a refresh answered %i keeps the session (temporary)',
    async (status) => {
      const s = await signedIn();
      s.send({ type: 'session.refresh' });
      s.last(s.pending.refreshTokens).reject({
        error: httpError(status, 'server.busy'),
        refusedRefreshToken: 'refresh-1',
      });
      const snap = await waitFor(s.actor, (x) => x.context.refreshCount === 1);
      expect(snap.context.refreshOutcome).toBe('failed');
      expect(isSignedIn(snap)).toBe(true);
      expect(s.spies.clearTokens).not.toHaveBeenCalled();
    },
  );

  it('a network failure keeps the session, with refreshOutcome failed', async () => {
    const s = await signedIn();
    s.send({ type: 'session.refresh' });
    s.last(s.pending.refreshTokens).reject({ error: NETWORK_ERROR, refusedRefreshToken: null });
    const snap = await waitFor(s.actor, (x) => x.context.refreshCount === 1);
    expect(snap.matches({ authenticated: { user: 'ready', refresh: 'idle' } })).toBe(true);
    expect(snap.context.refreshOutcome).toBe('failed');
    expect(snap.context.user).toEqual(USER);
    expect(s.spies.clearTokens).not.toHaveBeenCalled();
    expect(isSignedIn(s.actor.getSnapshot())).toBe(true);
    expect(s.spies.logError).toHaveBeenCalledTimes(1);
  });

  it('a refresh request while signed out is answered at once as rejected', () => {
    const s = start();
    s.send({ type: 'session.refresh' });
    const snap = s.actor.getSnapshot();
    expect(snap.context).toMatchObject({ refreshOutcome: 'rejected', refreshCount: 1 });
    expect(s.calls.refreshTokens).not.toHaveBeenCalled();
  });
});

describe('session machine: other tabs', () => {
  it('tokens removed in another tab sign this one out', async () => {
    const s = await signedIn();
    s.send({ type: 'session.storageChanged', hasTokens: true });
    expect(isSignedIn(s.actor.getSnapshot())).toBe(true);
    s.send({ type: 'session.storageChanged', hasTokens: false });
    const snap = s.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.user).toEqual(EMPTY_USER);
    expect(s.spies.clearMembership).toHaveBeenCalledTimes(1);
    expect(isSignedIn(s.actor.getSnapshot())).toBe(false);
    // The other tab already cleared them and told the server.
    expect(s.spies.notifyServerLogout).not.toHaveBeenCalled();
  });

  it('a session the server refused in another tab: signed out here too, told it expired', async () => {
    const s = await signedIn();
    s.send({ type: 'session.storageChanged', hasTokens: false });
    expect(s.actor.getSnapshot().context.signOutReason).toBeNull();

    const t = await signedIn();
    t.send({ type: 'session.storageChanged', hasTokens: false, reason: 'expired' });
    const snap = t.actor.getSnapshot();
    expect(snap.matches({ signedOut: 'form' })).toBe(true);
    expect(snap.context.signOutReason).toBe('expired');
    expect(t.spies.clearTokens).not.toHaveBeenCalled();
  });

  it('an account deleted in another tab: signed out here too, told it was deleted', async () => {
    const s = await signedIn();
    s.send({ type: 'session.storageChanged', hasTokens: false, reason: 'deleted' });
    expect(s.actor.getSnapshot().matches({ signedOut: 'form' })).toBe(true);
    expect(s.actor.getSnapshot().context.signOutReason).toBe('deleted');
  });

  it('a deletion here tells the other tabs why (the tokens are cleared with its reason); Logout tells them nothing', async () => {
    const s = await signedIn();
    s.send({ type: 'session.signOut', reason: 'deleted' });
    expect(s.spies.clearTokens.mock.calls[0]?.[1]).toEqual({ reason: 'deleted' });
    const t = await signedIn();
    t.send({ type: 'session.signOut' });
    expect(t.spies.clearTokens.mock.calls[0]?.[1]).toEqual({ reason: null });
  });

  it('tokens stored in another tab load the user here', async () => {
    const s = start();
    s.send({ type: 'session.storageChanged', hasTokens: false });
    expect(s.calls.loadUser).not.toHaveBeenCalled();
    s.send({ type: 'session.storageChanged', hasTokens: true });
    expect(isLoadingUser(s.actor.getSnapshot())).toBe(true);
    expect(s.calls.loadUser).toHaveBeenCalledTimes(1);
    await settle(s, s.last(s.pending.loadUser), { value: USER });
    expect(s.actor.getSnapshot().context.user).toEqual(USER);
    expect(isSignedIn(s.actor.getSnapshot())).toBe(true);
  });
});
