import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  ALREADY_PAID_KEY,
  ATTACH_ON_ERROR,
  type AttachInput,
  type CheckoutEvent,
  type ConfirmInput,
  checkoutMachine,
  EXPRESS_SUCCESS_DESPITE_ERROR,
  PROVIDER_READY_TIMEOUT_MS,
  PROVIDER_UNAVAILABLE_KEY,
} from '../../machines/payment/checkout.machine.ts';
import {
  canSubscribe,
  cardErrorField,
  cardErrorText,
  isAwaitingAttach,
  isCardFieldInvalid,
  isLoadingPayment,
  isPaying,
  isPayingByCard,
  isPaymentInFlight,
  isWalletShown,
  MISSING_FIELD_KEYS,
  subscriptionValidTo,
  walletErrorText,
} from '../../machines/payment/checkout.selectors.ts';
import {
  intentIdOf,
  intentKindOf,
  type LoadedSubscription,
  loadedSubscriptionOf,
  NO_INTENT_ERROR,
} from '../../machines/payment/intent.ts';
import type { ConfirmResult, PaymentGateway } from '../../machines/payment/payment-gateway.ts';
import { deferred } from '../support/deferred.ts';

const INPUT = { membershipId: 'm_id_1', externalId: 'sub_ext_1' };
const SUBSCRIPTION: LoadedSubscription = {
  clientSecret: 'pi_123_secret_abc',
  intentId: 'pi_123',
  kind: 'payment',
  validTo: '2026-03-01T00:00:00.000Z',
};
/** The intent the server issues once the first one was used (or canceled). */
const NEXT: LoadedSubscription = {
  ...SUBSCRIPTION,
  clientSecret: 'pi_456_secret_x',
  intentId: 'pi_456',
};
/** The gateway the provider hands over: the machine only passes it to confirmPayment. */
const GATEWAY: PaymentGateway = {
  confirmCard: () => Promise.reject(new Error('not called by the machine')),
  confirmExpress: () => Promise.reject(new Error('not called by the machine')),
  focusField: () => {},
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
const attachOf = (paymentMethodId: string, paymentIntentId = 'pi_123'): AttachInput => ({
  externalId: 'sub_ext_1',
  body: { paymentMethodId, membershipId: 'm_id_1', paymentIntentId },
});

interface Options {
  loadProvider?: () => Promise<void>;
  loadSubscription?: () => Promise<LoadedSubscription>;
  confirmPayment?: (input: ConfirmInput) => Promise<ConfirmResult>;
  attachPaymentMethod?: (input: AttachInput) => Promise<void>;
  refreshMember?: () => Promise<void>;
  /** Overrides the wallet quirk's guard. */
  quirk?: boolean;
  /** Overrides the attach-on-error guard's switch. */
  attachOnError?: boolean;
  providerTimeoutMs?: number;
}

function start(options: Options = {}) {
  const calls = {
    loadProvider: vi.fn(options.loadProvider ?? (() => Promise.resolve())),
    loadSubscription: vi.fn(options.loadSubscription ?? (() => Promise.resolve(SUBSCRIPTION))),
    confirmPayment: vi.fn(options.confirmPayment ?? (() => Promise.resolve(OK))),
    attachPaymentMethod: vi.fn(options.attachPaymentMethod ?? (() => Promise.resolve())),
    refreshMember: vi.fn(options.refreshMember ?? (() => Promise.resolve())),
    goToDashboard: vi.fn(),
    focusCardField: vi.fn(),
    logPaymentError: vi.fn(),
  };
  const { quirk, attachOnError } = options;
  const guards = {
    ...(quirk === undefined ? {} : { reportsSuccessDespiteError: () => quirk }),
    ...(attachOnError === false ? { attachesDespiteError: () => false } : {}),
  };
  const machine = checkoutMachine.provide({
    actors: {
      loadProvider: fromPromise(() => calls.loadProvider()),
      loadSubscription: fromPromise(() => calls.loadSubscription()),
      confirmPayment: fromPromise(({ input }) => calls.confirmPayment(input)),
      attachPaymentMethod: fromPromise(({ input }) => calls.attachPaymentMethod(input)),
      refreshMember: fromPromise(() => calls.refreshMember()),
    },
    actions: {
      goToDashboard: () => calls.goToDashboard(),
      focusCardField: (_args, params) => calls.focusCardField(params.field),
      logPaymentError: (_args, params) => calls.logPaymentError(params.error),
    },
    guards,
  });
  const input = options.providerTimeoutMs
    ? { ...INPUT, providerTimeoutMs: options.providerTimeoutMs }
    : INPUT;
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];

const field = (
  name: 'cardNumber' | 'cardExpiry' | 'cardCvc',
  complete: boolean,
  error: string | null = null,
): CheckoutEvent => ({ type: 'card.fieldChange', field: name, complete, error });

function completeAll(actor: Actor) {
  actor.send(field('cardNumber', true));
  actor.send(field('cardExpiry', true));
  actor.send(field('cardCvc', true));
}

const providerReady = (actor: Actor) =>
  actor.send({ type: 'checkout.providerReady', gateway: GATEWAY });

async function ready(options: Options = {}) {
  const started = start(options);
  providerReady(started.actor);
  await waitFor(started.actor, (s) => s.matches({ flow: 'ready' }));
  return started;
}

/** Ready, the three card fields complete, and Subscribe pressed: a card payment starts. */
async function cardSubmitted(options: Options = {}) {
  const started = await ready(options);
  completeAll(started.actor);
  started.actor.send({ type: 'card.submit' });
  return started;
}

/**
 * With the wallet quirk off, the member pays with the wallet and it fails
 * (`options` say how): the checkout waits on the wallet's error branch.
 */
async function walletFailedWith(options: Options) {
  const started = await walletShown({ ...options, quirk: false });
  started.actor.send({ type: 'express.confirm' });
  await waitFor(started.actor, (s) => s.matches({ flow: { ready: 'walletFailed' } }));
  return started;
}

/** Ready with a wallet shown. */
async function walletShown(options: Options = {}) {
  const started = await ready(options);
  started.actor.send({ type: 'express.available', methods: ['applePay', 'googlePay'] });
  return started;
}

const settled = (actor: Actor) =>
  waitFor(actor, (s) => s.matches({ flow: 'ready' }) || s.matches({ flow: 'succeeded' }));
const succeeded = (actor: Actor) => waitFor(actor, (s) => s.matches({ flow: 'succeeded' }));

type Calls = ReturnType<typeof start>['calls'];

/** An event that must not pay was ignored: still ready, nothing sent to the gateway. */
function expectNothingConfirmed({ actor, calls }: { actor: Actor; calls: Calls }) {
  expect(actor.getSnapshot().matches({ flow: 'ready' })).toBe(true);
  expect(calls.confirmPayment).not.toHaveBeenCalled();
}

/**
 * A payment went through by `method`: confirmed with the gateway, pm_ok
 * attached exactly once with the whole payload, the member refreshed once,
 * the dashboard opened once, no payment error logged.
 */
function expectPaidOnce(calls: Calls, method: 'card' | 'wallet') {
  expect(calls.confirmPayment).toHaveBeenCalledWith({
    gateway: GATEWAY,
    method,
    clientSecret: 'pi_123_secret_abc',
  });
  expect(calls.attachPaymentMethod.mock.calls).toStrictEqual([[attachOf('pm_ok')]]);
  expect(calls.refreshMember).toHaveBeenCalledTimes(1);
  expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  expect(calls.logPaymentError).not.toHaveBeenCalled();
}

afterEach(() => {
  vi.useRealTimers();
});

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

describe('checkout machine: loading', () => {
  it('loads the provider and the subscription at once, with the loading tag until both are ready', async () => {
    const { actor, calls } = start();
    expect(isLoadingPayment(actor.getSnapshot())).toBe(true);
    expect(calls.loadProvider).toHaveBeenCalledTimes(1);
    expect(calls.loadSubscription).toHaveBeenCalledTimes(1);
    // The subscription arrives first: validTo is exposed at once for the terms note.
    await waitFor(actor, (s) => s.context.subscription !== null);
    expect(subscriptionValidTo(actor.getSnapshot())).toBe(SUBSCRIPTION.validTo);
    expect(isLoadingPayment(actor.getSnapshot())).toBe(true);
    providerReady(actor);
    expect(actor.getSnapshot().matches({ flow: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.gateway).toBe(GATEWAY);
    expect(isLoadingPayment(actor.getSnapshot())).toBe(false);
  });

  it('stays loading after providerReady until the subscription has loaded', async () => {
    const load = deferred<LoadedSubscription>();
    const { actor } = start({ loadSubscription: () => load.promise });
    providerReady(actor);
    expect(isLoadingPayment(actor.getSnapshot())).toBe(true);
    load.resolve(SUBSCRIPTION);
    await waitFor(actor, (s) => s.matches({ flow: 'ready' }));
  });

  it('goes to providerError with the provider key when the provider reports a failed load', () => {
    const { actor, calls } = start();
    const blocked = new Error('script blocked');
    actor.send({ type: 'checkout.providerFailed', error: blocked });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ flow: 'providerError' })).toBe(true);
    expect(cardErrorText(snapshot)).toEqual({ kind: 'key', key: PROVIDER_UNAVAILABLE_KEY });
    expect(canSubscribe(snapshot)).toBe(false);
    expect(calls.logPaymentError).toHaveBeenCalledWith(blocked);
  });

  it('goes to providerError when the provider’s code cannot be loaded', async () => {
    const chunk = new Error('chunk failed');
    const { actor, calls } = start({ loadProvider: () => Promise.reject(chunk) });
    await waitFor(actor, (s) => s.matches({ flow: 'providerError' }));
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'key',
      key: PROVIDER_UNAVAILABLE_KEY,
    });
    expect(calls.logPaymentError).toHaveBeenCalledWith(chunk);
  });

  it('card fields not ready within the named time-out (30 s by default) count as a failed provider', async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    await vi.advanceTimersByTimeAsync(PROVIDER_READY_TIMEOUT_MS - 1);
    expect(isLoadingPayment(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ flow: 'providerError' })).toBe(true);
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'key',
      key: PROVIDER_UNAVAILABLE_KEY,
    });
    expect(calls.logPaymentError).toHaveBeenCalledWith(expect.any(Error));
  });

  it('the time-out is taken from the input, and stops once the fields are ready', async () => {
    vi.useFakeTimers();
    const load = deferred<LoadedSubscription>();
    const { actor } = start({ providerTimeoutMs: 50, loadSubscription: () => load.promise });
    await vi.advanceTimersByTimeAsync(10);
    providerReady(actor);
    await vi.advanceTimersByTimeAsync(1000);
    // A slow subscription is not a failed provider.
    expect(isLoadingPayment(actor.getSnapshot())).toBe(true);
    load.resolve(SUBSCRIPTION);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ flow: 'ready' })).toBe(true);
  });

  it('goes to loadFailed with the error key when the subscription cannot load', async () => {
    const { actor, calls } = start({
      loadSubscription: () => Promise.reject({ key: 'errors.network' }),
    });
    await waitFor(actor, (s) => s.matches({ flow: 'loadFailed' }));
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.network' });
    expect(calls.logPaymentError).toHaveBeenCalledWith({ key: 'errors.network' });
  });

  it('the placeholder actors reject until provided', async () => {
    const actor = createActor(checkoutMachine, { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches({ flow: 'providerError' }));
    expect(actor.getSnapshot().context.errorKey).toBe(PROVIDER_UNAVAILABLE_KEY);
  });
});

