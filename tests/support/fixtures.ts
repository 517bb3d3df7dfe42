/**
 * The member most unit, view and model tests use: a User as the API returns
 * it (English, no billing address). Suites spread it to vary a field.
 */
import { EMPTY_USER, type User } from '../../machines/shared/domain.ts';

export const MARIE: User = {
  ...EMPTY_USER,
  _id: 'u1',
  id: 'u1',
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@example.ca',
  phone: '+15145550123',
};
