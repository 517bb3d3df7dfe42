import type { RefreshFailure, RefreshResult } from '../../machines/session/session.types.ts';
import type { Tokens } from '../../machines/shared/domain.ts';
import type { CrossTabLock } from '../lib/cross-tab-lock.ts';
import { ApiError } from './api-error.ts';
import type { TokenStore } from './tokens.ts';

/** The refresh failed (see RefreshFailure): the error, and the refresh token the server refused. */
export class RefreshFailed extends Error implements RefreshFailure {
  readonly error: unknown;
  readonly refusedRefreshToken: string | null;

  constructor(error: unknown, refusedRefreshToken: string | null) {
    super('Token refresh failed', { cause: error });
    this.name = 'RefreshFailed';
    this.error = error;
    this.refusedRefreshToken = refusedRefreshToken;
  }
}

export interface TokenRefreshOptions {
  tokens: TokenStore;
  lock: CrossTabLock;
  /** POST client/auth/refresh-token; rejects with an ApiError. */
  refreshCall: (body: { refreshToken: string }) => Promise<Tokens>;
  /**
   * Resolves when another tab changes the stored refresh token, or after
   * `timeoutMs`. Default: the window's `storage` events.
   */
  waitForStoredChange?: (timeoutMs: number) => Promise<void>;
  /**
   * New tokens nobody may keep: the member signed out (here or in another
   * tab) or someone signed in anew while the call ran. Best effort: the
   * server revokes them (POST client/auth/logout).
   */
  revoke?: (fresh: Tokens) => void;
}

/**
 * How long a tab that waited for the lock gives the previous holder's new
 * tokens to reach it (localStorage reaches other tabs asynchronously).
 */
const HANDOFF_WAIT_MS = 400;

function storageEventOrTimeout(key: string) {
  return (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        globalThis.removeEventListener?.('storage', onStorage);
        resolve();
      };
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) done();
      };
      const timer = setTimeout(done, timeoutMs);
      globalThis.addEventListener?.('storage', onStorage);
    });
}

/** No refresh token stored: the session is over, nothing was refused to compare. */
const nothingToRefresh = () =>
  new RefreshFailed(
    new ApiError({ kind: 'http', status: 401, key: 'errors.sessionExpired' }),
    null,
  );

/**
 * The refresh the session machine invokes (its `refreshTokens` actor).
 *
 * Refresh tokens rotate: each one works once. Two tabs whose access tokens
 * expired together must not both spend the same one, or the loser would sign
 * both out. So the refresh runs under a lock shared by the tabs, and inside it
 * the stored refresh token is read again: when another tab has rotated it in
 * the meantime, its tokens are adopted instead of refreshing again; new
 * tokens are stored before the lock is released. A refusal
 * is reported with the token that was refused, so the session clears the
 * tokens only while that one is still stored. New tokens are stored only
 * while the refreshed one still is: a sign-out during the call wins, and the
 * tokens it would have undone are revoked.
 */
export function createTokenRefresh({
  tokens,
  lock,
  refreshCall,
  waitForStoredChange = storageEventOrTimeout(tokens.keys.refreshToken),
  revoke = () => {},
}: TokenRefreshOptions) {
  /** `known`: the refresh token this tab had when it asked (read at once by default). */
  return async function refreshTokens(
    known: string | null = tokens.read().refreshToken,
  ): Promise<RefreshResult> {
    return lock.run(async ({ waited }) => {
      // The tab before us in line may have stored new tokens that are still
      // on their way to this tab: give them a moment rather than spend an old token.
      if (waited && tokens.read().refreshToken === known) {
        await waitForStoredChange(HANDOFF_WAIT_MS);
      }
      const stored = tokens.read();
      if (stored.refreshToken !== null && stored.refreshToken !== known) {
        return { kind: 'rotatedElsewhere' };
      }
      if (stored.refreshToken === null) throw nothingToRefresh();
      let fresh: Tokens;
      try {
        fresh = await refreshCall({ refreshToken: stored.refreshToken });
      } catch (error) {
        // Another tab may have signed in (or refreshed without the lock) while this call ran.
        const now = tokens.read().refreshToken;
        if (now !== null && now !== stored.refreshToken) return { kind: 'rotatedElsewhere' };
        throw new RefreshFailed(error, stored.refreshToken);
      }
      // Signed out (here or in another tab) while the call ran: storing these
      // would sign the member back in behind the sign-out.
      const now = tokens.read().refreshToken;
      if (now !== stored.refreshToken) {
        revoke(fresh);
        if (now !== null) return { kind: 'rotatedElsewhere' };
        throw nothingToRefresh();
      }
      // Stored before the lock is released: the next tab in line reads them and adopts them.
      tokens.write({ accessToken: fresh.token, refreshToken: fresh.refreshToken });
      return { kind: 'refreshed', tokens: fresh };
    });
  };
}
