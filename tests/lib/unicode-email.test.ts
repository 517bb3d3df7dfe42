import { describe, expect, it } from 'vitest';
import { asciiEmail } from '../../src/api/ascii-email.ts';
import { unicodeEmail } from '../../src/lib/unicode-email.ts';

describe('unicodeEmail: an address as its member reads it', () => {
  it('shows a domain the API keeps in ASCII in its own script', () => {
    expect(unicodeEmail('jean@exemple.xn--qubec-csa')).toBe('jean@exemple.québec');
    expect(unicodeEmail('marie@xn--exmple-cua.ca')).toBe('marie@exämple.ca');
    expect(unicodeEmail('li@xn--fiqs8s.xn--fiqz9s')).toBe('li@中国.中國');
  });

  it('reverses what the API client sends', () => {
    for (const typed of ['jean@exemple.québec', 'zoë@café.ca', 'ana@bücher.example']) {
      expect(unicodeEmail(asciiEmail(typed))).toBe(typed);
    }
  });

  it('leaves an ASCII address, and the part before the @, as the server has them', () => {
    expect(unicodeEmail('anna.smith@example.com')).toBe('anna.smith@example.com');
    expect(unicodeEmail('xn--qubec-csa@example.com')).toBe('xn--qubec-csa@example.com');
    expect(unicodeEmail('no-at-sign xn--qubec-csa')).toBe('no-at-sign xn--qubec-csa');
  });

  it('shows a domain that is no valid IDN as the server has it, never as another address', () => {
    for (const stored of [
      'jean@xn--99999999999.ca', // no valid Punycode
      'jean@xn--example-.com', // decodes to plain "example": another, real address
      'jean@xn--.ca', // decodes to nothing
      'jean@xn--moc-4q0a.ca', // a right-to-left override, which would show the text reversed
      'jean@xn--gmail-.com', // plain "gmail.com"
      'jean@xn--a.com', // an invisible control character (U+0080)
      'jean@xn--l-0ba.com', // "l" and a control character (U+009E)
    ]) {
      expect(unicodeEmail(stored)).toBe(stored);
    }
  });
});
