import { describe, expect, it } from 'vitest';
import {
  isCompleteOtp,
  OTP_LENGTH,
  otpSchema,
  sanitizeOtp,
} from '../../../machines/forms/otp.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';

describe('otp schema', () => {
  it('accepts exactly six digits', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(validate(otpSchema, { otp: '123456' })).toEqual({});
    expect(isCompleteOtp('012345')).toBe(true);
  });

  it('reports digits only before the length', () => {
    expect(validate(otpSchema, { otp: '12a456' })).toEqual({
      otp: { key: 'validation.otpDigitsOnly' },
    });
    expect(validate(otpSchema, { otp: '12 45' })).toEqual({
      otp: { key: 'validation.otpDigitsOnly' },
    });
    expect(isCompleteOtp('12345a')).toBe(false);
  });

  it('reports a wrong length', () => {
    expect(validate(otpSchema, { otp: '12345' })).toEqual({ otp: { key: 'validation.otpLength' } });
    expect(validate(otpSchema, { otp: '1234567' })).toEqual({
      otp: { key: 'validation.otpLength' },
    });
    expect(validate(otpSchema, { otp: '' })).toEqual({ otp: { key: 'validation.otpLength' } });
    expect(isCompleteOtp('12345')).toBe(false);
  });

  it('keeps only the digits of pasted text, at most six', () => {
    expect(sanitizeOtp('12 34-56')).toBe('123456');
    expect(sanitizeOtp('Your code: 987654.')).toBe('987654');
    expect(sanitizeOtp('1234567890')).toBe('123456');
    expect(sanitizeOtp('abc')).toBe('');
    expect(sanitizeOtp('a1', 1)).toBe('1');
  });
});
