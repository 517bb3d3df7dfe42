/**
 * The one interface the checkout screen uses to talk to a payment provider.
 * Two implementations: Stripe (stripe-provider.tsx) and the offline test
 * provider (test-provider.tsx); `loadPaymentProvider` (load-payment-provider.ts)
 * picks one and loads it lazily.
 *
 * Wiring, in the checkout screen (src/screens/checkout/payment-column.tsx and
 * express-checkout.tsx; the events go to machines/payment/checkout.machine.ts):
 * - `<PaymentProvider language onReady onLoadError>` wraps the payment column;
 *   `onReady(gateway)` → `checkout.providerReady` (the machine keeps the
 *   `PaymentGateway` whose `confirmCard` / `confirmExpress` its
 *   `confirmPayment` actor calls; its identity is stable and it always uses
 *   the latest provider state), `onLoadError` → `checkout.providerFailed`.
 * - `<CardField field>` (number, expiry or CVC) renders its own label and
 *   input; `onChange` → `card.fieldChange`.
 * - `<ExpressButton>` is rendered always (it reports availability and renders
 *   nothing until a wallet is available): `onAvailable` →
 *   `express.available`, `onUnavailable` → `express.unavailable`,
 *   `onConfirm` → `express.confirm`, `onCancel` → `express.cancel`.
 */
import { type ComponentType, createElement, type ReactNode } from 'react';
import type {
  CardField,
  CardFieldChange,
  ExpressMethod,
  IntentKind,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import type { Language } from '../../machines/shared/domain.ts';

export interface PaymentProviderProps {
  /** The app language: the provider's own texts and messages follow it (spec 9). */
  language: Language;
  children: ReactNode;
  /** The three card fields are mounted and take input; confirm through `gateway`. Called once. */
  onReady?: (gateway: PaymentGateway) => void;
  /** The provider could not be loaded (script blocked, offline…). */
  onLoadError?: (error: unknown) => void;
}

export interface CardFieldProps {
  field: CardField;
  /** The field's id; the component renders its own `<label htmlFor={id}>`. */
  id: string;
  onChange: (change: CardFieldChange) => void;
  disabled?: boolean;
  /** Marks the field invalid (e.g. a confirmation error names the card). */
  invalid?: boolean;
  /** The id of the inline error text, read with the field where the provider allows it. */
  describedBy?: string;
}

/** What the wallet sheet charges, and which kind of intent will be confirmed. */
export interface ExpressIntent {
  kind: IntentKind;
  /** In the currency's smallest unit (cents): 12000 for 120.00. */
  amount: number;
  /** Lower-case ISO code, e.g. 'cad'. */
  currency: string;
}

export interface ExpressButtonProps {
  intent: ExpressIntent;
  /** At least one wallet can pay here. */
  onAvailable: (methods: ExpressMethod[]) => void;
  /** No wallet can pay here (the button renders nothing). */
  onUnavailable: () => void;
  /** The member authorised the payment: confirm it now (`gateway.confirmExpress`). */
  onConfirm: () => void;
  /** The member closed the wallet sheet. */
  onCancel: () => void;
  disabled?: boolean;
}

export interface PaymentProviderModule {
  /** 'stripe' or 'test', for diagnostics and tests. */
  name: 'stripe' | 'test';
  PaymentProvider: ComponentType<PaymentProviderProps>;
  /** Number, expiry or CVC, by its `field`. */
  CardField: ComponentType<CardFieldProps>;
  ExpressButton: ComponentType<ExpressButtonProps>;
}

/**
 * A provider's module: its parts, with the settings its provider component
 * needs (a publishable key's loader, a latency) bound once, when the module is
 * made, so the checkout renders every provider alike.
 */
export function paymentProviderModule<Settings extends object>(
  name: PaymentProviderModule['name'],
  parts: Omit<PaymentProviderModule, 'name' | 'PaymentProvider'> & {
    Provider: ComponentType<PaymentProviderProps & Settings>;
    settings: Settings;
  },
): PaymentProviderModule {
  const { Provider, settings, CardField, ExpressButton } = parts;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module (load-payment-provider keeps one per key), never during a render.
  function PaymentProvider(props: PaymentProviderProps) {
    return createElement(Provider, { ...props, ...settings });
  }
  return { name, PaymentProvider, CardField, ExpressButton };
}
