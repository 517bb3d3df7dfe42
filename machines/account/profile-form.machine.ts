import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import { registrationSchema } from '../forms/registration.schema.ts';
import { cleanText } from '../forms/text.ts';
import { validate } from '../forms/validate.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import type { User } from '../shared/domain.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { notProvided } from '../shared/not-provided.ts';
import { userSavedTo } from './account.transitions.ts';

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

export type ProfileForm = kit.FormState<typeof profileSchema>;

export interface ProfileFormContext {
  /** The values the server holds (the last saved ones). */
  saved: ProfileValues;
  /** The form (machines/forms/form-state.ts): a field code marks its field, any other shows as its `errorKey`. */
  form: ProfileForm;
}

export type ProfileFormEvent =
  | kit.FormEvent<'profile', ProfileField>
  /** The session's user changed elsewhere (another tab saved it, a token refresh brought it). */
  | ({ type: 'profile.userChanged' } & ProfileFormInput);

/** The request body of PUT client/auth/profile: clean names, a trimmed phone. */
export function toProfilePayload(values: ProfileValues): ProfileValues {
  return {
    firstName: cleanText(values.firstName),
    lastName: cleanText(values.lastName),
    phone: values.phone.trim(),
  };
}

/** The values differ from the saved ones (trimmed). */
export function hasProfileChanges(context: Pick<ProfileFormContext, 'saved' | 'form'>): boolean {
  const now = toProfilePayload(context.form.values);
  const saved = toProfilePayload(context.saved);
  return PROFILE_FIELDS.some((field) => now[field] !== saved[field]);
}

export function updateProfileInput({ context }: { context: ProfileFormContext }): ProfileValues {
  return toProfilePayload(context.form.values);
}

function profileValuesOf(user: ProfileFormInput): ProfileValues {
  return { firstName: user.firstName, lastName: user.lastName, phone: user.phone };
}

/**
 * The profile changed elsewhere: a field the member has not edited shows the
 * new value, a field they edited keeps what they typed, and the new values are
 * what the form compares with (so Save sends only the member's own edits on
 * top of what the server holds now, never undoing another tab's change).
 */
export function followUser(
  context: ProfileFormContext,
  user: ProfileFormInput,
): Pick<ProfileFormContext, 'saved' | 'form'> {
  const saved = profileValuesOf(user);
  const values = { ...context.form.values };
  for (const field of PROFILE_FIELDS) {
    if (values[field] === context.saved[field]) values[field] = saved[field];
  }
  return {
    saved,
    form: { ...context.form, values, validationErrors: validate(profileSchema, values) },
  };
}

function initialContext({ input }: { input: ProfileFormInput }): ProfileFormContext {
  const values = profileValuesOf(input);
  return { saved: { ...values }, form: kit.createForm(profileSchema, values) };
}

/** `profile.userChanged`'s profile. */
const userChangeOf = ({ event }: { event: ProfileFormInput }) => profileValuesOf(event);

const form = kit.formAssigners<ProfileFormContext>(profileSchema, {
  rule: { fields: PROFILE_SERVER_FIELDS },
});

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile { firstName, lastName, phone } → User. */
    updateProfile: fromPromise<User, ProfileValues>(notProvided('updateProfile')),
  },
  actions: {
    ...kit.formActions<ProfileFormContext, ProfileFormEvent>(form),
    /** The server's answer is the new truth (names as it stored them). */
    assignSaved: assign((_args, params: { user: User }) => {
      const values = profileValuesOf(params.user);
      return { saved: values, form: kit.createForm(profileSchema, { ...values }) };
    }),
    assignFollowedUser: assign(({ context }, params: ProfileFormInput) =>
      followUser(context, params),
    ),
    /** Provided by the app: the session gets the returned user (session.userUpdated). */
    notifyUserUpdated: (_args, _params: { user: User }) => {},
  },
  guards: {
    hasInvalidValues: ({ context }) => !kit.isFormValid(context.form),
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
        'profile.change': kit.changeWith('changeField', {
          target: '.idle',
          description: 'Any change clears the server’s errors and the saved message.',
        }),
        'profile.blur': kit.TOUCH_FIELD_ON_BLUR,
        'profile.userChanged': {
          actions: { type: 'assignFollowedUser', params: userChangeOf },
          description:
            'The profile changed elsewhere: the fields not edited here show it, and Save compares with it.',
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
        saved: { description: 'Just saved: “Your profile was saved.” is announced.' },
      },
    },
    saving: busyInvoking('updateProfile', {
      description: 'Saving the profile (PUT client/auth/profile).',
      input: updateProfileInput,
      onDone: userSavedTo('editing.saved', 'assignSaved'),
      onError: errorTo('editing.idle', 'assignServerError', {
        description:
          'A phone or name code marks its field, any other shows under the form; the values are kept.',
      }),
    }),
  },
});

export type ProfileFormMachine = typeof profileFormMachine;
