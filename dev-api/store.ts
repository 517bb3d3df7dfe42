/**
 * The stand-in's data: plain records kept in memory and saved to one JSON file
 * after every change. Saving is atomic (write a temp file, then rename over the
 * data file), so a crash never leaves a half-written file. A missing or corrupt
 * file means an empty store, never a crash.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface BillingAddressRecord {
  country_code: 'CA';
  address_1: string;
  address_2?: string;
  city: string;
  province: string;
  postal_code: string;
}

export interface UserRecord {
  _id: string;
  id: string;
  firstName: string;
  lastName: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** E.164. */
  phone: string;
  language: 'en' | 'fr';
  isBetaTester: boolean;
  disableNotifications: boolean;
  billingAddress: BillingAddressRecord | null;
  passwordHash: string;
  verified: boolean;
  createdAt: string;
}

export interface IntentRecord {
  kind: 'payment' | 'setup';
  id: string;
  client_secret: string;
}

export interface MembershipRecord {
  _id: string;
  id: string;
  userId: string;
  externalId: string;
  validTo: string | null;
  cancelledAt: string | null;
  chargerOrderedAt: string | null;
  subscription: {
    /** End of the last paid period; null while no fee has been paid. */
    validTo: string | null;
    feeDue: boolean;
    paymentMethodId: string | null;
    /** A payment intent while the fee is due, else a setup intent. */
    intent: IntentRecord;
  };
}

export interface TokenRecord {
  kind: 'access' | 'refresh';
  userId: string;
  /** Shared by the access and refresh token issued together. */
  pairId: string;
  /** Epoch ms; the token works while now < expiresAt. */
  expiresAt: number;
}

export interface OtpRecord {
  code: string;
  expiresAt: number;
}

export interface ResetTokenRecord {
  userId: string;
  expiresAt: number;
}

export interface StoreData {
  version: 1;
  users: UserRecord[];
  memberships: MembershipRecord[];
  tokens: Record<string, TokenRecord>;
  /** Keyed by `${purpose}:${email}`. */
  otps: Record<string, OtpRecord>;
  /** The last code sent to each address, whatever its purpose (for __dev/last-otp). */
  lastOtp: Record<string, string>;
  resetTokens: Record<string, ResetTokenRecord>;
}

export function emptyData(): StoreData {
  return {
    version: 1,
    users: [],
    memberships: [],
    tokens: {},
    otps: {},
    lastOtp: {},
    resetTokens: {},
  };
}

export type LoadOutcome = 'loaded' | 'missing' | 'corrupt';

export interface Store {
  readonly file: string;
  data: StoreData;
  /** Writes the data file atomically; throws when the file cannot be written. */
  save(): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the outer shape only: a hand-edited file with the wrong shape counts as corrupt. */
function asStoreData(value: unknown): StoreData | null {
  if (!isRecord(value) || value.version !== 1) return null;
  const { users, memberships, tokens, otps, lastOtp, resetTokens } = value;
  if (!Array.isArray(users) || !Array.isArray(memberships)) return null;
  if (![tokens, otps, lastOtp, resetTokens].every(isRecord)) return null;
  return value as unknown as StoreData;
}

export function loadData(file: string): { data: StoreData; outcome: LoadOutcome } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { data: emptyData(), outcome: code === 'ENOENT' ? 'missing' : 'corrupt' };
  }
  try {
    const data = asStoreData(JSON.parse(text));
    return data ? { data, outcome: 'loaded' } : { data: emptyData(), outcome: 'corrupt' };
  } catch {
    return { data: emptyData(), outcome: 'corrupt' };
  }
}

/** The file-system calls `writeFileAtomic` makes (replaceable in tests to simulate a crash). */
export interface AtomicWriteIo {
  mkdirSync(dir: string, options: { recursive: true }): unknown;
  writeFileSync(file: string, text: string): void;
  renameSync(from: string, to: string): void;
  rmSync(file: string, options: { force: true }): void;
}

const nodeIo: AtomicWriteIo = {
  mkdirSync: (dir, options) => fs.mkdirSync(dir, options),
  writeFileSync: (file, text) => fs.writeFileSync(file, text, 'utf8'),
  renameSync: (from, to) => fs.renameSync(from, to),
  rmSync: (file, options) => fs.rmSync(file, options),
};

let tempCounter = 0;

/** Writes `text` to a temp file next to `file`, then renames it over `file`. */
export function writeFileAtomic(file: string, text: string, io: AtomicWriteIo = nodeIo): void {
  io.mkdirSync(path.dirname(file), { recursive: true });
  tempCounter += 1;
  const temp = `${file}.${process.pid}.${tempCounter}.tmp`;
  try {
    io.writeFileSync(temp, text);
    io.renameSync(temp, file);
  } catch (error) {
    try {
      io.rmSync(temp, { force: true });
    } catch {
      // The temp file may not exist; the original error is the one that matters.
    }
    throw error;
  }
}

export function openStore(file: string): { store: Store; outcome: LoadOutcome } {
  const { data, outcome } = loadData(file);
  const store: Store = {
    file,
    data,
    save() {
      writeFileAtomic(file, `${JSON.stringify(store.data, null, 2)}\n`);
    },
  };
  return { store, outcome };
}
