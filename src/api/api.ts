import type {
  AttachPaymentMethodPayload,
  BillingAddress,
  Language,
  LoginResponse,
  Membership,
  SignUpPayload,
  SubscriptionResponse,
  Tokens,
  User,
} from '../../machines/shared/domain.ts';
import { createAccountApi } from './account.api.ts';
import { createAuthApi } from './auth.api.ts';
import type { ApiClient } from './client.ts';
import { createMembershipApi } from './membership.api.ts';
import { createSubscriptionApi } from './subscription.api.ts';

/** Every method rejects with an ApiError (src/api/api-error.ts) on failure. */
export interface Api {
  auth: {
    login(body: { emailOrPhone: string; password: string }): Promise<LoginResponse>;
    resendOtp(body: { email: string }): Promise<void>;
    verifyUser(body: { email: string; otp: string }): Promise<Tokens>; // refreshToken falls back to token
    signUp(body: SignUpPayload): Promise<void>;
    refreshToken(body: { refreshToken: string }): Promise<Tokens>; // never triggers the 401 refresh flow itself
    logout(session: { accessToken: string | null }): Promise<void>; // the bearer taken before sign-out cleared it
    getProfile(): Promise<User>;
    updateBillingAddress(body: BillingAddress): Promise<void>; // address_2 omitted when empty
    requestPasswordReset(body: { email: string }): Promise<void>;
    checkResetOtp(body: { email: string; otp: string }): Promise<{ resetToken: string }>;
    resetPassword(body: { resetToken: string; password: string }): Promise<void>;
    updateProfile(body: { firstName: string; lastName: string; phone: string }): Promise<User>;
    changePassword(body: { currentPassword: string; newPassword: string }): Promise<void>;
    changeLanguage(body: { language: Language }): Promise<User>;
    setNotifications(body: { disableNotifications: boolean }): Promise<User>;
    deleteAccount(body: { password: string }): Promise<void>;
  };
  memberships: {
    get(): Promise<Membership | null>; // 404 → null (no record)
    activate(): Promise<Membership>; // POST club/memberships
  };
  subscriptions: {
    get(externalId: string): Promise<SubscriptionResponse>;
    attachPaymentMethod(externalId: string, body: AttachPaymentMethodPayload): Promise<void>;
    confirmPayment(body: { membershipId: string; externalId: string }): Promise<void>;
  };
}

export function createApi(client: ApiClient): Api {
  return {
    auth: { ...createAuthApi(client), ...createAccountApi(client) },
    memberships: createMembershipApi(client),
    subscriptions: createSubscriptionApi(client),
  };
}
