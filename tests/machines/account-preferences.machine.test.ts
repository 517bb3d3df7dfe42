import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  isLanguageSaved,
  isNotificationsSaved,
  selectNotificationsOn,
  selectShownLanguage,
} from '../../machines/account/account.selectors.ts';
import { preferencesMachine } from '../../machines/account/preferences.machine.ts';
import { EMPTY_USER, type Language, type User } from '../../machines/shared/domain.ts';
import { deferred, flushPromises } from '../support/deferred.ts';

const USER: User = { ...EMPTY_USER, _id: 'u1', id: 'u1', disableNotifications: false };
const apiError = (key: string) => Object.assign(new Error(key), { key });

function start() {
  const language = deferred<User>();
  const notifications = deferred<User>();
  const changeLanguage = vi.fn((_: { language: Language }) => language.promise);
  const setNotifications = vi.fn((_: { disableNotifications: boolean }) => notifications.promise);
  const notifyUserUpdated = vi.fn();
  const applyLanguage = vi.fn();
  const actor = createActor(
    preferencesMachine.provide({
      actors: {
        changeLanguage: fromPromise(({ input }) => changeLanguage(input)),
        setNotifications: fromPromise(({ input }) => setNotifications(input)),
      },
      actions: {
        notifyUserUpdated: (_, params) => notifyUserUpdated(params.user),
        applyLanguage: (_, params) => applyLanguage(params.language),
      },
    }),
    { input: { language: 'en', disableNotifications: false } },
  );
  actor.start();
  return {
    actor,
    language,
    notifications,
    changeLanguage,
    setNotifications,
    notifyUserUpdated,
    applyLanguage,
  };
}

/** The switch tapped, then tapped back while the first save runs: each save waits on its own answer. */
function tappedBackWhileSaving() {
  const run = start();
  const second = deferred<User>();
  run.setNotifications.mockImplementationOnce(() => run.notifications.promise);
  run.setNotifications.mockImplementationOnce(() => second.promise);
  run.actor.send({ type: 'notifications.toggle' });
  run.actor.send({ type: 'notifications.toggle' });
  return { run, second };
}

