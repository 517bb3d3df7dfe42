import { describe, expect, it } from 'vitest';
import { isCompleteOtp, OTP_LENGTH, sanitizeOtp } from '../../../machines/forms/otp.schema.ts';

describe('the one-time code', () => {
  it('is complete at exactly six digits', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(isCompleteOtp('012345')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('1234567')).toBe(false);
    expect(isCompleteOtp('')).toBe(false);
  });

  it('is never complete with anything but digits', () => {
    expect(isCompleteOtp('12345a')).toBe(false);
    expect(isCompleteOtp('12 456')).toBe(false);
    expect(isCompleteOtp('１２３４５６')).toBe(false);
  });

  it('keeps only the digits of pasted text, at most six', () => {
    expect(sanitizeOtp('12 34-56')).toBe('123456');
    expect(sanitizeOtp('Your code: 987654.')).toBe('987654');
    expect(sanitizeOtp('1234567890')).toBe('123456');
    expect(sanitizeOtp('abc')).toBe('');
    expect(sanitizeOtp('a1', 1)).toBe('1');
  });
});
