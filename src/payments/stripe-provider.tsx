/**
 * The Stripe adapter of the payment port (docs/architecture.md, Payments):
 * its React side. The confirmations themselves are pure (stripe-confirm.ts).
 *
 * Loaded with a dynamic import on /subscription only
 * (load-payment-provider.ts). Stripe.js itself is loaded from
 * '@stripe/stripe-js/pure' (never the plain entry, which injects the script as
 * soon as it is imported), and only when the provider first renders.
 *
 * - Card: the number, expiry and CVC elements (one table) in one Elements
 *   group with the app's locale.
 * - Express: ExpressCheckoutElement (Apple Pay and Google Pay on, subscribe
 *   buttons; Amazon Pay, Link, PayPal off, spec 9) in its own Elements group
 *   in deferred-intent mode (mode, amount, currency).
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
  Stripe,
  StripeElementLocale,
  StripeElements,
  StripeElementsOptions,
  StripeExpressCheckoutElementConfirmEvent,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import {
  type ComponentType,
  createContext,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { CardField } from '../../machines/payment/payment-gateway.ts';
import { CardFieldFrame, onceAllFieldsReady } from './card-fields.tsx';
import type {
  CardFieldProps,
  ExpressButtonProps,
  PaymentProviderModule,
  PaymentProviderProps,
} from './payment-provider.ts';
import { paymentProviderModule } from './payment-provider.ts';
import {
  availableMethodsOf,
  createStripeGateway,
  EXPRESS_CHECKOUT_OPTIONS,
  expressElementsOptionsOf,
  stripeLocaleOf,
} from './stripe-confirm.ts';

/** A loaded Stripe object and an Elements group (null until Stripe.js has loaded). */
interface ElementsGroup {
  stripe: Stripe | null;
  elements: StripeElements | null;
}

interface StripeShared {
  stripePromise: Promise<Stripe | null>;
  locale: StripeElementLocale;
  fieldReady(field: CardField): void;
  expressGroup: RefObject<ElementsGroup>;
  lastExpressConfirm: RefObject<StripeExpressCheckoutElementConfirmEvent | null>;
}

const StripeSharedContext = createContext<StripeShared | null>(null);

function useStripeShared(): StripeShared {
  const shared = useContext(StripeSharedContext);
  if (!shared) throw new Error('Stripe payment fields must be rendered inside its PaymentProvider');
  return shared;
}

/** Keeps the enclosing Elements group's Stripe object and elements in `target`. */
function RememberElements({ target }: { target: RefObject<ElementsGroup> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    const group = { stripe, elements };
    target.current = group;
    return () => {
      if (target.current === group) target.current = NO_GROUP;
    };
  }, [stripe, elements, target]);
  return null;
}

const NO_GROUP: ElementsGroup = { stripe: null, elements: null };

type LoadStripe = (
  publishableKey: string,
  options: { locale: StripeElementLocale },
) => Promise<Stripe | null>;

/**
 * Loads Stripe.js for a key once per locale; a failed load is forgotten so a
 * later provider may try again. The locale is the Stripe object's own: it is
 * what Stripe's messages (a decline, a failed 3-D Secure check) are written
 * in, whatever the browser's language (Stripe: "Setting the locale here will
 * localize error strings for all Stripe.js methods"). The elements' locale
 * covers only their placeholders and field messages.
 */
function createStripeLoader(publishableKey: string, load: LoadStripe) {
  const loading = new Map<StripeElementLocale, Promise<Stripe | null>>();
  return (locale: StripeElementLocale): Promise<Stripe | null> => {
    let stripe = loading.get(locale);
    if (!stripe) {
      stripe = load(publishableKey, { locale }).catch((error: unknown) => {
        loading.delete(locale);
        throw error;
      });
      loading.set(locale, stripe);
    }
    return stripe;
  };
}

/**
 * The Stripe provider: requests Stripe.js on its first render, wraps the card
 * fields' Elements group, and hands over its gateway once the three card
 * fields are ready.
 */
export function StripePaymentProvider({
  language,
  children,
  onReady,
  onLoadError,
  getStripe,
}: PaymentProviderProps & { getStripe: (locale: StripeElementLocale) => Promise<Stripe | null> }) {
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const onLoadErrorRef = useRef(onLoadError);
  onLoadErrorRef.current = onLoadError;
  const cardGroup = useRef<ElementsGroup>(NO_GROUP);
  const expressGroup = useRef<ElementsGroup>(NO_GROUP);
  const lastExpressConfirm = useRef<StripeExpressCheckoutElementConfirmEvent | null>(null);

  // Stripe.js in the language of the page as it opens (a Stripe object keeps its locale;
  // the fields follow a later change of language, Stripe's own messages do not).
  const [stripePromise] = useState(() =>
    getStripe(stripeLocaleOf(language)).then(
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
    const gateway = createStripeGateway({
      stripe: () => cardGroup.current.stripe,
      cardElements: () => cardGroup.current.elements,
      expressElements: () => expressGroup.current.elements,
      onExpressFailed: () => lastExpressConfirm.current?.paymentFailed({ reason: 'fail' }),
    });
    return onceAllFieldsReady(() => onReadyRef.current?.(gateway));
  }, []);

  const locale = stripeLocaleOf(language);
  const shared = useMemo<StripeShared>(
    () => ({ stripePromise, locale, fieldReady, expressGroup, lastExpressConfirm }),
    [stripePromise, locale, fieldReady],
  );
  const options = useMemo<StripeElementsOptions>(() => ({ locale }), [locale]);

  return (
    <StripeSharedContext.Provider value={shared}>
      <Elements stripe={stripePromise} options={options}>
        <RememberElements target={cardGroup} />
        {children}
      </Elements>
    </StripeSharedContext.Provider>
  );
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
  return paymentProviderModule('stripe', {
    Provider: StripePaymentProvider,
    settings: { getStripe: createStripeLoader(publishableKey, load) },
    CardField: StripeCardField,
    ExpressButton: StripeExpressButton,
  });
}

/** What the card fields' elements take here (each element accepts these props). */
interface StripeFieldElementProps {
  id: string;
  className: string;
  options: { disabled: boolean; showIcon?: boolean };
  onReady: () => void;
  onChange: (event: { complete: boolean; error?: { message?: string } | undefined }) => void;
}

/** Each card field: its Stripe element, and whether it shows the card brand icon. */
const STRIPE_FIELDS: Record<
  CardField,
  { Element: ComponentType<StripeFieldElementProps>; showIcon: boolean }
> = {
  cardNumber: { Element: CardNumberElement, showIcon: true },
  cardExpiry: { Element: CardExpiryElement, showIcon: false },
  cardCvc: { Element: CardCvcElement, showIcon: false },
};

function StripeCardField({ field, id, onChange, disabled, invalid }: CardFieldProps) {
  const { fieldReady } = useStripeShared();
  const { Element, showIcon } = STRIPE_FIELDS[field];
  const options = useMemo(
    () => ({ disabled: Boolean(disabled), ...(showIcon ? { showIcon } : {}) }),
    [disabled, showIcon],
  );
  return (
    <CardFieldFrame id={id} field={field}>
      <Element
        id={id}
        className={
          invalid ? 'field__input stripe-field stripe-field--invalid' : 'field__input stripe-field'
        }
        options={options}
        onReady={() => fieldReady(field)}
        onChange={(event) =>
          onChange({ field, complete: event.complete, error: event.error?.message ?? null })
        }
      />
    </CardFieldFrame>
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
        <RememberElements target={shared.expressGroup} />
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
  const shared = useStripeShared();
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