describe('checkout machine: card fields', () => {
  it('enables Subscribe only when number, expiry and CVC are all complete', async () => {
    const { actor } = await ready();
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    actor.send(field('cardNumber', true));
    actor.send(field('cardExpiry', true));
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    actor.send(field('cardCvc', true));
    expect(actor.getSnapshot().matches({ card: 'complete' })).toBe(true);
    expect(canSubscribe(actor.getSnapshot())).toBe(true);
    actor.send(field('cardNumber', false, 'Your card number is incomplete.'));
    expect(actor.getSnapshot().matches({ card: 'incomplete' })).toBe(true);
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.fields.cardNumber).toEqual({
      complete: false,
      error: 'Your card number is incomplete.',
      missing: false,
    });
  });

  it("shows a field's provider message as-is", async () => {
    const { actor } = await ready();
    actor.send(field('cardNumber', false, 'Your card number is invalid.'));
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card number is invalid.',
    });
    actor.send(field('cardNumber', true));
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
  });

  it('tracks field changes that arrive while still loading', () => {
    const { actor } = start();
    completeAll(actor);
    expect(actor.getSnapshot().matches({ card: 'complete' })).toBe(true);
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
  });

  it('Enter on a card not complete sends nothing, says what is missing and focuses the first field missing', async () => {
    const { actor, calls } = await ready();
    actor.send(field('cardNumber', true));
    actor.send({ type: 'card.submit' });
    expectNothingConfirmed({ actor, calls });
    expect(calls.focusCardField).toHaveBeenCalledExactlyOnceWith('cardExpiry');
    const { fields } = actor.getSnapshot().context;
    expect([fields.cardNumber.missing, fields.cardExpiry.missing, fields.cardCvc.missing]).toEqual([
      false,
      true,
      true,
    ]);
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'key',
      key: MISSING_FIELD_KEYS.cardExpiry,
    });
    expect(cardErrorField(actor.getSnapshot())).toBe('cardExpiry');
    expect(isCardFieldInvalid(actor.getSnapshot(), 'cardCvc')).toBe(true);
    expect(isCardFieldInvalid(actor.getSnapshot(), 'cardNumber')).toBe(false);
    expect(canSubscribe(actor.getSnapshot())).toBe(false);

    // Typing in the expiry (or leaving it) keeps its message until it is complete.
    actor.send(field('cardExpiry', false));
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'key',
      key: MISSING_FIELD_KEYS.cardExpiry,
    });
    // The provider's own message about a field comes before ours.
    actor.send(field('cardExpiry', false, 'Your card’s expiration date is incomplete.'));
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card’s expiration date is incomplete.',
    });
    // Complete, it says nothing more; the CVC's message shows next.
    actor.send(field('cardExpiry', true));
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'key',
      key: MISSING_FIELD_KEYS.cardCvc,
    });
    expect(cardErrorField(actor.getSnapshot())).toBe('cardCvc');
    expect(isCardFieldInvalid(actor.getSnapshot(), 'cardExpiry')).toBe(false);
    // Emptied again, a field that was complete says nothing until the next Enter.
    actor.send(field('cardExpiry', false));
    expect(actor.getSnapshot().context.fields.cardExpiry.missing).toBe(false);

    actor.send(field('cardExpiry', true));
    actor.send(field('cardCvc', true));
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
    expect(canSubscribe(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'card.submit' });
    expect(actor.getSnapshot().matches({ flow: { paying: 'confirming' } })).toBe(true);
    expect(calls.focusCardField).toHaveBeenCalledTimes(1);
  });

  it('Enter while a payment is in flight neither pays twice nor marks anything missing', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = await cardSubmitted({ confirmPayment: () => confirm.promise });
    actor.send({ type: 'card.submit' });
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
    expect(calls.focusCardField).not.toHaveBeenCalled();
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
  });
});

