import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cardPaymentMachine } from '../../../machines/payment/card-payment.machine.ts';
import {
  canSubmit,
  errorText,
  isLoadingProvider,
  isPaying,
  loadedSubscription,
  subscriptionValidTo,
} from '../../../machines/payment/card-payment.selectors.ts';
import { loadedSubscriptionOf } from '../../../machines/payment/intent.ts';
import type { CardFieldChange, PaymentGateway } from '../../../machines/payment/payment-gateway.ts';
import type { Language } from '../../../machines/shared/domain.ts';
import type { AppConfig } from '../../app/env.ts';
import { useServices } from '../../app/services.tsx';
import { useFlowMachine } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import type { PaymentProviderModule } from '../../payments/payment-provider.ts';
import { ExpressCheckout } from './express-checkout.tsx';
import { formatMoney, PRICE_DEFAULTS } from './price-summary.tsx';
import { refetchMembership } from './refetch-membership.ts';
import { formatRenewalDate, renewalDate } from './renewal-date.ts';

/** Loads the payment provider module (load-gateway.ts in the app; a fake in tests). */
export type LoadProvider = (
  config: Pick<AppConfig, 'stripePublishableKey'>,
) => Promise<PaymentProviderModule>;

/** With no card field ready after this long, the provider counts as failed (never an endless spinner). */
export const PROVIDER_READY_TIMEOUT_MS = 30_000;

export const CARD_ERROR_ID = 'card-error';

export interface PaymentColumnProps {
  membershipId: string;
  externalId: string;
  language: Language;
  loadProvider: LoadProvider;
  now: () => Date;
  providerTimeoutMs: number;
  /** Starts the column again (new provider load, new subscription load). */
  onRetry: () => void;
}

/** Hands the machine's actors the gateway of the enclosing provider. */
function GatewayBridge({
  useGateway,
  gatewayRef,
}: {
  useGateway: PaymentProviderModule['useGateway'];
  gatewayRef: RefObject<PaymentGateway | null>;
}) {
  const gateway = useGateway();
  useEffect(() => {
    gatewayRef.current = gateway;
    return () => {
      if (gatewayRef.current === gateway) gatewayRef.current = null;
    };
  }, [gateway, gatewayRef]);
  return null;
}

/**
 * The payment column (spec 2): a spinner until the provider and the
 * subscription are ready, then the express button, the card fields, the
 * inline error, Subscribe and the terms note. Driven by the card payment
 * machine (machines/payment/card-payment.machine.ts).
 */
