import type { Tokens } from '../../machines/shared/domain.ts';
import { isApiError } from './api-error.ts';
import type { AuthPort, RefreshOutcome } from './client.ts';
import type { TokenStore } from './tokens.ts';

export interface SingleFlightRefreshOptions {
  tokens: TokenStore;
  /** The refresh call (`api.auth.refreshToken`); rejects with an ApiError. */
  refreshTokens: (refreshToken: string) => Promise<Tokens>;
  /** The server refused the refresh token: the session must sign out (this module clears nothing). */
  onRejected: () => void;
  onRefreshed?: (tokens: Tokens) => void;
}

/**
 * A refusal is a 4xx answer to the refresh call; 408 and 429 are temporary and
 * count as a failure (the session is kept), like network errors, time-outs,
 * 5xx and unreadable bodies.
 */
function isRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * The AuthPort used until the session actor takes over: one shared refresh
 * while one is in flight, new tokens written to the token store.
 */
export function createSingleFlightRefresh({
  tokens,
  refreshTokens,
  onRejected,
  onRefreshed,
}: SingleFlightRefreshOptions): AuthPort {
  let inFlight: Promise<RefreshOutcome> | null = null;

  async function run(): Promise<RefreshOutcome> {
    const { accessToken, refreshToken } = tokens.read();
    if (!refreshToken) {
      // Nothing to refresh with. Only a half-present session has to end; with
      // no token at all (a 401 from login, say) there is no session to end.
      if (accessToken) onRejected();
      return 'rejected';
    }
    let next: Tokens;
    try {
      next = await refreshTokens(refreshToken);
    } catch (error) {
      if (!isRefusal(error)) return 'failed';
      onRejected();
      return 'rejected';
    }
    tokens.write({ accessToken: next.token, refreshToken: next.refreshToken });
    onRefreshed?.(next);
    return 'refreshed';
  }

  return {
    refresh() {
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
