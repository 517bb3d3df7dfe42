import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts';
import {
  type ForgotPasswordSnapshot,
  selectStep,
} from '../../machines/forgot-password/forgot-password.selectors.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { otpMachine, RESEND_COOLDOWN_MS } from '../../machines/otp/otp.machine.ts';
import {
  canSubmitCode,
  isCodeCoolingDown,
  isSendingCode,
} from '../../machines/otp/otp.selectors.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { flushPromises } from '../support/deferred.ts';
import { httpError } from '../support/fake-services.ts';

const selectEmailError = (s: ForgotPasswordSnapshot) =>
  shownFieldErrors(s.context.request).email ?? null;
const selectPasswordErrors = (s: ForgotPasswordSnapshot) => shownFieldErrors(s.context.newPassword);

const EMAIL = 'marie@example.ca';
const NEW_PASSWORD = 'N3w-secret-pass';

function apiError(key: string, kind = 'http') {
  return Object.assign(new Error(key), { key, kind });
}

interface Fakes {
  requestReset?: (input: { email: string }) => Promise<void>;
  checkResetOtp?: (input: { email: string; otp: string }) => Promise<{ resetToken: string }>;
  resetPassword?: (input: { resetToken: string; password: string }) => Promise<void>;
}

/** `cooldownMs`: the resend cooldown (30 s in the app; 0 lets a test resend at once). */
function start(
  fakes: Fakes = {},
  {
    cooldownMs = RESEND_COOLDOWN_MS,
    resumeEmail = null,
  }: { cooldownMs?: number; resumeEmail?: string | null } = {},
) {
  const calls = {
    requestReset: vi.fn(fakes.requestReset ?? (async () => undefined)),
    checkResetOtp: vi.fn(fakes.checkResetOtp ?? (async () => ({ resetToken: 'token-1' }))),
    resetPassword: vi.fn(fakes.resetPassword ?? (async () => undefined)),
  };
  const goToLoginWithSuccess = vi.fn();
  /** What the tab was told to keep (an email) or forget (null), in order. */
  const remembered: Array<string | null> = [];
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestReset: fromPromise(({ input }) => calls.requestReset(input)),
        otp: otpMachine.provide({
          actors: {
            requestCode: fromPromise(({ input }) => calls.requestReset(input)),
            verifyCode: fromPromise(({ input }) => calls.checkResetOtp(input)),
          },
          delays: { RESEND_COOLDOWN: cooldownMs },
        }),
        resetPassword: fromPromise(({ input }) => calls.resetPassword(input)),
      },
      actions: {
        goToLoginWithSuccess,
        rememberAwaitedCode: (_args, params) => remembered.push(params.email),
        forgetAwaitedCode: () => remembered.push(null),
      },
    }),
    { input: { resumeEmail } },
  );
  actor.start();
  return { actor, calls, goToLoginWithSuccess, remembered };
}

type Run = ReturnType<typeof start>;

/** The code step's actor (the otp machine forgot password invokes). */
function otpActor(run: Run) {
  const otp = run.actor.getSnapshot().children.otp;
  if (!otp) throw new Error('not on the code step');
  return otp;
}
const otpOf = (run: Run) => otpActor(run).getSnapshot();

async function toCodeStep(run: Run, email = EMAIL) {
  run.actor.send({ type: 'request.change', field: 'email', value: email });
  run.actor.send({ type: 'request.submit' });
  await flushPromises();
}

async function toNewPasswordStep(run: Run) {
  await toCodeStep(run);
  otpActor(run).send({ type: 'otp.change', code: '123456' });
  otpActor(run).send({ type: 'otp.submit' });
  await flushPromises();
}