describe('checkout machine: paying by card', () => {
  it('confirms with the gateway, attaches exactly {paymentMethodId, membershipId, paymentIntentId}, refreshes, goes to the dashboard', async () => {
    const { actor, calls } = await ready();
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    // Seen at once, before the gateway's answer comes in.
    expect(actor.getSnapshot().matches({ flow: { paying: 'confirming' } })).toBe(true);
    expect(isPayingByCard(actor.getSnapshot())).toBe(true);
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    await succeeded(actor);
    expectPaidOnce(calls, 'card');
    expect(isPaying(actor.getSnapshot())).toBe(true);
  });

  it('passes through the busy states attaching and refreshing in order; the payment is in flight until attached', async () => {
    const confirm = deferred<ConfirmResult>();
    const attach = deferred<void>();
    const refresh = deferred<void>();
    const { actor, calls } = await ready({
      confirmPayment: () => confirm.promise,
      attachPaymentMethod: () => attach.promise,
      refreshMember: () => refresh.promise,
    });
    completeAll(actor);
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'card.submit' });
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(true);
    confirm.resolve(OK);
    await waitFor(actor, (s) => s.matches({ flow: { paying: 'attaching' } }));
    expect(isPaying(actor.getSnapshot())).toBe(true);
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(true);
    expect(calls.refreshMember).not.toHaveBeenCalled();
    attach.resolve();
    await waitFor(actor, (s) => s.matches({ flow: { paying: 'refreshing' } }));
    // Attached: leaving now loses nothing (the dashboard loads the membership itself).
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(false);
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    refresh.resolve();
    await succeeded(actor);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a declined card shows the provider message as-is, logs it, keeps the values, no attach', async () => {
    const { actor, calls } = await cardSubmitted({
      confirmPayment: () => Promise.resolve(DECLINED),
    });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ flow: { ready: 'idle' } })).toBe(true);
    expect(snapshot.context.errorKey).toBeNull();
    expect(cardErrorText(snapshot)).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(walletErrorText(snapshot)).toBeNull();
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    // Values kept: Subscribe is enabled again for another try.
    expect(canSubscribe(snapshot)).toBe(true);
  });

  it('a provider error without a message shows errors.unknown', async () => {
    const { actor } = await cardSubmitted({
      confirmPayment: () =>
        Promise.resolve({ paymentMethodId: null, intentId: null, error: { message: null } }),
    });
    await settled(actor);
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.unknown' });
  });

  it('a confirmation that throws shows errors.unknown and logs the error', async () => {
    const boom = new Error('stripe not loaded');
    const { actor, calls } = await cardSubmitted({ confirmPayment: () => Promise.reject(boom) });
    await settled(actor);
    expect(actor.getSnapshot().context.errorKey).toBe('errors.unknown');
    expect(calls.logPaymentError).toHaveBeenCalledWith(boom);
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
  });

  it('changing expiry or CVC clears the shown error; changing the number does not', async () => {
    const { actor } = await cardSubmitted({ confirmPayment: () => Promise.resolve(DECLINED) });
    await settled(actor);
    actor.send(field('cardNumber', true));
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    actor.send(field('cardExpiry', true));
    expect(cardErrorText(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.errorMessage).toBe('Your card was declined.');
    actor.send(field('cardCvc', true));
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
  });

  it('attach-on-error: an error carrying a payment method still attaches, refreshes, and stays with the message', async () => {
    expect(ATTACH_ON_ERROR).toBe(true);
    const attach = deferred<void>();
    const { actor, calls } = await cardSubmitted({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
      attachPaymentMethod: () => attach.promise,
    });
    await waitFor(actor, (s) => s.matches({ flow: { paying: 'attachingAfterError' } }));
    expect(isPayingByCard(actor.getSnapshot())).toBe(true);
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(true);
    attach.resolve();
    await settled(actor);
    expect(isPaymentInFlight(actor.getSnapshot())).toBe(false);
    const snapshot = actor.getSnapshot();
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual(attachOf('pm_declined'));
    expect(calls.refreshMember).toHaveBeenCalledTimes(1);
    expect(snapshot.matches({ flow: { ready: 'idle' } })).toBe(true);
    expect(cardErrorText(snapshot)).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.goToDashboard).not.toHaveBeenCalled();
  });

  it('attach-on-error switched off: the error with a payment method is a plain decline', async () => {
    const { actor, calls } = await cardSubmitted({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
      attachOnError: false,
    });
    await settled(actor);
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
  });

  it('attach-on-error whose attach fails too keeps the provider message and logs both', async () => {
    const attachError = { key: 'server.accessDenied' };
    const { actor, calls } = await cardSubmitted({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
      attachPaymentMethod: () => Promise.reject(attachError),
    });
    await settled(actor);
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(calls.logPaymentError).toHaveBeenCalledWith(attachError);
    expect(calls.refreshMember).not.toHaveBeenCalled();
  });

  it('an attach failure shows its error key and stays; the retry only re-attaches', async () => {
    const attach = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce({ key: 'errors.network' })
      .mockResolvedValueOnce(undefined);
    const { actor, calls } = await cardSubmitted({ attachPaymentMethod: attach });
    await settled(actor);
    expect(actor.getSnapshot().matches({ flow: 'ready' })).toBe(true);
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.network' });
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    // The accepted card awaits its attach: the fields wait, Subscribe finishes it.
    expect(isAwaitingAttach(actor.getSnapshot())).toBe(true);
    expect(canSubscribe(actor.getSnapshot())).toBe(true);
    // A field emptied meanwhile (the view disables them; a provider may still report) changes nothing.
    actor.send(field('cardCvc', false));
    expect(canSubscribe(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'card.submit' });
    expect(isAwaitingAttach(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ flow: { paying: 'attaching' } })).toBe(true);
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenCalledTimes(2);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('an attach lost, then one refused, and a new intent: the payment went through, so no second confirmation', async () => {
    const lost = { key: 'errors.timeout' };
    const refused = Object.assign(new Error('used'), { key: 'server.unknown', status: 409 });
    const attach = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(lost)
      .mockRejectedValueOnce(refused);
    const load = vi
      .fn<() => Promise<LoadedSubscription>>()
      .mockResolvedValueOnce(SUBSCRIPTION)
      // The server had not yet issued its next intent when the page read it again…
      .mockResolvedValueOnce(SUBSCRIPTION)
      // …and has by the second time.
      .mockResolvedValueOnce(NEXT);
    const { actor, calls } = await cardSubmitted({
      attachPaymentMethod: attach,
      loadSubscription: load,
    });
    await settled(actor);
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.timeout' });
    actor.send({ type: 'card.submit' });
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
    expect(attach).toHaveBeenCalledTimes(2);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('an attach refused and a new intent: another payment used it, the page says so, and the next Subscribe confirms anew', async () => {
    const refused = Object.assign(new Error('Bad Request'), {
      key: 'errors.badRequest',
      status: 400,
    });
    const attach = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce(undefined);
    const load = vi
      .fn<() => Promise<LoadedSubscription>>()
      .mockResolvedValueOnce(SUBSCRIPTION)
      .mockResolvedValueOnce(NEXT);
    const confirm = vi
      .fn<(input: ConfirmInput) => Promise<ConfirmResult>>()
      .mockResolvedValueOnce(OK)
      .mockResolvedValueOnce({ ...OK, intentId: 'pi_456' });
    const { actor, calls } = await cardSubmitted({
      confirmPayment: confirm,
      attachPaymentMethod: attach,
      loadSubscription: load,
    });
    await settled(actor);
    // Not the refusal ("The request was not valid."): what happened, and what to do.
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: ALREADY_PAID_KEY });
    expect(calls.logPaymentError).toHaveBeenCalledWith(refused);
    expect(calls.goToDashboard).not.toHaveBeenCalled();

    actor.send({ type: 'card.submit' });
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
    await succeeded(actor);
    expect(confirm.mock.calls.map(([input]) => input.clientSecret)).toEqual([
      'pi_123_secret_abc',
      'pi_456_secret_x',
    ]);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('attach-on-error whose attach fails reads the subscription again: the next card uses the intent the server has now', async () => {
    const load = vi
      .fn<() => Promise<LoadedSubscription>>()
      .mockResolvedValueOnce(SUBSCRIPTION)
      .mockResolvedValueOnce(NEXT);
    const { actor, calls } = await cardSubmitted({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
      attachPaymentMethod: () => Promise.reject({ key: 'errors.timeout' }),
      loadSubscription: load,
    });
    await settled(actor);
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.subscription?.intentId).toBe('pi_456');
    expect(cardErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(calls.goToDashboard).not.toHaveBeenCalled();
  });

  it('an intent no longer usable (no sentence for the member) reads the subscription again: the next Subscribe uses the new one', async () => {
    const load = vi
      .fn<() => Promise<LoadedSubscription>>()
      .mockResolvedValueOnce(SUBSCRIPTION)
      .mockResolvedValueOnce(NEXT);
    const confirm = vi
      .fn<(input: ConfirmInput) => Promise<ConfirmResult>>()
      .mockResolvedValueOnce({
        paymentMethodId: null,
        intentId: 'pi_123',
        error: { message: null },
      })
      .mockResolvedValueOnce({ ...OK, intentId: 'pi_456' });
    const { actor, calls } = await cardSubmitted({
      confirmPayment: confirm,
      loadSubscription: load,
    });
    await settled(actor);
    expect(cardErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.unknown' });
    expect(load).toHaveBeenCalledTimes(2);
    actor.send({ type: 'card.submit' });
    await succeeded(actor);
    expect(confirm.mock.calls.map(([input]) => input.clientSecret)).toEqual([
      'pi_123_secret_abc',
      'pi_456_secret_x',
    ]);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a failed member refresh is logged and still goes to the dashboard', async () => {
    const refreshError = new Error('offline');
    const { actor, calls } = await cardSubmitted({
      refreshMember: () => Promise.reject(refreshError),
    });
    await succeeded(actor);
    expect(calls.logPaymentError).toHaveBeenCalledWith(refreshError);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a double submit (double click or Enter) while confirming confirms once and attaches once', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = await cardSubmitted({ confirmPayment: () => confirm.promise });
    actor.send({ type: 'card.submit' });
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    confirm.resolve(OK);
    await waitFor(actor, (s) => !s.matches({ flow: { paying: 'confirming' } }));
    actor.send({ type: 'card.submit' });
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
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
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'seti_9_secret_z' }),
    );
    expect(calls.attachPaymentMethod.mock.calls[0]?.[0]).toStrictEqual(attachOf('pm_ok', 'seti_9'));
  });
});

