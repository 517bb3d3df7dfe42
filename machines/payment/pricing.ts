/**
 * The club's prices as the checkout shows them (spec 3 price summary, spec 9
 * constants): plain values and their money format, no React.
 */
import type { Language } from '../shared/domain.ts';

/**
 * The price summary inputs of spec 3 with their defaults (spec 9): the client
 * shows a fixed amount of 120.00, a discount of 120, no tax, a total of 0.
 */
export const PRICE_DEFAULTS = { amount: 120, discount: 120, tax: 0, total: 0 } as const;

/**
 * When the subscription carries a payment intent the fee is due now (a
 * membership renewed after it lapsed, api.md): no free year to discount, so
 * the summary shows the whole fee as the total the card is charged.
 */
export const FEE_DUE_PRICES = {
  ...PRICE_DEFAULTS,
  discount: 0,
  total: PRICE_DEFAULTS.amount,
} as const;

/** The summary's amounts: the free first year (the defaults), or the fee due now. */
export function pricesFor(feeDueNow: boolean) {
  return feeDueNow ? FEE_DUE_PRICES : PRICE_DEFAULTS;
}

/** The fixed, disabled Canada promo (spec 2). */
export const PROMO_CODE = 'CANADA';

/** The currency of every amount. */
export const CURRENCY = 'CAD';

/** What the wallet sheet charges: the fixed displayed amount (spec 9), in cents. */
export const EXPRESS_AMOUNT_CENTS = PRICE_DEFAULTS.amount * 100;

const MONEY_LOCALES: Record<Language, string> = { en: 'en-CA', fr: 'fr-CA' };

/** One formatter per language: building one loads the browser's number data. */
const MONEY_FORMATS = new Map<Language, Intl.NumberFormat>();

/** '$120.00' (en) or '120,00 $' (fr). */
export function formatMoney(amount: number, language: Language): string {
  let format = MONEY_FORMATS.get(language);
  if (!format) {
    format = new Intl.NumberFormat(MONEY_LOCALES[language], {
      style: 'currency',
      currency: CURRENCY,
    });
    MONEY_FORMATS.set(language, format);
  }
  return format.format(amount);
}
