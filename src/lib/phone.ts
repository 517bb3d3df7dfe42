import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Canada first: a number typed without a country code is read as Canadian. */
export const DEFAULT_PHONE_COUNTRY = 'CA';

/** Canadian French writes an extension 'poste 12'; libphonenumber reads 'ext. 12'. */
export const FRENCH_EXTENSION = /\bposte\b\.?/gi;

/**
 * Api-contract: `emailOrPhone` is sent as typed for an email, in E.164 for a
 * phone number, without an extension (typed 'ext. 12', 'x12', 'poste 12'…:
 * the server finds the member by the number alone).
 */
export function normalizeEmailOrPhone(value: string): string {
  const typed = value.trim();
  if (typed.includes('@')) return typed;
  const phone = parsePhoneNumberFromString(
    typed.replace(FRENCH_EXTENSION, 'ext. '),
    DEFAULT_PHONE_COUNTRY,
  );
  return phone?.isPossible() ? phone.number : typed;
}
