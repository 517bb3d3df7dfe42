import * as v from 'valibot';

/** The one-time code length (spec 9; the generic input's default of 4 is not used). */
export const OTP_LENGTH = 6;

export const otpSchema = v.object({
  otp: v.pipe(
    v.string(),
    v.regex(/^\d*$/, 'validation.otpDigitsOnly'),
    v.length(OTP_LENGTH, 'validation.otpLength'),
  ),
});

export type OtpValues = v.InferInput<typeof otpSchema>;

/**
 * Keeps only the digits of typed or pasted text, at most `maxLength` of them
 * ('12 34-56' → '123456', 'abc' → '').
 */
export function sanitizeOtp(raw: string, maxLength: number = OTP_LENGTH): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** True when the code is complete: exactly six digits. */
export function isCompleteOtp(value: string): boolean {
  return v.is(otpSchema.entries.otp, value);
}
