import type {
  BillingAddress,
  LoginResponse,
  SignUpPayload,
  Tokens,
  User,
} from '../../machines/shared/domain.ts';
import { withAsciiEmail } from './ascii-email.ts';
import type { ApiClient } from './client.ts';
import { LoginResponseSchema, TokensSchema, UserSchema, VerifyResponseSchema } from './schemas.ts';

export interface AuthApi {
  login(body: { emailOrPhone: string; password: string }): Promise<LoginResponse>;
  resendOtp(body: { email: string }): Promise<void>;
  /** `refreshToken` falls back to `token`. */
  verifyUser(body: { email: string; otp: string }): Promise<Tokens>;
  signUp(body: SignUpPayload): Promise<void>;
  /** Never starts the 401 refresh flow itself. */
  refreshToken(body: { refreshToken: string }): Promise<Tokens>;
  /** `accessToken`: the session's token, taken before the tokens were cleared. */
  logout(session: { accessToken: string | null }): Promise<void>;
  getProfile(): Promise<User>;
  /** `address_2` is omitted when empty or blank. */
  updateBillingAddress(body: BillingAddress): Promise<void>;
}

/** The body of PUT client/auth/profile/billingAddress: known keys only, no empty address_2. */
export function billingAddressBody(address: BillingAddress): BillingAddress {
  const { country_code, address_1, address_2, city, province, postal_code } = address;
  return {
    country_code,
    address_1,
    ...(address_2?.trim() ? { address_2 } : {}),
    city,
    province,
    postal_code,
  };
}

export function createAuthApi(client: ApiClient): AuthApi {
  return {
    // Every address goes out with its domain in ASCII (src/api/ascii-email.ts).
    login: (body) =>
      client.post('client/auth/login', {
        json: withAsciiEmail(body, 'emailOrPhone'),
        schema: LoginResponseSchema,
      }),
    resendOtp: (body) =>
      client.post('client/auth/resend-otp', { json: withAsciiEmail(body, 'email') }),
    verifyUser: (body) =>
      client.post('client/auth/verify-user', {
        json: withAsciiEmail(body, 'email'),
        schema: VerifyResponseSchema,
      }),
    signUp: (body) => client.post('client/auth/sign-up', { json: withAsciiEmail(body, 'email') }),
    refreshToken: (body) =>
      client.post('client/auth/refresh-token', {
        json: body,
        schema: TokensSchema,
        skipAuthRefresh: true,
      }),
    // Best effort at sign-out: a 401 here must not start a refresh.
    logout: ({ accessToken }) =>
      client.post('client/auth/logout', { skipAuthRefresh: true, accessToken }),
    getProfile: () => client.get('client/auth/profile', { schema: UserSchema }),
    updateBillingAddress: (body) =>
      client.put('client/auth/profile/billingAddress', { json: billingAddressBody(body) }),
  };
}
