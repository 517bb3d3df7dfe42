/**
 * The stored tokens (spec 3): an access token and a refresh token in local
 * storage under two fixed keys with the club prefix.
 */
import { SIGN_OUT_REASONS, type SignOutReason } from '../../machines/session/session.types.ts';
import { createSafeStorage, type KeyValueStorage } from '../lib/safe-storage.ts';

export const TOKEN_KEYS: Readonly<{ accessToken: string; refreshToken: string }> = {
  accessToken: 'evclub.accessToken',
  refreshToken: 'evclub.refreshToken',
};

/** Why the last session on this device ended (a SignOutReason, or 'signedOut'), for the other tabs. */
export const SESSION_END_KEY = 'evclub.sessionEnd';

/**
 * Room for a large JWT (many claims): servers cap a request's headers at 8 to
 * 16 KB, so a longer value cannot be a token any server takes, and reads as none.
 */
export const MAX_TOKEN_LENGTH = 16_384;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  read(): StoredTokens;
  /** Stores both tokens; a value that is not a usable token removes its key instead. */
  write(tokens: { accessToken: string; refreshToken: string }): void;
  /**
   * Removes both tokens; with `ifRefreshToken`, only while that is still the
   * stored refresh token (another tab may have stored newer ones meanwhile).
   * `reason`: why (the server refused the session, the account was deleted),
   * which the tabs that follow this sign-out read with `endReason`.
   */
  clear(options?: { ifRefreshToken?: string | null; reason?: SignOutReason | null }): void;
  /** Either token is stored: the visitor counts as signed in (the profile will tell). */
  hasSession(): boolean;
  /** Why the last session cleared on this device ended, when /login says it (null: Logout). */
  endReason(): SignOutReason | null;
  readonly keys: typeof TOKEN_KEYS;
}

/**
 * A token is one non-empty run of non-space characters, at most MAX_TOKEN_LENGTH
 * long. The answers that carry tokens are parsed with this rule too
 * (src/api/schemas.ts), so a token the store would not keep is an unreadable
 * answer, never a sign-in that silently stores nothing.
 */
export function isUsableToken(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_TOKEN_LENGTH &&
    value !== 'undefined' &&
    value !== 'null' &&
    !/\s/.test(value)
  );
}

/**
 * The tokens in `storage` (the app passes its SafeStorage, which never throws
 * and keeps in memory what the browser refuses). Reading never throws either:
 * anything that cannot be a token reads as absent.
 */
export function createTokenStore(storage: KeyValueStorage = createSafeStorage()): TokenStore {
  const readKey = (key: string): string | null => {
    const value = storage.getItem(key);
    return isUsableToken(value) ? value : null;
  };
  const writeKey = (key: string, value: string): void => {
    if (isUsableToken(value)) storage.setItem(key, value);
    else storage.removeItem(key);
  };

  return {
    keys: TOKEN_KEYS,
    read() {
      return {
        accessToken: readKey(TOKEN_KEYS.accessToken),
        refreshToken: readKey(TOKEN_KEYS.refreshToken),
      };
    },
    write({ accessToken, refreshToken }) {
      writeKey(TOKEN_KEYS.accessToken, accessToken);
      writeKey(TOKEN_KEYS.refreshToken, refreshToken);
    },
    clear({ ifRefreshToken, reason } = {}) {
      if (ifRefreshToken && readKey(TOKEN_KEYS.refreshToken) !== ifRefreshToken) return;
      // Written before the tokens go: a tab that follows the sign-out reads why.
      storage.setItem(SESSION_END_KEY, reason ?? 'signedOut');
      storage.removeItem(TOKEN_KEYS.accessToken);
      storage.removeItem(TOKEN_KEYS.refreshToken);
    },
    hasSession() {
      return readKey(TOKEN_KEYS.accessToken) !== null || readKey(TOKEN_KEYS.refreshToken) !== null;
    },
    endReason() {
      const reason = storage.getItem(SESSION_END_KEY);
      return SIGN_OUT_REASONS.find((known) => known === reason) ?? null;
    },
  };
}

/**
 * Whether a session is stored as of a `storage` event from another tab;
 * undefined when the event is not about the tokens.
 *
 * The event's own value counts, not what is stored now: a page restored from
 * the back/forward cache receives a sign-out and the next member's sign-in
 * together, and must follow both, in order. The refresh token is the one
 * that tells (a sign-in writes it last, a sign-out removes it last); the
 * access token only when no refresh token is stored at all.
 */
export function hasTokensAfter(
  event: { key: string | null; newValue: string | null },
  tokens: TokenStore,
): boolean | undefined {
  // A token key removed: a sign-out; a token written: a sign-in. A value no token
  // can be comes from neither (a hand in the storage): it changes nothing here, and
  // the server decides once it is used (QA: it signed the tab out; a reload did not).
  const told = event.newValue === null ? false : isUsableToken(event.newValue) || undefined;
  if (event.key === TOKEN_KEYS.refreshToken) return told;
  if (event.key === TOKEN_KEYS.accessToken) {
    return tokens.read().refreshToken === null ? told : undefined;
  }
  if (event.key === null) {
    // The whole storage was cleared (or the browser cannot say which key changed).
    return tokens.hasSession();
  }
  return undefined;
}
