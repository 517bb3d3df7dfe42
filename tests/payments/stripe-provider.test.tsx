import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  PaymentIntent,
  PaymentIntentResult,
  PaymentMethod,
  SetupIntent,
  SetupIntentResult,
  StripeCardNumberElement,
  StripeElements,
  StripeError,
} from '@stripe/stripe-js';
import { render, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import enCheckout from '../../public/locales/en/checkout.json';
import { loadPaymentProvider } from '../../src/payments/load-payment-provider.ts';
import {
  availableMethodsOf,
  createStripeConfirm,
  createStripeGateway,
  EXPRESS_CHECKOUT_OPTIONS,
  expressElementsOptionsOf,
  type StripeConfirmApi,
  stripeLocaleOf,
} from '../../src/payments/stripe-confirm.ts';
import { createStripePaymentProvider } from '../../src/payments/stripe-provider.tsx';

// A fake Stripe: no network, jsdom never loads Stripe.js.
const CARD = { elementType: 'cardNumber' } as unknown as StripeCardNumberElement;
/** The card fields' Elements group: its number element is CARD. */
const CARD_GROUP = {
  getElement: (type: string) => (type === 'cardNumber' ? CARD : null),
} as unknown as StripeElements;
const paymentMethod = (id: string) => ({ id }) as unknown as PaymentMethod;
const paymentIntent = (fields: Partial<PaymentIntent>) =>
  ({ id: 'pi_1', payment_method: null, status: 'succeeded', ...fields }) as PaymentIntent;
const setupIntent = (fields: Partial<SetupIntent>) =>
  ({ id: 'seti_1', payment_method: null, status: 'succeeded', ...fields }) as SetupIntent;
const stripeError = (fields: Partial<StripeError>) =>
  ({ type: 'card_error', ...fields }) as StripeError;

function fakeStripe(results: { payment?: PaymentIntentResult; setup?: SetupIntentResult } = {}) {
  const payment = results.payment ?? { paymentIntent: paymentIntent({ payment_method: 'pm_1' }) };
  const setup = results.setup ?? { setupIntent: setupIntent({ payment_method: 'pm_2' }) };
  return {
    confirmCardPayment: vi.fn<StripeConfirmApi['confirmCardPayment']>(async () => payment),
    confirmCardSetup: vi.fn<StripeConfirmApi['confirmCardSetup']>(async () => setup),
    confirmPayment: vi.fn<StripeConfirmApi['confirmPayment']>(async () => payment),
    confirmSetup: vi.fn<StripeConfirmApi['confirmSetup']>(async () => setup),
  } satisfies StripeConfirmApi;
}

function fakeElements(submitError?: StripeError) {
  return {
    submit: vi.fn(async () =>
      submitError ? { error: submitError } : { selectedPaymentMethod: 'apple_pay' },
    ),
  } as unknown as StripeElements & { submit: ReturnType<typeof vi.fn> };
}

const gatewayOf = (stripe: StripeConfirmApi, elements: StripeElements | null = null) =>
  createStripeConfirm(
    stripe,
    () => CARD,
    () => elements,
    {
      returnUrl: () => 'https://club.test/subscription',
    },
  );

describe('stripe gateway: confirmCard', () => {
  // The secret's prefix says which Stripe call confirms it; the other is never made.
  const SECRETS = [
    {
      what: 'a pi_ secret as a card payment with the card number element',
      secret: 'pi_1_secret_a',
      called: 'confirmCardPayment',
      notCalled: 'confirmCardSetup',
      result: { paymentMethodId: 'pm_1', intentId: 'pi_1', error: null },
    },
    {
      what: 'a seti_ secret as a card setup',
      secret: 'seti_1_secret_b',
      called: 'confirmCardSetup',
      notCalled: 'confirmCardPayment',
      result: { paymentMethodId: 'pm_2', intentId: 'seti_1', error: null },
    },
  ] as const;
  for (const { what, secret, called, notCalled, result } of SECRETS) {
    it(`confirms ${what}`, async () => {
      const stripe = fakeStripe();
      expect(await gatewayOf(stripe).confirmCard(secret)).toEqual(result);
      expect(stripe[called]).toHaveBeenCalledWith(secret, { payment_method: { card: CARD } });
      expect(stripe[notCalled]).not.toHaveBeenCalled();
    });
  }

  it('reads payment_method given as an object', async () => {
    const stripe = fakeStripe({
      payment: { paymentIntent: paymentIntent({ payment_method: paymentMethod('pm_obj') }) },
      setup: { setupIntent: setupIntent({ payment_method: paymentMethod('pm_obj2') }) },
    });
    expect((await gatewayOf(stripe).confirmCard('pi_1_secret_a')).paymentMethodId).toBe('pm_obj');
    expect((await gatewayOf(stripe).confirmCard('seti_1_secret_a')).paymentMethodId).toBe(
      'pm_obj2',
    );
  });

  it('returns a decline as a value with the message as-is and no payment method', async () => {
    const stripe = fakeStripe({
      payment: {
        error: stripeError({ message: 'Your card was declined.', code: 'card_declined' }),
      },
    });
    expect(await gatewayOf(stripe).confirmCard('pi_9_secret_x')).toEqual({
      paymentMethodId: null,
      intentId: 'pi_9',
      error: { message: 'Your card was declined.' },
    });
  });

  it('keeps the payment method an error still carries (attach-on-error)', async () => {
    const stripe = fakeStripe({
      setup: {
        error: stripeError({
          message: 'Your card was declined.',
          payment_method: paymentMethod('pm_err'),
          setup_intent: setupIntent({ id: 'seti_err' }),
        }),
      },
    });
    expect(await gatewayOf(stripe).confirmCard('seti_err_secret_x')).toEqual({
      paymentMethodId: 'pm_err',
      intentId: 'seti_err',
      error: { message: 'Your card was declined.' },
    });
  });

  it('an intent confirmed already (a reload before the attach) goes on with its payment method', async () => {
    const stripe = fakeStripe({
      payment: {
        error: stripeError({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'You cannot confirm this PaymentIntent because it has already succeeded.',
          payment_intent: paymentIntent({ id: 'pi_7', payment_method: 'pm_paid' }),
        }),
      },
      setup: {
        error: stripeError({
          type: 'invalid_request_error',
          code: 'setup_intent_unexpected_state',
          setup_intent: setupIntent({ id: 'seti_7', payment_method: paymentMethod('pm_saved') }),
        }),
      },
    });
    expect(await gatewayOf(stripe).confirmCard('pi_7_secret_a')).toEqual({
      paymentMethodId: 'pm_paid',
      intentId: 'pi_7',
      error: null,
    });
    expect(await gatewayOf(stripe).confirmCard('seti_7_secret_a')).toEqual({
      paymentMethodId: 'pm_saved',
      intentId: 'seti_7',
      error: null,
    });
  });

  it('an intent in an unexpected state that is not paid stays an error', async () => {
    const stripe = fakeStripe({
      payment: {
        error: stripeError({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          payment_intent: paymentIntent({ id: 'pi_8', status: 'canceled' }),
        }),
      },
    });
    const result = await gatewayOf(stripe).confirmCard('pi_8_secret_a');
    expect(result).toEqual({
      paymentMethodId: null,
      intentId: 'pi_8',
      error: {
        message: null,
        detail: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
      },
    });
  });

  it('shows Stripe’s sentence only when it is about the card or what was typed; the rest is kept for the log', async () => {
    const confirmWith = (error: Partial<StripeError>) =>
      gatewayOf(fakeStripe({ payment: { error: stripeError(error) } })).confirmCard(
        'pi_1_secret_a',
      );
    // An API or integration error is in English and for developers: the app's own message instead.
    expect(
      (
        await confirmWith({
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such payment_intent: pi_1',
        })
      ).error,
    ).toEqual({
      message: null,
      detail: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment_intent: pi_1',
      },
    });
    expect(
      (await confirmWith({ type: 'api_connection_error', message: 'Network error' })).error,
    ).toEqual({
      message: null,
      detail: { type: 'api_connection_error', message: 'Network error' },
    });
    // A failed 3-D Secure check is the member's to read.
    expect(
      (
        await confirmWith({
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
        })
      ).error,
    ).toEqual({ message: 'We are unable to authenticate your payment method.' });
    expect(
      (await confirmWith({ type: 'validation_error', message: 'Your card number is incomplete.' }))
        .error,
    ).toEqual({ message: 'Your card number is incomplete.' });
  });

  it('an intent returned in a status that is no payment is an error', async () => {
    const stripe = fakeStripe({
      payment: { paymentIntent: paymentIntent({ status: 'requires_payment_method' }) },
    });
    const result = await gatewayOf(stripe).confirmCard('pi_1_secret_a');
    expect(result).toEqual({
      paymentMethodId: null,
      intentId: 'pi_1',
      error: { message: null, detail: { status: 'requires_payment_method' } },
    });
  });

  it('an error without a message gives a null message', async () => {
    const stripe = fakeStripe({ payment: { error: stripeError({}) } });
    const result = await gatewayOf(stripe).confirmCard('pi_1_secret_a');
    expect(result.error).toEqual({ message: null });
  });

  it('rejects for a broken integration: unknown secret or no card field', async () => {
    const stripe = fakeStripe();
    await expect(gatewayOf(stripe).confirmCard('cs_1_secret')).rejects.toThrow();
    const noCard = createStripeConfirm(
      stripe,
      () => null,
      () => null,
    );
    await expect(noCard.confirmCard('pi_1_secret_a')).rejects.toThrow(/not mounted/);
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });
});

