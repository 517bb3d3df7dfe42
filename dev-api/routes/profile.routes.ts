/** The signed-in user's profile and account (client/auth/profile…). */
import { badRequest, conflict, objectBody } from '../http.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { Route } from '../state.ts';
import { deleteUser, findUserByPhone, publicUser } from '../users.ts';
import {
  checkBillingAddress,
  checkFirstName,
  checkLanguage,
  checkLastName,
  checkPassword,
  checkPhone,
  requiredBoolean,
  requiredString,
} from '../validate.ts';

const incorrectPassword = () => badRequest('server.incorrectPassword');

export const profileRoutes: Route[] = [
  {
    method: 'GET',
    path: '/client/auth/profile',
    handle({ requireUser }) {
      return { status: 200, body: publicUser(requireUser()) };
    },
  },
  {
    method: 'PUT',
    path: '/client/auth/profile',
    handle({ state, body, requireUser }) {
      const user = requireUser();
      const input = objectBody(body);
      const fields = {
        firstName: requiredString(input, 'firstName'),
        lastName: requiredString(input, 'lastName'),
        phone: requiredString(input, 'phone'),
      };
      const firstName = checkFirstName(fields.firstName);
      const lastName = checkLastName(fields.lastName);
      const phone = checkPhone(fields.phone);
      const owner = findUserByPhone(state, phone);
      if (owner && owner._id !== user._id) throw conflict('server.samePhoneUserExists');
      Object.assign(user, { firstName, lastName, phone });
      state.store.save();
      return { status: 200, body: publicUser(user) };
    },
  },
  {
    method: 'DELETE',
    path: '/client/auth/profile',
    async handle({ state, body, requireUser }) {
      const user = requireUser();
      const password = requiredString(objectBody(body), 'password');
      if (!(await verifyPassword(password, user.passwordHash))) throw incorrectPassword();
      deleteUser(state, user);
      state.store.save();
      return { status: 204 };
    },
  },
  {
    method: 'PUT',
    path: '/client/auth/profile/billingAddress',
    handle({ state, body, requireUser }) {
      const user = requireUser();
      user.billingAddress = checkBillingAddress(objectBody(body));
      state.store.save();
      return { status: 200, body: publicUser(user) };
    },
  },
  {
    method: 'PUT',
    path: '/client/auth/profile/change-password',
    async handle({ state, body, requireUser }) {
      const user = requireUser();
      const input = objectBody(body);
      const currentPassword = requiredString(input, 'currentPassword');
      const newPassword = requiredString(input, 'newPassword');
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw incorrectPassword();
      user.passwordHash = await hashPassword(checkPassword(newPassword));
      state.store.save();
      return { status: 204 };
    },
  },
  {
    method: 'PUT',
    path: '/client/auth/profile/change-language',
    handle({ state, body, requireUser }) {
      const user = requireUser();
      user.language = checkLanguage(objectBody(body).language);
      state.store.save();
      return { status: 200, body: publicUser(user) };
    },
  },
  {
    method: 'POST',
    path: '/client/auth/profile/notifications',
    handle({ state, body, requireUser }) {
      const user = requireUser();
      user.disableNotifications = requiredBoolean(objectBody(body), 'disableNotifications');
      state.store.save();
      return { status: 200, body: publicUser(user) };
    },
  },
];
