import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../../machines/payment/checkout.machine.ts';
import {
  canSubscribe,
  cardErrorField,
  cardErrorText,
  hasUnsavedPayment,
  isAwaitingAttach,
  isCardFieldInvalid,
  isDeadEnd,
  isFeeDueNow,
  isLoadingPayment,
  isPaying,
  isPayingByCard,
  isPaymentInFlight,
  type PaymentErrorText,
  subscriptionValidTo,
} from '../../../machines/payment/checkout.selectors.ts';
import type {
  CardField,
  CardFieldChange,
  PaymentGateway,
} from '../../../machines/payment/payment-gateway.ts';
import { formatMoney, PRICE_DEFAULTS } from '../../../machines/payment/pricing.ts';
import type { Language } from '../../../machines/shared/domain.ts';
import type { AppConfig } from '../../app/env.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { useLeaveWarning } from '../../app/use-leave-warning.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { FormFooter } from '../../components/form-fields.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { enterSubmits } from '../../components/use-form-fields.ts';
import { useKeepFocus } from '../../components/use-keep-focus.ts';
import { useNow } from '../../components/use-now.ts';
import { useErrorText } from '../../i18n/translate.ts';
import type { PaymentProviderModule } from '../../payments/payment-provider.ts';
import { ExpressCheckout } from './express-checkout.tsx';
import { formatRenewalDate, renewalDate } from './renewal-date.ts';

/** Loads the payment provider module (load-payment-provider.ts in the app; a fake in tests). */
export type LoadProvider = (
  config: Pick<AppConfig, 'stripePublishableKey'>,
) => Promise<PaymentProviderModule>;

export const CARD_ERROR_ID = 'card-error';

/** The id of each card field's input. */
const FIELD_IDS: Record<CardField, string> = {
  cardNumber: 'card-number',
  cardExpiry: 'card-expiry',
  cardCvc: 'card-cvc',
};

export interface PaymentColumnProps {
  membershipId: string;
  externalId: string;
  language: Language;
  loadProvider: LoadProvider;
  now: () => number;
  /** How long the card fields may take to get ready (the machine's default when undefined). */
  providerTimeoutMs: number | undefined;
  /** The membership lapsed while the page was open: it no longer passes the page's guard. */
  lapsed: boolean;
  /** Starts the column again (new provider load, new subscription load). */
  onRetry: () => void;
  /** This column replaces one whose Try again was pressed: its title takes the focus. */
  retried?: boolean;
  /** The price summary beside the column, told whether the subscription charges the fee now. */
  summary: (feeDueNow: boolean) => ReactNode;
}

/** The red text: a provider sentence as-is, or one of our keys translated. */
function useShownText() {
  const { keyText } = useErrorText();
  return (text: PaymentErrorText | null) =>
    text ? (text.kind === 'message' ? text.message : keyText(text.key)) : null;
}

/**
 * The payment column (spec 2): a spinner until the provider and the
 * subscription are ready, then the express button, the card fields, the
 * inline error, Subscribe and the terms note. Driven by the checkout machine
 * (machines/payment/checkout.machine.ts); the view owns the provider's code
 * (it renders components) and where to go next.
 */
