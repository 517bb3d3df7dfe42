import { assign, fromPromise, setup } from 'xstate';
import { busyInvoking } from '../shared/busy-state.ts';
import type { Language, User } from '../shared/domain.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { userOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';
import { userSavedTo } from './account.transitions.ts';
import type { Setting } from './setting.ts';
import * as setting from './setting.ts';

export interface PreferencesInput {
  language: Language;
  disableNotifications: boolean;
}

export interface PreferencesContext {
  /** The profile language (en or fr). */
  language: Setting<Language>;
  /** The profile's notification preference (true: notifications off). */
  disableNotifications: Setting<boolean>;
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
  return { language: setting.shown(context.language) };
}

/**
 * What the server kept: its answer, else (a profile without the field) the
 * value sent, never a tap made meanwhile, which is still to be saved.
 */
function savedNotificationsOf(context: PreferencesContext, user: User): boolean {
  const { pending } = context.disableNotifications;
  return user.disableNotifications ?? pending ?? setting.shown(context.disableNotifications);
}

export function setNotificationsInput({ context }: { context: PreferencesContext }): {
  disableNotifications: boolean;
} {
  return { disableNotifications: setting.shown(context.disableNotifications) };
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
    assignPendingLanguage: assign(({ context }, params: { language: Language }) => ({
      language: setting.choose(context.language, params.language),
    })),
    assignSavedLanguage: assign(({ context }, params: { language: Language }) => ({
      language: setting.savedAs(context.language, params.language),
    })),
    /** A choice while the last one is being saved: shown at once, saved next. */
    assignNextLanguage: assign(({ context }, params: { language: Language }) => ({
      language: setting.chooseNext(context.language, params.language),
    })),
    startNextLanguage: assign(({ context }) => ({
      language: setting.startNext(context.language),
    })),
    assignLanguageError: assign(({ context }, params: { error: unknown }) => ({
      language: setting.failed(context.language, params.error),
    })),
    assignPendingNotifications: assign(({ context }) => ({
      disableNotifications: setting.choose(
        context.disableNotifications,
        !context.disableNotifications.saved,
      ),
    })),
    /** A tap while the last one is being saved: the switch flips, and that value is saved next. */
    assignNextNotifications: assign(({ context }) => ({
      disableNotifications: setting.chooseNext(
        context.disableNotifications,
        !setting.shown(context.disableNotifications),
      ),
    })),
    startNextNotifications: assign(({ context }) => ({
      disableNotifications: setting.startNext(context.disableNotifications),
    })),
    /** The server's answer, else the value sent. */
    assignSavedNotifications: assign(({ context }, params: { user: User }) => ({
      disableNotifications: setting.savedAs(
        context.disableNotifications,
        savedNotificationsOf(context, params.user),
      ),
    })),
    assignNotificationsError: assign(({ context }, params: { error: unknown }) => ({
      disableNotifications: setting.failed(context.disableNotifications, params.error),
    })),
    assignFromUser: assign(
      ({ context }, params: { language: Language; disableNotifications: boolean }) => ({
        language: setting.follow(context.language, params.language),
        disableNotifications: setting.follow(
          context.disableNotifications,
          params.disableNotifications,
        ),
      }),
    ),
    /** Provided by the app: the session gets the returned user (session.userUpdated). */
    notifyUserUpdated: (_args, _params: { user: User }) => {},
    /** Provided by the app: the interface switches language at once (i18n.changeLanguage). */
    applyLanguage: (_args, _params: { language: Language }) => {},
  },
  guards: {
    isOtherLanguage: ({ context }, params: { language: Language }) =>
      params.language !== context.language.saved,
    /** The member chose again while the last language was being saved. */
    choseLanguageMeanwhile: ({ context }) => setting.hasNext(context.language),
    /** The member tapped again while the last value was being saved. */
    toggledMeanwhile: ({ context }) => setting.hasNext(context.disableNotifications),
    /** The member chose again while saving, another language than the one the server kept. */
    wantsOtherLanguage: ({ context }, params: { language: Language }) =>
      setting.hasOtherNext(context.language, params.language),
    /** The member tapped again while saving, to a value other than the one the server kept. */
    wantsOtherNotifications: ({ context }, params: { user: User }) =>
      setting.hasOtherNext(
        context.disableNotifications,
        savedNotificationsOf(context, params.user),
      ),
  },
}).createMachine({
  id: 'preferences',
  description:
    'Account page, preferences: the language and the notification preference, each saved on its own as soon as it is chosen.',
  context: ({ input }) => ({
    language: setting.of(input.language),
    disableNotifications: setting.of(input.disableNotifications),
  }),
  type: 'parallel',
  on: {
    'preferences.userChanged': {
      actions: { type: 'assignFromUser', params: userChangeOf },
      description: 'The profile changed elsewhere (another chooser): show what it holds now.',
    },
  },
  states: {
    language: setting.region({
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
      saving: {
        ...busyInvoking('changeLanguage', {
          description:
            'Saving the language (PUT client/auth/profile/change-language); a choice meanwhile shows at once and is saved next.',
          input: changeLanguageInput,
          onDone: [
            {
              guard: { type: 'wantsOtherLanguage', params: languageOf },
              target: 'saving',
              reenter: true,
              actions: [
                { type: 'assignSavedLanguage', params: languageOf },
                { type: 'notifyUserUpdated', params: userOf },
                'startNextLanguage',
              ],
              description:
                'Saved, but the member chose again meanwhile (here or with the header’s chooser): that language is saved now, and the interface does not switch to the one no longer wanted.',
            },
            {
              target: 'ready.saved',
              actions: [
                { type: 'assignSavedLanguage', params: languageOf },
                { type: 'notifyUserUpdated', params: userOf },
                { type: 'applyLanguage', params: languageOf },
              ],
              description: 'The session takes the returned user; the interface switches at once.',
            },
          ],
          onError: [
            {
              guard: 'choseLanguageMeanwhile',
              target: 'saving',
              reenter: true,
              actions: 'startNextLanguage',
              description:
                'The save failed, but the member had chosen again meanwhile: that choice is saved now (the failed one is no longer wanted; saving the last choice also puts the server back in line if the failed request reached it).',
            },
            errorTo('ready.failed', 'assignLanguageError'),
          ],
        }),
        on: {
          'language.choose': {
            actions: { type: 'assignNextLanguage', params: chosenLanguageOf },
            description:
              'A change of mind while saving, here or with the header’s chooser: remembered, the last choice wins.',
          },
        },
      },
    }),
    notifications: setting.region({
      description: 'Notifications on or off (disableNotifications), saved as soon as switched.',
      ready: {
        description: 'The switch can be used.',
        on: {
          'notifications.toggle': { target: 'saving', actions: 'assignPendingNotifications' },
        },
      },
      saved: { description: 'Just saved: “Notifications are on.” (or off) is announced.' },
      failed: { description: 'The save failed: the error shows; the switch goes back.' },
      saving: {
        ...busyInvoking('setNotifications', {
          description:
            'Saving the preference (POST client/auth/profile/notifications); a tap meanwhile flips the switch and is saved next.',
          input: setNotificationsInput,
          onDone: [
            {
              guard: { type: 'wantsOtherNotifications', params: userOf },
              target: 'saving',
              reenter: true,
              actions: [
                { type: 'assignSavedNotifications', params: userOf },
                { type: 'notifyUserUpdated', params: userOf },
                'startNextNotifications',
              ],
              description: 'Saved, but the member tapped again meanwhile: that value is saved now.',
            },
            userSavedTo('ready.saved', 'assignSavedNotifications'),
          ],
          onError: [
            {
              guard: 'toggledMeanwhile',
              target: 'saving',
              reenter: true,
              actions: 'startNextNotifications',
              description:
                'The save failed, but the member had tapped again meanwhile: the value now shown is saved (the failed one is no longer wanted; saving it also puts the server back in line if the failed request reached it).',
            },
            errorTo('ready.failed', 'assignNotificationsError'),
          ],
        }),
        on: {
          'notifications.toggle': {
            actions: 'assignNextNotifications',
            description: 'A change of mind while saving: remembered, the last tap wins.',
          },
        },
      },
    }),
  },
});

export type PreferencesMachine = typeof preferencesMachine;
