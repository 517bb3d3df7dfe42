/** Sign-up, login, one-time codes, tokens and password reset (client/auth/…). */
import { badRequest, objectBody, type ParsedBody, unauthorized } from '../http.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../passwords.ts';
import {
  consumeOtp,
  issueResetToken,
  issueTokens,
  type OtpPurpose,
  revokePair,
  revokeUserTokens,
  rotateRefreshToken,
  sendOtp,
  userForResetToken,
} from '../sessions.ts';
import type { DevApiState, Route } from '../state.ts';
import type { UserRecord } from '../store.ts';
import { createUser, findUserByEmail, findUserBySignInPhone, publicUser } from '../users.ts';
import {
  checkEmail,
  checkFirstName,
  checkLanguage,
  checkLastName,
  checkPassword,
  checkPhone,
  requiredString,
  stringFields,
} from '../validate.ts';

const incorrectOtp = () => badRequest('server.incorrectOtp');

/**
 * The user whose code of `purpose` the body (`{ email, otp }`) carries, the code
 * spent; an unknown address or a wrong code is `server.incorrectOtp` (a wrong
 * one is counted, and saved, before the 400).
 */
function userWithRightCode(state: DevApiState, body: ParsedBody, purpose: OtpPurpose): UserRecord {
  const { email, otp } = stringFields(objectBody(body), 'email', 'otp');
  const user = findUserByEmail(state, email);
  if (!user) throw incorrectOtp();
  const outcome = consumeOtp(state, purpose, user.email, otp);
  if (outcome === 'ok') return user;
  if (outcome === 'wrong') state.store.save();
  throw incorrectOtp();
}

/** POST `{ email }`: a new code of `purpose` goes to a known address; 204 either way (reveals nothing). */
function sendCodeRoute(path: string, purpose: OtpPurpose): Route {
  return {
    method: 'POST',
    path,
    handle({ state, body }) {
      const email = requiredString(objectBody(body), 'email');
      const user = findUserByEmail(state, email);
      if (user) {
        sendOtp(state, purpose, user.email);
        state.store.save();
      }
      return { status: 204 };
    },
  };
}

export const authRoutes: Route[] = [
  {
    method: 'POST',
    path: '/client/auth/sign-up',
    async handle({ state, body }) {
      const input = objectBody(body);
      const fields = {
        ...stringFields(input, 'firstName', 'lastName', 'phone', 'email', 'password'),
        language: checkLanguage(input.language),
      };
      const user = await createUser(state, {
        firstName: checkFirstName(fields.firstName),
        lastName: checkLastName(fields.lastName),
        email: checkEmail(fields.email),
        phone: checkPhone(fields.phone),
        password: checkPassword(fields.password),
        language: fields.language,
        verified: false,
      });
      sendOtp(state, 'verify', user.email);
      state.store.save();
      return { status: 201, body: {} };
    },
  },
  {
    method: 'POST',
    path: '/client/auth/login',
    async handle({ state, body }) {
      const { emailOrPhone, password } = stringFields(objectBody(body), 'emailOrPhone', 'password');
      const user =
        findUserByEmail(state, emailOrPhone) ?? findUserBySignInPhone(state, emailOrPhone);
      // Unknown user and wrong password answer alike, in the same time (a dummy hash is
      // checked for an unknown user), so login does not reveal who has an account.
      const passwordOk = user
        ? await verifyPassword(password, user.passwordHash)
        : await verifyAgainstDummy(password);
      if (!user || !passwordOk) throw badRequest('server.incorrectEmailOrPassword');
      if (!user.verified) return { status: 200, body: { isVerified: false } };
      const tokens = issueTokens(state, user);
      state.store.save();
      return { status: 200, body: { ...tokens, user: publicUser(user), isVerified: true } };
    },
  },
  sendCodeRoute('/client/auth/resend-otp', 'verify'),
  {
    method: 'POST',
    path: '/client/auth/verify-user',
    handle({ state, body }) {
      const user = userWithRightCode(state, body, 'verify');
      user.verified = true;
      const tokens = issueTokens(state, user);
      state.store.save();
      return { status: 200, body: { ...tokens, user: publicUser(user) } };
    },
  },
  {
    method: 'POST',
    path: '/client/auth/refresh-token',
    handle({ state, body }) {
      const refreshToken = requiredString(objectBody(body), 'refreshToken');
      const rotated = rotateRefreshToken(state, refreshToken);
      state.store.save();
      if (!rotated) throw unauthorized();
      return { status: 200, body: { ...rotated.tokens, user: publicUser(rotated.user) } };
    },
  },
  {
    method: 'POST',
    path: '/client/auth/logout',
    handle({ state, bearer, body }) {
      // Best effort: revoke what was presented, answer 204 whatever happens.
      let changed = bearer ? revokePair(state, bearer) : false;
      if (body.kind === 'json' && typeof body.value === 'object' && body.value !== null) {
        const refreshToken = (body.value as Record<string, unknown>).refreshToken;
        if (typeof refreshToken === 'string') changed = revokePair(state, refreshToken) || changed;
      }
      if (changed) state.store.save();
      return { status: 204 };
    },
  },
  sendCodeRoute('/client/auth/reset-password/request', 'reset'),
  {
    method: 'POST',
    path: '/client/auth/reset-password/check-otp',
    handle({ state, body }) {
      const user = userWithRightCode(state, body, 'reset');
      const resetToken = issueResetToken(state, user);
      state.store.save();
      return { status: 200, body: { resetToken } };
    },
  },
  {
    method: 'POST',
    path: '/client/auth/reset-password/reset',
    async handle({ state, body }) {
      const { resetToken, password } = stringFields(objectBody(body), 'resetToken', 'password');
      const user = userForResetToken(state, resetToken);
      if (!user) throw incorrectOtp();
      user.passwordHash = await hashPassword(checkPassword(password));
      // Also spends the reset token: every session of the user ends.
      revokeUserTokens(state, user._id);
      state.store.save();
      return { status: 204 };
    },
  },
];