describe('stripe gateway: confirmExpress', () => {
  it('submits the elements, then confirmPayment with redirect if_required for a pi_ secret', async () => {
    const stripe = fakeStripe();
    const elements = fakeElements();
    const result = await gatewayOf(stripe, elements).confirmExpress('pi_1_secret_a');
    expect(elements.submit).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: 'pi_1_secret_a',
      confirmParams: { return_url: 'https://club.test/subscription' },
      redirect: 'if_required',
    });
    const submitOrder = elements.submit.mock.invocationCallOrder[0] ?? 0;
    const confirmOrder = stripe.confirmPayment.mock.invocationCallOrder[0] ?? 0;
    expect(submitOrder).toBeLessThan(confirmOrder);
    expect(result).toEqual({ paymentMethodId: 'pm_1', intentId: 'pi_1', error: null });
  });

  it('uses confirmSetup with redirect if_required for a seti_ secret', async () => {
    const stripe = fakeStripe();
    const elements = fakeElements();
    await gatewayOf(stripe, elements).confirmExpress('seti_1_secret_b');
    expect(stripe.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ clientSecret: 'seti_1_secret_b', redirect: 'if_required' }),
    );
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('returns a submit error without confirming', async () => {
    const stripe = fakeStripe();
    const elements = fakeElements(stripeError({ message: 'Wallet closed.' }));
    expect(await gatewayOf(stripe, elements).confirmExpress('pi_4_secret_a')).toEqual({
      paymentMethodId: null,
      intentId: 'pi_4',
      error: { message: 'Wallet closed.' },
    });
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('a submit error that is not about the wallet is not shown, and is kept for the log', async () => {
    const elements = fakeElements(stripeError({ type: 'api_error', message: 'Something broke.' }));
    expect((await gatewayOf(fakeStripe(), elements).confirmExpress('pi_4_secret_a')).error).toEqual(
      { message: null, detail: { type: 'api_error', message: 'Something broke.' } },
    );
  });

  it('returns a confirmation error with its payment method', async () => {
    const stripe = fakeStripe({
      payment: {
        error: stripeError({ message: 'Declined.', payment_method: paymentMethod('pm_w') }),
      },
    });
    const result = await gatewayOf(stripe, fakeElements()).confirmExpress('pi_1_secret_a');
    expect(result).toEqual({
      paymentMethodId: 'pm_w',
      intentId: 'pi_1',
      error: { message: 'Declined.' },
    });
  });

  it('rejects when the express button is not mounted', async () => {
    await expect(gatewayOf(fakeStripe(), null).confirmExpress('pi_1_secret_a')).rejects.toThrow();
  });
});

