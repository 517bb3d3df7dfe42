import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type CardPaymentEvent,
  cardPaymentMachine,
  PROVIDER_UNAVAILABLE_KEY,
} from '../../machines/payment/card-payment.machine.ts';
import {
  canSubmit,
  errorText,
  isLoadingProvider,
  isPaying,
  subscriptionValidTo,
} from '../../machines/payment/card-payment.selectors.ts';
import {
  intentIdOf,
  intentKindOf,
  type LoadedSubscription,
  loadedSubscriptionOf,
  NO_INTENT_ERROR,
} from '../../machines/payment/intent.ts';
import type { ConfirmResult } from '../../machines/payment/payment-gateway.ts';
import type { AttachPaymentMethodPayload } from '../../machines/shared/domain.ts';
import { deferred } from '../support/deferred.ts';

const INPUT = { membershipId: 'm_id_1', externalId: 'sub_ext_1' };
const SUBSCRIPTION: LoadedSubscription = {
  clientSecret: 'pi_123_secret_abc',
  intentId: 'pi_123',
  kind: 'payment',
  validTo: '2026-03-01T00:00:00.000Z',
};

const OK: ConfirmResult = { paymentMethodId: 'pm_ok', intentId: 'pi_123', error: null };
const DECLINED: ConfirmResult = {
  paymentMethodId: null,
  intentId: 'pi_123',
  error: { message: 'Your card was declined.' },
};
const DECLINED_WITH_PM: ConfirmResult = {
  paymentMethodId: 'pm_declined',
  intentId: 'pi_123',
  error: { message: 'Your card was declined.' },
};

interface Options {
  loadSubscription?: () => Promise<LoadedSubscription>;
  confirmCard?: (input: { clientSecret: string }) => Promise<ConfirmResult>;
  attachPaymentMethod?: (input: AttachPaymentMethodPayload) => Promise<void>;
  refetchMembership?: () => Promise<void>;
}

function start(options: Options = {}) {
  const calls = {
    loadSubscription: vi.fn(options.loadSubscription ?? (() => Promise.resolve(SUBSCRIPTION))),
    confirmCard: vi.fn(options.confirmCard ?? (() => Promise.resolve(OK))),
    attachPaymentMethod: vi.fn(options.attachPaymentMethod ?? (() => Promise.resolve())),
    refetchMembership: vi.fn(options.refetchMembership ?? (() => Promise.resolve())),
    goToDashboard: vi.fn(),
    logPaymentError: vi.fn(),
  };
  const machine = cardPaymentMachine.provide({
    actors: {
      loadSubscription: fromPromise(() => calls.loadSubscription()),
      confirmCard: fromPromise(({ input }) => calls.confirmCard(input)),
      attachPaymentMethod: fromPromise(({ input }) => calls.attachPaymentMethod(input)),
      refetchMembership: fromPromise(() => calls.refetchMembership()),
    },
    actions: {
      goToDashboard: () => calls.goToDashboard(),
      logPaymentError: (_args, params) => calls.logPaymentError(params.error),
    },
  });
  const actor = createActor(machine, { input: INPUT });
  actor.start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];

const field = (
  name: 'cardNumber' | 'cardExpiry' | 'cardCvc',
  complete: boolean,
  error: string | null = null,
): CardPaymentEvent => ({ type: 'card.fieldChange', field: name, complete, error });

function completeAll(actor: Actor) {
  actor.send(field('cardNumber', true));
  actor.send(field('cardExpiry', true));
  actor.send(field('cardCvc', true));
}

async function ready(options: Options = {}) {
  const started = start(options);
  started.actor.send({ type: 'card.providerReady' });
  await waitFor(started.actor, (s) => s.matches('ready'));
  return started;
}

const settled = (actor: Actor) =>
  waitFor(actor, (s) => !s.hasTag('busy') && (s.matches('ready') || s.status === 'done'));

describe('intent helpers', () => {
  it('tells a payment intent secret from a setup intent secret', () => {
    expect(intentKindOf('pi_1_secret_x')).toBe('payment');
    expect(intentKindOf('seti_1_secret_x')).toBe('setup');
    expect(intentKindOf('cs_1')).toBeNull();
  });

  it('reads the intent id before _secret_', () => {
    expect(intentIdOf('pi_3Abc_secret_XyZ')).toBe('pi_3Abc');
    expect(intentIdOf('seti_9_secret_q')).toBe('seti_9');
    expect(intentIdOf('nothing')).toBeNull();
  });

  it('prefers the payment intent, else the setup intent, and throws with none', () => {
    const payment = { id: 'pi_1', client_secret: 'pi_1_secret_a' };
    const setupIntent = { id: 'seti_1', client_secret: 'seti_1_secret_b' };
    expect(
      loadedSubscriptionOf({
        subscription: { validTo: '2026-01-01' },
        paymentIntent: payment,
        setupIntent,
      }),
    ).toEqual({
      clientSecret: 'pi_1_secret_a',
      intentId: 'pi_1',
      kind: 'payment',
      validTo: '2026-01-01',
    });
    expect(
      loadedSubscriptionOf({ subscription: { validTo: null }, paymentIntent: null, setupIntent }),
    ).toEqual({
      clientSecret: 'seti_1_secret_b',
      intentId: 'seti_1',
      kind: 'setup',
      validTo: null,
    });
    expect(() =>
      loadedSubscriptionOf({
        subscription: { validTo: null },
        paymentIntent: null,
        setupIntent: null,
      }),
    ).toThrow(expect.objectContaining({ key: NO_INTENT_ERROR.key }));
  });
});

