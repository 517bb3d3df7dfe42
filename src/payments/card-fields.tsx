/**
 * What every provider's card fields share: their labels, the label and box
 * around the provider's input, and the one report that all three are ready.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardField } from '../../machines/payment/payment-gateway.ts';
import type { Language } from '../../machines/shared/domain.ts';

/** The label of each card field (spec 2), under `checkout:`. */
export const CARD_FIELD_LABEL_KEYS = {
  cardNumber: 'card.number',
  cardExpiry: 'card.expiry',
  cardCvc: 'card.cvc',
} as const satisfies Record<CardField, string>;

/**
 * The label and control box of a card field, the same for every provider:
 * `children` is the provider's own input (an element of Stripe's or a plain
 * input). `language` when the provider speaks its own language (the test
 * provider), else the app's.
 */
export function CardFieldFrame({
  id,
  field,
  language,
  children,
}: {
  id: string;
  field: CardField;
  language?: Language;
  children: ReactNode;
}) {
  const { t } = useTranslation('checkout', language ? { lng: language } : undefined);
  return (
    <div className="field card-field">
      {/* Stripe focuses its element when the label of its container is clicked. */}
      <label className="field__label" htmlFor={id}>
        {t(CARD_FIELD_LABEL_KEYS[field])}
      </label>
      <div className="field__control">{children}</div>
    </div>
  );
}

/**
 * Calls `report` once, when each of the number, expiry and CVC fields has
 * said it is mounted (the provider then hands over its gateway).
 */
export function onceAllFieldsReady(report: () => void): (field: CardField) => void {
  const ready = new Set<CardField>();
  let reported = false;
  return (field) => {
    ready.add(field);
    if (!reported && ready.size === Object.keys(CARD_FIELD_LABEL_KEYS).length) {
      reported = true;
      report();
    }
  };
}
