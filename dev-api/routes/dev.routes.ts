/**
 * PRIVATE helpers under __dev/ (served as /api/__dev/…) for the project's own
 * tests only. They are not part of the Connect API contract: the app must never
 * call them, and a real server does not have them.
 */
import { clearFaults, parseFault } from '../faults.ts';
import { badRequest, conflict, notFound, objectBody } from '../http.ts';
import { createMembership, findMembership, publicMembership, setFeeDue } from '../memberships.ts';
import { expireAccessTokens } from '../sessions.ts';
import type { DevApiState, Route } from '../state.ts';
import { emptyData } from '../store.ts';
import { createUser, findUserByEmail, publicUser, seedDemo, unusedPhone } from '../users.ts';
import {
  checkBillingAddress,
  checkEmail,
  checkFirstName,
  checkLanguage,
  checkLastName,
  checkPhone,
  normalizeEmail,
  optionalBoolean,
  optionalDate,
  optionalString,
  requiredString,
} from '../validate.ts';

/** Wipes the data back to the seed, restores the default token lifetime and clears the request log. */
export async function resetToSeed(state: DevApiState): Promise<void> {
  state.store.data = emptyData();
  state.accessTokenTtlSeconds = state.defaultAccessTokenTtlSeconds;
  state.requests = [];
  clearFaults(state.faults);
  await seedDemo(state);
  state.store.save();
}

export const devRoutes: Route[] = [
  {
    method: 'GET',
    path: '/__dev/last-otp',
    handle({ state, query }) {
      const email = query.get('email');
      if (!email) throw badRequest();
      const otp = state.store.data.lastOtp[normalizeEmail(email)];
      if (!otp) throw notFound();
      return { status: 200, body: { otp } };
    },
  },
  {
    method: 'POST',
    path: '/__dev/reset',
    async handle({ state }) {
      await resetToSeed(state);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/__dev/expire-access-tokens',
    handle({ state, query }) {
      const email = query.get('email');
      const user = email === null ? null : findUserByEmail(state, email);
      if (email !== null && !user) throw notFound('server.userNotExist');
      const expired = expireAccessTokens(state, user?._id);
      state.store.save();
      return { status: 200, body: { expired } };
    },
  },
  {
    method: 'GET',
    path: '/__dev/requests',
    handle({ state, query }) {
      const filter = query.get('path') ?? '';
      const requests = state.requests.filter((entry) => entry.path.includes(filter));
      return { status: 200, body: { requests } };
    },
  },
  {
    method: 'POST',
    path: '/__dev/users',
    async handle({ state, body }) {
      const input = objectBody(body);
      const email = checkEmail(requiredString(input, 'email'));
      const password = requiredString(input, 'password');
      if (password === '') throw badRequest();
      if (findUserByEmail(state, email)) throw conflict('server.sameEmailUserExists');
      const firstName = optionalString(input, 'firstName');
      const lastName = optionalString(input, 'lastName');
      const phone = optionalString(input, 'phone');
      const billingAddress = input.billingAddress;
      if (billingAddress !== undefined && (typeof billingAddress !== 'object' || !billingAddress)) {
        throw badRequest();
      }
      const user = await createUser(state, {
        email,
        password,
        firstName: firstName === undefined ? 'Test' : checkFirstName(firstName),
        lastName: lastName === undefined ? 'Member' : checkLastName(lastName),
        phone: phone === undefined ? unusedPhone(state) : checkPhone(phone),
        language: input.language === undefined ? 'en' : checkLanguage(input.language),
        verified: optionalBoolean(input, 'verified') ?? true,
        isBetaTester: optionalBoolean(input, 'isBetaTester') ?? false,
        billingAddress: billingAddress
          ? checkBillingAddress(billingAddress as Record<string, unknown>)
          : null,
      });
      state.store.save();
      return { status: 201, body: publicUser(user) };
    },
  },
  {
    method: 'POST',
    path: '/__dev/membership',
    handle({ state, body }) {
      const input = objectBody(body);
      const user = findUserByEmail(state, requiredString(input, 'email'));
      if (!user) throw notFound('server.userNotExist');
      const validTo = optionalDate(input, 'validTo');
      const cancelledAt = optionalDate(input, 'cancelledAt');
      const chargerOrderedAt = optionalDate(input, 'chargerOrderedAt');
      const subscriptionValidTo = optionalDate(input, 'subscriptionValidTo');
      const feeDue = optionalBoolean(input, 'feeDue');
      const membership = findMembership(state, user) ?? createMembership(state, user);
      if (validTo !== undefined) membership.validTo = validTo;
      if (cancelledAt !== undefined) membership.cancelledAt = cancelledAt;
      if (chargerOrderedAt !== undefined) membership.chargerOrderedAt = chargerOrderedAt;
      if (subscriptionValidTo !== undefined) membership.subscription.validTo = subscriptionValidTo;
      if (feeDue !== undefined) setFeeDue(membership, feeDue);
      state.store.save();
      return { status: 200, body: publicMembership(membership) };
    },
  },
  {
    method: 'POST',
    path: '/__dev/config',
    handle({ state, body }) {
      const seconds = objectBody(body).accessTokenTtlSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
        throw badRequest();
      }
      state.accessTokenTtlSeconds = seconds;
      return { status: 200, body: { accessTokenTtlSeconds: seconds } };
    },
  },
  {
    method: 'POST',
    path: '/__dev/faults',
    handle({ state, body }) {
      const input = objectBody(body).faults;
      if (!Array.isArray(input) || input.length === 0) throw badRequest();
      state.faults.faults.push(...input.map(parseFault));
      return { status: 200, body: { faults: state.faults.faults } };
    },
  },
  {
    method: 'GET',
    path: '/__dev/faults',
    handle({ state }) {
      return { status: 200, body: { faults: state.faults.faults } };
    },
  },
  {
    method: 'DELETE',
    path: '/__dev/faults',
    handle({ state }) {
      clearFaults(state.faults);
      return { status: 204 };
    },
  },
];
