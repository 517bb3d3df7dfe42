/**
 * Pure reads of a checkout snapshot for the view.
 */
import type { SnapshotFrom } from 'xstate';
import {
  CARD_FIELDS,
  type CardFieldState,
  type checkoutMachine,
  hasConfirmedPayment,
} from './checkout.machine.ts';
import type { CardField } from './payment-gateway.ts';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * What to show in red:
 * - `message`: a provider sentence, shown as-is (spec 8), never translated;
 * - `key`: one of our translation keys (`errors.*`, `server.*`, `checkout:card.*`).
 */
export type PaymentErrorText = { kind: 'message'; message: string } | { kind: 'key'; key: string };

/** The payment column still waits for the provider or the subscription (spinner, spec 2). */
export function isLoadingPayment(snapshot: CheckoutSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/** The provider or the subscription could not be loaded: the error and Try again. */
export function isDeadEnd(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ flow: 'providerError' }) || snapshot.matches({ flow: 'loadFailed' });
}

/**
 * Subscribe is enabled (spec 4): all three fields complete, or a payment
 * confirmed whose attach is still to do, and nothing in flight. (Enter on a
 * card not complete is taken too: it says what is missing.)
 */
export function canSubscribe(snapshot: CheckoutSnapshot): boolean {
  return (
    (snapshot.matches({ card: 'complete' }) || isAwaitingAttach(snapshot)) &&
    snapshot.can({ type: 'card.submit' })
  );
}

/**
 * The provider accepted a payment (a card, or the wallet) but attaching it to
 * the subscription failed: Subscribe retries that attach. The card fields and
 * the wallet wait meanwhile (a card typed now would not be the one saved),
 * and the page says the card was accepted.
 */
export function isAwaitingAttach(snapshot: CheckoutSnapshot): boolean {
  return hasConfirmedPayment(snapshot.context) && snapshot.matches({ flow: 'ready' });
}

/**
 * A payment the provider accepted is not saved to the membership: its attach
 * failed (`isAwaitingAttach`), or the subscription is being read again after
 * that failure. Leaving now loses it, so the page asks first.
 */
export function hasUnsavedPayment(snapshot: CheckoutSnapshot): boolean {
  return (
    isAwaitingAttach(snapshot) ||
    (hasConfirmedPayment(snapshot.context) &&
      snapshot.matches({ flow: { paying: 'reloadingSubscription' } }))
  );
}

/** A payment is in flight, or it succeeded and the app is leaving: both buttons wait. */
export function isPaying(snapshot: CheckoutSnapshot): boolean {
  return snapshot.hasTag('busy') || snapshot.matches({ flow: 'succeeded' });
}

/** The card or wallet is being confirmed, or attached, with no answer yet: leaving asks first. */
export function isPaymentInFlight(snapshot: CheckoutSnapshot): boolean {
  return snapshot.hasTag('paymentInFlight');
}

/** A card payment is in flight (Subscribe shows its loading state, the fields are disabled). */
export function isPayingByCard(snapshot: CheckoutSnapshot): boolean {
  return isPaying(snapshot) && snapshot.context.method === 'card';
}

/** The express button shows (the provider reported a wallet). */
export function isWalletShown(snapshot: CheckoutSnapshot): boolean {
  return snapshot.matches({ wallet: 'shown' });
}

function shownError({ errorMessage, errorKey }: CheckoutSnapshot['context']) {
  if (errorMessage) return { kind: 'message', message: errorMessage } as const;
  if (errorKey) return { kind: 'key', key: errorKey } as const;
  return null;
}

/** The key of our message for a field Enter found not complete. */
export const MISSING_FIELD_KEYS = {
  cardNumber: 'checkout:card.missing.cardNumber',
  cardExpiry: 'checkout:card.missing.cardExpiry',
  cardCvc: 'checkout:card.missing.cardCvc',
} as const satisfies Record<CardField, string>;

/** A field's own text: the provider's message, else ours when Enter found it not complete. */
function fieldText({ error, missing }: CardFieldState, field: CardField): PaymentErrorText | null {
  if (error) return { kind: 'message', message: error };
  return missing ? { kind: 'key', key: MISSING_FIELD_KEYS[field] } : null;
}

/** The first field, in the form's order, with a text of its own. */
function firstFieldWithText(snapshot: CheckoutSnapshot) {
  for (const field of CARD_FIELDS) {
    const text = fieldText(snapshot.context.fields[field], field);
    if (text) return { field, text };
  }
  return null;
}

/**
 * The inline error under the card fields: a field's own text first (the
 * provider's message about what the member is typing now, or what Enter found
 * missing), then the error of a card payment (or of loading), provider
 * message before our key.
 */
export function cardErrorText(snapshot: CheckoutSnapshot): PaymentErrorText | null {
  const own = firstFieldWithText(snapshot);
  if (own) return own.text;
  return snapshot.context.method === 'wallet' ? null : shownError(snapshot.context);
}

/**
 * The card field the inline error is about, which it describes: the first
 * field with a text of its own, else the number when a card payment's
 * provider message names the card; null otherwise. Another field marked
 * invalid is not described by a message about a different one.
 */
export function cardErrorField(snapshot: CheckoutSnapshot): CardField | null {
  const own = firstFieldWithText(snapshot);
  if (own) return own.field;
  return isCardPaymentMessage(snapshot) ? 'cardNumber' : null;
}

/**
 * The provider wrote a message about a card payment (never a wallet's: that
 * one shows under the wallet's button), which is taken to be about the card
 * number.
 */
function isCardPaymentMessage(snapshot: CheckoutSnapshot): boolean {
  const { method, errorMessage } = snapshot.context;
  return method !== 'wallet' && Boolean(errorMessage);
}

/** The field is marked invalid: its provider message, Enter found it missing, or (the number) a card payment's message. */
export function isCardFieldInvalid(snapshot: CheckoutSnapshot, field: CardField): boolean {
  const { error, missing } = snapshot.context.fields[field];
  return Boolean(error || missing || (field === 'cardNumber' && isCardPaymentMessage(snapshot)));
}

/** The wallet's error under its button: only on its error branch (the quirk switched off). */
export function walletErrorText(snapshot: CheckoutSnapshot): PaymentErrorText | null {
  return snapshot.matches({ flow: { ready: 'walletFailed' } })
    ? shownError(snapshot.context)
    : null;
}

/** The subscription once loaded (the express button needs its kind). */
export function loadedSubscription(snapshot: CheckoutSnapshot) {
  return snapshot.context.subscription;
}

/** The subscription carries a payment intent: the fee is charged now, not at the anniversary. */
export function isFeeDueNow(snapshot: CheckoutSnapshot): boolean {
  return snapshot.context.subscription?.kind === 'payment';
}

/** subscription.validTo for the renewal date in the terms note (null in the free year or until loaded). */
export function subscriptionValidTo(snapshot: CheckoutSnapshot): string | null {
  return snapshot.context.subscription?.validTo ?? null;
}
