/**
 * The stand-in's data: plain records kept in memory and saved to one JSON file
 * after every change. Saving is atomic (write a temp file, then rename over the
 * data file), so a crash never leaves a half-written file. A missing file means
 * an empty store; a corrupt one is kept aside (`<file>.corrupt-<time>`) before
 * the store starts empty, never silently replaced. A lock file
 * (`<file>.lock`, holding the owner's pid) keeps a second process off the same
 * data file. The last saved text is kept, so a change whose save failed can be
 * undone in memory (`revert`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BillingAddress, User } from '../machines/shared/domain.ts';

/** A billing address as the API defines it (docs/api.md). */
export type BillingAddressRecord = BillingAddress;

/**
 * A user as the API defines it, as stored: the email trimmed and lower-cased,
 * the phone in E.164, and what the stand-in keeps to itself.
 */
export interface UserRecord extends Omit<User, 'billingAddress' | 'disableNotifications'> {
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
  /**
   * A refresh token already spent: the pair it was spent for. Presented again
   * (until its expiresAt, set a few minutes on) while that pair's refresh
   * token is unspent, it gets the same pair (dev-api/sessions.ts, rotateRefreshToken).
   */
  spentFor?: { token: string; refreshToken: string };
}

export interface OtpRecord {
  code: string;
  expiresAt: number;
  /** Wrong codes tried against this one (it is void after MAX_OTP_FAILURES). */
  failures?: number;
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
  /** Puts `data` back to what was last loaded or saved (after a failed change). */
  revert(): void;
}

/** The data file cannot be used (another process holds it, or it cannot be read). */
export class StoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
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

/** `2026-03-15T12-00-00-000Z`: a time that is safe in a file name. */
const fileStamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');

export interface Loaded {
  data: StoreData;
  outcome: LoadOutcome;
  /** Where a corrupt file was moved (kept for the developer to look at). */
  keptAs?: string;
}

/**
 * Reads the data file. Missing (or under a path that cannot exist): an empty
 * store. Not JSON or the wrong shape: the file is renamed
 * `<file>.corrupt-<time>` and the store starts empty. Unreadable for another
 * reason (permissions, a directory): the stand-in refuses to start rather than
 * overwrite it later.
 */
export function loadData(file: string, now: number = Date.now()): Loaded {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { data: emptyData(), outcome: 'missing' };
    throw new StoreUnavailableError(
      `cannot read ${file} (${code ?? String(error)}): fix it or set DEV_API_DATA_FILE to another file`,
    );
  }
  let data: StoreData | null = null;
  try {
    data = asStoreData(JSON.parse(text));
  } catch {
    data = null;
  }
  if (data) return { data, outcome: 'loaded' };
  const keptAs = `${file}.corrupt-${fileStamp(now)}`;
  fs.renameSync(file, keptAs);
  return { data: emptyData(), outcome: 'corrupt', keptAs };
}

// ------------------------------------------------------------------ the lock

/** Lock files this process holds, removed when it exits (shared by every copy of this module). */
const HELD_KEY = Symbol.for('ev-club.dev-api.locks');
const held: Set<string> =
  ((globalThis as Record<symbol, unknown>)[HELD_KEY] as Set<string>) ??
  (() => {
    const locks = new Set<string>();
    (globalThis as Record<symbol, unknown>)[HELD_KEY] = locks;
    process.once('exit', () => {
      for (const lock of locks) releaseLockFile(lock);
    });
    return locks;
  })();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseLockFile(lock: string): void {
  try {
    const owner = JSON.parse(fs.readFileSync(lock, 'utf8')) as { pid?: unknown };
    if (owner.pid === process.pid) fs.rmSync(lock, { force: true });
  } catch {
    // Gone or unreadable: nothing of ours to remove.
  }
}

export type LockOutcome = 'locked' | 'took-over-stale' | 'unlockable';

/**
 * Takes `<file>.lock` for this process. Another live process holding it: a
 * StoreUnavailableError (the stand-in refuses to start). A lock left by a
 * process that is gone is taken over. This same process holding it (Vite
 * restarting its server, a test reopening a file) is fine. A folder where no
 * lock can be written is reported as 'unlockable' (saving will fail there too).
 */
export function acquireLock(file: string): LockOutcome {
  const lock = `${file}.lock`;
  const mine = JSON.stringify({ pid: process.pid, since: new Date().toISOString() });
  try {
    fs.mkdirSync(path.dirname(lock), { recursive: true });
  } catch {
    return 'unlockable';
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lock, mine, { flag: 'wx' });
      held.add(lock);
      return attempt === 0 ? 'locked' : 'took-over-stale';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return 'unlockable';
    }
    let owner: { pid?: unknown; since?: unknown } = {};
    try {
      owner = JSON.parse(fs.readFileSync(lock, 'utf8'));
    } catch {
      // Half-written or unreadable: treated as stale below.
    }
    if (owner.pid === process.pid) {
      held.add(lock);
      return 'locked';
    }
    if (typeof owner.pid === 'number' && isAlive(owner.pid)) {
      throw new StoreUnavailableError(
        `${file} is in use by another stand-in (pid ${owner.pid}, since ${String(owner.since)}). ` +
          'Stop that one, or give this one its own data file: DEV_API_DATA_FILE=.data/other.json',
      );
    }
    fs.rmSync(lock, { force: true });
  }
  throw new StoreUnavailableError(`could not take the lock ${lock}`);
}

/** Gives the lock back (when the stand-in that took it closes). */
export function releaseLock(file: string): void {
  const lock = `${file}.lock`;
  if (held.delete(lock)) releaseLockFile(lock);
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

export interface OpenedStore extends Omit<Loaded, 'data'> {
  store: Store;
  lock: LockOutcome;
}

/** Locks, then loads the data file (see acquireLock and loadData). */
export function openStore(file: string, now: number = Date.now()): OpenedStore {
  const lock = acquireLock(file);
  let loaded: Loaded;
  try {
    loaded = loadData(file, now);
  } catch (error) {
    releaseLock(file);
    throw error;
  }
  let committed = JSON.stringify(loaded.data);
  const store: Store = {
    file,
    data: loaded.data,
    save() {
      const text = JSON.stringify(store.data, null, 2);
      writeFileAtomic(file, `${text}\n`);
      committed = text;
    },
    revert() {
      store.data = JSON.parse(committed) as StoreData;
    },
  };
  return {
    store,
    lock,
    outcome: loaded.outcome,
    ...(loaded.keptAs ? { keptAs: loaded.keptAs } : {}),
  };
}
