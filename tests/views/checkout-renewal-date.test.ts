// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMoney, PRICE_DEFAULTS } from '../../machines/payment/pricing.ts';
import { billingTextOf } from '../../src/screens/checkout/price-summary.tsx';
import {
  addOneYear,
  formatRenewalDate,
  renewalDate,
} from '../../src/screens/checkout/renewal-date.ts';

const day = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];
const NOW = new Date(2026, 2, 5, 15, 30); // 5 March 2026, 15:30 local

describe('renewalDate (spec 9)', () => {
  it('is one year after validTo', () => {
    expect(day(renewalDate('2026-11-22T12:00:00.000Z', NOW))).toEqual([2027, 11, 22]);
  });

  it('reads a date-only validTo as that calendar day, whatever the time zone', () => {
    expect(day(renewalDate('2026-11-22', NOW))).toEqual([2027, 11, 22]);
    expect(day(renewalDate('2027-01-01', NOW))).toEqual([2028, 1, 1]);
  });

  it('is one year from today without validTo (the free year)', () => {
    expect(day(renewalDate(null, NOW))).toEqual([2027, 3, 5]);
  });

  it('is one year from today when validTo has passed (a lapsed membership renews from today)', () => {
    expect(day(renewalDate('2024-07-12', NOW))).toEqual([2027, 3, 5]);
    expect(day(renewalDate('2025-07-12', NOW))).toEqual([2027, 3, 5]);
    expect(day(renewalDate('2026-03-04T12:00:00.000Z', NOW))).toEqual([2027, 3, 5]);
    // Paid until today: the next charge is a year from today too.
    expect(day(renewalDate('2026-03-05', NOW))).toEqual([2027, 3, 5]);
  });

  it('falls back to today when validTo is not a date', () => {
    expect(day(renewalDate('not a date', NOW))).toEqual([2027, 3, 5]);
  });

  it('turns 29 February into 28 February of the next year', () => {
    expect(day(renewalDate('2028-02-29', NOW))).toEqual([2029, 2, 28]);
    expect(day(renewalDate(null, new Date(2028, 1, 29, 9)))).toEqual([2029, 2, 28]);
    expect(day(addOneYear(new Date(2027, 1, 28)))).toEqual([2028, 2, 28]);
  });

  it('is midnight of that day', () => {
    const date = renewalDate('2026-11-22T12:00:00.000Z', NOW);
    expect([date.getHours(), date.getMinutes(), date.getSeconds()]).toEqual([0, 0, 0]);
  });
});

describe('formatRenewalDate', () => {
  it('writes day, long month, year in British English', () => {
    expect(formatRenewalDate(new Date(2027, 10, 22), 'en')).toBe('22 November 2027');
    expect(formatRenewalDate(new Date(2025, 1, 28), 'en')).toBe('28 February 2025');
  });

  it('writes the French equivalent', () => {
    expect(formatRenewalDate(new Date(2027, 10, 22), 'fr')).toBe('22 novembre 2027');
    expect(formatRenewalDate(new Date(2027, 7, 1), 'fr')).toBe('1er août 2027');
    expect(formatRenewalDate(new Date(2027, 7, 1), 'en')).toBe('1 August 2027');
  });
});

describe('price summary helpers', () => {
  const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

  it('keeps the defaults of spec 9', () => {
    expect(PRICE_DEFAULTS).toEqual({ amount: 120, discount: 120, tax: 0, total: 0 });
  });

  it('formats Canadian dollars in English and French', () => {
    expect(formatMoney(120, 'en')).toBe('$120.00');
    expect(plain(formatMoney(120, 'fr'))).toBe('120,00 $');
    expect(formatMoney(-120, 'en')).toBe('-$120.00');
  });

  it('joins postal code and province with a comma', () => {
    expect(
      billingTextOf({
        billingAddress: {
          country_code: 'CA',
          address_1: '1 Main St',
          city: 'Toronto',
          province: 'ON',
          postal_code: 'M5V 2T6',
        },
      }),
    ).toBe('M5V 2T6, ON');
    expect(billingTextOf({ billingAddress: {} })).toBeNull();
  });
});