describe('forgot-password machine: request step', () => {
  it('starts on the request step with no error shown', () => {
    const { actor } = start();
    expect(selectStep(actor.getSnapshot())).toBe('request');
    expect(selectEmailError(actor.getSnapshot())).toBeNull();
  });

  it('refuses an empty or invalid email and shows why', () => {
    const { actor, calls } = start();
    actor.send({ type: 'request.submit' });
    expect(selectEmailError(actor.getSnapshot())).toEqual({ key: 'validation.emailRequired' });
    actor.send({ type: 'request.change', field: 'email', value: 'marie@' });
    actor.send({ type: 'request.submit' });
    expect(selectEmailError(actor.getSnapshot())).toEqual({ key: 'validation.emailInvalid' });
    expect(actor.getSnapshot().matches({ request: 'editing' })).toBe(true);
    expect(calls.requestReset).not.toHaveBeenCalled();
  });

  it('shows the email error once the field is left', () => {
    const { actor } = start();
    actor.send({ type: 'request.blur', field: 'email' });
    expect(selectEmailError(actor.getSnapshot())).toEqual({ key: 'validation.emailRequired' });
  });

  it('sends the trimmed email, busy meanwhile, then goes to the code step', async () => {
    const run = start();
    run.actor.send({ type: 'request.change', field: 'email', value: `  ${EMAIL} ` });
    run.actor.send({ type: 'request.submit' });
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flushPromises();
    expect(run.calls.requestReset).toHaveBeenCalledWith({ email: EMAIL });
    expect(selectStep(run.actor.getSnapshot())).toBe('code');
  });

  it('goes on to the code step when the server refuses the address too (nothing revealed)', async () => {
    const run = start({ requestReset: () => Promise.reject(apiError('server.userNotExist')) });
    await toCodeStep(run);
    expect(selectStep(run.actor.getSnapshot())).toBe('code');
    expect(run.actor.getSnapshot().context.request.errorKey).toBeNull();
    expect(otpOf(run).context.errorKey).toBeNull();
  });

  it.each([
    ['errors.network', apiError('errors.network', 'network')],
    ['errors.timeout', apiError('errors.timeout', 'timeout')],
    ['errors.server', httpError(503, 'errors.server')],
    // A gateway's rate limit, and a captive portal's page: no code went out, and
    // saying so tells nothing about the address.
    ['errors.rateLimited', httpError(429, 'errors.rateLimited')],
    ['errors.unreadable', new ApiError({ kind: 'parse', status: 200, key: 'errors.unreadable' })],
  ])('stays with %s when no code went out, the email kept', async (key, error) => {
    const run = start({ requestReset: () => Promise.reject(error) });
    await toCodeStep(run);
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ request: 'editing' })).toBe(true);
    expect(snapshot.context.request.errorKey).toBe(key);
    expect(snapshot.context.request.values.email).toBe(EMAIL);
    run.actor.send({ type: 'request.change', field: 'email', value: `${EMAIL}x` });
    expect(run.actor.getSnapshot().context.request.errorKey).toBeNull();
  });
});

