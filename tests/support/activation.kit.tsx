/**
 * The member the member-screen tests (registration, activation, billing,
 * dashboard; views and model suites) sign in as, and the membership the
 * activation creates. Their fakes (pending API calls, the session stub, the
 * real membership machine) are in tests/support/deferred.ts and
 * tests/support/fake-services.ts.
 */
import type { Membership, User } from '../../machines/shared/domain.ts';
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

export const RECORD: Membership = {
  _id: '64f0c0ffee00000000000001',
  id: 'mbr-7f3a',
  externalId: 'sub_ext_1',
  validTo: '2026-11-22T12:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};
