// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import {
  type GuardFacts,
  type GuardKind,
  guardRedirect,
  needsMembership,
} from '../../src/routes/guards.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const record = (overrides: Partial<Membership>): Membership => ({
  _id: 'm1',
  id: 'm1',
  externalId: 'sub_1',
  validTo: null,
  cancelledAt: null,
  chargerOrderedAt: null,
  ...overrides,
});

/** The facts the router gathers, built from real records through deriveMembership (spec 4). */
const FACTS = {
  'signed out': { signedIn: false, flags: deriveMembership(null, NOW) },
  'signed in, no membership': { signedIn: true, flags: deriveMembership(null, NOW) },
  'signed in, active': {
    signedIn: true,
    flags: deriveMembership(record({ validTo: '2027-03-01T00:00:00.000Z' }), NOW),
  },
  'signed in, inactive (expired)': {
    signedIn: true,
    flags: deriveMembership(record({ validTo: '2026-02-01T00:00:00.000Z' }), NOW),
  },
  'signed in, cancelled': {
    signedIn: true,
    flags: deriveMembership(
      record({ validTo: '2027-03-01T00:00:00.000Z', cancelledAt: '2026-02-15T00:00:00.000Z' }),
      NOW,
    ),
  },
} satisfies Record<string, GuardFacts>;

type Situation = keyof typeof FACTS;

/**
 * Spec 2's guard list, one row per route kind, one column per situation:
 * - no stored tokens → /login (every member page: the member layout's guard);
 * - active membership → away from activation pages to /dashboard;
 * - no membership → from dashboard pages to /activation;
 * - no membership or an inactive one → from subscription pages to /activation;
 * - `/`, login, registration, forgot password (visitors only): signed-in users
 *   → /activation (whose guard sends active members on to /dashboard: see
 *   `the visitors' pages, then /activation`), visitors stay.
 */
const EXPECTED: Record<GuardKind, Record<Situation, string | null>> = {
  visitorsOnly: {
    'signed out': null,
    'signed in, no membership': '/activation',
    'signed in, active': '/activation',
    'signed in, inactive (expired)': '/activation',
    'signed in, cancelled': '/activation',
  },
  signedIn: {
    'signed out': '/login',
    'signed in, no membership': null,
    'signed in, active': null,
    'signed in, inactive (expired)': null,
    'signed in, cancelled': null,
  },
  activation: {
    'signed out': '/login',
    'signed in, no membership': null,
    'signed in, active': '/dashboard',
    'signed in, inactive (expired)': null,
    'signed in, cancelled': null,
  },
  dashboard: {
    'signed out': '/login',
    'signed in, no membership': '/activation',
    'signed in, active': null,
    'signed in, inactive (expired)': null,
    'signed in, cancelled': null,
  },
  subscription: {
    'signed out': '/login',
    'signed in, no membership': '/activation',
    'signed in, active': null,
    'signed in, inactive (expired)': '/activation',
    'signed in, cancelled': '/activation',
  },
};

const rows = Object.entries(EXPECTED).flatMap(([kind, bySituation]) =>
  Object.entries(bySituation).map(([situation, expected]) => ({
    kind: kind as GuardKind,
    situation: situation as Situation,
    expected,
  })),
);

describe('guardRedirect (spec 2 route guards)', () => {
  it('the fixtures are the situations they claim to be', () => {
    expect(FACTS['signed in, active'].flags).toMatchObject({
      isMembershipExist: true,
      isActive: true,
    });
    expect(FACTS['signed in, inactive (expired)'].flags).toMatchObject({
      isMembershipExist: true,
      isActive: false,
      isCancelled: false,
    });
    expect(FACTS['signed in, cancelled'].flags).toMatchObject({
      isMembershipExist: true,
      isActive: false,
      isCancelled: true,
    });
    expect(FACTS['signed in, no membership'].flags.isMembershipExist).toBe(false);
  });

  it.each(rows)('$kind, $situation → $expected', ({ kind, situation, expected }) => {
    expect(guardRedirect(kind, FACTS[situation])).toBe(expected);
  });

  it("the visitors' pages, then /activation: each signed-in user ends where spec 2's `/` sends them, the active member on /dashboard", () => {
    for (const situation of Object.keys(FACTS) as Situation[]) {
      const first = guardRedirect('visitorsOnly', FACTS[situation]);
      if (first === null) continue;
      const then = guardRedirect('activation', FACTS[situation]) ?? first;
      expect(then).toBe(FACTS[situation].flags.isActive ? '/dashboard' : '/activation');
    }
  });

  it('the visitors’ guard decides on the session alone; the membership guards wait for it', () => {
    expect(needsMembership('visitorsOnly')).toBe(false);
    expect(needsMembership('signedIn')).toBe(false);
    for (const kind of ['activation', 'dashboard', 'subscription'] as const) {
      expect(needsMembership(kind)).toBe(true);
    }
  });

  it('a signed-out visitor is sent to /login whatever membership flags linger', () => {
    for (const kind of ['signedIn', 'activation', 'dashboard', 'subscription'] as const) {
      expect(
        guardRedirect(kind, { signedIn: false, flags: FACTS['signed in, active'].flags }),
      ).toBe('/login');
    }
  });
});
