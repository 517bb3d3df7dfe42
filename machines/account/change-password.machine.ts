import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import {
  type ChangePasswordField,
  type ChangePasswordValues,
  changePasswordSchema,
} from '../forms/password.schema.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import { errorKeyOf, isNoVerdict } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What the server answers to a current password it does not take. */
const INCORRECT_PASSWORD_KEY = 'server.incorrectPassword';
/**
 * Said instead after a try with no verdict (a time-out, a lost answer, a 5xx):
 * that try may have changed the password, so the one typed as current is the
 * old one.
 */
export const MAYBE_CHANGED_KEY = 'account:password.maybeChanged';

/** Server codes that mark one field; any other code shows under the form. */
export const CHANGE_PASSWORD_SERVER_FIELDS: Readonly<Record<string, ChangePasswordField>> = {
  [INCORRECT_PASSWORD_KEY]: 'currentPassword',
  [MAYBE_CHANGED_KEY]: 'currentPassword',
  'server.passwordTooWeak': 'newPassword',
  'server.invalidPassword': 'newPassword',
};

export type ChangePasswordForm = kit.FormState<typeof changePasswordSchema>;

export interface ChangePasswordContext {
  /** The form (machines/forms/form-state.ts): a field code marks its field, any other shows as its `errorKey`. */
  form: ChangePasswordForm;
  /**
   * The current password of a try that got no verdict: the server may have
   * changed it (null: none since the last change went through).
   */
  uncertainCurrent: string | null;
}

export type ChangePasswordEvent = kit.FormEvent<'password', ChangePasswordField>;

const EMPTY_VALUES: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  passwordConfirmation: '',
};

function emptyForm(): ChangePasswordContext {
  return {
    form: kit.createForm(changePasswordSchema, { ...EMPTY_VALUES }),
    uncertainCurrent: null,
  };
}

const form = kit.formAssigners<ChangePasswordContext>(changePasswordSchema, {
  rule: { fields: CHANGE_PASSWORD_SERVER_FIELDS },
});

export function changePasswordInput({ context }: { context: ChangePasswordContext }): {
  currentPassword: string;
  newPassword: string;
} {
  return {
    currentPassword: context.form.values.currentPassword,
    newPassword: context.form.values.newPassword,
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
      notProvided('changePassword'),
    ),
  },
  actions: {
    ...kit.formActions<ChangePasswordContext, ChangePasswordEvent>(form),
    /** Changed: the passwords are not kept on screen. */
    clearForm: assign(() => emptyForm()),
    /** The try got no verdict: it may have changed the password from the current one it sent. */
    rememberUncertainTry: assign(({ context }) => ({
      uncertainCurrent: context.form.values.currentPassword,
    })),
    /** The current password refused after such a try: it may be the old one. */
    assignMaybeChanged: assign(({ context }) =>
      form.serverError({ context }, { error: { key: MAYBE_CHANGED_KEY } }),
    ),
  },
  guards: {
    isValid: ({ context }) => kit.isFormValid(context.form),
    isNoVerdict: (_args, params: { error: unknown }) => isNoVerdict(params.error),
    /** The same current password refused, after a try with it that may have changed it. */
    isRefusedAfterUnsureTry: ({ context }, params: { error: unknown }) =>
      context.uncertainCurrent === context.form.values.currentPassword &&
      errorKeyOf(params.error) === INCORRECT_PASSWORD_KEY,
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
        'password.change': kit.changeWith('changeField', {
          target: '.idle',
          description: 'Any change clears the server’s errors and the changed message.',
        }),
        'password.blur': kit.TOUCH_FIELD_ON_BLUR,
        'password.submit': kit.submitWhenValid('isValid', 'saving'),
      },
      states: {
        idle: { description: 'No message.' },
        changed: {
          description:
            'Just changed: “Your password was changed.” is announced, and the emptied fields rest.',
          on: {
            'password.blur': {
              description:
                'A field left before typing says nothing: the focus was in the form when it was emptied, and “required” beside the success would be wrong (the next change or Enter checks again).',
            },
          },
        },
      },
    },
    saving: busyInvoking('changePassword', {
      description: 'Changing the password.',
      input: changePasswordInput,
      onDone: { target: 'editing.changed', actions: 'clearForm' },
      onError: [
        {
          guard: { type: 'isNoVerdict', params: errorOf },
          target: 'editing.idle',
          actions: [{ type: 'assignServerError', params: errorOf }, 'rememberUncertainTry'],
          description:
            'No verdict (network, time-out, 5xx): its message shows under the form, the values are kept; the server may have changed the password all the same.',
        },
        {
          guard: { type: 'isRefusedAfterUnsureTry', params: errorOf },
          target: 'editing.idle',
          actions: 'assignMaybeChanged',
          description:
            'The same current password refused after a try with it that got no verdict: that try may have changed it, so the current password is marked with account:password.maybeChanged, not “Incorrect password”.',
        },
        errorTo('editing.idle', 'assignServerError', {
          description:
            'server.incorrectPassword marks the current password, any other code shows under the form; the values are kept.',
        }),
      ],
    }),
  },
});

export type ChangePasswordMachine = typeof changePasswordMachine;
