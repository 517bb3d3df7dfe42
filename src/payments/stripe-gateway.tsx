/**
 * The Stripe adapter of the payment port (docs/architecture.md, Payments).
 *
 * Loaded with a dynamic import on /subscription only (load-gateway.ts).
 * Stripe.js itself is loaded from '@stripe/stripe-js/pure' (never the plain
 * entry, which injects the script as soon as it is imported), and only when
 * the provider first renders.
 *
 * - Card: CardNumberElement / CardExpiryElement / CardCvcElement in one
 *   Elements group with the app's locale; a `pi_` secret is confirmed with
 *   `confirmCardPayment`, a `seti_` secret with `confirmCardSetup`.
 * - Express: ExpressCheckoutElement (Apple Pay and Google Pay on, subscribe
 *   buttons; Amazon Pay, Link, PayPal off, spec 9) in its own Elements group
 *   in deferred-intent mode (mode, amount, currency), confirmed with
 *   `elements.submit()` then `confirmPayment` / `confirmSetup` with
 *   `redirect: 'if_required'`.
 */

import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  ExpressCheckoutElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type {
  PaymentIntentResult,
  PaymentMethod,
  SetupIntentResult,
  Stripe,
  StripeCardNumberElement,
  StripeElementLocale,
  StripeElements,
  StripeElementsOptions,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementOptions,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { intentIdOf, intentKindOf } from '../../machines/payment/intent.ts';
import type {
  CardField,
  ConfirmResult,
  ExpressMethod,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import type { Language } from '../../machines/shared/domain.ts';
import type {
  CardFieldProps,
  ExpressButtonProps,
  ExpressIntent,
  PaymentProviderModule,
  PaymentProviderProps,
} from './payment-provider.ts';

// ---------------------------------------------------------------------------
// Pure parts (unit-tested against a fake Stripe object)
// ---------------------------------------------------------------------------

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

/** The part of the Stripe object the gateway uses (a fake in tests). */
export interface StripeConfirmApi {
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardNumberElement } },
  ): Promise<PaymentIntentResult>;
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardNumberElement } },
  ): Promise<SetupIntentResult>;
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<PaymentIntentResult>;
  confirmSetup(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<SetupIntentResult>;
}

/** The part of an Elements group the express confirmation uses. */
export type ExpressElements = Pick<StripeElements, 'submit'>;

function paymentMethodIdOf(method: string | PaymentMethod | null | undefined): string | null {
  if (typeof method === 'string') return method;
  return method?.id ?? null;
}

