import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  EXPRESS_SUCCESS_DESPITE_ERROR,
  expressPaymentMachine,
} from '../../machines/payment/express-payment.machine.ts';
import type { ConfirmResult } from '../../machines/payment/payment-gateway.ts';
import type { AttachPaymentMethodPayload } from '../../machines/shared/domain.ts';
import { deferred } from '../support/deferred.ts';

const INPUT = { membershipId: 'm_id_1', clientSecret: 'pi_7_secret_s', intentId: 'pi_7' };
const OK: ConfirmResult = { paymentMethodId: 'pm_wallet', intentId: 'pi_7', error: null };
const DECLINED: ConfirmResult = {
  paymentMethodId: null,
  intentId: 'pi_7',
  error: { message: 'Your card was declined.' },
};
const DECLINED_WITH_PM: ConfirmResult = {
  paymentMethodId: 'pm_wallet_declined',
  intentId: 'pi_7',
  error: { message: 'Your card was declined.' },
};

interface Options {
  confirmExpress?: (input: { clientSecret: string }) => Promise<ConfirmResult>;
  attachPaymentMethod?: (input: AttachPaymentMethodPayload) => Promise<void>;
  /** Overrides the quirk guard via .provide({ guards }). */
  quirk?: boolean;
}

function start(options: Options = {}) {
  const calls = {
    confirmExpress: vi.fn(options.confirmExpress ?? (() => Promise.resolve(OK))),
    attachPaymentMethod: vi.fn(options.attachPaymentMethod ?? (() => Promise.resolve())),
    reportSuccess: vi.fn(),
    logPaymentError: vi.fn(),
  };
  const quirk = options.quirk;
  const machine = expressPaymentMachine.provide({
    actors: {
      confirmExpress: fromPromise(({ input }) => calls.confirmExpress(input)),
      attachPaymentMethod: fromPromise(({ input }) => calls.attachPaymentMethod(input)),
    },
    actions: {
      reportSuccess: () => calls.reportSuccess(),
      logPaymentError: (_args, params) => calls.logPaymentError(params.error),
    },
    ...(quirk === undefined ? {} : { guards: { reportsSuccessDespiteError: () => quirk } }),
  });
  const actor = createActor(machine, { input: INPUT }).start();
  return { actor, calls };
}

function available(options: Options = {}) {
  const started = start(options);
  started.actor.send({ type: 'express.available', methods: ['applePay', 'googlePay'] });
  return started;
}

describe('express payment machine: visibility', () => {
  it('starts hidden and shows once the provider reports at least one method', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'express.available', methods: [] });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'express.available', methods: ['googlePay'] });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(actor.getSnapshot().context.methods).toEqual(['googlePay']);
  });

  it('express.unavailable keeps it hidden, and hides an available button', () => {
    const { actor } = start();
    actor.send({ type: 'express.unavailable' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'express.available', methods: ['applePay'] });
    actor.send({ type: 'express.unavailable' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(actor.getSnapshot().context.methods).toEqual([]);
  });

  it('a method list change updates the methods; an empty list hides the button', () => {
    const { actor } = available();
    actor.send({ type: 'express.available', methods: ['applePay'] });
    expect(actor.getSnapshot().context.methods).toEqual(['applePay']);
    actor.send({ type: 'express.available', methods: [] });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });

  it('ignores express.confirm while hidden', () => {
    const { actor, calls } = start();
    actor.send({ type: 'express.confirm' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(calls.confirmExpress).not.toHaveBeenCalled();
  });
});

describe('express payment machine: paying', () => {
  it('confirms with the secret, attaches exactly the payload, reports success', async () => {
    const { actor, calls } = available();
    actor.send({ type: 'express.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmExpress).toHaveBeenCalledWith({ clientSecret: 'pi_7_secret_s' });
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethodId: 'pm_wallet',
      membershipId: 'm_id_1',
      paymentIntentId: 'pi_7',
    });
    expect(calls.reportSuccess).toHaveBeenCalledTimes(1);
    expect(calls.logPaymentError).not.toHaveBeenCalled();
  });

  it('express.cancel while confirming goes back to available without attaching', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = available({ confirmExpress: () => confirm.promise });
    actor.send({ type: 'express.confirm' });
    actor.send({ type: 'express.cancel' });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    confirm.resolve(OK);
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(calls.reportSuccess).not.toHaveBeenCalled();
  });

  it('a second express.confirm while confirming does not confirm twice', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = available({ confirmExpress: () => confirm.promise });
    actor.send({ type: 'express.confirm' });
    actor.send({ type: 'express.confirm' });
    confirm.resolve(OK);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmExpress).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
  });
});