describe('stripe gateway handed over by the provider', () => {
  it('rejects until Stripe.js has loaded, then confirms with what is mounted at that time', async () => {
    let stripe: StripeConfirmApi | null = null;
    const gateway = createStripeGateway({
      stripe: () => stripe,
      cardElements: () => CARD_GROUP,
      expressElements: () => null,
      onExpressFailed: vi.fn(),
    });
    await expect(gateway.confirmCard('pi_1_secret_a')).rejects.toThrow('Stripe.js is not loaded');
    stripe = fakeStripe();
    expect(await gateway.confirmCard('pi_1_secret_a')).toEqual({
      paymentMethodId: 'pm_1',
      intentId: 'pi_1',
      error: null,
    });
  });

  it('closes the wallet sheet with a failure only when the wallet payment did not go through', async () => {
    const onExpressFailed = vi.fn();
    let stripe = fakeStripe();
    const gateway = createStripeGateway({
      stripe: () => stripe,
      cardElements: () => CARD_GROUP,
      expressElements: () => fakeElements(),
      onExpressFailed,
    });
    await gateway.confirmExpress('pi_1_secret_a');
    expect(onExpressFailed).not.toHaveBeenCalled();
    stripe = fakeStripe({ payment: { error: stripeError({ message: 'Declined.' }) } });
    const result = await gateway.confirmExpress('pi_1_secret_a');
    expect(result.error).toEqual({ message: 'Declined.' });
    expect(onExpressFailed).toHaveBeenCalledTimes(1);
  });

  it('closes the wallet sheet with a failure when the confirmation throws, then rejects', async () => {
    const onExpressFailed = vi.fn();
    const stripe = fakeStripe();
    vi.mocked(stripe.confirmPayment).mockRejectedValueOnce(new Error('network'));
    const gateway = createStripeGateway({
      stripe: () => stripe,
      cardElements: () => CARD_GROUP,
      expressElements: () => fakeElements(),
      onExpressFailed,
    });
    await expect(gateway.confirmExpress('pi_1_secret_a')).rejects.toThrow('network');
    expect(onExpressFailed).toHaveBeenCalledTimes(1);
  });
});

