import { useTranslation } from 'react-i18next';
import type { CheckoutEvent } from '../../../machines/payment/checkout.machine.ts';
import {
  type CheckoutSnapshot,
  isAwaitingAttach,
  isPaying,
  isWalletShown,
  loadedSubscription,
  type PaymentErrorText,
  walletErrorText,
} from '../../../machines/payment/checkout.selectors.ts';
import { CURRENCY, EXPRESS_AMOUNT_CENTS } from '../../../machines/payment/pricing.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import type { PaymentProviderModule } from '../../payments/payment-provider.ts';

export interface ExpressCheckoutProps {
  provider: PaymentProviderModule;
  /** The checkout machine's snapshot (its `wallet` region and the one payment in flight). */
  snapshot: CheckoutSnapshot;
  send: (event: CheckoutEvent) => void;
  /** Turns an error into the text shown (a provider sentence as-is, or our key translated). */
  errorText: (text: PaymentErrorText | null) => string | null;
}

/**
 * The express checkout button (Apple Pay, Google Pay; spec 2), shown once the
 * subscription is loaded and the provider reports a wallet. It waits while
 * any payment is in flight.
 */
export function ExpressCheckout({ provider, snapshot, send, errorText }: ExpressCheckoutProps) {
  const { t } = useTranslation('checkout');
  const subscription = loadedSubscription(snapshot);
  if (!subscription) return null;
  const hidden = !isWalletShown(snapshot);
  const { ExpressButton } = provider;
  return (
    <div
      className={hidden ? 'checkout-express checkout-express--hidden' : 'checkout-express'}
      aria-hidden={hidden || undefined}
    >
      <ExpressButton
        intent={{
          kind: subscription.kind,
          amount: EXPRESS_AMOUNT_CENTS,
          currency: CURRENCY.toLowerCase(),
        }}
        onAvailable={(methods) => send({ type: 'express.available', methods })}
        onUnavailable={() => send({ type: 'express.unavailable' })}
        onConfirm={() => send({ type: 'express.confirm' })}
        onCancel={() => send({ type: 'express.cancel' })}
        disabled={isPaying(snapshot) || isAwaitingAttach(snapshot)}
      />
      {/* Only on the wallet's error branch (the quirk EXPRESS_SUCCESS_DESPITE_ERROR switched off). */}
      <FormAlert id="express-error">{errorText(walletErrorText(snapshot))}</FormAlert>
      {hidden ? null : <p className="checkout-express__divider">{t('payment.orPayByCard')}</p>}
    </div>
  );
}
