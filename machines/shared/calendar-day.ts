/**
 * A date-only value ('2026-11-24', as an API may send a `validTo`) names a
 * calendar day, not an instant: read as UTC midnight it would be the evening
 * before in Canada. These read it as that day in the member's time zone.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a date-only value; null for anything else (a timestamp, garbage). */
export function dateOnlyDay(value: string): Date | null {
  const match = DATE_ONLY.exec(value.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  return new Date(Number(year), Number(month) - 1, Number(day));
}
