import { assign, fromPromise, setup } from 'xstate';
import { busyInvoking } from '../shared/busy-state.ts';
import type { Described } from '../shared/described.ts';
import type { Language, User } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { userOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';
import { userSavedTo } from './account.transitions.ts';

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

const languageOf = ({ event }: { event: { output: User } }) => ({
  language: event.output.language,
});
const chosenLanguageOf = ({ event }: { event: { language: Language } }) => ({
  language: event.language,
});
const userChangeOf = ({
  event,
}: {
  event: { language: Language; disableNotifications: boolean };
}) => ({ language: event.language, disableNotifications: event.disableNotifications });

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

/**
 * A setting saved as soon as it is chosen, one region of this chart: `ready`
 * takes the choice (its `on`, on to `saving`) and shows the last save's
 * message (`idle`: none, `saved`, `failed`); `saving` runs the save and comes
 * back to `ready.saved` or `ready.failed`. Every chart text is a `description:`
 * property (machines/shared/described.ts).
 */
function settingRegion<const Ready extends Described & { on: object }, const Saving extends object>(
  region: Described & { ready: Ready; saved: Described; failed: Described; saving: Saving },
) {
  return {
    description: region.description,
    initial: 'ready',
    states: {
      ready: {
        description: region.ready.description,
        initial: 'idle',
        on: region.ready.on,
        states: {
          idle: { description: 'No message.' },
          saved: region.saved,
          failed: region.failed,
        },
      },
      saving: region.saving,
    },
  } as const;
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
    changeLanguage: fromPromise<User, { language: Language }>(notProvided('changeLanguage')),
    /** POST client/auth/profile/notifications { disableNotifications } → User. */
    setNotifications: fromPromise<User, { disableNotifications: boolean }>(
      notProvided('setNotifications'),
    ),
  },
  actions: {
    assignPendingLanguage: assign((_args, params: { language: Language }) => ({
      pendingLanguage: params.language,
      languageErrorKey: null,
    })),
    assignSavedLanguage: assign((_args, params: { language: Language }) => ({
      language: params.language,
      pendingLanguage: null,
    })),
    assignLanguageError: assign((_args, params: { error: unknown }) => ({
      pendingLanguage: null,
      languageErrorKey: errorKeyOf(params.error),
    })),
    assignPendingNotifications: assign({
      pendingDisableNotifications: ({ context }) => !context.disableNotifications,
      notificationsErrorKey: null,
    }),
    assignSavedNotifications: assign(({ context }, params: { user: User }) => ({
      disableNotifications:
        params.user.disableNotifications ??
        context.pendingDisableNotifications ??
        context.disableNotifications,
      pendingDisableNotifications: null,
    })),
    assignNotificationsError: assign((_args, params: { error: unknown }) => ({
      pendingDisableNotifications: null,
      notificationsErrorKey: errorKeyOf(params.error),
    })),
    assignFromUser: assign(
      (_args, params: { language: Language; disableNotifications: boolean }) => params,
    ),
    /** Provided by the app: the session gets the returned user (session.userUpdated). */
    notifyUserUpdated: (_args, _params: { user: User }) => {},
    /** Provided by the app: the interface switches language at once (i18n.changeLanguage). */
    applyLanguage: (_args, _params: { language: Language }) => {},
  },
  guards: {
    isOtherLanguage: ({ context }, params: { language: Language }) =>
      params.language !== context.language,
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
      actions: { type: 'assignFromUser', params: userChangeOf },
      description: 'The profile changed elsewhere (another chooser): show what it holds now.',
    },
  },
  states: {
    language: settingRegion({
      description:
        'The profile language (en or fr), saved with change-language and applied at once.',
      ready: {
        description: 'A language can be chosen.',
        on: {
          'language.choose': {
            guard: { type: 'isOtherLanguage', params: chosenLanguageOf },
            target: 'saving',
            actions: { type: 'assignPendingLanguage', params: chosenLanguageOf },
          },
        },
      },
      saved: { description: 'Just saved: “Language saved.” is announced.' },
      failed: { description: 'The save failed: the error shows; the old language stays.' },
      saving: busyInvoking('changeLanguage', {
        description: 'Saving the language (PUT client/auth/profile/change-language).',
        input: changeLanguageInput,
        onDone: {
          target: 'ready.saved',
          actions: [
            { type: 'assignSavedLanguage', params: languageOf },
            { type: 'notifyUserUpdated', params: userOf },
            { type: 'applyLanguage', params: languageOf },
          ],
          description: 'The session takes the returned user; the interface switches at once.',
        },
        onError: errorTo('ready.failed', 'assignLanguageError'),
      }),
    }),
    notifications: settingRegion({
      description: 'Notifications on or off (disableNotifications), saved as soon as switched.',
      ready: {
        description: 'The switch can be used.',
        on: {
          'notifications.toggle': { target: 'saving', actions: 'assignPendingNotifications' },
        },
      },
      saved: { description: 'Just saved: “Notification preference saved.” is announced.' },
      failed: { description: 'The save failed: the error shows; the switch goes back.' },
      saving: busyInvoking('setNotifications', {
        description: 'Saving the preference (POST client/auth/profile/notifications).',
        input: setNotificationsInput,
        onDone: userSavedTo('ready.saved', 'assignSavedNotifications'),
        onError: errorTo('ready.failed', 'assignNotificationsError'),
      }),
    }),
  },
});

export type PreferencesMachine = typeof preferencesMachine;
