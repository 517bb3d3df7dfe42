import { dateOnlyDay } from '../shared/calendar-day.ts';
import type { Membership } from '../shared/domain.ts';
import { type MembershipFlags, NO_MEMBERSHIP_FLAGS } from './membership-flags.ts';

/** A date field as epoch milliseconds; absent, empty or unparseable → null. */
export function toTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * The last moment a validTo covers, in epoch milliseconds: a timestamp is
 * that instant; a date-only value ('2026-11-24') covers its whole calendar
 * day, in the member's time zone (spec 4: active up to and including validTo).
 */
function validUntil(value: unknown): number | null {
  const day = typeof value === 'string' ? dateOnlyDay(value) : null;
  if (!day) return toTime(value);
  const nextDay = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return nextDay.getTime() - 1;
}

/**
 * The first moment a cancelledAt counts, in epoch milliseconds: a timestamp is
 * that instant; a date-only value ('2027-06-10') starts at the beginning of
 * that calendar day in the member's time zone, the day the dashboard shows
 * (Date.parse would read it as midnight UTC: the evening before in Canada).
 */
function cancelledFrom(value: unknown): number | null {
  const day = typeof value === 'string' ? dateOnlyDay(value) : null;
  return day ? day.getTime() : toTime(value);
}

/**
 * Spec 4, read literally:
 * - no record: no flag is set;
 * - cancelledAt set: cancelled once now ≥ cancelledAt, and never active;
 * - otherwise active while now ≤ validTo (no validTo: not active; a
 *   date-only validTo until the end of that day, see validUntil);
 * - ordered when chargerOrderedAt exists.
 * Invalid date strings count as absent.
 */
export function deriveMembership(
  record: Membership | null | undefined,
  now: Date | number,
): MembershipFlags {
  if (!record) return { ...NO_MEMBERSHIP_FLAGS };
  const nowTime = typeof now === 'number' ? now : now.getTime();
  const cancelledAt = cancelledFrom(record.cancelledAt);
  const validTo = validUntil(record.validTo);
  return {
    isMembershipExist: true,
    isCancelled: cancelledAt !== null && nowTime >= cancelledAt,
    isActive: cancelledAt === null && validTo !== null && nowTime <= validTo,
    hasOrdered: toTime(record.chargerOrderedAt) !== null,
  };
}
