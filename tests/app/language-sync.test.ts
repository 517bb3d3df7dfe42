/**
 * The profile's language sync (src/app/language-sync.ts) when the member
 * changes while a save is on its way: a language save of a member who has
 * left is never applied to the next member's session, and a choice still
 * waiting behind it is never sent for the next member.
 */
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, type Language, type User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import {
  LANGUAGE_CHOICE_KEY,
  LINK_CHOICE_MS,
  readLanguageChoice,
} from '../../src/app/language-choice.ts';
import { createLanguageSync } from '../../src/app/language-sync.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { createSafeStorage, type KeyValueStorage } from '../../src/lib/safe-storage.ts';
import { createTestI18n } from '../support/i18n.ts';

const member = (id: string, language: Language = 'en'): User => ({
  ...EMPTY_USER,
  // The app knows a member by _id; id, the profile's other id, may differ.
  _id: id,
  id: `public-${id}`,
  email: `${id}@example.ca`,
  language,
});
const ANNE = member('anne');
const BRUNO = member('bruno');

/** A session that is signed in as `user` (null: signed out), as far as the sync reads it. */
function fakeSession(first: User | null) {
  let user = first;
  const listeners = new Set<(snapshot: unknown) => void>();
  const snapshot = () => ({
    matches: (state: string) => state === 'authenticated' && user !== null,
    context: { user: user ?? EMPTY_USER },
  });
  const sent: unknown[] = [];
  const session = {
    getSnapshot: snapshot,
    send: (event: unknown) => sent.push(event),
    subscribe: (listener: (snapshot: unknown) => void) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  const become = (next: User | null) => {
    user = next;
    for (const listener of listeners) listener(snapshot());
  };
  return { session: session as unknown as SessionActor, sent, become };
}

/** changeLanguage answers only when the test says so, in order. */
function heldLanguageSaves() {
  const calls: { language: Language; answer: (user: User) => void }[] = [];
  const changeLanguage = vi.fn(
    ({ language }: { language: Language }) =>
      new Promise<User>((resolve) => calls.push({ language, answer: resolve })),
  );
  return { api: { auth: { changeLanguage } } as unknown as Api, calls, changeLanguage };
}

/** `language`: the interface's when the sync starts; `openedAt`: the page's first address. */
function startSync(
  first: User | null,
  {
    language = 'en',
    openedAt,
    storage = createSafeStorage(() => null),
  }: { language?: Language; openedAt?: string; storage?: KeyValueStorage } = {},
) {
  const { session, sent, become } = fakeSession(first);
  const { api, calls, changeLanguage } = heldLanguageSaves();
  const i18n = createTestI18n(language);
  const sync = createLanguageSync({
    i18n,
    session,
    api,
    logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() },
    storage,
    openedAt: openedAt ?? 'https://club.example/dashboard',
  });
  sync.start();
  const updates = () =>
    sent.filter((event) => (event as { type: string }).type === 'session.userUpdated');
  return { sync, calls, changeLanguage, become, updates, i18n };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the language sync when the member changes', () => {
  it('applies the answer to the session of the member who chose', async () => {
    const { sync, calls, updates } = startSync(ANNE);
    sync.choose('fr');
    calls[0]?.answer({ ...ANNE, language: 'fr' });
    await settle();
    expect(updates()).toEqual([{ type: 'session.userUpdated', user: { ...ANNE, language: 'fr' } }]);
  });

  it('saves the choice of a member known by _id alone (a profile whose other id is empty)', async () => {
    const { sync, changeLanguage } = startSync({ ...ANNE, id: '' });
    sync.choose('fr');
    expect(changeLanguage).toHaveBeenCalledExactlyOnceWith({ language: 'fr' });
  });

  it('drops the answer of a member who left while it was on its way (another one signed in)', async () => {
    const { sync, calls, become, updates } = startSync(ANNE);
    sync.choose('fr');
    become(BRUNO);
    calls[0]?.answer({ ...ANNE, language: 'fr' });
    await settle();
    expect(updates()).toEqual([]);
  });

  it('never sends the next member a choice that was waiting behind the last one’s save', async () => {
    const { sync, calls, changeLanguage, become, updates } = startSync(ANNE);
    sync.choose('fr');
    sync.choose('en');
    become(null);
    become(BRUNO);
    calls[0]?.answer({ ...ANNE, language: 'fr' });
    await settle();
    expect(changeLanguage).toHaveBeenCalledTimes(1);
    expect(changeLanguage).toHaveBeenCalledWith({ language: 'fr' });
    expect(updates()).toEqual([]);
  });
});