describe('card payment machine: loading', () => {
  it('waits for the provider with the loading tag while the subscription loads in parallel', async () => {
    const { actor, calls } = start();
    expect(isLoadingProvider(actor.getSnapshot())).toBe(true);
    expect(calls.loadSubscription).toHaveBeenCalledTimes(1);
    // The subscription arrives first: validTo is exposed at once for the terms note.
    await waitFor(actor, (s) => s.context.subscription !== null);
    expect(subscriptionValidTo(actor.getSnapshot())).toBe(SUBSCRIPTION.validTo);
    expect(actor.getSnapshot().matches('loadingProvider')).toBe(true);
    actor.send({ type: 'card.providerReady' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(isLoadingProvider(actor.getSnapshot())).toBe(false);
  });

  it('stays loading after providerReady until the subscription has loaded', async () => {
    const load = deferred<LoadedSubscription>();
    const { actor } = start({ loadSubscription: () => load.promise });
    actor.send({ type: 'card.providerReady' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    load.resolve(SUBSCRIPTION);
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('goes to providerError with the provider key when the provider fails', () => {
    const { actor } = start();
    actor.send({ type: 'card.providerFailed' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('providerError')).toBe(true);
    expect(errorText(snapshot)).toEqual({ kind: 'key', key: PROVIDER_UNAVAILABLE_KEY });
    expect(canSubmit(snapshot)).toBe(false);
  });

  it('goes to loadFailed with the error key when the subscription cannot load', async () => {
    const { actor, calls } = start({
      loadSubscription: () => Promise.reject({ key: 'errors.network' }),
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(errorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.network' });
    expect(calls.logPaymentError).toHaveBeenCalledWith({ key: 'errors.network' });
  });
});

describe('card payment machine: fields', () => {
  it('enables Subscribe only when number, expiry and CVC are all complete', async () => {
    const { actor } = await ready();
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send(field('cardNumber', true));
    actor.send(field('cardExpiry', true));
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send(field('cardCvc', true));
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    actor.send(field('cardNumber', false, 'Your card number is incomplete.'));
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.fields.cardNumber).toEqual({
      complete: false,
      error: 'Your card number is incomplete.',
    });
  });

  it("shows a field's provider message as-is", async () => {
    const { actor } = await ready();
    actor.send(field('cardNumber', false, 'Your card number is invalid.'));
    expect(errorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card number is invalid.',
    });
    actor.send(field('cardNumber', true));
    expect(errorText(actor.getSnapshot())).toBeNull();
  });

  it('tracks field changes that arrive while still loading', () => {
    const { actor } = start();
    actor.send(field('cardNumber', true));
    expect(actor.getSnapshot().context.fields.cardNumber.complete).toBe(true);
  });

  it('ignores card.submit while the fields are incomplete', async () => {
    const { actor, calls } = await ready();
    actor.send(field('cardNumber', true));
    actor.send({ type: 'card.submit' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.confirmCard).not.toHaveBeenCalled();
  });
});

describe('card payment machine: paying', () => {
  it('confirms, attaches exactly {paymentMethodId, membershipId, paymentIntentId}, refetches, goes to the dashboard', async () => {
    const { actor, calls } = await ready();
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(isPaying(actor.getSnapshot())).toBe(true);
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(calls.confirmCard).toHaveBeenCalledWith({ clientSecret: 'pi_123_secret_abc' });
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethodId: 'pm_ok',
      membershipId: 'm_id_1',
      paymentIntentId: 'pi_123',
    });
    expect(calls.refetchMembership).toHaveBeenCalledTimes(1);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
    expect(calls.logPaymentError).not.toHaveBeenCalled();
  });

  it('passes through the busy states attaching and refetching in order', async () => {
    const attach = deferred<void>();
    const refetch = deferred<void>();
    const { actor, calls } = await ready({
      attachPaymentMethod: () => attach.promise,
      refetchMembership: () => refetch.promise,
    });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.matches('attaching'));
    expect(isPaying(actor.getSnapshot())).toBe(true);
    expect(calls.refetchMembership).not.toHaveBeenCalled();
    attach.resolve();
    await waitFor(actor, (s) => s.matches('refetching'));
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    refetch.resolve();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a declined card shows the provider message as-is, logs it, keeps the values, no attach', async () => {
    const { actor, calls } = await ready({ confirmCard: () => Promise.resolve(DECLINED) });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context.errorMessage).toBe('Your card was declined.');
    expect(snapshot.context.errorKey).toBeNull();
    expect(errorText(snapshot)).toEqual({ kind: 'message', message: 'Your card was declined.' });
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    // Values kept: Subscribe is enabled again for another try.
    expect(canSubmit(snapshot)).toBe(true);
  });

  it('a provider error without a message shows errors.unknown', async () => {
    const { actor } = await ready({
      confirmCard: () =>
        Promise.resolve({ paymentMethodId: null, intentId: null, error: { message: null } }),
    });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(errorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.unknown' });
  });

  it('a confirmation that throws shows errors.unknown and logs the error', async () => {
    const boom = new Error('stripe not loaded');
    const { actor, calls } = await ready({ confirmCard: () => Promise.reject(boom) });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.errorKey).toBe('errors.unknown');
    expect(calls.logPaymentError).toHaveBeenCalledWith(boom);
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
  });

  it('changing expiry or CVC clears the shown error; changing the number does not', async () => {
    const { actor } = await ready({ confirmCard: () => Promise.resolve(DECLINED) });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    actor.send(field('cardNumber', true));
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    actor.send(field('cardExpiry', true));
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(errorText(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    actor.send(field('cardCvc', true));
    expect(errorText(actor.getSnapshot())).toBeNull();
  });

  it('attach-on-error: an error carrying a payment method still attaches, refetches, and stays with the message', async () => {
    const { actor, calls } = await ready({ confirmCard: () => Promise.resolve(DECLINED_WITH_PM) });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.matches('refetchingAfterError') || s.matches('ready'));
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethodId: 'pm_declined',
      membershipId: 'm_id_1',
      paymentIntentId: 'pi_123',
    });
    expect(calls.refetchMembership).toHaveBeenCalledTimes(1);
    expect(snapshot.matches('ready')).toBe(true);
    expect(errorText(snapshot)).toEqual({ kind: 'message', message: 'Your card was declined.' });
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.goToDashboard).not.toHaveBeenCalled();
  });

  it('attach-on-error runs through the named busy states', async () => {
    const attach = deferred<void>();
    const { actor } = await ready({
      confirmCard: () => Promise.resolve(DECLINED_WITH_PM),
      attachPaymentMethod: () => attach.promise,
    });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.matches('attachingAfterError'));
    expect(isPaying(actor.getSnapshot())).toBe(true);
    attach.resolve();
    await settled(actor);
  });

  it('attach-on-error whose attach fails too keeps the provider message and logs both', async () => {
    const attachError = { key: 'server.accessDenied' };
    const { actor, calls } = await ready({
      confirmCard: () => Promise.resolve(DECLINED_WITH_PM),
      attachPaymentMethod: () => Promise.reject(attachError),
    });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(errorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(calls.logPaymentError).toHaveBeenCalledWith(attachError);
    expect(calls.refetchMembership).not.toHaveBeenCalled();
  });

  it('an attach failure shows its error key and stays; the retry only re-attaches', async () => {
    const attach = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce({ key: 'errors.network' })
      .mockResolvedValueOnce(undefined);
    const { actor, calls } = await ready({ attachPaymentMethod: attach });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(errorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.network' });
    expect(calls.goToDashboard).not.toHaveBeenCalled();

    actor.send({ type: 'card.submit' });
    expect(actor.getSnapshot().matches('attaching')).toBe(true);
    expect(errorText(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmCard).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenCalledTimes(2);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a failed membership refetch is logged and still goes to the dashboard', async () => {
    const refetchError = new Error('offline');
    const { actor, calls } = await ready({ refetchMembership: () => Promise.reject(refetchError) });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.logPaymentError).toHaveBeenCalledWith(refetchError);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a double submit (double click or Enter) while confirming confirms once and attaches once', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = await ready({ confirmCard: () => confirm.promise });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    actor.send({ type: 'card.submit' });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    confirm.resolve(OK);
    await waitFor(actor, (s) => s.matches('attaching') || s.status === 'done');
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmCard).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('confirms a setup intent secret the same way', async () => {
    const setupSubscription: LoadedSubscription = {
      clientSecret: 'seti_9_secret_z',
      intentId: 'seti_9',
      kind: 'setup',
      validTo: null,
    };
    const { actor, calls } = await ready({
      loadSubscription: () => Promise.resolve(setupSubscription),
    });
    expect(subscriptionValidTo(actor.getSnapshot())).toBeNull();
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.confirmCard).toHaveBeenCalledWith({ clientSecret: 'seti_9_secret_z' });
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethodId: 'pm_ok',
      membershipId: 'm_id_1',
      paymentIntentId: 'seti_9',
    });
  });

  it('the placeholder actors reject until provided', async () => {
    const actor = createActor(cardPaymentMachine, { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.errorKey).toBe('errors.unknown');
  });
});