describe('forgot-password machine: code step', () => {
  it('enables the check at six digits only, keeping digits only', async () => {
    const run = start();
    await toCodeStep(run);
    otpActor(run).send({ type: 'otp.change', code: '12a34' });
    expect(otpOf(run).context.code).toBe('1234');
    expect(canSubmitCode(otpOf(run))).toBe(false);
    otpActor(run).send({ type: 'otp.submit' });
    expect(run.calls.checkResetOtp).not.toHaveBeenCalled();
    otpActor(run).send({ type: 'otp.change', code: '1234567' });
    expect(otpOf(run).context.code).toBe('123456');
    expect(canSubmitCode(otpOf(run))).toBe(true);
  });

  it('checks the email and code, then keeps the reset token for the last step', async () => {
    const run = start();
    await toNewPasswordStep(run);
    expect(run.calls.checkResetOtp).toHaveBeenCalledWith({ email: EMAIL, otp: '123456' });
    expect(selectStep(run.actor.getSnapshot())).toBe('newPassword');
    expect(run.actor.getSnapshot().context.resetToken).toBe('token-1');
  });

  it('shows a wrong code, keeps it, and clears the message when the code changes', async () => {
    const run = start({
      checkResetOtp: () => Promise.reject(apiError('server.incorrectOtp')),
    });
    await toCodeStep(run);
    otpActor(run).send({ type: 'otp.change', code: '999999' });
    otpActor(run).send({ type: 'otp.submit' });
    await flushPromises();
    const snapshot = otpOf(run);
    expect(snapshot.matches({ active: { code: 'entering' } })).toBe(true);
    expect(snapshot.context.errorKey).toBe('server.incorrectOtp');
    expect(snapshot.context.code).toBe('999999');
    otpActor(run).send({ type: 'otp.change', code: '99999' });
    expect(otpOf(run).context.errorKey).toBeNull();
  });

  it('resends a code to the same address; a server refusal also reads as sent', async () => {
    let fail = false;
    const run = start(
      {
        requestReset: () => (fail ? Promise.reject(apiError('errors.unknown')) : Promise.resolve()),
      },
      { cooldownMs: 0 },
    );
    await toCodeStep(run);
    expect(otpOf(run).context.sentCount).toBe(1);
    await flushPromises();
    otpActor(run).send({ type: 'otp.resend' });
    expect(otpOf(run).hasTag('busy')).toBe(true);
    expect(isSendingCode(otpOf(run))).toBe(true);
    await flushPromises();
    expect(run.calls.requestReset).toHaveBeenLastCalledWith({ email: EMAIL });
    expect(otpOf(run).context.sentCount).toBe(2);
    fail = true;
    await flushPromises();
    otpActor(run).send({ type: 'otp.resend' });
    await flushPromises();
    expect(otpOf(run).context.sentCount).toBe(3);
    expect(otpOf(run).context.errorKey).toBeNull();
  });

  it('says so when a resend did not reach the server, and Resend is available again at once', async () => {
    let calls = 0;
    const run = start(
      {
        requestReset: () =>
          ++calls === 1 ? Promise.resolve() : Promise.reject(apiError('errors.network', 'network')),
      },
      { cooldownMs: 0 },
    );
    await toCodeStep(run);
    await flushPromises();
    otpActor(run).send({ type: 'otp.resend' });
    await flushPromises();
    expect(otpOf(run).context.errorKey).toBe('errors.network');
    expect(otpOf(run).matches({ active: { code: 'entering', sending: 'canResend' } })).toBe(true);
  });

  it('Resend is off for 30 s after the request and after each code sent: six clicks send one code', async () => {
    vi.useFakeTimers();
    try {
      const run = start();
      run.actor.send({ type: 'request.change', field: 'email', value: EMAIL });
      run.actor.send({ type: 'request.submit' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.calls.requestReset).toHaveBeenCalledTimes(1);
      expect(isCodeCoolingDown(otpOf(run))).toBe(true);
      for (let i = 0; i < 6; i += 1) otpActor(run).send({ type: 'otp.resend' });
      expect(run.calls.requestReset).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS);
      for (let i = 0; i < 6; i += 1) otpActor(run).send({ type: 'otp.resend' });
      await vi.advanceTimersByTimeAsync(0);
      expect(run.calls.requestReset).toHaveBeenCalledTimes(2);
      expect(isCodeCoolingDown(otpOf(run))).toBe(true);
      await vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - 1);
      otpActor(run).send({ type: 'otp.resend' });
      expect(run.calls.requestReset).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back to the request step with the email kept and a fresh code step', async () => {
    const run = start();
    await toCodeStep(run);
    otpActor(run).send({ type: 'otp.change', code: '123' });
    run.actor.send({ type: 'code.back' });
    expect(run.actor.getSnapshot().matches({ request: 'editing' })).toBe(true);
    expect(run.actor.getSnapshot().context.request.values.email).toBe(EMAIL);
    // The code step (and what was typed in it) is gone: a new request opens a fresh one.
    expect(run.actor.getSnapshot().children.otp).toBeUndefined();
    // The tab kept the email while the code was awaited, and forgets it going back.
    expect(run.remembered).toEqual([EMAIL, null]);
  });

  it('opened again with the email of an awaited code (a reload): straight to the code step, no new code sent', async () => {
    const run = start({}, { resumeEmail: EMAIL });
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches('code')).toBe(true);
    expect(snapshot.context.request.values.email).toBe(EMAIL);
    expect(run.calls.requestReset).not.toHaveBeenCalled();
    // The code went out before the reload: Resend waits, and checking uses the kept email.
    const otp = otpActor(run);
    expect(otp.getSnapshot().matches({ active: { sending: 'coolingDown' } })).toBe(true);
    otp.send({ type: 'otp.change', code: '123456' });
    otp.send({ type: 'otp.submit' });
    await flushPromises();
    expect(run.calls.checkResetOtp).toHaveBeenCalledWith({ email: EMAIL, otp: '123456' });
    expect(run.actor.getSnapshot().matches('newPassword')).toBe(true);
  });
});

