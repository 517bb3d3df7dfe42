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

/**
 * The member's calendar day of a date (local midnight): a date-only value is
 * that day, a timestamp the day it is where the member is; null when it is
 * not a date.
 */
export function calendarDayOf(value: string): Date | null {
  const dateOnly = dateOnlyDay(value);
  if (dateOnly) return dateOnly;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return new Date(instant.getFullYear(), instant.getMonth(), instant.getDate());
}