/** A Stripe confirmation result as a provider-neutral ConfirmResult. */
export function toConfirmResult(
  result: PaymentIntentResult | SetupIntentResult,
  clientSecret: string,
): ConfirmResult {
  if (result.error) {
    const { error } = result;
    return {
      paymentMethodId: error.payment_method?.id ?? null,
      intentId: error.payment_intent?.id ?? error.setup_intent?.id ?? intentIdOf(clientSecret),
      error: { message: error.message ?? null },
    };
  }
  const intent = 'paymentIntent' in result ? result.paymentIntent : result.setupIntent;
  if (!intent) return { paymentMethodId: null, intentId: intentIdOf(clientSecret), error: null };
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
): PaymentGateway {
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
          error: { message: submitted.error.message ?? null },
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

// ---------------------------------------------------------------------------
// React adapter
// ---------------------------------------------------------------------------

interface StripeShared {
  stripePromise: Promise<Stripe | null>;
  locale: StripeElementLocale;
  fieldReady(field: CardField): void;
  expressElements: RefObject<StripeElements | null>;
  lastExpressConfirm: RefObject<StripeExpressCheckoutElementConfirmEvent | null>;
}

const StripeSharedContext = createContext<StripeShared | null>(null);

function useStripeShared(): StripeShared {
  const shared = useContext(StripeSharedContext);
  if (!shared) throw new Error('Stripe payment fields must be rendered inside its PaymentProvider');
  return shared;
}

type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Loads Stripe.js for a key once; a failed load is forgotten so a later
 * provider may try again.
 */
function createStripeLoader(publishableKey: string, load: LoadStripe) {
  let loading: Promise<Stripe | null> | null = null;
  return (): Promise<Stripe | null> => {
    loading ??= load(publishableKey).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** The Stripe provider: requests Stripe.js on its first render and wraps the card fields' Elements group. */
export function StripePaymentProvider({
  language,
  children,
  onReady,
  onLoadError,
  getStripe,
}: PaymentProviderProps & { getStripe: () => Promise<Stripe | null> }) {
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  const expressElements = useRef<StripeElements | null>(null);
  const lastExpressConfirm = useRef<StripeExpressCheckoutElementConfirmEvent | null>(null);

  const [stripePromise] = useState(() =>
    getStripe().then(
      (stripe) => {
        if (!stripe) onLoadErrorRef.current?.(new Error('Stripe.js is not available'));
        return stripe;
      },
      (error: unknown) => {
        onLoadErrorRef.current?.(error);
        return null;
      },
    ),
  );

  const fieldReady = useMemo(() => {
    const ready = new Set<CardField>();
    let reported = false;
    return (field: CardField) => {
      ready.add(field);
      if (!reported && ready.size === 3) {
        reported = true;
        onReadyRef.current?.();
      }
    };
  }, []);

  const locale = stripeLocaleOf(language);
  const shared = useMemo<StripeShared>(
    () => ({ stripePromise, locale, fieldReady, expressElements, lastExpressConfirm }),
    [stripePromise, locale, fieldReady],
  );
  const options = useMemo<StripeElementsOptions>(() => ({ locale }), [locale]);

  return (
    <StripeSharedContext.Provider value={shared}>
      <Elements stripe={stripePromise} options={options}>
        {children}
      </Elements>
    </StripeSharedContext.Provider>
  );
}

/** The gateway of the enclosing Stripe provider: stable identity, always the latest Stripe state. */
export function useStripeGateway(): PaymentGateway {
  const stripe = useStripe();
  const elements = useElements();
  const shared = useStripeShared();
  const latest = useRef({ stripe, elements, shared });
  latest.current = { stripe, elements, shared };

  return useMemo<PaymentGateway>(() => {
    const current = () => {
      const { stripe: loaded, elements: cardElements, shared: now } = latest.current;
      if (!loaded) throw new Error('Stripe.js is not loaded');
      return createStripeConfirm(
        loaded,
        () => cardElements?.getElement(CardNumberElement) ?? null,
        () => now.expressElements.current,
      );
    };
    return {
      confirmCard: async (clientSecret) => current().confirmCard(clientSecret),
      confirmExpress: async (clientSecret) => {
        const result = await current().confirmExpress(clientSecret);
        // Close the wallet sheet with a failure when the payment did not go through.
        if (result.error) {
          latest.current.shared.lastExpressConfirm.current?.paymentFailed({ reason: 'fail' });
        }
        return result;
      },
    };
  }, []);
}

/**
 * The Stripe payment provider for a publishable key. `load` is Stripe's
 * `loadStripe` from '@stripe/stripe-js/pure' (tests pass a fake). Stripe.js is
 * requested when the provider first renders, once per page.
 */
export function createStripePaymentProvider(
  publishableKey: string,
  load: LoadStripe = loadStripe,
): PaymentProviderModule {
  const getStripe = createStripeLoader(publishableKey, load);
  // biome-ignore lint/correctness/noComponentHookFactories: bound once per publishable key (load-gateway keeps one per key), never created during a render.
  function PaymentProvider(props: PaymentProviderProps) {
    return <StripePaymentProvider {...props} getStripe={getStripe} />;
  }
  return {
    name: 'stripe',
    PaymentProvider,
    CardNumberField: StripeCardNumberField,
    CardExpiryField: StripeCardExpiryField,
    CardCvcField: StripeCardCvcField,
    ExpressButton: StripeExpressButton,
    useGateway: useStripeGateway,
  };
}

function FieldFrame({
  id,
  labelKey,
  children,
}: {
  id: string;
  labelKey: 'card.number' | 'card.expiry' | 'card.cvc';
  children: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="field card-field">
      {/* Stripe focuses its element when the label of its container is clicked. */}
      <label className="field__label" htmlFor={id}>
        {t(labelKey)}
      </label>
      <div className="field__control">{children}</div>
    </div>
  );
}

const fieldClass = (invalid: boolean | undefined) =>
  invalid ? 'field__input stripe-field stripe-field--invalid' : 'field__input stripe-field';

function StripeCardNumberField({
  id = 'card-number',
  onChange,
  disabled,
  invalid,
}: CardFieldProps) {
  const { fieldReady } = useStripeShared();
  const options = useMemo(() => ({ disabled: Boolean(disabled), showIcon: true }), [disabled]);
  return (
    <FieldFrame id={id} labelKey="card.number">
      <CardNumberElement
        id={id}
        className={fieldClass(invalid)}
        options={options}
        onReady={() => fieldReady('cardNumber')}
        onChange={(event) =>
          onChange({
            field: 'cardNumber',
            complete: event.complete,
            error: event.error?.message ?? null,
          })
        }
      />
    </FieldFrame>
  );
}

function StripeCardExpiryField({
  id = 'card-expiry',
  onChange,
  disabled,
  invalid,
}: CardFieldProps) {
  const { fieldReady } = useStripeShared();
  const options = useMemo(() => ({ disabled: Boolean(disabled) }), [disabled]);
  return (
    <FieldFrame id={id} labelKey="card.expiry">
      <CardExpiryElement
        id={id}
        className={fieldClass(invalid)}
        options={options}
        onReady={() => fieldReady('cardExpiry')}
        onChange={(event) =>
          onChange({
            field: 'cardExpiry',
            complete: event.complete,
            error: event.error?.message ?? null,
          })
        }
      />
    </FieldFrame>
  );
}

function StripeCardCvcField({ id = 'card-cvc', onChange, disabled, invalid }: CardFieldProps) {
  const { fieldReady } = useStripeShared();
  const options = useMemo(() => ({ disabled: Boolean(disabled) }), [disabled]);
  return (
    <FieldFrame id={id} labelKey="card.cvc">
      <CardCvcElement
        id={id}
        className={fieldClass(invalid)}
        options={options}
        onReady={() => fieldReady('cardCvc')}
        onChange={(event) =>
          onChange({
            field: 'cardCvc',
            complete: event.complete,
            error: event.error?.message ?? null,
          })
        }
      />
    </FieldFrame>
  );
}

function StripeExpressButton(props: ExpressButtonProps) {
  const shared = useStripeShared();
  const { kind, amount, currency } = props.intent;
  const options = useMemo(
    () => expressElementsOptionsOf({ kind, amount, currency }, shared.locale),
    [kind, amount, currency, shared.locale],
  );
  return (
    <div className="express-button" inert={props.disabled || undefined}>
      {/* Its own Elements group: express checkout needs a deferred intent (mode, amount, currency). */}
      <Elements key={kind} stripe={shared.stripePromise} options={options}>
        <StripeExpressElement {...props} />
      </Elements>
    </div>
  );
}

function StripeExpressElement({
  onAvailable,
  onUnavailable,
  onConfirm,
  onCancel,
}: ExpressButtonProps) {
  const elements = useElements();
  const shared = useStripeShared();

  useEffect(() => {
    shared.expressElements.current = elements;
    return () => {
      if (shared.expressElements.current === elements) shared.expressElements.current = null;
    };
  }, [elements, shared]);

  return (
    <ExpressCheckoutElement
      options={EXPRESS_CHECKOUT_OPTIONS}
      onReady={(event) => {
        const methods = availableMethodsOf(event.availablePaymentMethods);
        if (methods.length > 0) onAvailable(methods);
        else onUnavailable();
      }}
      onLoadError={() => onUnavailable()}
      onConfirm={(event) => {
        shared.lastExpressConfirm.current = event;
        onConfirm();
      }}
      onCancel={() => onCancel()}
    />
  );
}
