import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deriveMembership } from '../../../machines/membership/derive-membership.ts';
import {
  isLoading,
  isMembershipSettled,
  selectRecord,
} from '../../../machines/membership/membership.selectors.ts';
import { isServingStaleCopy } from '../../../machines/membership/stale-copy.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { useMembership, useServices } from '../../app/services.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useNow } from '../../components/use-now.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { loadPaymentProvider } from '../../payments/load-payment-provider.ts';
import { type LoadProvider, PaymentColumn } from './payment-column.tsx';
import { billingTextOf, PriceSummary } from './price-summary.tsx';

export interface CheckoutScreenProps {
  /** Loads the payment provider; the app's lazy loader by default (tests pass a fake). */
  loadProvider?: LoadProvider;
  /** The time (ms), for the renewal date when the subscription has no validTo. */
  now?: () => number;
  /** How long the card fields may take to get ready before the provider counts as failed (default 30 s). */
  providerTimeoutMs?: number;
}

/**
 * /subscription (spec 2): its own layout; the price summary and the payment
 * column side by side (stacked on small screens). The membership is refetched
 * 500 ms after the page opens (spec 4, 9); when that fails and a copy kept
 * from earlier serves, the page says so above the columns, with Try again,
 * as the dashboard does: a membership that lapsed since must not take a card
 * unannounced.
 */
export function CheckoutScreen({
  loadProvider = loadPaymentProvider,
  now = Date.now,
  providerTimeoutMs,
}: CheckoutScreenProps = {}) {
  const { t, i18n } = useTranslation(['checkout', 'common']);
  const { session } = useServices();
  const membership = useMembership();
  const record = useSelector(membership, selectRecord);
  // The guard let the member in with a membership; a refetch may still find none.
  const noMembership = useSelector(
    membership,
    (s) => isMembershipSettled(s) && selectRecord(s) === null,
  );
  // The membership's reload failed and a kept copy serves: it may have lapsed since.
  const stale = useSelector(membership, isServingStaleCopy);
  const reloading = useSelector(membership, isLoading);
  const user = useSelector(session, selectUser);
  const language = currentLanguage(i18n);
  const [attempt, setAttempt] = useState(0);
  // A membership that lapses while the page is open (its last moment passes, a
  // reload finds it ended) no longer passes the page's guard (spec 2): the
  // payment column has the router run the guards again (PaymentColumn's `lapsed`).
  const time = useNow(now);
  const lapsed = record !== null && !deriveMembership(record, time).isActive;

  useEffect(() => {
    membership.send({ type: 'membership.refetchLater' });
  }, [membership]);
  // The summary stands beside the payment column, which knows whether the fee is due now.
  const summary = (feeDueNow: boolean) => (
    <PriceSummary
      language={language}
      email={user.email}
      billingText={billingTextOf(user)}
      feeDueNow={feeDueNow}
    />
  );

  return (
    <>
      <h1 className="checkout__title">{t('checkout:title')}</h1>
      {stale ? (
        // An alert, inserted with its text (no status region waits in the page for it).
        <div className="form-alert form-alert--info checkout__stale" role="alert">
          <p>{t('checkout:membershipStale')}</p>
          <SubmitButton
            type="button"
            variant="secondary"
            busy={reloading}
            busyLabel={t('checkout:membershipReloading')}
            onClick={() => membership.send({ type: 'membership.refetch' })}
          >
            {t('common:errors.retry')}
          </SubmitButton>
        </div>
      ) : null}
      <div className="checkout__columns">
        {record ? (
          <PaymentColumn
            key={`${record._id}:${record.externalId}:${attempt}`}
            membershipId={record._id}
            externalId={record.externalId}
            language={language}
            loadProvider={loadProvider}
            now={now}
            providerTimeoutMs={providerTimeoutMs}
            lapsed={lapsed}
            onRetry={() => setAttempt((n) => n + 1)}
            retried={attempt > 0}
            summary={summary}
          />
        ) : (
          <>
            {summary(false)}
            <section className="card checkout-payment" aria-busy={!noMembership || undefined}>
              {noMembership ? (
                <FormAlert>{t('common:server.membershipNotExist')}</FormAlert>
              ) : (
                <p className="checkout-payment__loading" role="status">
                  <Spinner />
                  <span>{t('checkout:payment.loading')}</span>
                </p>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}
