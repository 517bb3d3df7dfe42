/**
 * Picks and lazily loads the payment provider (docs/architecture.md, Payments):
 * Stripe when a publishable key is configured (VITE_STRIPE_PUBLISHABLE_KEY),
 * else the offline test provider of docs/api.md. Both are dynamic imports,
 * so neither reaches the main bundle; call this on /subscription only.
 */
import type { PaymentProviderModule } from './payment-provider.ts';

export interface PaymentProviderConfig {
  stripePublishableKey?: string | undefined;
}

const stripeProviders = new Map<string, PaymentProviderModule>();

/** The same module (and component identities) for the same configuration. */
export async function loadPaymentProvider(
  config: PaymentProviderConfig,
): Promise<PaymentProviderModule> {
  const key = config.stripePublishableKey?.trim();
  if (key) {
    const { createStripePaymentProvider } = await import('./stripe-provider.tsx');
    let provider = stripeProviders.get(key);
    if (!provider) {
      provider = createStripePaymentProvider(key);
      stripeProviders.set(key, provider);
    }
    return provider;
  }
  const { testPaymentProvider } = await import('./test-provider.tsx');
  return testPaymentProvider;
}
