/** Access and refresh tokens, one-time codes and password-reset tokens. */
import { opaqueToken, otpCode } from './ids.ts';
import type { DevApiState } from './state.ts';
import type { UserRecord } from './store.ts';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
const OTP_TTL_MS = 10 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Expired tokens are dropped from the data file after this long. */
const TOKEN_GRACE_MS = 3600 * 1000;
/** How long a spent refresh token may ask again for the pair it was spent for. */
export const REFRESH_REUSE_MS = 10 * 60 * 1000;

export type OtpPurpose = 'verify' | 'reset';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

function pruneTokens(state: DevApiState): void {
  const { tokens } = state.store.data;
  const limit = state.now() - TOKEN_GRACE_MS;
  for (const [token, record] of Object.entries(tokens)) {
    if (record.expiresAt < limit) delete tokens[token];
  }
}

/** Issues an access token of the pair `pairId` (the caller saves the store). */
function issueAccessToken(state: DevApiState, user: UserRecord, pairId: string): string {
  const token = opaqueToken();
  state.store.data.tokens[token] = {
    kind: 'access',
    userId: user._id,
    pairId,
    expiresAt: state.now() + state.accessTokenTtlSeconds * 1000,
  };
  return token;
}

/** Issues a new access + refresh token pair (the caller saves the store). */
export function issueTokens(state: DevApiState, user: UserRecord): TokenPair {
  pruneTokens(state);
  const pairId = opaqueToken();
  const token = issueAccessToken(state, user, pairId);
  const refreshToken = opaqueToken();
  state.store.data.tokens[refreshToken] = {
    kind: 'refresh',
    userId: user._id,
    pairId,
    expiresAt: state.now() + REFRESH_TOKEN_TTL_MS,
  };
  return { token, refreshToken };
}

function findUser(state: DevApiState, userId: string): UserRecord | null {
  return state.store.data.users.find((user) => user._id === userId) ?? null;
}

export function userForAccessToken(state: DevApiState, token: string): UserRecord | null {
  const record = state.store.data.tokens[token];
  if (record?.kind !== 'access' || state.now() >= record.expiresAt) return null;
  return findUser(state, record.userId);
}

/**
 * Spends a refresh token: a new pair is issued. For REFRESH_REUSE_MS the
 * spent token may ask again, and gets that same pair (with a fresh access
 * token if its own has expired), until the pair's refresh token is spent in
 * turn, which shows the pair arrived: a refresh whose answer was lost on the
 * way (a dropped connection, the browser sending it again) gets its answer on
 * the next try instead of ending the session (docs/api.md). Otherwise a spent
 * token is refused, like any token used twice.
 */
export function rotateRefreshToken(
  state: DevApiState,
  refreshToken: string,
): { user: UserRecord; tokens: TokenPair } | null {
  const { tokens } = state.store.data;
  const record = tokens[refreshToken];
  if (record?.kind !== 'refresh' || state.now() >= record.expiresAt) return null;
  const user = findUser(state, record.userId);
  if (!user) return null;
  if (record.spentFor) {
    const next = tokens[record.spentFor.refreshToken];
    if (!next || next.spentFor) return null;
    const access = tokens[record.spentFor.token];
    if (!access || state.now() >= access.expiresAt) {
      record.spentFor = { ...record.spentFor, token: issueAccessToken(state, user, next.pairId) };
    }
    return { user, tokens: record.spentFor };
  }
  // The token spent before this one is now refused for good.
  for (const [other, otherRecord] of Object.entries(tokens)) {
    if (otherRecord.spentFor?.refreshToken === refreshToken) delete tokens[other];
  }
  const issued = issueTokens(state, user);
  record.spentFor = issued;
  record.expiresAt = Math.min(record.expiresAt, state.now() + REFRESH_REUSE_MS);
  return { user, tokens: issued };
}

/**
 * Revokes a token and every token issued with it (logout); for a spent
 * refresh token, the pair it was spent for as well, which may never have
 * reached the member; and a spent token that could still ask for a revoked pair.
 */