describe('preferences machine', () => {
  it('saves a new language, hands the user to the session and applies it at once', async () => {
    const run = start();
    run.actor.send({ type: 'language.choose', language: 'fr' });
    expect(selectShownLanguage(run.actor.getSnapshot())).toBe('fr');
    expect(run.changeLanguage).toHaveBeenCalledWith({ language: 'fr' });
    expect(run.applyLanguage).not.toHaveBeenCalled();
    run.language.resolve({ ...USER, language: 'fr' });
    await flushPromises();
    expect(isLanguageSaved(run.actor.getSnapshot())).toBe(true);
    expect(run.notifyUserUpdated).toHaveBeenCalledWith({ ...USER, language: 'fr' });
    expect(run.applyLanguage).toHaveBeenCalledWith('fr');
    expect(run.actor.getSnapshot().context.language.saved).toBe('fr');
  });

  it('ignores choosing the language already saved', () => {
    const run = start();
    run.actor.send({ type: 'language.choose', language: 'en' });
    expect(run.changeLanguage).not.toHaveBeenCalled();
  });

  it('keeps the old language and shows the error when the save fails', async () => {
    const run = start();
    run.actor.send({ type: 'language.choose', language: 'fr' });
    run.language.reject(apiError('errors.network'));
    await flushPromises();
    const snapshot = run.actor.getSnapshot();
    expect(selectShownLanguage(snapshot)).toBe('en');
    expect(snapshot.context.language.errorKey).toBe('errors.network');
    expect(snapshot.matches({ language: { ready: 'failed' } })).toBe(true);
    expect(run.applyLanguage).not.toHaveBeenCalled();
  });

  it('saves the notification switch on its own, while the language saves too', async () => {
    const run = start();
    run.actor.send({ type: 'language.choose', language: 'fr' });
    run.actor.send({ type: 'notifications.toggle' });
    expect(run.setNotifications).toHaveBeenCalledWith({ disableNotifications: true });
    expect(selectNotificationsOn(run.actor.getSnapshot())).toBe(false);
    run.notifications.resolve({ ...USER, disableNotifications: true });
    await flushPromises();
    expect(isNotificationsSaved(run.actor.getSnapshot())).toBe(true);
    expect(run.actor.getSnapshot().matches({ language: 'saving' })).toBe(true);
    expect(run.notifyUserUpdated).toHaveBeenCalledWith({ ...USER, disableNotifications: true });
  });

  it('puts the switch back when the save fails', async () => {
    const run = start();
    run.actor.send({ type: 'notifications.toggle' });
    run.notifications.reject(apiError('errors.unknown'));
    await flushPromises();
    expect(selectNotificationsOn(run.actor.getSnapshot())).toBe(true);
    expect(run.actor.getSnapshot().context.disableNotifications.errorKey).toBe('errors.unknown');
  });

  it('a tap back while a save fails: the value shown is saved again, and no error shows', async () => {
    const { run, second } = tappedBackWhileSaving();
    run.notifications.reject(apiError('errors.network'));
    await flushPromises();
    expect(run.setNotifications.mock.calls).toEqual([
      [{ disableNotifications: true }],
      [{ disableNotifications: false }],
    ]);
    expect(run.actor.getSnapshot().context.disableNotifications.errorKey).toBeNull();
    expect(selectNotificationsOn(run.actor.getSnapshot())).toBe(true);
    second.resolve({ ...USER, disableNotifications: false });
    await flushPromises();
    expect(isNotificationsSaved(run.actor.getSnapshot())).toBe(true);
    expect(run.actor.getSnapshot().context.disableNotifications.errorKey).toBeNull();
  });

  it('a language chosen again while a save fails is saved; its own failure shows', async () => {
    const run = start();
    const second = deferred<User>();
    run.changeLanguage.mockImplementationOnce(() => run.language.promise);
    run.changeLanguage.mockImplementationOnce(() => second.promise);
    run.actor.send({ type: 'language.choose', language: 'fr' });
    run.actor.send({ type: 'language.choose', language: 'en' });
    run.language.reject(apiError('errors.network'));
    await flushPromises();
    expect(run.changeLanguage.mock.calls).toEqual([[{ language: 'fr' }], [{ language: 'en' }]]);
    expect(run.actor.getSnapshot().matches({ language: 'saving' })).toBe(true);
    expect(selectShownLanguage(run.actor.getSnapshot())).toBe('en');
    second.reject(apiError('errors.network'));
    await flushPromises();
    expect(run.changeLanguage).toHaveBeenCalledTimes(2);
    expect(run.actor.getSnapshot().matches({ language: { ready: 'failed' } })).toBe(true);
    expect(run.actor.getSnapshot().context.language.errorKey).toBe('errors.network');
  });

  it('an answer without the preference: the value sent is saved, and a tap meanwhile is saved next', async () => {
    const { run, second } = tappedBackWhileSaving();
    const { disableNotifications: _left, ...withoutPreference } = USER;
    run.notifications.resolve(withoutPreference);
    await flushPromises();
    expect(run.setNotifications.mock.calls).toEqual([
      [{ disableNotifications: true }],
      [{ disableNotifications: false }],
    ]);
    second.resolve(withoutPreference);
    await flushPromises();
    expect(run.actor.getSnapshot().context.disableNotifications.saved).toBe(false);
    expect(isNotificationsSaved(run.actor.getSnapshot())).toBe(true);
  });

  it('follows the profile when it changes elsewhere', () => {
    const run = start();
    run.actor.send({ type: 'preferences.userChanged', language: 'fr', disableNotifications: true });
    expect(selectShownLanguage(run.actor.getSnapshot())).toBe('fr');
    expect(selectNotificationsOn(run.actor.getSnapshot())).toBe(false);
  });
});
