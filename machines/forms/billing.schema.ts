import * as v from 'valibot';
import type { BillingAddress, User } from '../shared/domain.ts';
import { cleanText } from './text.ts';
import { MAX_SYMBOLS_KEY } from './validate.ts';

/** The 13 Canadian provinces and territories (translated under member `provinces.*`). */
export const PROVINCE_CODES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;

export type ProvinceCode = (typeof PROVINCE_CODES)[number];

/** Country is fixed to Canada (spec 9). */
export const BILLING_COUNTRY_CODE = 'CA';

/**
 * A Canadian postal code after normalisation: 'A1A 1A1'. D F I O Q U never
 * appear; W and Z never as the first letter.
 */
export const CANADIAN_POSTAL_CODE =
  /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;

/**
 * Upper-cases, drops spaces and dashes and, when six characters are left (a
 * postal code's length), puts one space after the third: 'h2x1y4' → 'H2X 1Y4',
 * ' h2x-1y4 ' → 'H2X 1Y4'. Any other length is not split ('90210', a US ZIP,
 * stays as typed, not '902 10'); the schema then rejects what is not a code.
 */
export function normalizePostalCode(raw: string): string {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

export function isCanadianPostalCode(raw: string): boolean {
  return CANADIAN_POSTAL_CODE.test(normalizePostalCode(raw));
}

export function isProvinceCode(value: string): value is ProvinceCode {
  return (PROVINCE_CODES as readonly string[]).includes(value);
}

/** Address lines and city: at most this many characters, as servers cap them. */
export const BILLING_LINE_MAX_LENGTH = 100;

const maxLine = v.maxLength<string, number, string>(BILLING_LINE_MAX_LENGTH, MAX_SYMBOLS_KEY);

export const billingSchema = v.object({
  countryCode: v.literal(BILLING_COUNTRY_CODE, 'validation.countryRequired'),
  address1: v.pipe(
    v.string(),
    v.transform(cleanText),
    v.nonEmpty('validation.address1Required'),
    maxLine,
  ),
  address2: v.pipe(v.string(), v.transform(cleanText), maxLine),
  city: v.pipe(v.string(), v.transform(cleanText), v.nonEmpty('validation.cityRequired'), maxLine),
  postalCode: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.postalCodeRequired'),
    v.check(isCanadianPostalCode, 'validation.postalCodeInvalid'),
  ),
  province: v.pipe(v.string(), v.check(isProvinceCode, 'validation.provinceRequired')),
});

export type BillingValues = v.InferInput<typeof billingSchema>;
export type BillingField = keyof BillingValues;

export const EMPTY_BILLING_VALUES: BillingValues = {
  countryCode: BILLING_COUNTRY_CODE,
  address1: '',
  address2: '',
  city: '',
  postalCode: '',
  province: '',
};

/**
 * The request body of PUT client/auth/profile/billingAddress: trimmed values,
 * the postal code normalised, address_2 omitted when blank.
 */
export function toBillingAddress(values: BillingValues): BillingAddress {
  const address2 = cleanText(values.address2);
  return {
    country_code: BILLING_COUNTRY_CODE,
    address_1: cleanText(values.address1),
    ...(address2 ? { address_2: address2 } : {}),
    city: cleanText(values.city),
    province: values.province,
    postal_code: normalizePostalCode(values.postalCode.trim()),
  };
}

/** Form values from the user's stored address (an empty object gives empty values). */
export function billingValuesFromAddress(address: User['billingAddress']): BillingValues {
  if (!('address_1' in address)) return { ...EMPTY_BILLING_VALUES };
  return {
    countryCode: BILLING_COUNTRY_CODE,
    address1: address.address_1 ?? '',
    address2: address.address_2 ?? '',
    city: address.city ?? '',
    postalCode: address.postal_code ?? '',
    province: address.province ?? '',
  };
}
