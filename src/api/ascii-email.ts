/**
 * An address as the API knows it: with its domain in ASCII (`xn--…`), the form
 * the browser's own email fields hand over. A member who signed up as
 * `jean@exemple.québec` is stored as `jean@exemple.xn--qubec-csa`, and may type
 * the domain in its own script where a field takes text too (sign-in's “Email
 * or phone”). An ASCII address, or one the browser cannot read as a host name,
 * is sent as typed.
 */
export function asciiEmail(value: string): string {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, from NUL.
  if (at < 0 || !/[^\x00-\x7f]/.test(domain)) return value;
  try {
    return `${value.slice(0, at + 1)}${new URL(`http://${domain}`).hostname}`;
  } catch {
    return value;
  }
}

/** `body` with its `key` (an address, or at sign-in an address or a phone number) in ASCII. */
export function withAsciiEmail<Body, Key extends keyof Body>(body: Body, key: Key): Body {
  const value = body[key];
  return typeof value === 'string' ? { ...body, [key]: asciiEmail(value) } : body;
}