describe('forgot-password machine: new password step', () => {
  it.each([
    [
      { newPassword: '', passwordConfirmation: '' },
      'newPassword',
      'validation.newPasswordRequired',
    ],
    [
      { newPassword: 'short', passwordConfirmation: 'short' },
      'newPassword',
      'validation.passwordMin',
    ],
    [
      { newPassword: NEW_PASSWORD, passwordConfirmation: '' },
      'passwordConfirmation',
      'validation.passwordConfirmationRequired',
    ],
    [
      { newPassword: NEW_PASSWORD, passwordConfirmation: `${NEW_PASSWORD}!` },
      'passwordConfirmation',
      'validation.passwordMismatch',
    ],
  ] as const)('refuses %o with %s: %s', async (values, field, key) => {
    const run = start();
    await toNewPasswordStep(run);
    for (const [name, value] of Object.entries(values)) {
      run.actor.send({ type: 'reset.change', field: name as never, value });
    }
    run.actor.send({ type: 'reset.submit' });
    expect(run.actor.getSnapshot().matches({ newPassword: 'editing' })).toBe(true);
    expect(selectPasswordErrors(run.actor.getSnapshot())[field]).toEqual({ key });
    expect(run.calls.resetPassword).not.toHaveBeenCalled();
  });

  it('limits the password to 32 characters (Max 32 symbols)', async () => {
    const run = start();
    await toNewPasswordStep(run);
    run.actor.send({ type: 'reset.change', field: 'newPassword', value: 'a'.repeat(33) });
    run.actor.send({ type: 'reset.blur', field: 'newPassword' });
    expect(selectPasswordErrors(run.actor.getSnapshot()).newPassword).toEqual({
      key: 'validation.maxSymbols',
      values: { number: 32, field: 'fields.newPassword' },
    });
  });

  it('shows errors only for fields left', async () => {
    const run = start();
    await toNewPasswordStep(run);
    expect(selectPasswordErrors(run.actor.getSnapshot())).toEqual({});
    // Typed in and not left: too short, not said yet.
    run.actor.send({ type: 'reset.change', field: 'newPassword', value: 'short' });
    expect(selectPasswordErrors(run.actor.getSnapshot())).toEqual({});
    run.actor.send({ type: 'reset.blur', field: 'passwordConfirmation' });
    expect(selectPasswordErrors(run.actor.getSnapshot())).toEqual({
      passwordConfirmation: { key: 'validation.passwordConfirmationRequired' },
    });
  });

  it('resets with the token and the new password, then goes to sign in with the success message', async () => {
    const run = start();
    await toNewPasswordStep(run);
    run.actor.send({ type: 'reset.change', field: 'newPassword', value: NEW_PASSWORD });
    run.actor.send({ type: 'reset.change', field: 'passwordConfirmation', value: NEW_PASSWORD });
    run.actor.send({ type: 'reset.submit' });
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    await flushPromises();
    expect(run.calls.resetPassword).toHaveBeenCalledWith({
      resetToken: 'token-1',
      password: NEW_PASSWORD,
    });
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.goToLoginWithSuccess).toHaveBeenCalledTimes(1);
    // The password is changed: the tab no longer keeps the email.
    expect(run.remembered.at(-1)).toBeNull();
  });

  it('forgets the email once the code is accepted: a reload at the new password starts at step 1, not at a used code', async () => {
    const run = start();
    await toNewPasswordStep(run);
    expect(run.remembered).toEqual([EMAIL, null]);
  });

  it('shows a reset failure under the form and keeps the passwords', async () => {
    const run = start({ resetPassword: () => Promise.reject(apiError('errors.unknown')) });
    await toNewPasswordStep(run);
    run.actor.send({ type: 'reset.change', field: 'newPassword', value: NEW_PASSWORD });
    run.actor.send({ type: 'reset.change', field: 'passwordConfirmation', value: NEW_PASSWORD });
    run.actor.send({ type: 'reset.submit' });
    await flushPromises();
    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ newPassword: 'editing' })).toBe(true);
    expect(snapshot.context.newPassword.errorKey).toBe('errors.unknown');
    expect(snapshot.context.newPassword.values).toEqual({
      newPassword: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(run.goToLoginWithSuccess).not.toHaveBeenCalled();
  });
});

describe('forgot-password machine: the chart', () => {
  it('describes every state and tags every waiting state busy', () => {
    const visit = (node: (typeof forgotPasswordMachine)['root']) => {
      expect(node.description, node.id).toBeTruthy();
      // The code step invokes the otp machine, whose own waiting states are tagged busy.
      const calls = node.invoke.filter((invoke) => invoke.id !== 'otp');
      if (calls.length > 0) expect(node.tags, node.id).toContain('busy');
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(forgotPasswordMachine.root);
  });
});
