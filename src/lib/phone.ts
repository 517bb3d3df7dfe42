import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Canada first: a number typed without a country code is read as Canadian. */
export const DEFAULT_PHONE_COUNTRY = 'CA';

/** Api-contract: `emailOrPhone` is sent as typed for an email, in E.164 for a phone number. */
export function normalizeEmailOrPhone(value: string): string {
  const typed = value.trim();
  if (typed.includes('@')) return typed;
  const phone = parsePhoneNumberFromString(typed, DEFAULT_PHONE_COUNTRY);
  return phone?.isPossible() ? phone.number : typed;
}