describe('express payment machine: the observed quirk (success despite an error)', () => {
  it('is on by default', () => {
    expect(EXPRESS_SUCCESS_DESPITE_ERROR).toBe(true);
  });

  it('quirk on (default guard): a decline is logged, not attached, and still reports success', async () => {
    const { actor, calls } = available({ confirmExpress: () => Promise.resolve(DECLINED) });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(calls.reportSuccess).toHaveBeenCalledTimes(1);
  });

  it('quirk off: a decline stays in failed with the provider message as-is', async () => {
    const { actor, calls } = available({
      confirmExpress: () => Promise.resolve(DECLINED),
      quirk: false,
    });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    expect(actor.getSnapshot().context.errorKey).toBeNull();
    expect(calls.reportSuccess).not.toHaveBeenCalled();
    expect(calls.logPaymentError).toHaveBeenCalledTimes(1);
  });

  it('quirk off: from failed the member can try again or cancel', async () => {
    const confirm = vi
      .fn<() => Promise<ConfirmResult>>()
      .mockResolvedValueOnce(DECLINED)
      .mockResolvedValueOnce(OK);
    const { actor, calls } = available({ confirmExpress: confirm, quirk: false });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'express.cancel' });
    expect(actor.getSnapshot().matches('available')).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(calls.reportSuccess).toHaveBeenCalledTimes(1);
  });

  it('attach-on-error: an error carrying a payment method attaches, then the quirk reports success', async () => {
    const { actor, calls } = available({ confirmExpress: () => Promise.resolve(DECLINED_WITH_PM) });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethodId: 'pm_wallet_declined',
      membershipId: 'm_id_1',
      paymentIntentId: 'pi_7',
    });
    expect(calls.reportSuccess).toHaveBeenCalledTimes(1);
  });

  it('attach-on-error with the quirk off: attaches, then shows the error', async () => {
    const { actor, calls } = available({
      confirmExpress: () => Promise.resolve(DECLINED_WITH_PM),
      quirk: false,
    });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    expect(calls.reportSuccess).not.toHaveBeenCalled();
  });

  it('an attach failure is an error too: key shown with the quirk off, success with it on', async () => {
    const attachError = { key: 'errors.network' };
    const off = available({ attachPaymentMethod: () => Promise.reject(attachError), quirk: false });
    off.actor.send({ type: 'express.confirm' });
    await waitFor(off.actor, (s) => s.matches('failed'));
    expect(off.actor.getSnapshot().context.errorKey).toBe('errors.network');
    expect(off.calls.logPaymentError).toHaveBeenCalledWith(attachError);

    const on = available({ attachPaymentMethod: () => Promise.reject(attachError) });
    on.actor.send({ type: 'express.confirm' });
    await waitFor(on.actor, (s) => s.status === 'done');
    expect(on.calls.reportSuccess).toHaveBeenCalledTimes(1);
  });

  it('a provider failure (throw) with the quirk off shows errors.unknown', async () => {
    const { actor } = available({
      confirmExpress: () => Promise.reject(new Error('boom')),
      quirk: false,
    });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorKey).toBe('errors.unknown');
  });
});
