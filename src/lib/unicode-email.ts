import { toUnicode } from 'punycode/punycode.es6.js';

/**
 * An address as its member reads it: the API keeps a domain typed in its own
 * script in ASCII (`jean@exemple.xn--qubec-csa`, src/api/ascii-email.ts), and
 * the member sees it as typed (`jean@exemple.québec`). The domain is shown
 * decoded only when the browser encodes that form back to the very domain the
 * server has: a label that is no valid IDN (`xn--example-`, which decodes to
 * plain `example`; a direction override) is shown as the server has it, never
 * as another address.
 */
export function unicodeEmail(value: string): string {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  if (at < 0 || !domain.includes('xn--')) return value;
  try {
    const decoded = toUnicode(domain);
    return new URL(`http://${decoded}`).hostname === domain
      ? `${value.slice(0, at + 1)}${decoded}`
      : value;
  } catch {
    return value;
  }
}
