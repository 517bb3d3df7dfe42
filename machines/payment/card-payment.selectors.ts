/**
 * Pure reads of a card payment snapshot for the view.
 */
import type { SnapshotFrom } from 'xstate';
import { CARD_FIELDS, type cardPaymentMachine } from './card-payment.machine.ts';

export type CardPaymentSnapshot = SnapshotFrom<typeof cardPaymentMachine>;

/**
 * What to show in red under the card fields:
 * - `message`: a provider sentence, shown as-is (spec 8), never translated;
 * - `key`: one of our translation keys (`errors.*`, `server.*`, `checkout:card.*`).
 */
export type PaymentErrorText = { kind: 'message'; message: string } | { kind: 'key'; key: string };

/** Subscribe is enabled (spec 4): all three fields complete and no payment in flight. */
export function canSubmit(snapshot: CardPaymentSnapshot): boolean {
  return snapshot.can({ type: 'card.submit' });
}

/** A payment is in flight (Subscribe shows its loading state), or it succeeded and the app is leaving. */
export function isPaying(snapshot: CardPaymentSnapshot): boolean {
  return snapshot.hasTag('busy') || snapshot.status === 'done';
}

/** The payment column still waits for the provider (spinner, spec 2). */
export function isLoadingProvider(snapshot: CardPaymentSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/**
 * The inline error: a field's own provider message first (it is about what the
 * member is typing now), then the confirmation's provider message, then our key.
 */
export function errorText(snapshot: CardPaymentSnapshot): PaymentErrorText | null {
  const { fields, errorMessage, errorKey } = snapshot.context;
  for (const field of CARD_FIELDS) {
    const message = fields[field].error;
    if (message) return { kind: 'message', message };
  }
  if (errorMessage) return { kind: 'message', message: errorMessage };
  if (errorKey) return { kind: 'key', key: errorKey };
  return null;
}

/** subscription.validTo for the renewal date in the terms note (null in the free year or until loaded). */
export function subscriptionValidTo(snapshot: CardPaymentSnapshot): string | null {
  return snapshot.context.subscription?.validTo ?? null;
}

/** The client secret once loaded (the express button needs it and its kind). */
export function loadedSubscription(snapshot: CardPaymentSnapshot) {
  return snapshot.context.subscription;
}
