import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, PROMO_CODE, pricesFor } from '../../../machines/payment/pricing.ts';
import type { Language, User } from '../../../machines/shared/domain.ts';
import { unicodeEmail } from '../../lib/unicode-email.ts';

/** 'H2X 1Y4, QC': postal code and province joined by a comma (spec 2); null without an address. */
export function billingTextOf(user: Pick<User, 'billingAddress'>): string | null {
  const address = user.billingAddress;
  const parts = [
    'postal_code' in address ? address.postal_code : '',
    'province' in address ? address.province : '',
  ].filter((part) => part && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

export interface PriceSummaryProps {
  language: Language;
  email: string;
  billingText: string | null;
  /** The subscription charges the fee now (a lapsed membership renewed): no free-year discount. */
  feeDueNow?: boolean;
}

/**
 * The left column (spec 2): fee, promo, amounts, billing info with its update
 * link, the email. The amounts are the free first year's (spec 9), or the fee
 * due now when the subscription says so.
 */
export function PriceSummary({
  language,
  email,
  billingText,
  feeDueNow = false,
}: PriceSummaryProps) {
  const { t } = useTranslation('checkout');
  const money = (amount: number) => formatMoney(amount, language);
  const { amount, discount, tax, total } = pricesFor(feeDueNow);

  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('summary.title')}</h2>
      <dl className="checkout-summary__list">
        <div className="checkout-summary__row checkout-summary__row--fee">
          <dt>{t('summary.fee')}</dt>
          <dd>{t('summary.perYear', { amount: money(amount) })}</dd>
        </div>
      </dl>
      <div className="field checkout-summary__promo">
        <label className="field__label" htmlFor="checkout-promo-code">
          {t('summary.promoCode')}
        </label>
        <div className="field__control">
          <input
            id="checkout-promo-code"
            className="field__input"
            type="text"
            value={PROMO_CODE}
            disabled
            readOnly
            aria-describedby="checkout-promo-note"
          />
        </div>
        <p className="field__hint" id="checkout-promo-note">
          {t(feeDueNow ? 'summary.promoFirstYearOnly' : 'summary.promoApplied')}
        </p>
      </div>
      <dl className="checkout-summary__list checkout-summary__list--amounts">
        {(
          [
            ['subtotal', amount, ''],
            ['tax', tax, ''],
            ['total', total, 'checkout-summary__row--total'],
            // A discount shows as a negative amount; none is $0.00, never -$0.00.
            ['discount', discount > 0 ? -discount : 0, 'checkout-summary__row--discount'],
          ] as const
        ).map(([label, value, modifier]) => (
          <div key={label} className={`checkout-summary__row ${modifier}`.trim()}>
            <dt>{t(`summary.${label}`)}</dt>
            <dd>{money(value)}</dd>
          </div>
        ))}
      </dl>
      <dl className="checkout-summary__list checkout-summary__list--member">
        <div className="checkout-summary__row checkout-summary__row--stacked">
          <dt>{t('summary.billing')}</dt>
          <dd>
            <span className="checkout-summary__billing">
              {billingText ?? t('summary.noBilling')}
            </span>{' '}
            <Link to="/billing" state={{ fromCheckout: true }} className="checkout-summary__update">
              {t('summary.updateInformation')}
            </Link>
          </dd>
        </div>
        <div className="checkout-summary__row checkout-summary__row--stacked">
          <dt>{t('summary.email')}</dt>
          <dd className="checkout-summary__email">{unicodeEmail(email)}</dd>
        </div>
      </dl>
    </section>
  );
}
