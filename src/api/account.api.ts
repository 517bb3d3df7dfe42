import type { Language, User } from '../../machines/shared/domain.ts';
import { withAsciiEmail } from './ascii-email.ts';
import type { ApiClient } from './client.ts';
import { ResetTokenSchema, UserSchema } from './schemas.ts';

export interface AccountApi {
  requestPasswordReset(body: { email: string }): Promise<void>;
  checkResetOtp(body: { email: string; otp: string }): Promise<{ resetToken: string }>;
  resetPassword(body: { resetToken: string; password: string }): Promise<void>;
  updateProfile(body: { firstName: string; lastName: string; phone: string }): Promise<User>;
  changePassword(body: { currentPassword: string; newPassword: string }): Promise<void>;
  changeLanguage(body: { language: Language }): Promise<User>;
  setNotifications(body: { disableNotifications: boolean }): Promise<User>;
  deleteAccount(body: { password: string }): Promise<void>;
}

export function createAccountApi(client: ApiClient): AccountApi {
  // The language is saved from two places (the header's chooser and the account
  // page): this tab sends one save at a time, in the order asked, so that its
  // requests do not cross on the way and leave the profile on the older language.
  let languageSaves: Promise<unknown> = Promise.resolve();
  return {
    // The address goes out with its domain in ASCII (src/api/ascii-email.ts).
    requestPasswordReset: (body) =>
      client.post('client/auth/reset-password/request', { json: withAsciiEmail(body, 'email') }),
    checkResetOtp: (body) =>
      client.post('client/auth/reset-password/check-otp', {
        json: withAsciiEmail(body, 'email'),
        schema: ResetTokenSchema,
      }),
    resetPassword: (body) => client.post('client/auth/reset-password/reset', { json: body }),
    updateProfile: (body) => client.put('client/auth/profile', { json: body, schema: UserSchema }),
    changePassword: (body) => client.put('client/auth/profile/change-password', { json: body }),
    changeLanguage: (body) => {
      const saved = languageSaves.then(() =>
        client.put('client/auth/profile/change-language', { json: body, schema: UserSchema }),
      );
      languageSaves = saved.catch(() => undefined);
      return saved;
    },
    setNotifications: (body) =>
      client.post('client/auth/profile/notifications', { json: body, schema: UserSchema }),
    deleteAccount: (body) => client.delete('client/auth/profile', { json: body }),
  };
}
