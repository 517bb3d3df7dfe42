import { useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { expressPaymentMachine } from '../../../machines/payment/express-payment.machine.ts';
import type { LoadedSubscription } from '../../../machines/payment/intent.ts';
import type { PaymentGateway } from '../../../machines/payment/payment-gateway.ts';
import { useServices } from '../../app/services.tsx';
import { useFlowMachine } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import type { PaymentProviderModule } from '../../payments/payment-provider.ts';
import { CURRENCY, PRICE_DEFAULTS } from './price-summary.tsx';
import { refetchMembership } from './refetch-membership.ts';

/** What the wallet sheet charges: the fixed displayed amount (spec 9), in cents. */
export const EXPRESS_AMOUNT_CENTS = PRICE_DEFAULTS.amount * 100;

export interface ExpressCheckoutProps {
  provider: PaymentProviderModule;
  gatewayRef: RefObject<PaymentGateway | null>;
  membershipId: string;
  externalId: string;
  subscription: LoadedSubscription;
  /** A card payment is in flight: the wallet button waits. */
  cardBusy: boolean;
  /** Tells the column when a wallet payment is in flight (Subscribe waits). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The express checkout button (Apple Pay, Google Pay; spec 2): started once
 * the subscription is loaded, hidden until the provider reports a wallet.
 * Success refetches the membership and goes to /dashboard.
 */
export function ExpressCheckout({
  provider,
  gatewayRef,
  membershipId,
  externalId,
  subscription,
  cardBusy,
  onBusyChange,
}: ExpressCheckoutProps) {
  const { t } = useTranslation('checkout');
  const { keyText } = useErrorText();
  const { api, membership, logger } = useServices();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    expressPaymentMachine.provide({
      actors: {
        confirmExpress: fromPromise(async ({ input }: { input: { clientSecret: string } }) => {
          const gateway = gatewayRef.current;
          if (!gateway) throw new Error('The payment provider is not ready');
          return gateway.confirmExpress(input.clientSecret);
        }),
        attachPaymentMethod: fromPromise(({ input }) =>
          api.subscriptions.attachPaymentMethod(externalId, input),
        ),
      },
      actions: {
        reportSuccess: () => {
          void refetchMembership(membership)
            .catch((error: unknown) =>
              logger.error('Membership refetch after payment failed', error),
            )
            .finally(() => void navigate({ to: '/dashboard', replace: true }));
        },
        logPaymentError: (_args, { error }) => logger.error('Express payment error', error),
      },
    }),
  );
  const [snapshot, send] = useFlowMachine(machine, {
    input: {
      membershipId,
      clientSecret: subscription.clientSecret,
      intentId: subscription.intentId,
    },
  });
  const hidden = snapshot.matches('hidden');
  const busy = snapshot.hasTag('busy') || snapshot.status === 'done';
  // Only reached when the quirk is switched off (EXPRESS_SUCCESS_DESPITE_ERROR).
  const failure = snapshot.matches('failed')
    ? (snapshot.context.errorMessage ?? keyText(snapshot.context.errorKey))
    : null;

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

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
        disabled={busy || cardBusy}
      />
      <FormAlert id="express-error">{failure}</FormAlert>
      {hidden ? null : <p className="checkout-express__divider">{t('payment.orPayByCard')}</p>}
    </div>
  );
}
