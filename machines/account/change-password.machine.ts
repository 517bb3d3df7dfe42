import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../forms/field-error.ts';
import {
  type ChangePasswordField,
  type ChangePasswordValues,
  changePasswordSchema,
} from '../forms/password.schema.ts';
import { hasNoErrors, validate } from '../forms/validate.ts';
import { errorKeyOf } from '../shared/error-key.ts';

export const CHANGE_PASSWORD_FIELDS: readonly ChangePasswordField[] = [
  'currentPassword',
  'newPassword',
  'passwordConfirmation',
];

/** Server codes that mark one field; any other code shows under the form. */
export const CHANGE_PASSWORD_SERVER_FIELDS: Readonly<Record<string, ChangePasswordField>> = {
  'server.incorrectPassword': 'currentPassword',
  'server.passwordTooWeak': 'newPassword',
  'server.invalidPassword': 'newPassword',
};

export interface ChangePasswordContext {
  values: ChangePasswordValues;
  touched: Partial<Record<ChangePasswordField, boolean>>;
  validationErrors: FieldErrors<ChangePasswordField>;
  serverFieldErrors: FieldErrors<ChangePasswordField>;
  errorKey: string | null;
}

export type ChangePasswordEvent =
  | { type: 'password.change'; field: ChangePasswordField; value: string }
  | { type: 'password.blur'; field: ChangePasswordField }
  | { type: 'password.submit' };

const EMPTY_VALUES: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  passwordConfirmation: '',
};

function emptyForm(): ChangePasswordContext {
  return {
    values: { ...EMPTY_VALUES },
    touched: {},
    validationErrors: validate(changePasswordSchema, EMPTY_VALUES),
    serverFieldErrors: {},
    errorKey: null,
  };
}

export function changePasswordInput({ context }: { context: ChangePasswordContext }): {
  currentPassword: string;
  newPassword: string;
} {
  return {
    currentPassword: context.values.currentPassword,
    newPassword: context.values.newPassword,
  };
}

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile/change-password { currentPassword, newPassword }. */
    changePassword: fromPromise<void, { currentPassword: string; newPassword: string }>(
      async () => {
        throw new Error('changePassword not provided');
      },
    ),
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'password.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        touched: { ...context.touched, [event.field]: true },
        validationErrors: validate(changePasswordSchema, values),
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'password.blur'
          ? { ...context.touched, [event.field]: true }
          : context.touched,
    }),
    touchAllFields: assign({
      touched: () => Object.fromEntries(CHANGE_PASSWORD_FIELDS.map((field) => [field, true])),
    }),
    clearServerErrors: assign({ serverFieldErrors: {}, errorKey: null }),
    assignServerError: assign(({ event }) => {
      const key = errorKeyOf((event as { error?: unknown }).error);
      const field = CHANGE_PASSWORD_SERVER_FIELDS[key];
      return field
        ? { serverFieldErrors: { [field]: { key } }, errorKey: null }
        : { serverFieldErrors: {}, errorKey: key };
    }),
    /** Changed: the passwords are not kept on screen. */
    clearForm: assign(() => emptyForm()),
  },
  guards: {
    isValid: ({ context }) => hasNoErrors(context.validationErrors),
  },
}).createMachine({
  id: 'changePassword',
  description:
    'Account page, password: current password, new password (8 to 32) and its confirmation, saved with PUT client/auth/profile/change-password.',
  context: emptyForm,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is editable; values are validated as they change.',
      initial: 'idle',
      on: {
        'password.change': {
          target: '.idle',
          actions: ['assignValue', 'clearServerErrors'],
          description: 'Any change clears the server’s errors and the changed message.',
        },
        'password.blur': {
          actions: 'markTouched',
          description: 'A field left shows its validation error.',
        },
        'password.submit': [
          { guard: 'isValid', target: 'saving', actions: 'clearServerErrors' },
          {
            actions: 'touchAllFields',
            description: 'Not valid: show every field’s error.',
          },
        ],
      },
      states: {
        idle: { description: 'No message.' },
        changed: { description: 'Just changed: “Your password was changed.” is announced.' },
      },
    },
    saving: {
      description: 'Changing the password.',
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: changePasswordInput,
        onDone: { target: 'editing.changed', actions: 'clearForm' },
        onError: {
          target: 'editing.idle',
          actions: 'assignServerError',
          description:
            'server.incorrectPassword marks the current password, any other code shows under the form; the values are kept.',
        },
      },
    },
  },
});

export type ChangePasswordMachine = typeof changePasswordMachine;