describe('checkout machine: the wallet button', () => {
  it('starts hidden and shows once the provider reports at least one wallet', async () => {
    const { actor } = await ready();
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'express.available', methods: [] });
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'express.available', methods: ['googlePay'] });
    expect(isWalletShown(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.methods).toEqual(['googlePay']);
  });

  it('express.unavailable keeps it hidden, and hides a shown button', () => {
    const { actor } = start();
    actor.send({ type: 'express.unavailable' });
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'express.available', methods: ['applePay'] });
    actor.send({ type: 'express.unavailable' });
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.methods).toEqual([]);
  });

  it('a method list change updates the methods; an empty list hides the button', async () => {
    const { actor } = await walletShown();
    actor.send({ type: 'express.available', methods: ['applePay'] });
    expect(actor.getSnapshot().context.methods).toEqual(['applePay']);
    actor.send({ type: 'express.available', methods: [] });
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
  });

  it('ignores express.confirm while hidden', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'express.confirm' });
    expectNothingConfirmed({ actor, calls });
  });
});

describe('checkout machine: paying with the wallet', () => {
  it('confirms with the gateway, attaches exactly the payload, refreshes, goes to the dashboard', async () => {
    const { actor, calls } = await walletShown();
    actor.send({ type: 'express.confirm' });
    expect(isPaying(actor.getSnapshot())).toBe(true);
    // The card waits, but is not shown as the payment in flight.
    expect(isPayingByCard(actor.getSnapshot())).toBe(false);
    await succeeded(actor);
    expectPaidOnce(calls, 'wallet');
  });

  it('the wallet sheet closed while confirming drops nothing: a payment the member authorised is attached', async () => {
    // Stripe: "you might receive a cancel event after receiving a confirm event".
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = await walletShown({ confirmPayment: () => confirm.promise });
    actor.send({ type: 'express.confirm' });
    actor.send({ type: 'express.cancel' });
    expect(actor.getSnapshot().matches({ flow: { paying: 'confirming' } })).toBe(true);
    confirm.resolve(OK);
    await succeeded(actor);
    expectPaidOnce(calls, 'wallet');
  });

  it('express.cancel does not stop a card payment', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor } = await walletShown({ confirmPayment: () => confirm.promise });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    actor.send({ type: 'express.cancel' });
    expect(actor.getSnapshot().matches({ flow: { paying: 'confirming' } })).toBe(true);
  });

  it('one payment at a time: the wallet cannot start during a card payment, nor the card during a wallet payment', async () => {
    const confirm = deferred<ConfirmResult>();
    const { actor, calls } = await walletShown({ confirmPayment: () => confirm.promise });
    completeAll(actor);
    actor.send({ type: 'express.confirm' });
    actor.send({ type: 'express.confirm' });
    actor.send({ type: 'card.submit' });
    expect(canSubscribe(actor.getSnapshot())).toBe(false);
    confirm.resolve(OK);
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
    expect(calls.confirmPayment.mock.calls[0]?.[0].method).toBe('wallet');
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it('a card accepted whose attach failed: the wallet cannot start a second payment; Subscribe attaches that card', async () => {
    const attach = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce({ key: 'errors.server' })
      .mockResolvedValueOnce(undefined);
    const { actor, calls } = await walletShown({ attachPaymentMethod: attach });
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    await settled(actor);
    expect(isAwaitingAttach(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'express.confirm' });
    expect(actor.getSnapshot().matches({ flow: 'ready' })).toBe(true);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);

    actor.send({ type: 'card.submit' });
    await succeeded(actor);
    expect(calls.confirmPayment).toHaveBeenCalledTimes(1);
    expect(calls.attachPaymentMethod.mock.calls).toStrictEqual([
      [attachOf('pm_ok')],
      [attachOf('pm_ok')],
    ]);
  });
});

