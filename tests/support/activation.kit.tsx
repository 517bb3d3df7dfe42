/**
 * The member the member-screen tests (registration, activation, billing,
 * dashboard; views and model suites) sign in as, and the membership the
 * activation creates. Their fakes (pending API calls, the session stub, the
 * real membership machine) are in tests/support/deferred.ts and
 * tests/support/fake-services.ts; `createMemberHarness` puts them together for
 * the screens that reload the member and the membership.
 */
import { vi } from 'vitest';
import type { Membership, User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import { PendingCalls } from './deferred.ts';
import { createMembership, createSessionStub, fakeLogger } from './fake-services.ts';
import { MARIE } from './fixtures.ts';

export const USER: User = MARIE;

export const USER_WITH_ADDRESS: User = {
  ...USER,
  billingAddress: {
    country_code: 'CA',
    address_1: '123 rue Saint-Denis',
    address_2: 'App. 4',
    city: 'Montréal',
    province: 'QC',
    postal_code: 'H2X 1Y4',
  },
};

/** Active (its free year runs until long after any test run). */
export const RECORD: Membership = {
  _id: '64f0c0ffee00000000000001',
  id: 'mbr-7f3a',
  externalId: 'sub_ext_1',
  validTo: '2099-11-22T12:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};

/** A membership the server still keeps (it refuses another) but spec 4 counts as not active: a cancellation is pending. */
export const PENDING_CANCELLATION: Membership = {
  ...RECORD,
  cancelledAt: '2099-06-01T12:00:00.000Z',
};

/**
 * The fakes of a screen that reloads the member and the membership after its
 * call (activation, billing): GET client/auth/profile behind the session stub
 * signed in as USER, GET club/memberships through the REAL membership machine,
 * each held until settled; a logger and the navigation. `servicesWith(api)`
 * gives the screen its services, with the screen's own API calls.
 */
export function createMemberHarness() {
  const pending = new PendingCalls();
  const getProfile = pending.fn<User>('getProfile');
  const get = pending.fn<Membership | null>('get');
  const membership = createMembership(() => get());
  const session = createSessionStub(USER, { loadUser: getProfile });
  const logger = fakeLogger();
  return {
    pending,
    getProfile,
    get,
    membership,
    ...session,
    logger,
    navigate: vi.fn(),
    servicesWith: (api: unknown) => ({
      api: api as Api,
      session: session.session,
      membership: membershipAccessOf(membership),
      logger,
    }),
    /** The error keys the screen should have logged so far. */
    logged: [] as string[],
  };
}
