/** Random identifiers, tokens and one-time codes. */
import { randomBytes, randomInt } from 'node:crypto';

const HUMAN_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A 24-hex database id, like MongoDB's ObjectId. */
export const objectId = (): string => randomBytes(12).toString('hex');

/** A short, lower-case human id such as `evc-7k2m9q` (the dashboard upper-cases it). */
export const humanId = (): string => `evc-${randomString(HUMAN_ALPHABET, 6)}`;

/** An opaque bearer or refresh token. */
export const opaqueToken = (): string => randomBytes(32).toString('base64url');

/** A 6-digit one-time code. */
export const otpCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const subscriptionId = (): string => `sub_${randomString(ALPHANUMERIC, 14)}`;

export function intentIds(kind: 'payment' | 'setup'): { id: string; client_secret: string } {
  const id = `${kind === 'payment' ? 'pi' : 'seti'}_${randomString(ALPHANUMERIC, 24)}`;
  return { id, client_secret: `${id}_secret_${randomString(ALPHANUMERIC, 24)}` };
}
