/**
 * Model-based suite of the preferences machine (language and notifications):
 * paths from the REAL machine (xstate/graph), run on the real account screen
 * with a real signed-in session. The two regions are independent, so each is
 * walked on its own (the other region stays idle); together the walks cover
 * every state and transition.
 */
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type PreferencesContext,
  type PreferencesEvent,
  preferencesMachine,
} from '../../machines/account/preferences.machine.ts';
import * as setting from '../../machines/account/setting.ts';
import type { Language } from '../../machines/shared/domain.ts';
import { type AccountHarness, describeAccountModel, USER } from '../support/account.kit.tsx';
import { httpError, networkError } from '../support/fake-services.ts';
import type { UserApi } from '../support/form.ts';
import { done, failed, isOutcome, type OutcomeEvent } from '../support/model.ts';

type ModelEvent = PreferencesEvent | OutcomeEvent;
type Snapshot = SnapshotFrom<typeof preferencesMachine>;
type State = { value: unknown; context: unknown };

const INPUT = { language: USER.language, disableNotifications: USER.disableNotifications ?? false };

/** The server answers with the profile as saved (built from what was asked). */
function languageEvents(state: State): ModelEvent[] {
  const c = state.context as PreferencesContext;
  return [
    { type: 'language.choose', language: 'fr' },
    { type: 'language.choose', language: 'en' },
    {
      type: 'preferences.userChanged',
      language: 'fr',
      disableNotifications: c.disableNotifications.saved,
    },
    // The server keeps the language sent (a choice meanwhile is only shown, and saved next).
    done('changeLanguage', { ...USER, language: c.language.pending ?? setting.shown(c.language) }),
    failed('changeLanguage', networkError()),
  ];
}

function notificationEvents(state: State): ModelEvent[] {
  const c = state.context as PreferencesContext;
  return [
    { type: 'notifications.toggle' },
    { type: 'preferences.userChanged', language: c.language.saved, disableNotifications: true },
    // The server keeps the value sent (a tap meanwhile is only shown, and saved next).
    done('setNotifications', {
      ...USER,
      language: c.language.saved,
      disableNotifications: c.disableNotifications.pending ?? setting.shown(c.disableNotifications),
    }),
    failed('setNotifications', httpError(500, 'errors.unknown')),
  ];
}

/** What a member reads, in the interface language (which follows the saved language). */
const TEXT = {
  en: {
    language: 'Language',
    notifications: 'Notifications',
    switch: 'Receive notifications',
    languageSaving: 'Saving your language...',
    languageSaved: 'Language saved.',
    notificationsSaving: 'Saving your preference...',
    on: 'Notifications are on.',
    off: 'Notifications are off.',
    'errors.network': 'We could not reach the server. Check your connection and try again.',
    'errors.unknown': 'An unknown error occurred.',
  },
  fr: {
    language: 'Langue',
    notifications: 'Notifications',
    switch: 'Recevoir les notifications',
    languageSaving: 'Enregistrement de votre langue…',
    languageSaved: 'Langue enregistrée.',
    notificationsSaving: 'Enregistrement de votre préférence…',
    on: 'Les notifications sont activées.',
    off: 'Les notifications sont désactivées.',
    'errors.network': 'Impossible de joindre le serveur. Vérifiez votre connexion, puis réessayez.',
    'errors.unknown': 'Une erreur inconnue s’est produite.',
  },
} as const;
type Texts = (typeof TEXT)['en'] | (typeof TEXT)['fr'];

const sectionNamed = (name: string) => {
  const found = screen.getByRole('heading', { level: 2, name }).closest('section');
  if (!found) throw new Error(`no section ${name}`);
  return within(found);
};
const radio = (language: Language) =>
  screen.getByRole('radio', { name: language === 'en' ? 'English' : 'Français' });

/**
 * How one region's section shows its save: the status says `saving` while it
 * saves and `saved` once saved, else none of the `quiet` texts shows; the
 * alert says `error`, else there is no alert.
 */
function expectSaving(
  area: ReturnType<typeof within>,
  expected: Snapshot,
  region: 'language' | 'notifications',
  texts: { saving: string; saved: string; quiet: string[]; error: string | null },
) {
  if (expected.matches({ [region]: 'saving' })) {
    expect(area.getByRole('status')).toHaveTextContent(texts.saving);
  } else if (expected.matches({ [region]: { ready: 'saved' } })) {
    expect(area.getByRole('status')).toHaveTextContent(texts.saved);
  } else {
    for (const text of texts.quiet) expect(area.queryByText(text)).toBeNull();
  }
  if (texts.error) expect(area.getByRole('alert')).toHaveTextContent(texts.error);
  else expect(area.queryByRole('alert')).toBeNull();
}

