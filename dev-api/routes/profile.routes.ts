/** The signed-in user's profile and account (client/auth/profile…). */
import { badRequest, conflict, objectBody } from '../http.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import type { DevApiState, Route } from '../state.ts';
import type { UserRecord } from '../store.ts';
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
  stringFields,
} from '../validate.ts';

const incorrectPassword = () => badRequest('server.incorrectPassword');

type Body = Record<string, unknown>;

/** `method path`: `change` edits the signed-in user from the JSON body; saved, then 200 with the User. */
function userChangeRoute(
  method: Route['method'],
  path: string,
  change: (user: UserRecord, input: Body, state: DevApiState) => void,
): Route {
  return {
    method,
    path,
    handle({ state, body, requireUser }) {
      const user = requireUser();
      change(user, objectBody(body), state);
      state.store.save();
      return { status: 200, body: publicUser(user) };
    },
  };
}

export const profileRoutes: Route[] = [
  {
    method: 'GET',
    path: '/client/auth/profile',
    handle({ requireUser }) {
      return { status: 200, body: publicUser(requireUser()) };
    },
  },
  userChangeRoute('PUT', '/client/auth/profile', (user, input, state) => {
    const fields = stringFields(input, 'firstName', 'lastName', 'phone');
    const firstName = checkFirstName(fields.firstName);
    const lastName = checkLastName(fields.lastName);
    const phone = checkPhone(fields.phone);
    const owner = findUserByPhone(state, phone);
    if (owner && owner._id !== user._id) throw conflict('server.samePhoneUserExists');
    Object.assign(user, { firstName, lastName, phone });
  }),
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
  userChangeRoute('PUT', '/client/auth/profile/billingAddress', (user, input) => {
    user.billingAddress = checkBillingAddress(input);
  }),
  {
    method: 'PUT',
    path: '/client/auth/profile/change-password',
    async handle({ state, body, requireUser }) {
      const user = requireUser();
      const { currentPassword, newPassword } = stringFields(
        objectBody(body),
        'currentPassword',
        'newPassword',
      );
      if (!(await verifyPassword(currentPassword, user.passwordHash))) throw incorrectPassword();
      user.passwordHash = await hashPassword(checkPassword(newPassword));
      state.store.save();
      return { status: 204 };
    },
  },
  userChangeRoute('PUT', '/client/auth/profile/change-language', (user, input) => {
    user.language = checkLanguage(input.language);
  }),
  userChangeRoute('POST', '/client/auth/profile/notifications', (user, input) => {
    user.disableNotifications = requiredBoolean(input, 'disableNotifications');
  }),
];