export function PaymentColumn({
  membershipId,
  externalId,
  language,
  loadProvider,
  now,
  providerTimeoutMs,
  onRetry,
}: PaymentColumnProps) {
  const { t } = useTranslation(['checkout', 'common']);
  const { keyText } = useErrorText();
  const { api, membership, logger, config } = useServices();
  const navigate = useNavigate();
  const gatewayRef = useRef<PaymentGateway | null>(null);

  const [machine] = useState(() =>
    cardPaymentMachine.provide({
      actors: {
        loadSubscription: fromPromise(async ({ input }: { input: { externalId: string } }) =>
          loadedSubscriptionOf(await api.subscriptions.get(input.externalId)),
        ),
        confirmCard: fromPromise(async ({ input }: { input: { clientSecret: string } }) => {
          const gateway = gatewayRef.current;
          if (!gateway) throw new Error('The payment provider is not ready');
          return gateway.confirmCard(input.clientSecret);
        }),
        attachPaymentMethod: fromPromise(({ input }) =>
          api.subscriptions.attachPaymentMethod(externalId, input),
        ),
        refetchMembership: fromPromise(() => refetchMembership(membership)),
      },
      actions: {
        goToDashboard: () => void navigate({ to: '/dashboard', replace: true }),
        logPaymentError: (_args, { error }) => logger.error('Card payment error', error),
      },
    }),
  );
  const [snapshot, send] = useFlowMachine(machine, { input: { membershipId, externalId } });

  // The provider module (Stripe or the test provider), loaded lazily.
  const [provider, setProvider] = useState<PaymentProviderModule | null>(null);
  useEffect(() => {
    let live = true;
    loadProvider({ stripePublishableKey: config.stripePublishableKey }).then(
      (module) => {
        if (live) setProvider(module);
      },
      (error: unknown) => {
        if (!live) return;
        logger.error('The payment provider could not be loaded', error);
        send({ type: 'card.providerFailed' });
      },
    );
    return () => {
      live = false;
    };
  }, [loadProvider, config.stripePublishableKey, logger, send]);

  // Card fields that never report ready count as a failed provider.
  const mounting = snapshot.matches({ loadingProvider: { provider: 'mounting' } });
  useEffect(() => {
    if (!mounting) return;
    const timer = window.setTimeout(() => {
      logger.error('The payment provider did not get ready in time');
      send({ type: 'card.providerFailed' });
    }, providerTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [mounting, providerTimeoutMs, logger, send]);

  const [expressBusy, setExpressBusy] = useState(false);
  const onReady = useCallback(() => send({ type: 'card.providerReady' }), [send]);
  const onLoadError = useCallback(
    (error: unknown) => {
      logger.error('The payment provider could not be loaded', error);
      send({ type: 'card.providerFailed' });
    },
    [logger, send],
  );
  const onFieldChange = (change: CardFieldChange) => send({ type: 'card.fieldChange', ...change });

  const loading = isLoadingProvider(snapshot);
  const paying = isPaying(snapshot);
  const deadEnd = snapshot.matches('providerError') || snapshot.matches('loadFailed');
  const subscription = loadedSubscription(snapshot);
  const shownError = errorText(snapshot);
  const errorString = shownError
    ? shownError.kind === 'message'
      ? shownError.message
      : keyText(shownError.key)
    : null;
  // Subscribe: all three fields complete and nothing in flight (spec 4).
  const enabled = canSubmit(snapshot) && !expressBusy;
  const { fields, errorMessage } = snapshot.context;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The machine handles card.submit only when Subscribe may run: a second
    // click or Enter during a payment is ignored there.
    if (!expressBusy) send({ type: 'card.submit' });
  };

  const amount = formatMoney(PRICE_DEFAULTS.amount, language);
  const renewsOn = formatRenewalDate(renewalDate(subscriptionValidTo(snapshot), now()), language);

  return (
    <section
      className="card checkout-payment"
      aria-labelledby="checkout-payment-title"
      aria-busy={loading || undefined}
    >
      <h2 id="checkout-payment-title">{t('checkout:payment.title')}</h2>
      {loading ? (
        <p className="checkout-payment__loading" role="status">
          <Spinner />
          <span>{t('checkout:payment.loading')}</span>
        </p>
      ) : null}
      {deadEnd ? (
        <div className="checkout-payment__failure">
          <FormAlert id={CARD_ERROR_ID}>{errorString}</FormAlert>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('checkout:payment.retry')}
          </button>
        </div>
      ) : null}
      {provider && !deadEnd ? (
        <provider.PaymentProvider language={language} onReady={onReady} onLoadError={onLoadError}>
          <GatewayBridge useGateway={provider.useGateway} gatewayRef={gatewayRef} />
          <div
            className={
              loading
                ? 'checkout-payment__body checkout-payment__body--loading'
                : 'checkout-payment__body'
            }
            aria-hidden={loading || undefined}
            inert={loading || undefined}
          >
            {subscription ? (
              <ExpressCheckout
                provider={provider}
                gatewayRef={gatewayRef}
                membershipId={membershipId}
                externalId={externalId}
                subscription={subscription}
                cardBusy={paying}
                onBusyChange={setExpressBusy}
              />
            ) : null}
            <form className="checkout-payment__form" noValidate onSubmit={submit}>
              <provider.CardNumberField
                id="card-number"
                onChange={onFieldChange}
                disabled={paying}
                invalid={Boolean(fields.cardNumber.error || errorMessage)}
                describedBy={CARD_ERROR_ID}
              />
              <div className="checkout-payment__row">
                <provider.CardExpiryField
                  id="card-expiry"
                  onChange={onFieldChange}
                  disabled={paying}
                  invalid={Boolean(fields.cardExpiry.error)}
                  describedBy={CARD_ERROR_ID}
                />
                <provider.CardCvcField
                  id="card-cvc"
                  onChange={onFieldChange}
                  disabled={paying}
                  invalid={Boolean(fields.cardCvc.error)}
                  describedBy={CARD_ERROR_ID}
                />
              </div>
              <FormAlert id={CARD_ERROR_ID}>{errorString}</FormAlert>
              <SubmitButton
                className="checkout-payment__subscribe"
                busy={paying}
                busyLabel={t('checkout:payment.subscribing')}
                disabled={!enabled}
              >
                {t('checkout:payment.subscribe')}
              </SubmitButton>
            </form>
            <p className="checkout-payment__terms">
              {t('checkout:terms.note', { club: t('common:app.name'), amount, date: renewsOn })}
            </p>
          </div>
        </provider.PaymentProvider>
      ) : null}
    </section>
  );
}
