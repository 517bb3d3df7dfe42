/**
 * The renewal date of the terms note (spec 9): one year after the
 * subscription's validTo, or one year from today when there is none (the
 * free year) or it has passed (a lapsed membership renews from today), shown as day, long month, year ('22 November 2027' in British
 * English, '22 novembre 2027' in French).
 *
 * Dates are calendar dates: the result is local midnight of that day. A
 * date-only validTo ('2026-11-22') is read as that calendar day (not as UTC
 * midnight, which is the day before in Canada); a full timestamp is read as
 * the member's local day. One year after 29 February is 28 February.
 */
import { calendarDayOf } from '../../../machines/shared/calendar-day.ts';
import type { Language } from '../../../machines/shared/domain.ts';

/** The same calendar day a year later; 29 February becomes 28 February. */
export function addOneYear(day: Date): Date {
  const year = day.getFullYear() + 1;
  const month = day.getMonth();
  const lastDayOfMonth = new Date(year, month + 1, 0).getDate();
  return new Date(year, month, Math.min(day.getDate(), lastDayOfMonth));
}

/**
 * One year after validTo while that is still ahead, else one year from `now`:
 * without a validTo (the free year), or when it has passed (a lapsed
 * membership is renewed from today, so its next charge is a year from today).
 */
export function renewalDate(validTo: string | null, now: Date): Date {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const paidUntil = validTo ? calendarDayOf(validTo) : null;
  return addOneYear(paidUntil && paidUntil > today ? paidUntil : today);
}

const LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-CA' };

/**
 * '22 November 2027' (en, British English) or '22 novembre 2027' (fr); French
 * writes the first of the month '1er août 2027', which Intl does not.
 */
export function formatRenewalDate(date: Date, language: Language): string {
  const parts = new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  return parts
    .map((part) =>
      language === 'fr' && part.type === 'day' && part.value === '1' ? '1er' : part.value,
    )
    .join('');
}