describe('a page opened at an address asking for a language (spec 9: ?lng= first)', () => {
  it('a member whose profile is in English opens ?lng=fr: the profile takes French, the interface stays French', async () => {
    const { calls, changeLanguage, updates, i18n } = startSync(ANNE, {
      language: 'fr',
      openedAt: 'https://club.example/billing?lng=fr',
    });
    expect(changeLanguage).toHaveBeenCalledTimes(1);
    expect(changeLanguage).toHaveBeenCalledWith({ language: 'fr' });
    calls[0]?.answer({ ...ANNE, language: 'fr' });
    await settle();
    expect(updates()).toEqual([{ type: 'session.userUpdated', user: { ...ANNE, language: 'fr' } }]);
    expect(i18n.language).toBe('fr');
  });

  it('a visitor opens /login?lng=fr and signs in: the member’s English profile takes French', async () => {
    const { changeLanguage, become, i18n } = startSync(null, {
      language: 'fr',
      openedAt: 'https://club.example/login?lng=fr',
    });
    expect(changeLanguage).not.toHaveBeenCalled();
    become(ANNE);
    expect(changeLanguage).toHaveBeenCalledTimes(1);
    expect(changeLanguage).toHaveBeenCalledWith({ language: 'fr' });
    expect(i18n.language).toBe('fr');
  });

  it.each(['fr-CA', 'FR', 'fr_CA'])(
    '?lng=%s, however a link spells French, is French: the profile takes it',
    async (lng) => {
      const { changeLanguage, i18n } = startSync(ANNE, {
        language: 'fr',
        openedAt: `https://club.example/dashboard?lng=${lng}`,
      });
      expect(changeLanguage).toHaveBeenCalledExactlyOnceWith({ language: 'fr' });
      expect(i18n.language).toBe('fr');
    },
  );

  it('?lng= naming neither language (fra, xx) is no choice, though the interface is French: it follows the profile', async () => {
    for (const lng of ['fra', 'xx', 'english']) {
      const { changeLanguage, i18n } = startSync(ANNE, {
        language: 'fr',
        openedAt: `https://club.example/dashboard?lng=${lng}`,
      });
      await settle();
      expect(changeLanguage).not.toHaveBeenCalled();
      expect(i18n.language).toBe('en');
    }
  });

  it('an address asking for a language the interface has left since (the switch) asks nothing', async () => {
    const { changeLanguage } = startSync(ANNE, {
      language: 'en',
      openedAt: 'https://club.example/login?lng=fr',
    });
    expect(changeLanguage).not.toHaveBeenCalled();
  });

  it('without ?lng= the interface follows the profile, which is not written', async () => {
    const { changeLanguage, i18n } = startSync(member('chloe', 'fr'), {
      language: 'en',
      openedAt: 'https://club.example/dashboard?tab=1',
    });
    await settle();
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(i18n.language).toBe('fr');
  });
});

describe('a visitor’s language choice kept on the device, for the next sign-in', () => {
  it('a link (?lng=fr) is kept at once, for a sign-in soon in any tab', () => {
    const storage = createSafeStorage(() => null);
    startSync(null, { language: 'fr', openedAt: 'https://club.example/login?lng=fr', storage });
    expect(readLanguageChoice(storage)).toMatchObject({ language: 'fr', member: null });
    // Another tab's sync, started at the sign-in there, saves it.
    const { changeLanguage } = startSync(ANNE, { language: 'fr', storage });
    expect(changeLanguage).toHaveBeenCalledExactlyOnceWith({ language: 'fr' });
  });

  it('a link opened long ago is no choice for whoever signs in now: the interface follows the profile', async () => {
    const storage = createSafeStorage(() => null);
    storage.setItem(LANGUAGE_CHOICE_KEY, `fr:@${Date.now() - LINK_CHOICE_MS - 1000}`);
    const { changeLanguage, i18n } = startSync(ANNE, { language: 'fr', storage });
    await settle();
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(i18n.language).toBe('en');
  });

  it('the switch used by a visitor does not lapse: it is saved at the next sign-in', () => {
    const storage = createSafeStorage(() => null);
    storage.setItem(LANGUAGE_CHOICE_KEY, 'fr');
    const { changeLanguage } = startSync(ANNE, { language: 'fr', storage });
    expect(changeLanguage).toHaveBeenCalledExactlyOnceWith({ language: 'fr' });
  });
});

describe('a visitor’s choice whose save failed at a sign-in', () => {
  it('is that member’s from then on: after their session ended unseen (it expired, the page reloaded), the next member’s profile is not sent it', async () => {
    const storage = createSafeStorage(() => null);
    storage.setItem(LANGUAGE_CHOICE_KEY, 'fr');
    // Anne signs in; the save of the visitor's French is on its way (it will fail: offline).
    const anne = startSync(ANNE, { language: 'fr', storage });
    expect(anne.changeLanguage).toHaveBeenCalledExactlyOnceWith({ language: 'fr' });
    expect(readLanguageChoice(storage)).toEqual({ language: 'fr', member: ANNE._id });

    // A page reloaded after Anne's session expired: its sync never saw her signed in.
    const bruno = startSync(null, { language: 'fr', storage });
    bruno.become(BRUNO);
    await settle();
    expect(bruno.changeLanguage).not.toHaveBeenCalled();
    expect(readLanguageChoice(storage)).toBeNull();
  });
});