export function PaymentColumn({
  membershipId,
  externalId,
  language,
  loadProvider,
  now,
  providerTimeoutMs,
  lapsed,
  onRetry,
  retried = false,
  summary,
}: PaymentColumnProps) {
  const { t } = useTranslation(['checkout', 'common']);
  // Try again replaced the column, and the button that had the focus with it: the keyboard goes
  // on from the column's title, not from the top of the page. (FocusedTitle does this for a
  // view's h1; it loads with /login, whose size budget has no room for an h2 variant.)
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (retried) title.current?.focus();
  }, [retried]);
  const shownText = useShownText();
  const { config } = useServices();
  const navigate = useNavigate();

  // The provider module (Stripe or the test provider), loaded by the machine's loadProvider actor.
  const [provider, setProvider] = useState<PaymentProviderModule | null>(null);
  // The card field to focus once the render that marks it invalid is on screen (a new object each time).
  const [focusTarget, setFocusTarget] = useState<{ field: CardField } | null>(null);
  const [snapshot, send, checkout] = useFlow(checkoutMachine, 'checkout', {
    input: { membershipId, externalId, ...(providerTimeoutMs ? { providerTimeoutMs } : {}) },
    view: {
      goToDashboard: () => void navigate({ to: '/dashboard', replace: true }),
      focusCardField: (_args, params) => setFocusTarget({ field: params.field }),
    },
    viewActors: {
      loadProvider: fromPromise(async () => {
        setProvider(await loadProvider({ stripePublishableKey: config.stripePublishableKey }));
      }),
    },
  });

  // Leaving while the card is charged or the payment attached asks first; so
  // does leaving a card accepted whose attach failed (it would not be saved).
  useLeaveWarning(() => {
    const current = checkout.getSnapshot();
    if (isPaymentInFlight(current)) return t('checkout:payment.leaveWhilePaying');
    if (hasUnsavedPayment(current)) return t('checkout:payment.leaveBeforeSaved');
    return null;
  });

  // A lapsed membership: the router runs the guards again, which send the member to
  // /activation, once no payment is on its way, unsaved or leaving for the dashboard
  // (a guard's redirect does not ask first, as the leave warning does).
  const holdsPayment = isPaying(snapshot) || hasUnsavedPayment(snapshot);
  const router = useRouter();
  useEffect(() => {
    if (lapsed && !holdsPayment) void router.invalidate();
  }, [lapsed, holdsPayment, router]);

  const onReady = useCallback(
    (gateway: PaymentGateway) => send({ type: 'checkout.providerReady', gateway }),
    [send],
  );
  const onLoadError = useCallback(
    (error: unknown) => send({ type: 'checkout.providerFailed', error }),
    [send],
  );
  const onFieldChange = (change: CardFieldChange) => send({ type: 'card.fieldChange', ...change });
  // After the render that marks the field and its message: a screen reader reads them together.
  useEffect(() => {
    if (focusTarget) checkout.getSnapshot().context.gateway?.focusField(focusTarget.field);
  }, [focusTarget, checkout]);

  const loading = isLoadingPayment(snapshot);
  const deadEnd = isDeadEnd(snapshot);
  const payingByCard = isPayingByCard(snapshot);
  // A payment the provider accepted, whose attach failed: Subscribe only retries that attach.
  const awaitingAttach = isAwaitingAttach(snapshot);
  const feeDueNow = isFeeDueNow(snapshot);
  // The card fields and Subscribe are disabled while paying: the one in use gets the focus back.
  const cardForm = useKeepFocus<HTMLFormElement>(payingByCard);
  const errorString = shownText(cardErrorText(snapshot));
  const errorField = cardErrorField(snapshot);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The machine takes card.submit only when nothing is in flight: a second
    // click or Enter during a payment is ignored there. On a card not
    // complete, it says what is missing.
    send({ type: 'card.submit' });
  };

  const amount = formatMoney(PRICE_DEFAULTS.amount, language);
  // Today read again every minute (useNow): a page left open past midnight renews from the new day.
  const today = new Date(useNow(now));
  const renewsOn = formatRenewalDate(renewalDate(subscriptionValidTo(snapshot), today), language);
  const cardField = ({ CardField: Field }: PaymentProviderModule, field: CardField) => (
    <Field
      key={field}
      field={field}
      id={FIELD_IDS[field]}
      onChange={onFieldChange}
      disabled={payingByCard || awaitingAttach}
      // The number field is marked too when a confirmation names the card.
      invalid={isCardFieldInvalid(snapshot, field)}
      describedBy={field === errorField ? CARD_ERROR_ID : undefined}
    />
  );

  return (
    <>
      {summary(feeDueNow)}
      <section
        className="card checkout-payment"
        aria-labelledby="checkout-payment-title"
        aria-busy={loading || undefined}
      >
        <h2 id="checkout-payment-title" tabIndex={-1} ref={title}>
          {t('checkout:payment.title')}
        </h2>
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
            <div
              className={
                loading
                  ? 'checkout-payment__body checkout-payment__body--loading'
                  : 'checkout-payment__body'
              }
              aria-hidden={loading || undefined}
              inert={loading || undefined}
            >
              <ExpressCheckout
                provider={provider}
                snapshot={snapshot}
                send={send}
                errorText={shownText}
              />
              <form
                ref={cardForm}
                className="checkout-payment__form"
                noValidate
                onSubmit={submit}
                // Enter in a card field submits even while Subscribe is disabled (a browser
                // would not), so a card not complete says what is missing. Stripe's fields
                // are frames whose keys never reach the page: they submit the form on Enter
                // themselves, disabled button or not (react-stripe-js issue 306).
                onKeyDown={enterSubmits(payingByCard, () => send({ type: 'card.submit' }))}
              >
                {cardField(provider, 'cardNumber')}
                <div className="checkout-payment__row">
                  {cardField(provider, 'cardExpiry')}
                  {cardField(provider, 'cardCvc')}
                </div>
                {/* A live region in the page from the start (empty, it takes no room): its
                    text is announced when it comes. */}
                <p className="checkout-payment__accepted" aria-live="polite">
                  {awaitingAttach ? t('checkout:payment.acceptedNotSaved') : null}
                </p>
                <FormFooter
                  errorId={CARD_ERROR_ID}
                  errorText={errorString}
                  className="checkout-payment__subscribe"
                  busy={payingByCard}
                  texts={{
                    submit: t('checkout:payment.subscribe'),
                    submitting: t('checkout:payment.subscribing'),
                  }}
                  disabled={!canSubscribe(snapshot)}
                />
              </form>
              <p className="checkout-payment__terms">
                {t(feeDueNow ? 'checkout:terms.noteDueNow' : 'checkout:terms.note', {
                  club: t('common:app.name'),
                  amount,
                  date: renewsOn,
                })}
              </p>
            </div>
          </provider.PaymentProvider>
        ) : null}
      </section>
    </>
  );
}
