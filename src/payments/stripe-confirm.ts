/**
 * The pure side of the Stripe adapter (docs/architecture.md, Payments): the
 * options of the express button, the wallets it reports, and the
 * confirmations over a Stripe object (a fake in tests): a `pi_` secret is
 * confirmed as a payment, a `seti_` one as a setup; the express button's
 * deferred intent with `elements.submit()` then `confirmPayment` /
 * `confirmSetup` with `redirect: 'if_required'`. Stripe's types only: no
 * script is loaded from here (stripe-provider.tsx loads Stripe.js).
 */
import type {
  PaymentIntentResult,
  PaymentMethod,
  SetupIntentResult,
  StripeCardNumberElement,
  StripeElementLocale,
  StripeElements,
  StripeElementsOptions,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { intentIdOf, intentKindOf } from '../../machines/payment/intent.ts';
import type {
  CardField,
  ConfirmResult,
  ExpressMethod,
  PaymentGateway,
  ProviderError,
} from '../../machines/payment/payment-gateway.ts';
import type { Language } from '../../machines/shared/domain.ts';
import type { ExpressIntent } from './payment-provider.ts';

/** Spec 9: the payment locale follows the app language (Canadian French for fr). */
export function stripeLocaleOf(language: Language): StripeElementLocale {
  return language === 'fr' ? 'fr-CA' : 'en';
}

/** Spec 9: Apple Pay and Google Pay on (subscribe buttons); Amazon Pay, Link and PayPal off. */
export const EXPRESS_CHECKOUT_OPTIONS: StripeExpressCheckoutElementOptions = {
  paymentMethods: {
    applePay: 'always',
    googlePay: 'always',
    amazonPay: 'never',
    link: 'never',
    paypal: 'never',
    klarna: 'never',
  },
  buttonType: { applePay: 'subscribe', googlePay: 'subscribe' },
};

const EXPRESS_METHODS = ['applePay', 'googlePay'] as const satisfies readonly ExpressMethod[];

/** The wallets Stripe reports ready, limited to the ones that are on. */
export function availableMethodsOf(
  available: StripeExpressCheckoutElementReadyEvent['availablePaymentMethods'],
): ExpressMethod[] {
  if (!available) return [];
  return EXPRESS_METHODS.filter((method) => available[method]);
}

/** The Elements options of the express button: deferred-intent mode for the intent it will confirm. */
export function expressElementsOptionsOf(
  intent: ExpressIntent,
  locale: StripeElementLocale,
): StripeElementsOptions {
  return intent.kind === 'setup'
    ? { mode: 'setup', currency: intent.currency, locale }
    : { mode: 'subscription', amount: intent.amount, currency: intent.currency, locale };
}

/** What a card confirmation sends: the card number element. */
type CardConfirmData = { payment_method: { card: StripeCardNumberElement } };

/** What a wallet confirmation sends: its Elements group, no redirect unless the method needs one. */
type ExpressConfirmOptions = {
  elements: StripeElements;
  clientSecret: string;
  confirmParams: { return_url: string };
  redirect: 'if_required';
};

/** The part of the Stripe object the gateway uses (a fake in tests). */
export interface StripeConfirmApi {
  confirmCardPayment(clientSecret: string, data: CardConfirmData): Promise<PaymentIntentResult>;
  confirmCardSetup(clientSecret: string, data: CardConfirmData): Promise<SetupIntentResult>;
  confirmPayment(options: ExpressConfirmOptions): Promise<PaymentIntentResult>;
  confirmSetup(options: ExpressConfirmOptions): Promise<SetupIntentResult>;
}

function paymentMethodIdOf(method: string | PaymentMethod | null | undefined): string | null {
  if (typeof method === 'string') return method;
  return method?.id ?? null;
}

/** The statuses of an intent whose money (or card) Stripe has: the flow goes on to attach. */
const CONFIRMED_STATUSES: ReadonlySet<string> = new Set([
  'succeeded',
  'processing',
  'requires_capture',
]);

type StripeError = NonNullable<PaymentIntentResult['error']>;

/**
 * Stripe's own sentence is for the member only about their card or what they
 * typed (Stripe: "for card errors, these messages can be shown to your
 * users"); any other (an API or integration error, in English) gives way to
 * the app's translated message.
 */
function providerErrorOf(error: StripeError): ProviderError {
  const forMember =
    error.type === 'card_error' ||
    error.type === 'validation_error' ||
    (error.code?.endsWith('_authentication_failure') ?? false);
  if (forMember) return { message: error.message ?? null };
  // Not for the member's eyes, but for the log (spec 8: provider errors are logged).
  return {
    message: null,
    detail: definedOnly({ type: error.type, code: error.code, message: error.message }),
  };
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The intent an "unexpected state" error carries when it was confirmed
 * already (a reload between confirming and attaching, a lost answer, a wallet
 * sheet closed after paying): confirming again cannot succeed, so the flow
 * goes on with it instead of showing Stripe's developer sentence for ever.
 */
function alreadyConfirmed(error: StripeError) {
  const intent =
    error.code === 'payment_intent_unexpected_state'
      ? error.payment_intent
      : error.code === 'setup_intent_unexpected_state'
        ? error.setup_intent
        : undefined;
  return intent && CONFIRMED_STATUSES.has(intent.status) ? intent : null;
}

/** A Stripe confirmation result as a provider-neutral ConfirmResult. */
export function toConfirmResult(
  result: PaymentIntentResult | SetupIntentResult,
  clientSecret: string,
): ConfirmResult {
  if (result.error) {
    const { error } = result;
    const confirmed = alreadyConfirmed(error);
    if (confirmed) {
      return {
        paymentMethodId: paymentMethodIdOf(confirmed.payment_method),
        intentId: confirmed.id,
        error: null,
      };
    }
    return {
      paymentMethodId: error.payment_method?.id ?? null,
      intentId: error.payment_intent?.id ?? error.setup_intent?.id ?? intentIdOf(clientSecret),
      error: providerErrorOf(error),
    };
  }
  const intent = 'paymentIntent' in result ? result.paymentIntent : result.setupIntent;
  if (!intent) return { paymentMethodId: null, intentId: intentIdOf(clientSecret), error: null };
  // Any other status (one Stripe.js should have resolved, such as requires_action) is no payment.
  if (!CONFIRMED_STATUSES.has(intent.status)) {
    return {
      paymentMethodId: null,
      intentId: intent.id,
      error: { message: null, detail: { status: intent.status } },
    };
  }
  return {
    paymentMethodId: paymentMethodIdOf(intent.payment_method),
    intentId: intent.id,
    error: null,
  };
}

function kindOrThrow(clientSecret: string) {
  const kind = intentKindOf(clientSecret);
  if (!kind) throw new Error('The client secret is neither a payment nor a setup intent');
  return kind;
}

/**
 * The gateway's confirmations over a Stripe object. Provider declines come
 * back as values; only a broken integration (unknown secret, no card field,
 * no express elements) rejects.
 */
export function createStripeConfirm(
  stripe: StripeConfirmApi,
  getCardElement: () => StripeCardNumberElement | null,
  getExpressElements: () => StripeElements | null,
  options: { returnUrl?: () => string } = {},
): Omit<PaymentGateway, 'focusField'> {
  const returnUrl = options.returnUrl ?? (() => window.location.href);
  return {
    async confirmCard(clientSecret) {
      const kind = kindOrThrow(clientSecret);
      const card = getCardElement();
      if (!card) throw new Error('The card number field is not mounted');
      const data = { payment_method: { card } };
      const result =
        kind === 'payment'
          ? await stripe.confirmCardPayment(clientSecret, data)
          : await stripe.confirmCardSetup(clientSecret, data);
      return toConfirmResult(result, clientSecret);
    },
    async confirmExpress(clientSecret) {
      const kind = kindOrThrow(clientSecret);
      const elements = getExpressElements();
      if (!elements) throw new Error('The express checkout button is not mounted');
      // Stripe requires elements.submit() before confirming a deferred intent.
      const submitted = await elements.submit();
      if (submitted.error) {
        return {
          paymentMethodId: null,
          intentId: intentIdOf(clientSecret),
          error: providerErrorOf(submitted.error),
        };
      }
      const params = {
        elements,
        clientSecret,
        confirmParams: { return_url: returnUrl() },
        redirect: 'if_required' as const,
      };
      const result =
        kind === 'payment'
          ? await stripe.confirmPayment(params)
          : await stripe.confirmSetup(params);
      return toConfirmResult(result, clientSecret);
    },
  };
}

/** A card field's element in an Elements group (`getElement` is typed per element type). */
function cardElementOf(elements: StripeElements | null, field: CardField) {
  if (!elements) return null;
  if (field === 'cardNumber') return elements.getElement('cardNumber');
  return field === 'cardExpiry'
    ? elements.getElement('cardExpiry')
    : elements.getElement('cardCvc');
}

/** Where the Stripe provider keeps what a confirmation needs, read at confirmation time. */
export interface StripeGatewaySources {
  /** The loaded Stripe object, null until Stripe.js has loaded. */
  stripe(): StripeConfirmApi | null;
  /** The card fields' Elements group, if mounted (confirmCard reads the number, focusField any). */
  cardElements(): StripeElements | null;
  /** The express button's Elements group, if mounted. */
  expressElements(): StripeElements | null;
  /** A wallet confirmation did not go through: close the wallet sheet with a failure. */
  onExpressFailed(): void;
}

/**
 * The gateway the Stripe provider hands over when its fields are ready: a
 * stable object that always confirms with the latest Stripe state.
 */
export function createStripeGateway(sources: StripeGatewaySources): PaymentGateway {
  const current = () => {
    const stripe = sources.stripe();
    if (!stripe) throw new Error('Stripe.js is not loaded');
    return createStripeConfirm(
      stripe,
      () => sources.cardElements()?.getElement('cardNumber') ?? null,
      sources.expressElements,
    );
  };
  return {
    confirmCard: async (clientSecret) => current().confirmCard(clientSecret),
    confirmExpress: async (clientSecret) => {
      let result: ConfirmResult;
      try {
        result = await current().confirmExpress(clientSecret);
      } catch (error) {
        // The wallet sheet must not spin on: it closes with a failure, then the error goes on.
        sources.onExpressFailed();
        throw error;
      }
      if (result.error) sources.onExpressFailed();
      return result;
    },
    focusField: (field) => cardElementOf(sources.cardElements(), field)?.focus(),
  };
}
