import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import {
  EMPTY_REGISTRATION_VALUES,
  type RegistrationField,
  type RegistrationValues,
  registrationSchema,
  toSignUpPayload,
} from '../forms/registration.schema.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import type { Language, SignUpPayload } from '../shared/domain.ts';
import { isNoVerdict } from '../shared/error-key.ts';
import { errorOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

/** Server codes (spec 8) that mark one field; the code is also shown under the form. */
export const SERVER_CODE_FIELDS: Readonly<Record<string, RegistrationField>> = {
  'server.sameEmailUserExists': 'email',
  'server.samePhoneUserExists': 'phone',
  'server.invalidPhoneNumber': 'phone',
  'server.invalidFirstName': 'firstName',
  'server.invalidLastName': 'lastName',
  'server.passwordTooWeak': 'password',
  'server.invalidPassword': 'password',
};

export type RegistrationForm = kit.FormState<typeof registrationSchema>;

export interface RegistrationContext {
  /** The form (machines/forms/form-state.ts); the server's code is its `errorKey`. */
  form: RegistrationForm;
  /** The interface language at the last submit. */
  language: Language;
  /** The email shown on the confirmation view. */
  submittedEmail: string | null;
  /**
   * The email of a sign-up with no verdict (no answer, or a 5xx): the server
   * may have created the account all the same.
   */
  unansweredEmail: string | null;
}

/**
 * What the member typed on an earlier visit of the form in this tab (Back, or a
 * link and back), the password aside: the form opens with it.
 */
export type RegistrationDraft = Omit<RegistrationValues, 'password'>;

export interface RegistrationInput {
  draft?: RegistrationDraft | undefined;
}

export type RegistrationEvent =
  /** Submitted with the interface's language (the sign-up's `language`). */
  kit.FormEvent<'registration', RegistrationField, { language: Language }>;

function initialContext({ input }: { input: RegistrationInput }): RegistrationContext {
  return {
    form: kit.createForm(registrationSchema, { ...EMPTY_REGISTRATION_VALUES, ...input.draft }),
    language: 'en',
    submittedEmail: null,
    unansweredEmail: null,
  };
}

/** The signUp actor's input: the payload built from the values at submit. */
export function signUpInput({ context }: { context: RegistrationContext }): SignUpPayload {
  return toSignUpPayload(context.form.values, context.language);
}

const form = kit.formAssigners<RegistrationContext>(registrationSchema, {
  rule: { fields: SERVER_CODE_FIELDS, underForm: 'always' },
});
const languageOf = ({ event }: { event: { language: Language } }) => ({ language: event.language });

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    input: {} as RegistrationInput,
    events: {} as RegistrationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /client/auth/sign-up; rejects with an error whose `key` is the server code. */
    signUp: fromPromise<void, SignUpPayload>(notProvided('signUp')),
  },
  actions: {
    ...kit.formActions<RegistrationContext, RegistrationEvent>(form),
    assignLanguage: assign((_args, params: { language: Language }) => params),
    assignSubmittedEmail: assign({
      submittedEmail: ({ context }) => context.form.values.email.trim(),
    }),
    /**
     * A sign-up with no verdict (no answer, or a 5xx, perhaps a proxy's after
     * the server acted) may have created the account: remember for which email.
     */
    noteUnanswered: assign(({ context }, params: { error: unknown }) =>
      isNoVerdict(params.error) ? { unansweredEmail: context.form.values.email.trim() } : {},
    ),
  },
  guards: {
    /** Changed since the form opened, and every field valid (spec 5). */
    canSubmit: ({ context }) => kit.isSubmittable(context.form),
  },
}).createMachine({
  id: 'registration',
  description:
    'The registration form: edit, submit (signUp), then the confirmation view showing the email.',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is editable; values are validated as they change.',
      initial: 'ready',
      on: {
        'registration.change': kit.changeWith('changeField', {
          target: '.ready',
          description: 'Any field change clears the server’s field flags and message.',
        }),
        'registration.blur': kit.TOUCH_FIELD_ON_BLUR,
        'registration.submit': [
          {
            guard: 'canSubmit',
            target: 'submitting',
            actions: { type: 'assignLanguage', params: languageOf },
            description: 'Submit with the interface language of the moment.',
          },
          {
            actions: 'touchAllFields',
            description: 'Not submittable: show every field’s validation error.',
          },
        ],
      },
      states: {
        ready: {
          description: 'No server error is shown.',
        },
        rejected: {
          description:
            'The server refused the sign-up: its code shows under the form and marks a field when it names one.',
        },
      },
    },
    submitting: busyInvoking('signUp', {
      description:
        'Creating the account (POST /client/auth/sign-up); the button says “Creating account...”.',
      input: signUpInput,
      onDone: {
        target: 'succeeded',
        actions: 'assignSubmittedEmail',
      },
      onError: {
        target: 'editing.rejected',
        actions: [
          { type: 'assignServerError', params: errorOf },
          { type: 'noteUnanswered', params: errorOf },
        ],
        description:
          'The values are kept; the server code is shown. A sign-up left without an answer is remembered: its account may exist.',
      },
    }),
    succeeded: {
      type: 'final',
      description: 'The account exists: the confirmation view shows the entered email.',
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
