import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language, User } from '../../../machines/shared/domain.ts';

/**
 * The price summary inputs of spec 3 with their defaults (spec 9): the client
 * shows a fixed amount of 120.00, a discount of 120, no tax, a total of 0.
 */
export const PRICE_DEFAULTS = { amount: 120, discount: 120, tax: 0, total: 0 } as const;

/** The fixed, disabled Canada promo (spec 2). */
export const PROMO_CODE = 'CANADA';

/** The currency of every amount. */
export const CURRENCY = 'CAD';

const MONEY_LOCALES: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

/** '$120.00' (en) or '120,00 $' (fr). */
export function formatMoney(amount: number, language: Language): string {
  return new Intl.NumberFormat(MONEY_LOCALES[language], {
    style: 'currency',
    currency: CURRENCY,
  }).format(amount);
}

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
}

/** The left column (spec 2): fee, promo, amounts, billing info with its update link, the email. */
export function PriceSummary({ language, email, billingText }: PriceSummaryProps) {
  const { t } = useTranslation('checkout');
  const money = (amount: number) => formatMoney(amount, language);
  const { amount, discount, tax, total } = PRICE_DEFAULTS;

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
          {t('summary.promoApplied')}
        </p>
      </div>
      <dl className="checkout-summary__list checkout-summary__list--amounts">
        <div className="checkout-summary__row">
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(amount)}</dd>
        </div>
        <div className="checkout-summary__row">
          <dt>{t('summary.tax')}</dt>
          <dd>{money(tax)}</dd>
        </div>
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{t('summary.total')}</dt>
          <dd>{money(total)}</dd>
        </div>
        <div className="checkout-summary__row checkout-summary__row--discount">
          <dt>{t('summary.discount')}</dt>
          <dd>{money(-discount)}</dd>
        </div>
      </dl>
      <dl className="checkout-summary__list checkout-summary__list--member">
        <div className="checkout-summary__row checkout-summary__row--stacked">
          <dt>{t('summary.billing')}</dt>
          <dd>
            <span className="checkout-summary__billing">
              {billingText ?? t('summary.noBilling')}
            </span>{' '}
            <Link to="/billing" className="checkout-summary__update">
              {t('summary.updateInformation')}
            </Link>
          </dd>
        </div>
        <div className="checkout-summary__row checkout-summary__row--stacked">
          <dt>{t('summary.email')}</dt>
          <dd className="checkout-summary__email">{email}</dd>
        </div>
      </dl>
    </section>
  );
}
