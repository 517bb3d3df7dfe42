import type { FieldSpec } from './form-fields.tsx';
import { PhoneField } from './phone-field.tsx';

/**
 * The member's first name, last name and phone, as the registration form and
 * the account's profile show them (spec 5's rules for both): ids
 * `<idPrefix>-first-name`, `-last-name`, `-phone`; the phone's hint if given.
 */
export function personFields(
  idPrefix: string,
  { phoneHint }: { phoneHint?: string } = {},
): FieldSpec<'firstName' | 'lastName' | 'phone'>[] {
  return [
    { name: 'firstName', id: `${idPrefix}-first-name`, autoComplete: 'given-name' },
    { name: 'lastName', id: `${idPrefix}-last-name`, autoComplete: 'family-name' },
    { name: 'phone', as: PhoneField, id: `${idPrefix}-phone`, hint: phoneHint },
  ];
}
