/**
 * Pure helpers around intents and client secrets (no provider, no network).
 */
import type { SubscriptionResponse } from '../shared/domain.ts';
import { UNKNOWN_ERROR_KEY } from '../shared/error-key.ts';
import type { IntentKind } from './payment-gateway.ts';

/**
 * The kind of intent a client secret belongs to: `pi_…` is a payment intent,
 * `seti_…` a setup intent. Anything else is null.
 */
export function intentKindOf(clientSecret: string): IntentKind | null {
  if (clientSecret.startsWith('pi_')) return 'payment';
  if (clientSecret.startsWith('seti_')) return 'setup';
  return null;
}

/**
 * The intent id inside a client secret (`pi_123_secret_abc` → `pi_123`), or
 * null when the secret has no `_secret_` part.
 */
export function intentIdOf(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : null;
}

/** What the card payment machine needs from GET club/subscriptions/{externalId}. */
export interface LoadedSubscription {
  clientSecret: string;
  intentId: string;
  kind: IntentKind;
  /** subscription.validTo: end of the last paid period, null in the free year (spec 9 renewal date). */
  validTo: string | null;
}

/** Thrown (as a value with a translation key) when the subscription carries no intent to confirm. */
export const NO_INTENT_ERROR = {
  key: UNKNOWN_ERROR_KEY,
  reason: 'subscription has no intent',
} as const;

/**
 * Picks the intent to confirm from a subscription response: the payment intent
 * when a fee is due, else the setup intent (free year: the card is saved for
 * the anniversary charge). Throws `NO_INTENT_ERROR` when there is neither.
 */
export function loadedSubscriptionOf(response: SubscriptionResponse): LoadedSubscription {
  const intent = response.paymentIntent ?? response.setupIntent;
  if (!intent) throw NO_INTENT_ERROR;
  return {
    clientSecret: intent.client_secret,
    intentId: intent.id,
    kind: response.paymentIntent ? 'payment' : 'setup',
    validTo: response.subscription.validTo,
  };
}
