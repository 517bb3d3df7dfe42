import { type AccountApi, createAccountApi } from './account.api.ts';
import { type AuthApi, createAuthApi } from './auth.api.ts';
import type { ApiClient } from './client.ts';
import { createMembershipApi, type MembershipApi } from './membership.api.ts';
import { createSubscriptionApi, type SubscriptionApi } from './subscription.api.ts';

/**
 * The club's HTTP API, composed from its parts (each part's file documents its
 * calls). Every method rejects with an ApiError (src/api/api-error.ts) on
 * failure.
 */
export interface Api {
  /** Sign-in, sign-up, tokens and the profile (auth.api.ts), plus the account's own calls (account.api.ts). */
  auth: AuthApi & AccountApi;
  memberships: MembershipApi;
  subscriptions: SubscriptionApi;
}

export function createApi(client: ApiClient): Api {
  return {
    auth: { ...createAuthApi(client), ...createAccountApi(client) },
    memberships: createMembershipApi(client),
    subscriptions: createSubscriptionApi(client),
  };
}
