import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  CODE_MAYBE_USED_KEYS,
  type OtpInput,
  type OtpVerified,
  otpMachine,
} from '../../machines/otp/otp.machine.ts';
import { canResendCode, isCodeCoolingDown } from '../../machines/otp/otp.selectors.ts';
import { isNoVerdict, mayNotHaveActed } from '../../machines/shared/error-key.ts';
import { deferred, flushPromises } from '../support/deferred.ts';
import { httpError, networkError, timeoutError } from '../support/fake-services.ts';

const EMAIL = 'marie@example.ca';

function start(input: OtpInput, requestCode: () => Promise<void>) {
  const verifyCode = vi.fn(async (): Promise<OtpVerified> => ({ resetToken: 'token-1' }));
  const actor = createActor(
    otpMachine.provide({
      actors: {
        requestCode: fromPromise(() => requestCode()),
        verifyCode: fromPromise(() => verifyCode()),
      },
      delays: { RESEND_COOLDOWN: 0 },
    }),
    { input },
  );
  actor.start();
  return { actor, verifyCode };
}

describe('otp machine', () => {
  it('no code went out on a network failure, a time-out or a 5xx; any other answer is the server’s', () => {
    expect(isNoVerdict(networkError())).toBe(true);
    expect(isNoVerdict(timeoutError())).toBe(true);
    expect(isNoVerdict(httpError(503, 'errors.server'))).toBe(true);
    expect(isNoVerdict(httpError(404, 'server.userNotExist'))).toBe(false);
  });

  it('nothing says a code went out on a rate limit or an answer not the API’s either (never a refusal)', () => {
    expect(mayNotHaveActed(httpError(503, 'errors.server'))).toBe(true);
    expect(mayNotHaveActed(httpError(429, 'errors.rateLimited'))).toBe(true);
    expect(mayNotHaveActed(httpError(403, 'errors.unreadable'))).toBe(true);
    expect(mayNotHaveActed(networkError())).toBe(true);
    expect(mayNotHaveActed(httpError(404, 'server.userNotExist'))).toBe(false);
    expect(mayNotHaveActed(httpError(400, 'server.otpIncorrect'))).toBe(false);
  });

  it('reveal nothing (forgot password): a rate-limited Resend says so, counts no code, and Resend stays available', async () => {
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: true }, () =>
      Promise.reject(httpError(429, 'errors.rateLimited')),
    );
    await flushPromises();
    run.actor.send({ type: 'otp.resend' });
    await flushPromises();
    const snap = run.actor.getSnapshot();
    expect(snap.context).toMatchObject({ sentCount: 1, errorKey: 'errors.rateLimited' });
    expect(canResendCode(snap)).toBe(true);
  });

  it('reveal nothing (forgot password): a refusal reads as sent', async () => {
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: true }, () =>
      Promise.reject(httpError(404, 'server.userNotExist')),
    );
    await flushPromises();
    run.actor.send({ type: 'otp.resend' });
    await flushPromises();
    const snap = run.actor.getSnapshot();
    expect(snap.context).toMatchObject({ sentCount: 2, errorKey: null });
    expect(isCodeCoolingDown(snap) || canResendCode(snap)).toBe(true);
  });

  it('sign-in shows a refusal, and Resend is available at once', async () => {
    const run = start({ email: EMAIL, sentCount: 0, revealNothing: false }, () =>
      Promise.reject(httpError(404, 'server.userNotExist')),
    );
    await flushPromises();
    const snap = run.actor.getSnapshot();
    expect(snap.context).toMatchObject({ sentCount: 0, errorKey: 'server.userNotExist' });
    expect(canResendCode(snap)).toBe(true);
  });

  it('ends with the answer to the right code', async () => {
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: true }, async () => undefined);
    run.actor.send({ type: 'otp.change', code: '12 34-56' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.actor.getSnapshot().output).toEqual({ resetToken: 'token-1' });
  });

  it('a code refused while a new one is on its way: the new code is announced once it goes out', async () => {
    const code = deferred<void>();
    const requestCode = vi.fn(() => code.promise);
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: false }, requestCode);
    run.verifyCode.mockRejectedValueOnce(httpError(400, 'server.otpIncorrect'));
    await flushPromises();
    run.actor.send({ type: 'otp.resend' });
    expect(requestCode).toHaveBeenCalledTimes(1);
    run.actor.send({ type: 'otp.change', code: '111111' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    expect(run.actor.getSnapshot().context).toMatchObject({
      errorKey: 'server.otpIncorrect',
      newCode: 'asked',
    });
    code.resolve();
    await flushPromises();
    expect(run.actor.getSnapshot().context).toMatchObject({
      errorKey: null,
      newCode: 'sent',
      sentCount: 2,
    });
  });

  it.each([
    [false, CODE_MAYBE_USED_KEYS.signIn],
    [true, CODE_MAYBE_USED_KEYS.reset],
  ])(
    'a check whose answer was lost may have used the code: the refusal of the next is not "Incorrect OTP" (reveal nothing: %s)',
    async (revealNothing, key) => {
      const run = start({ email: EMAIL, sentCount: 1, revealNothing }, async () => undefined);
      run.verifyCode.mockRejectedValueOnce(timeoutError());
      run.verifyCode.mockRejectedValueOnce(httpError(400, 'server.incorrectOtp'));
      run.actor.send({ type: 'otp.change', code: '123456' });
      run.actor.send({ type: 'otp.submit' });
      await flushPromises();
      expect(run.actor.getSnapshot().context.errorKey).toBe('errors.timeout');
      run.actor.send({ type: 'otp.submit' });
      await flushPromises();
      expect(run.actor.getSnapshot().context).toMatchObject({ errorKey: key, code: '123456' });
    },
  );

  it('another code typed after such a check is checked afresh: its refusal is "Incorrect OTP"', async () => {
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: false }, async () => undefined);
    run.verifyCode.mockRejectedValueOnce(timeoutError());
    run.verifyCode.mockRejectedValueOnce(httpError(400, 'server.incorrectOtp'));
    run.actor.send({ type: 'otp.change', code: '123450' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    // The member sees the typo and mends it, with no new code asked for.
    run.actor.send({ type: 'otp.change', code: '123456' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    expect(run.actor.getSnapshot().context.errorKey).toBe('server.incorrectOtp');
  });

  it('a new code sent after such a check is fresh: its refusal is "Incorrect OTP" again', async () => {
    const run = start({ email: EMAIL, sentCount: 1, revealNothing: false }, async () => undefined);
    run.verifyCode.mockRejectedValueOnce(httpError(503, 'errors.server'));
    run.verifyCode.mockRejectedValueOnce(httpError(400, 'server.incorrectOtp'));
    run.actor.send({ type: 'otp.change', code: '123456' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    run.actor.send({ type: 'otp.resend' });
    await flushPromises();
    expect(run.actor.getSnapshot().context.sentCount).toBe(2);
    run.actor.send({ type: 'otp.change', code: '654321' });
    run.actor.send({ type: 'otp.submit' });
    await flushPromises();
    expect(run.actor.getSnapshot().context.errorKey).toBe('server.incorrectOtp');
  });

  it('describes every state and tags every waiting state busy', () => {
    const visit = (node: (typeof otpMachine)['root']) => {
      expect(node.description, node.id).toBeTruthy();
      if (node.invoke.length > 0) expect(node.tags, node.id).toContain('busy');
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(otpMachine.root);
  });
});
