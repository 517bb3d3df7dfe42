/**
 * The stored tokens (spec 3): an access token and a refresh token in local
 * storage under two fixed keys with the club prefix. Reading never throws: a
 * storage that is missing or throws, and any value that cannot be a token, all
 * read as "absent".
 */
export const TOKEN_KEYS: Readonly<{ accessToken: string; refreshToken: string }> = {
  accessToken: 'evclub.accessToken',
  refreshToken: 'evclub.refreshToken',
};

export const MAX_TOKEN_LENGTH = 4096;

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

export interface TokenStore {
  read(): StoredTokens;
  /** Stores both tokens; a value that is not a usable token removes its key instead. */
  write(tokens: { accessToken: string; refreshToken: string }): void;
  clear(): void;
  readonly keys: typeof TOKEN_KEYS;
}

/** A token is one non-empty run of non-space characters, at most 4096 long. */
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

function defaultStorage(): Storage | undefined {
  try {
    // Reading the property itself throws in some browsers when storage is blocked.
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * `storage` defaults to `localStorage`; pass `null` for a store with no backing
 * storage (everything reads as absent).
 */
export function createTokenStore(
  storage: Storage | null | undefined = defaultStorage(),
): TokenStore {
  const backing = storage ?? undefined;

  function readKey(key: string): string | null {
    try {
      const value = backing?.getItem(key);
      return isUsableToken(value) ? value : null;
    } catch {
      return null;
    }
  }

  function removeKey(key: string): void {
    try {
      backing?.removeItem(key);
    } catch {
      // Nothing more can be done: the value will read as absent or stay stale.
    }
  }

  function writeKey(key: string, value: string): void {
    if (!isUsableToken(value)) {
      removeKey(key);
      return;
    }
    try {
      backing?.setItem(key, value);
    } catch {
      // A full or blocked storage: do not leave an older token behind.
      removeKey(key);
    }
  }

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
    clear() {
      removeKey(TOKEN_KEYS.accessToken);
      removeKey(TOKEN_KEYS.refreshToken);
    },
  };
}
