import { assign, fromPromise, setup } from 'xstate';
import type { Language, User } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';

export interface PreferencesInput {
  language: Language;
  disableNotifications: boolean;
}

export interface PreferencesContext {
  /** The profile's language (as last saved or loaded). */
  language: Language;
  /** The language being saved, shown as chosen meanwhile. */
  pendingLanguage: Language | null;
  languageErrorKey: string | null;
  /** The profile's notification preference. */
  disableNotifications: boolean;
  /** The preference being saved, shown meanwhile. */
  pendingDisableNotifications: boolean | null;
  notificationsErrorKey: string | null;
}

export type PreferencesEvent =
  | { type: 'language.choose'; language: Language }
  | { type: 'notifications.toggle' }
  /** The session's user changed elsewhere (e.g. the header's language chooser saved it). */
  | { type: 'preferences.userChanged'; language: Language; disableNotifications: boolean };

function errorOf(event: unknown): unknown {
  return (event as { error?: unknown }).error;
}

function outputOf(event: unknown): User {
  return (event as { output: User }).output;
}

const userOf = ({ event }: { event: unknown }) => ({ user: outputOf(event) });
const languageOf = ({ event }: { event: unknown }) => ({ language: outputOf(event).language });

export function changeLanguageInput({ context }: { context: PreferencesContext }): {
  language: Language;
} {
  return { language: context.pendingLanguage ?? context.language };
}

export function setNotificationsInput({ context }: { context: PreferencesContext }): {
  disableNotifications: boolean;
} {
  return {
    disableNotifications: context.pendingDisableNotifications ?? context.disableNotifications,
  };
}

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    input: {} as PreferencesInput,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile/change-language { language } → User. */
    changeLanguage: fromPromise<User, { language: Language }>(async () => {
      throw new Error('changeLanguage not provided');
    }),
    /** POST client/auth/profile/notifications { disableNotifications } → User. */
    setNotifications: fromPromise<User, { disableNotifications: boolean }>(async () => {
      throw new Error('setNotifications not provided');
    }),
  },
  actions: {
    assignPendingLanguage: assign({
      pendingLanguage: ({ context, event }) =>
        event.type === 'language.choose' ? event.language : context.pendingLanguage,
      languageErrorKey: null,
    }),
    assignSavedLanguage: assign({
      language: ({ event }) => outputOf(event).language,
      pendingLanguage: null,
    }),
    assignLanguageError: assign({
      pendingLanguage: null,
      languageErrorKey: ({ event }) => errorKeyOf(errorOf(event)),
    }),
    assignPendingNotifications: assign({
      pendingDisableNotifications: ({ context }) => !context.disableNotifications,
      notificationsErrorKey: null,
    }),
    assignSavedNotifications: assign({
      disableNotifications: ({ context, event }) =>
        outputOf(event).disableNotifications ??
        context.pendingDisableNotifications ??
        context.disableNotifications,
      pendingDisableNotifications: null,
    }),
    assignNotificationsError: assign({
      pendingDisableNotifications: null,
      notificationsErrorKey: ({ event }) => errorKeyOf(errorOf(event)),
    }),
    assignFromUser: assign(({ event }) =>
      event.type === 'preferences.userChanged'
        ? { language: event.language, disableNotifications: event.disableNotifications }
        : {},
    ),
    /** Provided by the app: the session gets the returned user (session.userUpdated). */
    notifyUserUpdated: (_args, _params: { user: User }) => {},
    /** Provided by the app: the interface switches language at once (i18n.changeLanguage). */
    applyLanguage: (_args, _params: { language: Language }) => {},
  },
  guards: {
    isOtherLanguage: ({ context, event }) =>
      event.type === 'language.choose' && event.language !== context.language,
  },
}).createMachine({
  id: 'preferences',
  description:
    'Account page, preferences: the language and the notification preference, each saved on its own as soon as it is chosen.',
  context: ({ input }) => ({
    language: input.language,
    pendingLanguage: null,
    languageErrorKey: null,
    disableNotifications: input.disableNotifications,
    pendingDisableNotifications: null,
    notificationsErrorKey: null,
  }),
  type: 'parallel',
  on: {
    'preferences.userChanged': {
      actions: 'assignFromUser',
      description: 'The profile changed elsewhere (another chooser): show what it holds now.',
    },
  },
  states: {
    language: {
      description:
        'The profile language (en or fr), saved with change-language and applied at once.',
      initial: 'ready',
      states: {
        ready: {
          description: 'A language can be chosen.',
          initial: 'idle',
          on: {
            'language.choose': {
              guard: 'isOtherLanguage',
              target: 'saving',
              actions: 'assignPendingLanguage',
            },
          },
          states: {
            idle: { description: 'No message.' },
            saved: { description: 'Just saved: “Language saved.” is announced.' },
            failed: { description: 'The save failed: the error shows; the old language stays.' },
          },
        },
        saving: {
          description: 'Saving the language (PUT client/auth/profile/change-language).',
          tags: ['busy'],
          invoke: {
            id: 'changeLanguage',
            src: 'changeLanguage',
            input: changeLanguageInput,
            onDone: {
              target: 'ready.saved',
              actions: [
                'assignSavedLanguage',
                { type: 'notifyUserUpdated', params: userOf },
                { type: 'applyLanguage', params: languageOf },
              ],
              description: 'The session takes the returned user; the interface switches at once.',
            },
            onError: { target: 'ready.failed', actions: 'assignLanguageError' },
          },
        },
      },
    },
    notifications: {
      description: 'Notifications on or off (disableNotifications), saved as soon as switched.',
      initial: 'ready',
      states: {
        ready: {
          description: 'The switch can be used.',
          initial: 'idle',
          on: {
            'notifications.toggle': {
              target: 'saving',
              actions: 'assignPendingNotifications',
            },
          },
          states: {
            idle: { description: 'No message.' },
            saved: { description: 'Just saved: “Notification preference saved.” is announced.' },
            failed: { description: 'The save failed: the error shows; the switch goes back.' },
          },
        },
        saving: {
          description: 'Saving the preference (POST client/auth/profile/notifications).',
          tags: ['busy'],
          invoke: {
            id: 'setNotifications',
            src: 'setNotifications',
            input: setNotificationsInput,
            onDone: {
              target: 'ready.saved',
              actions: ['assignSavedNotifications', { type: 'notifyUserUpdated', params: userOf }],
              description: 'The session takes the returned user.',
            },
            onError: { target: 'ready.failed', actions: 'assignNotificationsError' },
          },
        },
      },
    },
  },
});

export type PreferencesMachine = typeof preferencesMachine;
