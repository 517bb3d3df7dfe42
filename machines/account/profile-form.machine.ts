import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../forms/field-error.ts';
import { registrationSchema } from '../forms/registration.schema.ts';
import { hasNoErrors, validate } from '../forms/validate.ts';
import type { User } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';

/** The profile form: the same name and phone rules as registration (spec 5). */
export const profileSchema = v.object({
  firstName: registrationSchema.entries.firstName,
  lastName: registrationSchema.entries.lastName,
  phone: registrationSchema.entries.phone,
});

export type ProfileValues = v.InferInput<typeof profileSchema>;
export type ProfileField = keyof ProfileValues;

export const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'phone'];

/** Server codes that mark one field; any other code shows under the form. */
export const PROFILE_SERVER_FIELDS: Readonly<Record<string, ProfileField>> = {
  'server.samePhoneUserExists': 'phone',
  'server.invalidPhoneNumber': 'phone',
  'server.invalidFirstName': 'firstName',
  'server.invalidLastName': 'lastName',
};

export interface ProfileFormInput {
  firstName: string;
  lastName: string;
  phone: string;
}

export interface ProfileFormContext {
  /** The values the server holds (the last saved ones). */
  saved: ProfileValues;
  values: ProfileValues;
  /** Fields changed or left; their validation errors show. */
  touched: Partial<Record<ProfileField, boolean>>;
  /** Live validation of `values`. */
  validationErrors: FieldErrors<ProfileField>;
  /** Fields the server refused; cleared by any change. */
  serverFieldErrors: FieldErrors<ProfileField>;
  /** A server error that names no field; cleared by any change. */
  errorKey: string | null;
}

export type ProfileFormEvent =
  | { type: 'profile.change'; field: ProfileField; value: string }
  | { type: 'profile.blur'; field: ProfileField }
  | { type: 'profile.submit' };

/** The request body of PUT client/auth/profile: trimmed values. */
export function toProfilePayload(values: ProfileValues): ProfileValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim(),
  };
}

/** The values differ from the saved ones (trimmed). */
export function hasProfileChanges(context: Pick<ProfileFormContext, 'saved' | 'values'>): boolean {
  const now = toProfilePayload(context.values);
  const saved = toProfilePayload(context.saved);
  return PROFILE_FIELDS.some((field) => now[field] !== saved[field]);
}

export function updateProfileInput({ context }: { context: ProfileFormContext }): ProfileValues {
  return toProfilePayload(context.values);
}

const userOf = ({ event }: { event: unknown }) => ({
  user: (event as { output: User }).output,
});

function initialContext({ input }: { input: ProfileFormInput }): ProfileFormContext {
  const values: ProfileValues = {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
  };
  return {
    saved: { ...values },
    values,
    touched: {},
    validationErrors: validate(profileSchema, values),
    serverFieldErrors: {},
    errorKey: null,
  };
}

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile { firstName, lastName, phone } → User. */
    updateProfile: fromPromise<User, ProfileValues>(async () => {
      throw new Error('updateProfile not provided');
    }),
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'profile.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        touched: { ...context.touched, [event.field]: true },
        validationErrors: validate(profileSchema, values),
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'profile.blur'
          ? { ...context.touched, [event.field]: true }
          : context.touched,
    }),
    touchAllFields: assign({
      touched: () => Object.fromEntries(PROFILE_FIELDS.map((field) => [field, true])),
    }),
    clearServerErrors: assign({ serverFieldErrors: {}, errorKey: null }),
    assignServerError: assign(({ event }) => {
      const key = errorKeyOf((event as { error?: unknown }).error);
      const field = PROFILE_SERVER_FIELDS[key];
      return field
        ? { serverFieldErrors: { [field]: { key } }, errorKey: null }
        : { serverFieldErrors: {}, errorKey: key };
    }),
    /** The server's answer is the new truth (names as it stored them). */
    assignSaved: assign(({ event }) => {
      const user = (event as unknown as { output: User }).output;
      const values = { firstName: user.firstName, lastName: user.lastName, phone: user.phone };
      return {
        saved: values,
        values: { ...values },
        touched: {},
        validationErrors: validate(profileSchema, values),
      };
    }),
    /** Provided by the app: the session gets the returned user (session.userUpdated). */
    notifyUserUpdated: (_args, _params: { user: User }) => {},
  },
  guards: {
    hasInvalidValues: ({ context }) => !hasNoErrors(context.validationErrors),
    hasChanges: ({ context }) => hasProfileChanges(context),
  },
}).createMachine({
  id: 'profileForm',
  description:
    'Account page, profile: first name, last name and phone (registration rules), saved with PUT client/auth/profile.',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is editable; values are validated as they change.',
      initial: 'idle',
      on: {
        'profile.change': {
          target: '.idle',
          actions: ['assignValue', 'clearServerErrors'],
          description: 'Any change clears the server’s errors and the saved message.',
        },
        'profile.blur': {
          actions: 'markTouched',
          description: 'A field left shows its validation error.',
        },
        'profile.submit': [
          {
            guard: 'hasInvalidValues',
            actions: 'touchAllFields',
            description: 'Not valid: show every field’s error.',
          },
          { guard: 'hasChanges', target: 'saving', actions: 'clearServerErrors' },
        ],
      },
      states: {
        idle: { description: 'No save message.' },
        saved: { description: 'Just saved: “Profile saved.” is announced.' },
      },
    },
    saving: {
      description: 'Saving the profile (PUT client/auth/profile).',
      tags: ['busy'],
      invoke: {
        id: 'updateProfile',
        src: 'updateProfile',
        input: updateProfileInput,
        onDone: {
          target: 'editing.saved',
          actions: ['assignSaved', { type: 'notifyUserUpdated', params: userOf }],
          description: 'The session takes the returned user.',
        },
        onError: {
          target: 'editing.idle',
          actions: 'assignServerError',
          description:
            'A phone or name code marks its field, any other shows under the form; the values are kept.',
        },
      },
    },
  },
});

export type ProfileFormMachine = typeof profileFormMachine;
