/** The one-time code length (spec 9; the generic input's default of 4 is not used). */
export const OTP_LENGTH = 6;

/**
 * Keeps only the digits of typed or pasted text, at most `maxLength` of them
 * ('12 34-56' → '123456', 'abc' → ''). The boxes say what was wrong with the
 * text themselves ('Only digits allowed', 'Enter the 6-digit code':
 * src/components/otp-input.tsx).
 */
export function sanitizeOtp(raw: string, maxLength: number = OTP_LENGTH): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** True when the code is complete: exactly six digits. */
export function isCompleteOtp(value: string): boolean {
  return value.length === OTP_LENGTH && !/\D/.test(value);
}
