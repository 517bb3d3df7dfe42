import { assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../forms/field-error.ts';
import { errorKeyOf } from '../shared/error-key.ts';

export const DELETE_PASSWORD_REQUIRED_KEY = 'validation.passwordRequired';
export const INCORRECT_PASSWORD_KEY = 'server.incorrectPassword';

export interface DeleteAccountContext {
  password: string;
  /** Required, or the server's server.incorrectPassword: shown on the password field. */
  passwordError: FieldError | null;
  /** Any other failure, shown in the dialog. */
  errorKey: string | null;
}

export type DeleteAccountEvent =
  | { type: 'delete.open' }
  | { type: 'delete.change'; value: string }
  | { type: 'delete.submit' }
  | { type: 'delete.cancel' };

const CLOSED: DeleteAccountContext = { password: '', passwordError: null, errorKey: null };

export function deleteAccountInput({ context }: { context: DeleteAccountContext }): {
  password: string;
} {
  return { password: context.password };
}

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** DELETE client/auth/profile { password }; the tokens stop working. */
    deleteAccount: fromPromise<void, { password: string }>(async () => {
      throw new Error('deleteAccount not provided');
    }),
  },
  actions: {
    resetForm: assign(() => ({ ...CLOSED })),
    assignPassword: assign({
      password: ({ context, event }) =>
        event.type === 'delete.change' ? event.value : context.password,
      passwordError: null,
      errorKey: null,
    }),
    assignPasswordRequired: assign({ passwordError: { key: DELETE_PASSWORD_REQUIRED_KEY } }),
    clearErrors: assign({ passwordError: null, errorKey: null }),
    assignIncorrectPassword: assign({ passwordError: { key: INCORRECT_PASSWORD_KEY } }),
    assignError: assign({
      errorKey: ({ event }) => errorKeyOf((event as { error?: unknown }).error),
    }),
    /** Provided by the app: the session signs out (session.signOut) and goes to /login. */
    signOut: () => {},
  },
  guards: {
    hasPassword: ({ context }) => context.password.length > 0,
    isIncorrectPassword: ({ event }) =>
      errorKeyOf((event as { error?: unknown }).error) === INCORRECT_PASSWORD_KEY,
  },
}).createMachine({
  id: 'deleteAccount',
  description:
    'Account page, delete account: a confirmation asks for the password, DELETE client/auth/profile, then sign out.',
  context: { ...CLOSED },
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the “Delete account” button shows.',
      on: { 'delete.open': { target: 'confirming', actions: 'resetForm' } },
    },
    confirming: {
      description: 'The confirmation dialog asks for the password, with Cancel and Delete.',
      on: {
        'delete.change': {
          actions: 'assignPassword',
          description: 'Typing clears the errors.',
        },
        'delete.submit': [
          { guard: 'hasPassword', target: 'deleting', actions: 'clearErrors' },
          {
            actions: 'assignPasswordRequired',
            description: 'No password: “Password is required”.',
          },
        ],
        'delete.cancel': {
          target: 'closed',
          actions: 'resetForm',
          description: 'Nothing is deleted; the password is forgotten.',
        },
      },
    },
    deleting: {
      description: 'Deleting the account; the dialog cannot be cancelled meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: deleteAccountInput,
        onDone: { target: 'deleted' },
        onError: [
          {
            guard: 'isIncorrectPassword',
            target: 'confirming',
            actions: 'assignIncorrectPassword',
            description: 'server.incorrectPassword marks the password field; it is kept.',
          },
          {
            target: 'confirming',
            actions: 'assignError',
            description: 'Any other error shows in the dialog; the password is kept.',
          },
        ],
      },
    },
    deleted: {
      type: 'final',
      description: 'The account is gone: signed out (then /login).',
      entry: 'signOut',
    },
  },
});

export type DeleteAccountMachine = typeof deleteAccountMachine;