describe('checkout machine: the wallet quirk (success despite an error)', () => {
  it('is on by default', () => {
    expect(EXPRESS_SUCCESS_DESPITE_ERROR).toBe(true);
  });

  it('quirk on (default guard): a decline is logged, not attached, and still refreshes and goes to the dashboard', async () => {
    const { actor, calls } = await walletShown({ confirmPayment: () => Promise.resolve(DECLINED) });
    actor.send({ type: 'express.confirm' });
    await succeeded(actor);
    expect(calls.logPaymentError).toHaveBeenCalledWith({ message: 'Your card was declined.' });
    expect(calls.attachPaymentMethod).not.toHaveBeenCalled();
    expect(calls.refreshMember).toHaveBeenCalledTimes(1);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
    // The card's error text never shows the wallet's error.
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
  });

  it('quirk off: a decline stays on the wallet’s error branch with the provider message as-is', async () => {
    const { actor, calls } = await walletFailedWith({
      confirmPayment: () => Promise.resolve(DECLINED),
    });
    expect(walletErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(cardErrorText(actor.getSnapshot())).toBeNull();
    // Nor is the card number marked invalid by it (a field no message describes).
    expect(cardErrorField(actor.getSnapshot())).toBeNull();
    expect(isCardFieldInvalid(actor.getSnapshot(), 'cardNumber')).toBe(false);
    expect(calls.goToDashboard).not.toHaveBeenCalled();
    expect(calls.logPaymentError).toHaveBeenCalledTimes(1);
  });

  it('quirk off: from the error branch the member can cancel, try again, or pay by card', async () => {
    const confirm = vi
      .fn<() => Promise<ConfirmResult>>()
      .mockResolvedValueOnce(DECLINED)
      .mockResolvedValueOnce(DECLINED)
      .mockResolvedValueOnce(OK);
    const { actor, calls } = await walletShown({ confirmPayment: confirm, quirk: false });
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches({ flow: { ready: 'walletFailed' } }));
    actor.send({ type: 'express.cancel' });
    expect(actor.getSnapshot().matches({ flow: { ready: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    actor.send({ type: 'express.confirm' });
    await waitFor(actor, (s) => s.matches({ flow: { ready: 'walletFailed' } }));
    completeAll(actor);
    actor.send({ type: 'card.submit' });
    expect(walletErrorText(actor.getSnapshot())).toBeNull();
    await succeeded(actor);
    expect(confirm).toHaveBeenCalledTimes(3);
    expect(calls.confirmPayment.mock.calls[2]?.[0].method).toBe('card');
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('quirk off: a wallet that goes away takes its error with it', async () => {
    const { actor } = await walletFailedWith({ confirmPayment: () => Promise.resolve(DECLINED) });
    actor.send({ type: 'express.unavailable' });
    expect(actor.getSnapshot().matches({ flow: { ready: 'idle' } })).toBe(true);
    expect(isWalletShown(actor.getSnapshot())).toBe(false);
    expect(walletErrorText(actor.getSnapshot())).toBeNull();
  });

  it('attach-on-error: an error carrying a payment method attaches, then the quirk goes to the dashboard', async () => {
    const { actor, calls } = await walletShown({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
    });
    actor.send({ type: 'express.confirm' });
    await succeeded(actor);
    expect(calls.attachPaymentMethod.mock.calls).toEqual([[attachOf('pm_declined')]]);
    expect(calls.refreshMember).toHaveBeenCalledTimes(1);
    expect(calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('attach-on-error with the quirk off: attaches, then shows the error', async () => {
    const { actor, calls } = await walletFailedWith({
      confirmPayment: () => Promise.resolve(DECLINED_WITH_PM),
    });
    expect(calls.attachPaymentMethod).toHaveBeenCalledTimes(1);
    expect(walletErrorText(actor.getSnapshot())).toEqual({
      kind: 'message',
      message: 'Your card was declined.',
    });
    expect(calls.goToDashboard).not.toHaveBeenCalled();
  });

  it('an attach failure is an error too: key shown with the quirk off, the dashboard with it on', async () => {
    const attachError = { key: 'errors.network' };
    const off = await walletFailedWith({ attachPaymentMethod: () => Promise.reject(attachError) });
    expect(walletErrorText(off.actor.getSnapshot())).toEqual({
      kind: 'key',
      key: 'errors.network',
    });
    expect(off.calls.logPaymentError).toHaveBeenCalledWith(attachError);

    const on = await walletShown({ attachPaymentMethod: () => Promise.reject(attachError) });
    on.actor.send({ type: 'express.confirm' });
    await succeeded(on.actor);
    expect(on.calls.goToDashboard).toHaveBeenCalledTimes(1);
  });

  it('a provider failure (throw) with the quirk off shows errors.unknown', async () => {
    const { actor } = await walletFailedWith({
      confirmPayment: () => Promise.reject(new Error('boom')),
    });
    expect(walletErrorText(actor.getSnapshot())).toEqual({ kind: 'key', key: 'errors.unknown' });
  });
});
