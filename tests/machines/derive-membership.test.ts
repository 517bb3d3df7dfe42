import { describe, expect, it } from 'vitest';
import { deriveMembership, toTime } from '../../machines/membership/derive-membership.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { MEMBERSHIP } from '../support/fixtures.ts';

const VALID_TO = '2026-06-30T12:00:00.000Z';
const CANCELLED_AT = '2026-03-01T00:00:00.000Z';

function record(overrides: Partial<Membership> = {}): Membership {
  return { ...MEMBERSHIP, validTo: VALID_TO, ...overrides };
}

const at = (iso: string, deltaMs = 0) => Date.parse(iso) + deltaMs;

describe('deriveMembership', () => {
  it('sets no flag without a record', () => {
    const none = {
      isMembershipExist: false,
      isActive: false,
      isCancelled: false,
      hasOrdered: false,
    };
    expect(deriveMembership(null, Date.now())).toEqual(none);
    expect(deriveMembership(undefined, new Date())).toEqual(none);
  });

  it('is active exactly at validTo and inactive 1 ms after', () => {
    expect(deriveMembership(record(), at(VALID_TO)).isActive).toBe(true);
    expect(deriveMembership(record(), new Date(at(VALID_TO))).isActive).toBe(true);
    expect(deriveMembership(record(), at(VALID_TO, 1)).isActive).toBe(false);
    expect(deriveMembership(record(), at(VALID_TO, -86_400_000))).toEqual({
      isMembershipExist: true,
      isActive: true,
      isCancelled: false,
      hasOrdered: false,
    });
  });

  it('a date-only validTo covers that whole calendar day, in the local time zone', () => {
    const dateOnly = record({ validTo: '2026-11-24' });
    // Local times, whatever the zone the test runs in (a Toronto afternoon was past UTC midnight).
    expect(deriveMembership(dateOnly, new Date(2026, 10, 24, 0, 0)).isActive).toBe(true);
    expect(deriveMembership(dateOnly, new Date(2026, 10, 24, 15, 44)).isActive).toBe(true);
    expect(deriveMembership(dateOnly, new Date(2026, 10, 24, 23, 59, 59, 999)).isActive).toBe(true);
    expect(deriveMembership(dateOnly, new Date(2026, 10, 25, 0, 0)).isActive).toBe(false);
  });

  it('is cancelled exactly at cancelledAt, not 1 ms before, and never active with cancelledAt set', () => {
    const cancelled = record({ cancelledAt: CANCELLED_AT });
    expect(deriveMembership(cancelled, at(CANCELLED_AT))).toMatchObject({
      isCancelled: true,
      isActive: false,
    });
    expect(deriveMembership(cancelled, at(CANCELLED_AT, -1))).toMatchObject({
      isMembershipExist: true,
      isCancelled: false,
      isActive: false,
    });
    expect(deriveMembership(cancelled, at(CANCELLED_AT, 1)).isCancelled).toBe(true);
  });

  it('a date-only cancelledAt starts at the beginning of that calendar day where the member is', () => {
    // The unit tests run in Vancouver (vite.config.ts): at 18:00 the day before, UTC
    // midnight of the date has passed already there.
    expect(new Date(2027, 5, 9, 18).getTimezoneOffset()).toBe(420);
    const cancelling = record({ validTo: '2027-12-31', cancelledAt: '2027-06-10' });
    expect(deriveMembership(cancelling, new Date(2027, 5, 9, 18)).isCancelled).toBe(false);
    expect(deriveMembership(cancelling, new Date(2027, 5, 9, 23, 59, 59, 999)).isCancelled).toBe(
      false,
    );
    expect(deriveMembership(cancelling, new Date(2027, 5, 10, 0, 0)).isCancelled).toBe(true);
  });

  it('is not active without validTo', () => {
    expect(deriveMembership(record({ validTo: null }), Date.now())).toEqual({
      isMembershipExist: true,
      isActive: false,
      isCancelled: false,
      hasOrdered: false,
    });
    const missing = { ...record() } as Partial<Membership>;
    delete missing.validTo;
    delete missing.cancelledAt;
    delete missing.chargerOrderedAt;
    expect(deriveMembership(missing as Membership, at(VALID_TO, -1))).toEqual({
      isMembershipExist: true,
      isActive: false,
      isCancelled: false,
      hasOrdered: false,
    });
  });

  it('counts as ordered when chargerOrderedAt exists', () => {
    expect(
      deriveMembership(record({ chargerOrderedAt: '2026-02-01T00:00:00Z' }), at(VALID_TO))
        .hasOrdered,
    ).toBe(true);
    expect(deriveMembership(record(), at(VALID_TO)).hasOrdered).toBe(false);
  });

  it('treats invalid date strings as absent', () => {
    expect(deriveMembership(record({ validTo: 'not a date' }), at(VALID_TO, -1)).isActive).toBe(
      false,
    );
    // an unreadable cancelledAt is absent: the validTo rule applies
    expect(deriveMembership(record({ cancelledAt: 'garbage' }), at(VALID_TO, -1))).toMatchObject({
      isActive: true,
      isCancelled: false,
    });
    expect(deriveMembership(record({ chargerOrderedAt: '' }), at(VALID_TO)).hasOrdered).toBe(false);
    expect(
      deriveMembership(record({ chargerOrderedAt: '2026-13-45' }), at(VALID_TO)).hasOrdered,
    ).toBe(false);
  });
});

describe('toTime', () => {
  it('reads ISO strings and rejects blanks and garbage', () => {
    expect(toTime('2026-01-01T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 1));
    expect(toTime('   ')).toBeNull();
    expect(toTime(null)).toBeNull();
    expect(toTime(undefined)).toBeNull();
    expect(toTime('yesterday')).toBeNull();
    expect(toTime(Number.NaN)).toBeNull();
  });
});