describe('stripe gateway: focus', () => {
  it('focuses the element of the card field it is asked for, through the card fields’ Elements group', () => {
    const focus = { cardNumber: vi.fn(), cardExpiry: vi.fn(), cardCvc: vi.fn() };
    const elements = {
      getElement: vi.fn((type: keyof typeof focus) => ({ focus: focus[type] })),
    } as unknown as StripeElements;
    const gateway = createStripeGateway({
      stripe: () => null,
      cardElements: () => elements,
      expressElements: () => null,
      onExpressFailed: vi.fn(),
    });
    gateway.focusField('cardExpiry');
    expect(focus.cardExpiry).toHaveBeenCalledTimes(1);
    gateway.focusField('cardCvc');
    gateway.focusField('cardNumber');
    expect(focus.cardCvc).toHaveBeenCalledTimes(1);
    expect(focus.cardNumber).toHaveBeenCalledTimes(1);
  });
});

describe('stripe gateway: options', () => {
  it('turns Apple Pay and Google Pay on with subscribe buttons; Amazon Pay, Link, PayPal off', () => {
    expect(EXPRESS_CHECKOUT_OPTIONS.paymentMethods).toMatchObject({
      applePay: 'always',
      googlePay: 'always',
      amazonPay: 'never',
      link: 'never',
      paypal: 'never',
    });
    expect(EXPRESS_CHECKOUT_OPTIONS.buttonType).toEqual({
      applePay: 'subscribe',
      googlePay: 'subscribe',
    });
  });

  it('reports only the wallets that are on and available', () => {
    expect(availableMethodsOf(undefined)).toEqual([]);
    expect(
      availableMethodsOf({
        applePay: false,
        googlePay: true,
        link: true,
        paypal: true,
        amazonPay: true,
        klarna: true,
      }),
    ).toEqual(['googlePay']);
  });

  it('follows the app language and the intent kind', () => {
    expect(stripeLocaleOf('en')).toBe('en');
    expect(stripeLocaleOf('fr')).toBe('fr-CA');
    expect(
      expressElementsOptionsOf({ kind: 'payment', amount: 12000, currency: 'cad' }, 'en'),
    ).toEqual({
      mode: 'subscription',
      amount: 12000,
      currency: 'cad',
      locale: 'en',
    });
    expect(
      expressElementsOptionsOf({ kind: 'setup', amount: 12000, currency: 'cad' }, 'fr-CA'),
    ).toEqual({
      mode: 'setup',
      currency: 'cad',
      locale: 'fr-CA',
    });
  });
});

