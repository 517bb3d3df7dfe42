import { toUnicode } from 'punycode/punycode.es6.js';

/**
 * An address as its member reads it: the API keeps a domain typed in its own
 * script in ASCII (`jean@exemple.xn--qubec-csa`, src/api/ascii-email.ts), and
 * the member sees it as typed (`jean@exemple.québec`). An address with no
 * `xn--` label, or one that is no valid Punycode, is shown as the server has it.
 */
export function unicodeEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 0 || !value.includes('xn--', at)) return value;
  try {
    return `${value.slice(0, at + 1)}${toUnicode(value.slice(at + 1))}`;
  } catch {
    return value;
  }
}
