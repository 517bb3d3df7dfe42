import { describe, expect, it } from 'vitest';
import { normalizeEmailOrPhone } from '../../src/lib/phone.ts';

describe('the sign-in identifier sent to the API (docs/api.md)', () => {
  it('sends an email as typed, trimmed', () => {
    expect(normalizeEmailOrPhone('  Kim.Tremblay@example.ca ')).toBe('Kim.Tremblay@example.ca');
  });

  it.each([
    ['514 555 0123', '+15145550123'],
    ['+1 (514) 555-0123', '+15145550123'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('sends the phone number %s in E.164 (%s)', (typed, sent) => {
    expect(normalizeEmailOrPhone(typed)).toBe(sent);
  });

  it.each([
    '514 555 0123 ext. 12',
    '514 555 0123 x12',
    '514 555 0123 poste 12',
    '514 555 0123 Poste. 12',
    '514 555 0123 #12',
    '+15145550123;ext=12',
  ])('sends %s without its extension: the server finds the member by the number alone', (typed) => {
    expect(normalizeEmailOrPhone(typed)).toBe('+15145550123');
  });

  it('sends what is not a possible number as typed (the server then finds no one)', () => {
    expect(normalizeEmailOrPhone('12345678901234567')).toBe('12345678901234567');
  });
});
