import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Canada first: a number typed without a country code is read as Canadian. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'CA';

/** Canadian French writes an extension 'poste 12'; libphonenumber reads 'ext. 12'. */
const FRENCH_EXTENSION = /\bposte\b\.?/gi;

/**
 * What was typed read as a phone number, the whole text being the number
 * (extract: false: '613-555-CALL' is not read as '613555'), a French 'poste 12'
 * as the extension it is. `country` reads a number typed without its calling code.
 */
export function parseTypedPhone(typed: string, country?: CountryCode) {
  return parsePhoneNumberFromString(typed.replace(FRENCH_EXTENSION, 'ext. '), {
    defaultCountry: country,
    extract: false,
  });
}

/**
 * Api-contract: `emailOrPhone` is sent as typed for an email, in E.164 for a
 * phone number, without an extension (typed 'ext. 12', 'x12', 'poste 12'…:
 * the server finds the member by the number alone).
 */
export function normalizeEmailOrPhone(value: string): string {
  const typed = value.trim();
  if (typed.includes('@')) return typed;
  const phone = parseTypedPhone(typed, DEFAULT_PHONE_COUNTRY);
  return phone?.isPossible() ? phone.number : typed;
}
