/**
 * The member most unit, view and model tests use: a User as the API returns
 * it (English, no billing address), and the membership record the machine
 * tests use. Suites spread them to vary a field.
 */
import { EMPTY_USER, type Membership, type User } from '../../machines/shared/domain.ts';

export const MARIE: User = {
  ...EMPTY_USER,
  _id: 'u1',
  id: 'u1',
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@example.ca',
  phone: '+15145550123',
};

/** A membership record as the API returns it: valid far into the future, no charger ordered. */
export const MEMBERSHIP: Membership = {
  _id: '65f0a1b2c3d4e5f6a7b8c9d0',
  id: 'mbr-001',
  externalId: 'sub_123',
  validTo: '2099-01-01T00:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};
