import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../forms/field-error.ts';
import {
  EMPTY_REGISTRATION_VALUES,
  REGISTRATION_FIELDS,
  type RegistrationField,
  type RegistrationValues,
  registrationSchema,
  toSignUpPayload,
} from '../forms/registration.schema.ts';
import { hasNoErrors, validate } from '../forms/validate.ts';
import type { Language, SignUpPayload } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';

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

export interface RegistrationContext {
  values: RegistrationValues;
  /** Some field was changed since the form opened (submit stays disabled until then). */
  changed: boolean;
  /** Fields the user has changed or left; validation errors show for these only. */
  touched: Partial<Record<RegistrationField, boolean>>;
  /** Live validation of `values`, every field (see selectFieldErrors for what shows). */
  validationErrors: FieldErrors<RegistrationField>;
  /** Fields the server rejected (spec 8); cleared by any field change. */
  serverFieldErrors: FieldErrors<RegistrationField>;
  /** The server's code shown in red under the form; cleared by any field change. */
  serverErrorKey: string | null;
  /** The interface language at the last submit. */
  language: Language;
  /** The email shown on the confirmation view. */
  submittedEmail: string | null;
}

export type RegistrationEvent =
  | { type: 'registration.change'; field: RegistrationField; value: string }
  | { type: 'registration.blur'; field: RegistrationField }
  | { type: 'registration.submit'; language: Language };

function initialContext(): RegistrationContext {
  const values = { ...EMPTY_REGISTRATION_VALUES };
  return {
    values,
    changed: false,
    touched: {},
    validationErrors: validate(registrationSchema, values),
    serverFieldErrors: {},
    serverErrorKey: null,
    language: 'en',
    submittedEmail: null,
  };
}

/** The signUp actor's input: the payload built from the values at submit. */
export function signUpInput({ context }: { context: RegistrationContext }): SignUpPayload {
  return toSignUpPayload(context.values, context.language);
}

function allTouched(): Partial<Record<RegistrationField, boolean>> {
  return Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, true]));
}

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /client/auth/sign-up; rejects with an error whose `key` is the server code. */
    signUp: fromPromise<void, SignUpPayload>(async () => {
      throw new Error('signUp not provided');
    }),
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'registration.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        changed: true,
        touched: { ...context.touched, [event.field]: true },
        validationErrors: validate(registrationSchema, values),
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'registration.blur'
          ? { ...context.touched, [event.field]: true }
          : context.touched,
    }),
    touchAllFields: assign({ touched: allTouched }),
    clearServerErrors: assign({ serverFieldErrors: {}, serverErrorKey: null }),
    assignLanguage: assign({
      language: ({ context, event }) =>
        event.type === 'registration.submit' ? event.language : context.language,
    }),
    assignServerError: assign(({ event }) => {
      const key = errorKeyOf((event as unknown as ErrorActorEvent).error);
      const field = SERVER_CODE_FIELDS[key];
      return {
        serverErrorKey: key,
        serverFieldErrors: field ? { [field]: { key } } : {},
      };
    }),
    assignSubmittedEmail: assign({ submittedEmail: ({ context }) => context.values.email.trim() }),
  },
  guards: {
    /** Changed since the form opened, and every field valid (spec 5). */
    canSubmit: ({ context }) => context.changed && hasNoErrors(context.validationErrors),
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
        'registration.change': {
          target: '.ready',
          actions: ['assignValue', 'clearServerErrors'],
          description: 'Any field change clears the server’s field flags and message.',
        },
        'registration.blur': {
          actions: 'markTouched',
          description: 'A field left shows its validation error.',
        },
        'registration.submit': [
          {
            guard: 'canSubmit',
            target: 'submitting',
            actions: 'assignLanguage',
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
    submitting: {
      description:
        'Creating the account (POST /client/auth/sign-up); the button says “Creating account...”.',
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: signUpInput,
        onDone: {
          target: 'succeeded',
          actions: 'assignSubmittedEmail',
        },
        onError: {
          target: 'editing.rejected',
          actions: 'assignServerError',
          description: 'The values are kept; the server code is shown.',
        },
      },
    },
    succeeded: {
      type: 'final',
      description: 'The account exists: the confirmation view shows the entered email.',
    },
  },
});

export type RegistrationMachine = typeof registrationMachine;