describe('stripe gateway: loading', () => {
  it('imports Stripe.js only from @stripe/stripe-js/pure (types aside)', () => {
    const runtimeImportsOf = (file: string) =>
      (
        readFileSync(join(import.meta.dirname, '../../src/payments', file), 'utf8').match(
          /^import (?!type )[^;]*?from '(@stripe\/stripe-js[^']*)'/gms,
        ) ?? []
      ).map((line) => line.match(/'([^']+)'$/)?.[1]);
    expect(runtimeImportsOf('stripe-provider.tsx')).toEqual(['@stripe/stripe-js/pure']);
    expect(runtimeImportsOf('stripe-confirm.ts')).toEqual([]);
  });

  it('does not load Stripe.js until the provider renders, and reports a failed load', async () => {
    const load = vi.fn(() => Promise.reject(new Error('blocked')));
    const provider = createStripePaymentProvider('pk_test_x', load);
    expect(load).not.toHaveBeenCalled();
    const onLoadError = vi.fn();
    const i18n = i18next.createInstance();
    void i18n.use(initReactI18next).init({
      lng: 'en',
      ns: ['checkout'],
      defaultNS: 'checkout',
      resources: { en: { checkout: enCheckout } },
      initAsync: false,
    });
    render(
      <I18nextProvider i18n={i18n}>
        <provider.PaymentProvider language="en" onLoadError={onLoadError}>
          <p>fields</p>
        </provider.PaymentProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(onLoadError).toHaveBeenCalledWith(new Error('blocked')));
    expect(load).toHaveBeenCalledWith('pk_test_x', { locale: 'en' });
    expect(document.querySelector('script[src*="stripe.com"]')).toBeNull();
  });

  it('loads Stripe.js in the page’s language, so Stripe’s own messages are French in French', async () => {
    const load = vi.fn(() => new Promise<never>(() => {}));
    const provider = createStripePaymentProvider('pk_test_x', load);
    render(
      <provider.PaymentProvider language="fr">
        <p>champs</p>
      </provider.PaymentProvider>,
    );
    expect(load).toHaveBeenCalledWith('pk_test_x', { locale: 'fr-CA' });
  });

  it('loadPaymentProvider picks Stripe when a publishable key is set, without injecting its script', async () => {
    const provider = await loadPaymentProvider({ stripePublishableKey: 'pk_test_123' });
    expect(provider.name).toBe('stripe');
    expect(await loadPaymentProvider({ stripePublishableKey: 'pk_test_123' })).toBe(provider);
    expect(document.querySelector('script[src*="stripe.com"]')).toBeNull();
  });
});