export function revokePair(state: DevApiState, token: string): boolean {
  const { tokens } = state.store.data;
  const record = tokens[token];
  if (!record) return false;
  const pairOf = (other: string | undefined) => (other ? tokens[other]?.pairId : undefined);
  const pairs = new Set([record.pairId]);
  for (const other of Object.values(tokens)) {
    const next = pairOf(other.spentFor?.refreshToken);
    if (next && other.pairId === record.pairId) pairs.add(next);
  }
  // The pairs' tokens, and a spent token that could still ask for one of them.
  const revoked = Object.entries(tokens).filter(([, other]) => {
    const spentInto = pairOf(other.spentFor?.refreshToken);
    return pairs.has(other.pairId) || (spentInto !== undefined && pairs.has(spentInto));
  });
  for (const [revokedToken] of revoked) delete tokens[revokedToken];
  return true;
}

export function revokeUserTokens(state: DevApiState, userId: string): void {
  const { tokens, resetTokens } = state.store.data;
  for (const [token, record] of Object.entries(tokens)) {
    if (record.userId === userId) delete tokens[token];
  }
  for (const [token, record] of Object.entries(resetTokens)) {
    if (record.userId === userId) delete resetTokens[token];
  }
}

/** Makes every issued access token (of one user, when given) expired as of now (__dev helper). */
export function expireAccessTokens(state: DevApiState, userId?: string): number {
  let count = 0;
  const now = state.now();
  for (const record of Object.values(state.store.data.tokens)) {
    if (userId !== undefined && record.userId !== userId) continue;
    if (record.kind === 'access' && record.expiresAt > now) {
      record.expiresAt = now;
      count += 1;
    }
  }
  return count;
}

/** Creates a new 6-digit code for `email` (replacing any earlier one) and prints it. */
export function sendOtp(state: DevApiState, purpose: OtpPurpose, email: string): string {
  const code = otpCode();
  state.store.data.otps[`${purpose}:${email}`] = { code, expiresAt: state.now() + OTP_TTL_MS };
  state.store.data.lastOtp[email] = code;
  state.log(`one-time code for ${email}: ${code}${purpose === 'reset' ? ' (password reset)' : ''}`);
  return code;
}

/** The wrong try that voids a one-time code (it survives one fewer; a new code is then needed). */
export const MAX_OTP_FAILURES = 5;

/**
 * Checks `code` against the current code for `email`:
 * - 'ok': right and unexpired, now spent;
 * - 'wrong': a code exists but this is not it; the failure is counted, and
 *   after MAX_OTP_FAILURES the code is void (the caller saves the store);
 * - 'none': no usable code (never sent, expired or voided).
 */
export function consumeOtp(
  state: DevApiState,
  purpose: OtpPurpose,
  email: string,
  code: string,
): 'ok' | 'wrong' | 'none' {
  const { otps } = state.store.data;
  const key = `${purpose}:${email}`;
  const record = otps[key];
  if (!record || state.now() >= record.expiresAt) return 'none';
  if (record.code === code.trim()) {
    delete otps[key];
    return 'ok';
  }
  record.failures = (record.failures ?? 0) + 1;
  if (record.failures >= MAX_OTP_FAILURES) {
    delete otps[key];
    state.log(`one-time code for ${email} voided after ${MAX_OTP_FAILURES} wrong tries`);
  }
  return 'wrong';
}

export function issueResetToken(state: DevApiState, user: UserRecord): string {
  const token = opaqueToken();
  state.store.data.resetTokens[token] = {
    userId: user._id,
    expiresAt: state.now() + RESET_TOKEN_TTL_MS,
  };
  return token;
}

/** The user a reset token is for, without spending it. */
export function userForResetToken(state: DevApiState, token: string): UserRecord | null {
  const record = state.store.data.resetTokens[token];
  if (!record || state.now() >= record.expiresAt) return null;
  return findUser(state, record.userId);
}
