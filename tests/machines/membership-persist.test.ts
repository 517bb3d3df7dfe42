import { describe, expect, it } from 'vitest';
import {
  parsePersistedMembership,
  REHYDRATE_TIMEOUT_MS,
  serializeMembership,
} from '../../machines/membership/membership.persist.ts';
import { MEMBERSHIP_STORAGE_KEY } from '../../machines/membership/membership-key.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { MEMBERSHIP } from '../support/fixtures.ts';

const membership: Membership = {
  ...MEMBERSHIP,
  validTo: '2027-01-15T00:00:00.000Z',
  chargerOrderedAt: '2026-02-01T10:00:00.000Z',
};

describe('membership persistence', () => {
  it('uses the key root and a 5000 ms rehydrate time-out (spec 3, 9)', () => {
    expect(MEMBERSHIP_STORAGE_KEY).toBe('root');
    expect(REHYDRATE_TIMEOUT_MS).toBe(5000);
  });

  it('round-trips a record and a known absence', () => {
    expect(parsePersistedMembership(serializeMembership(membership))).toEqual(membership);
    expect(JSON.parse(serializeMembership(null))).toEqual({ membership: null, version: 1 });
    expect(parsePersistedMembership(serializeMembership(null))).toBeNull();
  });

  it('persists only the membership fields', () => {
    const extra = { ...membership, balance: 42, owner: { email: 'a@b.ca' } } as Membership;
    expect(JSON.parse(serializeMembership(extra))).toEqual({ membership, version: 1 });
  });

  it('reads missing date fields as null and drops unknown ones', () => {
    const raw = JSON.stringify({
      version: 1,
      membership: { _id: 'x', id: 'y', externalId: 'sub_1', plan: 'club' },
    });
    expect(parsePersistedMembership(raw)).toEqual({
      _id: 'x',
      id: 'y',
      externalId: 'sub_1',
      validTo: null,
      cancelledAt: null,
      chargerOrderedAt: null,
    });
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['broken JSON', '{"membership": {'],
    ['a JSON string', '"root"'],
    ['another version', JSON.stringify({ version: 2, membership })],
    ['no version', JSON.stringify({ membership })],
    ['a record without ids', JSON.stringify({ version: 1, membership: { validTo: null } })],
    [
      'a date of the wrong type',
      JSON.stringify({ version: 1, membership: { ...membership, validTo: 12 } }),
    ],
    [
      'a date no parser reads (QA: shown as 2107-06-07)',
      JSON.stringify({ version: 1, membership: { ...membership, validTo: '2099-99-99' } }),
    ],
    [
      'a cancellation date that is not one (QA: ignored)',
      JSON.stringify({ version: 1, membership: { ...membership, cancelledAt: 'yesterday' } }),
    ],
    ['a bare array', '[1,2,3]'],
  ])('gives null for %s', (_label, raw) => {
    expect(parsePersistedMembership(raw)).toBeNull();
  });
});
