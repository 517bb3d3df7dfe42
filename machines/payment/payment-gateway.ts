/**
 * The payment provider port (types only). The checkout machine speaks these
 * shapes; src/payments/ has two adapters behind them: Stripe
 * (stripe-confirm.ts, stripe-provider.tsx) and the offline test provider
 * (test-confirm.ts, test-provider.tsx).
 * Nothing here knows React or Stripe.
 */

/** What a client secret confirms: a payment intent (`pi_…`) or a setup intent (`seti_…`). */
export type IntentKind = 'payment' | 'setup';

/**
 * A provider's own error. `message` is the provider's sentence, already in the
 * payment locale, shown as-is (spec 8: "provider error messages are shown
 * as-is"); null when the provider gave none (the machine then shows
 * `errors.unknown`).
 */
export interface ProviderError {
  /** The provider's sentence for the member (shown as-is), or null: the app's own message shows. */
  message: string | null;
  /**
   * What the provider said when the member is not shown it (an API or
   * integration error, an intent in a status that is no payment): logged, for
   * support, never shown.
   */
  detail?: { type?: string; code?: string; message?: string; status?: string };
}

/** The outcome of a confirmation. A provider decline is a value, never a throw. */
export interface ConfirmResult {
  /** The payment method created or used; may be set even with an error (attach-on-error, spec 4). */
  paymentMethodId: string | null;
  /** The id of the intent that was confirmed (`pi_…` / `seti_…`), when the provider says. */
  intentId: string | null;
  error: ProviderError | null;
}

export interface PaymentGateway {
  /**
   * Confirms the card entered in the gateway's card fields: a payment intent
   * secret (`pi_…`) as a card payment, a setup intent secret (`seti_…`) as a
   * card setup, with any 3D Secure step the provider needs. Never throws for a
   * provider decline: returns `error` (and `paymentMethodId` when the error
   * still carries one). May reject only for a broken integration (provider not
   * loaded, no card field mounted).
   */
  confirmCard(clientSecret: string): Promise<ConfirmResult>;
  /**
   * Confirms the wallet payment the member authorised in the express button,
   * without leaving the page unless the method requires a redirect. Same
   * result rules as `confirmCard`.
   */
  confirmExpress(clientSecret: string): Promise<ConfirmResult>;
  /** Puts the focus in a card field (Enter on a card not complete takes the member to what is missing). */
  focusField(field: CardField): void;
}

/** The three card fields of spec 2 / spec 5. */
export type CardField = 'cardNumber' | 'cardExpiry' | 'cardCvc';

/** What a card field reports on every change (like a Stripe element's change event). */
export interface CardFieldChange {
  field: CardField;
  /** The field holds a complete, valid value. */
  complete: boolean;
  /** The provider's message for the field (shown as-is), or null. */
  error: string | null;
}

/** Wallets an express checkout button can offer (spec 9: only Apple Pay and Google Pay are on). */
export type ExpressMethod = 'applePay' | 'googlePay' | 'amazonPay' | 'link' | 'paypal' | 'klarna';