async function perform(
  user: UserApi,
  h: AccountHarness,
  event: ModelEvent,
  model: Snapshot,
  view: { i18n: { language: string; changeLanguage(language: string): Promise<unknown> } },
) {
  const t: Texts = TEXT[view.i18n.language as Language];
  switch (event.type) {
    case 'language.choose':
      return user.click(radio(event.language));
    case 'notifications.toggle':
      return user.click(sectionNamed(t.notifications).getByRole('switch', { name: t.switch }));
    case 'preferences.userChanged':
      // The header's chooser: the interface switches, then the saved profile reaches the session.
      // While a save is on its way, switching this tab's interface away from the language shown
      // would be a choice of its own, saved next (the view's followHeader; the browser test of
      // the two choosers): then the profile changed on another device, the interface stays.
      await act(async () => {
        const shown = setting.shown(model.context.language);
        if (!model.matches({ language: 'saving' }) || event.language === shown) {
          await view.i18n.changeLanguage(event.language);
        }
        h.session.send({
          type: 'session.userUpdated',
          user: {
            ...h.session.getSnapshot().context.user,
            language: event.language,
            disableNotifications: event.disableNotifications,
          },
        });
      });
      return;
    default:
      if (!isOutcome(event)) throw new Error(`cannot perform ${event.type}`);
      if (event.type.endsWith('changeLanguage')) {
        expect(h.auth.changeLanguage).toHaveBeenLastCalledWith({
          language: model.context.language.pending,
        });
      } else {
        expect(h.auth.setNotifications).toHaveBeenLastCalledWith({
          disableNotifications: model.context.disableNotifications.pending,
        });
      }
      return h.settle(event);
  }
}

function assertView(expected: Snapshot, h: AccountHarness, view: { i18n: { language: string } }) {
  const c = expected.context;
  // The interface speaks the saved language, applied after a save unless another choice is
  // already being saved (no switch to a language no longer wanted).
  if (!expected.matches({ language: 'saving' })) expect(view.i18n.language).toBe(c.language.saved);
  const t: Texts = TEXT[view.i18n.language as Language];
  const user = h.session.getSnapshot().context.user;

  // Language
  const language = sectionNamed(t.language);
  const shown = setting.shown(c.language);
  expect(radio(shown)).toBeChecked();
  expect(radio(shown === 'en' ? 'fr' : 'en')).not.toBeChecked();
  expectSaving(language, expected, 'language', {
    saving: t.languageSaving,
    saved: t.languageSaved,
    quiet: [t.languageSaving, t.languageSaved],
    error: c.language.errorKey && t[c.language.errorKey as 'errors.network'],
  });

  // Notifications
  const notifications = sectionNamed(t.notifications);
  const on = !setting.shown(c.disableNotifications);
  const toggle = notifications.getByRole('switch', { name: t.switch });
  expect(toggle).toHaveAttribute('aria-checked', String(on));
  if (expected.matches({ notifications: 'saving' })) {
    expect(toggle).toHaveAttribute('aria-busy', 'true');
  }
  expectSaving(notifications, expected, 'notifications', {
    saving: t.notificationsSaving,
    saved: on ? t.on : t.off,
    quiet: [t.on, t.off],
    error:
      c.disableNotifications.errorKey && t[c.disableNotifications.errorKey as 'errors.unknown'],
  });

  // The session holds what the profile holds.
  expect(user.language).toBe(c.language.saved);
  expect(user.disableNotifications ?? false).toBe(c.disableNotifications.saved);
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function describeEvent(event: ModelEvent): string | undefined {
  if (event.type === 'language.choose') return `language.choose(${event.language})`;
  if (event.type === 'preferences.userChanged') {
    return `userChanged(${event.language}, notifications ${event.disableNotifications ? 'off' : 'on'})`;
  }
  return undefined;
}

/** The step as a member does it (the calls' outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  switch (event.type) {
    case 'language.choose':
      return `Choose ${event.language === 'fr' ? 'Français' : 'English'} under Language`;
    case 'notifications.toggle':
      return 'Switch “Receive notifications”';
    case 'preferences.userChanged':
      return `The profile changes elsewhere (another tab): language ${event.language}, notifications ${event.disableNotifications ? 'off' : 'on'}`;
    default:
      return undefined;
  }
}

// The two regions are independent: each is walked on its own (the other stays idle).
describeAccountModel<ModelEvent, Snapshot>(import.meta.filename, {
  title: 'Preferences (language and notifications)',
  machine: preferencesMachine,
  calls: {
    changeLanguage: { done: 'The server saves the language', fails: 'Saving the language fails' },
    setNotifications: {
      done: 'The server saves the notifications setting',
      fails: 'Saving the notifications setting fails',
    },
  },
  walks: [{ events: languageEvents }, { events: notificationEvents }],
  input: INPUT,
  name: describeEvent,
  say,
  perform,
  assertView,
});
