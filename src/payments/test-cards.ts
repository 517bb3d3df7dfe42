/**
 * The pure side of the offline test provider (docs/api.md, "The test
 * payment provider"): formatting and validating what is typed in its card
 * fields the way Stripe's elements do, and the outcome of each test card.
 * Messages are returned as translation keys under `checkout:testProvider.*`;
 * the React side turns them into the provider's sentences.
 */

export const CARD_NUMBER_LENGTH = 16;
export const CVC_MAX_LENGTH = 4;
export const CVC_MIN_LENGTH = 3;

/** The test cards of docs/api.md. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002760003184',
  declinedWithPaymentMethod: '4000000000000341',
} as const;

export const TEST_ERROR_KEYS = {
  numberIncomplete: 'testProvider.errors.numberIncomplete',
  numberInvalid: 'testProvider.errors.numberInvalid',
  expiryIncomplete: 'testProvider.errors.expiryIncomplete',
  expiryInvalid: 'testProvider.errors.expiryInvalid',
  expiryYearPast: 'testProvider.errors.expiryYearPast',
  expiryDatePast: 'testProvider.errors.expiryDatePast',
  cvcIncomplete: 'testProvider.errors.cvcIncomplete',
  declined: 'testProvider.errors.declined',
  insufficientFunds: 'testProvider.errors.insufficientFunds',
  authenticationFailed: 'testProvider.errors.authenticationFailed',
} as const;

/** A key under `checkout:testProvider.errors.*`. */
export type TestErrorKey = (typeof TEST_ERROR_KEYS)[keyof typeof TEST_ERROR_KEYS];

export type TestCardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'threeDSecure' }
  | { kind: 'declined'; errorKey: TestErrorKey; carriesPaymentMethod: boolean };

/** The outcome of confirming with a (complete) card number. Unknown numbers are declined, as in Stripe's test mode. */
export function outcomeOf(cardNumber: string): TestCardOutcome {
  switch (cardNumber) {
    case TEST_CARDS.succeeds:
      return { kind: 'succeeds' };
    case TEST_CARDS.threeDSecure:
      return { kind: 'threeDSecure' };
    case TEST_CARDS.insufficientFunds:
      return {
        kind: 'declined',
        errorKey: TEST_ERROR_KEYS.insufficientFunds,
        carriesPaymentMethod: false,
      };
    case TEST_CARDS.declinedWithPaymentMethod:
      return { kind: 'declined', errorKey: TEST_ERROR_KEYS.declined, carriesPaymentMethod: true };
    default:
      return { kind: 'declined', errorKey: TEST_ERROR_KEYS.declined, carriesPaymentMethod: false };
  }
}

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A field's state after an edit, as a Stripe element reports it. */
export interface FieldCheck {
  complete: boolean;
  /** A `checkout:` translation key, or null. */
  errorKey: TestErrorKey | null;
}

/** '4242424242424242' → '4242 4242 4242 4242' (at most 16 digits). */
export function formatCardNumber(text: string): string {
  const digits = digitsOf(text).slice(0, CARD_NUMBER_LENGTH);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Stripe's rules: an invalid number is reported as soon as it is full length;
 * an incomplete one only once the field is left (`blurred`).
 */
export function checkCardNumber(text: string, blurred: boolean): FieldCheck {
  const digits = digitsOf(text);
  if (digits.length === 0) return { complete: false, errorKey: null };
  if (digits.length < CARD_NUMBER_LENGTH) {
    return { complete: false, errorKey: blurred ? TEST_ERROR_KEYS.numberIncomplete : null };
  }
  if (!passesLuhn(digits)) return { complete: false, errorKey: TEST_ERROR_KEYS.numberInvalid };
  return { complete: true, errorKey: null };
}

/**
 * What is typed in the expiry field, shown as 'MM / YY': a first digit above 1
 * is a one-digit month ('4' → '04'); the separator appears after the month.
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text);
  if (digits.length > 0 && Number(digits[0]) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** `now` is injectable for tests; the month and year are compared in local time. */
export function checkExpiry(text: string, blurred: boolean, now: Date = new Date()): FieldCheck {
  const digits = digitsOf(text);
  if (digits.length === 0) return { complete: false, errorKey: null };
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12)) {
    return { complete: false, errorKey: TEST_ERROR_KEYS.expiryInvalid };
  }
  if (digits.length < 4) {
    return { complete: false, errorKey: blurred ? TEST_ERROR_KEYS.expiryIncomplete : null };
  }
  const year = 2000 + Number(digits.slice(2, 4));
  const thisYear = now.getFullYear();
  if (year < thisYear) return { complete: false, errorKey: TEST_ERROR_KEYS.expiryYearPast };
  if (year === thisYear && month < now.getMonth() + 1) {
    return { complete: false, errorKey: TEST_ERROR_KEYS.expiryDatePast };
  }
  return { complete: true, errorKey: null };
}

export function formatCvc(text: string): string {
  return digitsOf(text).slice(0, CVC_MAX_LENGTH);
}

export function checkCvc(text: string, blurred: boolean): FieldCheck {
  const digits = digitsOf(text);
  if (digits.length === 0) return { complete: false, errorKey: null };
  if (digits.length < CVC_MIN_LENGTH) {
    return { complete: false, errorKey: blurred ? TEST_ERROR_KEYS.cvcIncomplete : null };
  }
  return { complete: true, errorKey: null };
}

/** The test wallet shows only when the page URL has `?wallet=test`. */
export function hasTestWallet(search: string): boolean {
  return new URLSearchParams(search).get('wallet') === 'test';
}

/** A payment method id of the test provider: `pm_test_` + random. */
export function testPaymentMethodId(): string {
  return `pm_test_${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}
