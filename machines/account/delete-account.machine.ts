import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import type { DeletionSignOutReason } from '../session/session.types.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import { errorKeyIs, isNoVerdict, isSessionRefusal } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

export const DELETE_PASSWORD_REQUIRED_KEY = 'validation.passwordRequired';
export const INCORRECT_PASSWORD_KEY = 'server.incorrectPassword';
/** A try that got no verdict may have deleted the account: the dialog says so. */
export const MAYBE_DELETED_KEY = 'account:delete.maybeDeleted';

/** The dialog's one field: the password, required. */
export const deleteAccountSchema = v.object({
  password: v.pipe(v.string(), v.nonEmpty(DELETE_PASSWORD_REQUIRED_KEY)),
});

export type DeleteAccountForm = kit.FormState<typeof deleteAccountSchema>;

export interface DeleteAccountContext {
  /**
   * The form (machines/forms/form-state.ts): “required” shows after a submit
   * without a password, server.incorrectPassword marks the field, any other
   * failure is the `errorKey` shown in the dialog.
   */
  form: DeleteAccountForm;
  /**
   * A try since the dialog opened got no verdict, so the account may be gone:
   * the server refusing the session on a later try means it is. Neither
   * typing nor closing the dialog clears it.
   */
  mayBeGone: boolean;
}

export type DeleteAccountEvent =
  | { type: 'delete.open' }
  | { type: 'delete.change'; value: string }
  | { type: 'delete.submit' }
  | { type: 'delete.cancel' };

function closed(): DeleteAccountContext {
  return { form: kit.createForm(deleteAccountSchema, { password: '' }), mayBeGone: false };
}

export function deleteAccountInput({ context }: { context: DeleteAccountContext }): {
  password: string;
} {
  return { password: context.form.values.password };
}

const form = kit.formAssigners<DeleteAccountContext>(deleteAccountSchema, {
  rule: { fields: { [INCORRECT_PASSWORD_KEY]: 'password' } },
  // Typing clears the errors: the “required” one shows again only on submit.
  typing: 'hides',
});
const passwordChangeOf = ({ event }: { event: { value: string } }) => ({
  field: 'password' as const,
  value: event.value,
});

export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** DELETE client/auth/profile { password }; the tokens stop working. */
    deleteAccount: fromPromise<void, { password: string }>(notProvided('deleteAccount')),
  },
  actions: {
    ...kit.formActions<DeleteAccountContext, DeleteAccountEvent>(form),
    /** The password goes; a lost try is remembered (the account may be gone all the same). */
    resetForm: assign({ form: () => closed().form }),
    assignMaybeDeleted: assign(({ context }) => ({
      ...form.serverError({ context }, { error: { key: MAYBE_DELETED_KEY } }),
      mayBeGone: true,
    })),
    /**
     * Provided by the app: the session signs out (session.signOut) and goes to
     * /login, which says why: the account was deleted, or may have been.
     */
    signOut: (_args, _params: { reason: DeletionSignOutReason }) => {},
  },
  guards: {
    hasPassword: ({ context }) => kit.isFormValid(context.form),
    isIncorrectPassword: errorKeyIs(INCORRECT_PASSWORD_KEY),
    isNoVerdict: (_args, params: { error: unknown }) => isNoVerdict(params.error),
    /**
     * After a try that got no verdict, the server refuses the session (401, or
     * 403, after the client's refresh was refused): the account that try
     * deleted is gone.
     */
    isGoneAfterNoVerdict: ({ context }, params: { error: unknown }) =>
      context.mayBeGone && isSessionRefusal(params.error),
    /** The server refuses the session in answer to the deletion itself. */
    isSessionRefused: (_args, params: { error: unknown }) => isSessionRefusal(params.error),
  },
}).createMachine({
  id: 'deleteAccount',
  description:
    'Account page, delete account: a confirmation asks for the password, DELETE client/auth/profile, then sign out.',
  context: closed,
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
          actions: { type: 'changeField', params: passwordChangeOf },
          description: 'Typing clears the errors.',
        },
        'delete.submit': kit.submitWhenValid('hasPassword', 'deleting', {
          description: 'No password: “Password is required”.',
        }),
        'delete.cancel': {
          target: 'closed',
          actions: 'resetForm',
          description: 'Nothing is deleted; the password is forgotten.',
        },
      },
    },
    deleting: busyInvoking('deleteAccount', {
      description: 'Deleting the account; the dialog cannot be cancelled meanwhile.',
      input: deleteAccountInput,
      onDone: { target: 'deleted' },
      onError: [
        {
          guard: { type: 'isIncorrectPassword', params: errorOf },
          ...errorTo('confirming', 'assignServerError', {
            description: 'server.incorrectPassword marks the password field; it is kept.',
          }),
        },
        {
          guard: { type: 'isGoneAfterNoVerdict', params: errorOf },
          target: 'deleted',
          description:
            'The server refuses the session after a try that got no verdict: that try deleted the account. Signed out as after a deletion (/login says the account was deleted), not as a session that expired.',
        },
        {
          guard: { type: 'isSessionRefused', params: errorOf },
          target: 'refused',
          description:
            'The server refuses the session in answer to the deletion: the account may be gone (a try whose answer was lost and that the browser sent again itself), or the session ended. Signed out; /login says the account may have been deleted.',
        },
        {
          guard: { type: 'isNoVerdict', params: errorOf },
          target: 'confirming',
          actions: 'assignMaybeDeleted',
          description:
            'No verdict (network, time-out, 5xx): the server may have deleted the account all the same, so the dialog says so (account:delete.maybeDeleted), keeping the password: Delete again tells (a deleted account then signs out).',
        },
        errorTo('confirming', 'assignServerError', {
          description: 'Any other error shows in the dialog; the password is kept.',
        }),
      ],
    }),
    deleted: {
      type: 'final',
      description: 'The account is gone: signed out (then /login).',
      entry: { type: 'signOut', params: { reason: 'deleted' } },
    },
    refused: {
      type: 'final',
      description:
        'The session was refused during the deletion: signed out (then /login, which says the account may have been deleted).',
      entry: { type: 'signOut', params: { reason: 'maybeDeleted' } },
    },
  },
});

export type DeleteAccountMachine = typeof deleteAccountMachine;
