/**
 * The confirmations of the offline test provider (docs/api.md, "The test
 * payment provider"), apart from its React side: what the card fields
 * hold decides the outcome (test-cards.ts), as in Stripe's test mode; a
 * 3D Secure card asks the member through `requestChallenge`.
 */
import { intentIdOf } from '../../machines/payment/intent.ts';
import type {
  CardField,
  ConfirmResult,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  digitsOf,
  outcomeOf,
  TEST_ERROR_KEYS,
  type TestErrorKey,
  testPaymentMethodId,
} from './test-cards.ts';

/** How long a confirmation takes by default, so the busy state is visible as with a real provider. */
export const DEFAULT_TEST_LATENCY_MS = 400;

export interface TestGatewaySources {
  /** What each card field holds now. */
  texts(): Record<CardField, string>;
  /** The provider's sentence for a key (in the payment language). */
  translate(key: TestErrorKey): string;
  /** Shows the 3D Secure check; resolves with whether the member passed it. */
  requestChallenge(): Promise<boolean>;
  /** The delay of each confirmation, in ms. */
  latencyMs(): number;
  /** A card field's input, while mounted. */
  input(field: CardField): HTMLInputElement | null;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The test provider's gateway: declines are values; nothing is called over the network. */
export function createTestGateway(sources: TestGatewaySources): PaymentGateway {
  const failure = (
    errorKey: TestErrorKey,
    intentId: string | null,
    paymentMethodId: string | null = null,
  ): ConfirmResult => ({
    paymentMethodId,
    intentId,
    error: { message: sources.translate(errorKey) },
  });
  const success = (intentId: string | null): ConfirmResult => ({
    paymentMethodId: testPaymentMethodId(),
    intentId,
    error: null,
  });

  return {
    async confirmCard(clientSecret) {
      await wait(sources.latencyMs());
      const intentId = intentIdOf(clientSecret);
      const texts = sources.texts();
      const checks = [
        [checkCardNumber(texts.cardNumber, true), TEST_ERROR_KEYS.numberIncomplete],
        [checkExpiry(texts.cardExpiry, true), TEST_ERROR_KEYS.expiryIncomplete],
        [checkCvc(texts.cardCvc, true), TEST_ERROR_KEYS.cvcIncomplete],
      ] as const;
      for (const [check, emptyKey] of checks) {
        // An empty field has no message of its own: the provider says it is incomplete.
        if (!check.complete) return failure(check.errorKey ?? emptyKey, intentId);
      }
      const outcome = outcomeOf(digitsOf(texts.cardNumber));
      if (outcome.kind === 'succeeds') return success(intentId);
      if (outcome.kind === 'threeDSecure') {
        return (await sources.requestChallenge())
          ? success(intentId)
          : failure(TEST_ERROR_KEYS.authenticationFailed, intentId);
      }
      return failure(
        outcome.errorKey,
        intentId,
        outcome.carriesPaymentMethod ? testPaymentMethodId() : null,
      );
    },
    async confirmExpress(clientSecret) {
      await wait(sources.latencyMs());
      return success(intentIdOf(clientSecret));
    },
    focusField(field) {
      sources.input(field)?.focus();
    },
  };
}
