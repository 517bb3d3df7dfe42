import type { i18n as I18n } from 'i18next';
import { isSignedIn, selectUser } from '../../machines/session/session.selectors.ts';
import { type Language, toLanguage } from '../../machines/shared/domain.ts';
import type { Api } from '../api/api.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { addressOpened } from '../lib/address-opened.ts';
import type { KeyValueStorage } from '../lib/safe-storage.ts';
import {
  dropLanguageFromAddress,
  LANGUAGE_CHOICE_KEY,
  readLanguageChoice,
  writeLanguageChoice,
} from './language-choice.ts';
import { followRestoredPage } from './restored-page.ts';
import type { Logger, SessionActor } from './services.tsx';

/**
 * The tabs of this browser tell each other that one saved the profile (name,
 * phone, language, notifications): a BroadcastChannel, so nothing is stored.
 */
export const PROFILE_CHANNEL = 'evclub.profile';

interface LanguageSyncOptions {
  i18n: I18n;
  session: SessionActor;
  api: Api;
  logger: Logger;
  storage: KeyValueStorage;
  /** The address this page was opened with (tests give their own). */
  openedAt?: string;
}

/** The language (spec 9's `?lng=`) an address asks for, if any. */
function languageAskedBy(address: string | undefined): Language | null {
  if (!address) return null;
  try {
    // However the link spells it (`fr`, `FR`, `fr-CA`, `fr_CA`); never another language.
    const asked = new URL(address).searchParams.get('lng')?.trim() ?? '';
    return /^(en|fr)(?![a-z])/i.test(asked) ? toLanguage(asked) : null;
  } catch {
    return null;
  }
}

/**
 * After sign-in the interface follows the profile's language, unless
 * the member chose another one on this device since (then that choice is
 * saved to the profile): with the language switch, or by opening the app at
 * an address asking for one (`?lng=fr`); choosing a language while signed in saves it.
 *
 * A choice the profile could not take yet (offline) belongs to the member who
 * made it: it is dropped at sign-out, never saved to the next member's profile.
 * Other tabs read the profile again once another tab saved the language
 * there (the interface itself follows the other tab in i18n.ts), and once
 * another tab saved anything in it (`announceSaved`, for the same member), so
 * their account page and header show what the server holds. This code loads
 * with the first sign-in, or when a visitor picks a language.
 */
export function createLanguageSync({
  i18n,
  session,
  api,
  logger,
  storage,
  openedAt = addressOpened(),
}: LanguageSyncOptions) {
  const pending = () => readLanguageChoice(storage);
  const setPending = (
    language: Language | null,
    member: string | null = null,
    linkOpenedAt?: number,
  ) =>
    writeLanguageChoice(
      storage,
      language && { language, member, ...(linkOpenedAt ? { linkOpenedAt } : {}) },
    );

  // One save at a time, the latest choice last: two requests in flight could
  // reach the server in the wrong order and leave the profile on the older one.
  let saving = false;
  let next: Language | null = null;
  const save = (language: Language) => {
    if (saving) {
      next = language;
      return;
    }
    saving = true;
    api.auth
      .changeLanguage({ language })
      .then((user) => {
        // A later choice is on its way; or this answer is the profile of a member
        // who has left since (another one signed in): not this session's.
        if (next || user._id !== selectUser(session.getSnapshot())._id) return;
        setPending(null);
        session.send({ type: 'session.userUpdated', user });
      })
      .catch((error: unknown) => logger.warn('Could not save the language to the profile', error))
      .finally(() => {
        saving = false;
        const queued = next;
        next = null;
        if (queued) save(queued);
      });
  };

  /**
   * A language chosen on this device: the signed-in member's choice, or a
   * visitor's for whoever signs in next (a link's, `byLink`, for a sign-in
   * soon: language-choice.ts). True when a member made it (it is theirs to save).
   */
  const remember = (language: Language, byLink = false): boolean => {
    const signedIn = isSignedIn(session.getSnapshot());
    const user = selectUser(session.getSnapshot());
    const member = signedIn ? user._id || null : null;
    setPending(language, member, byLink && !member ? Date.now() : undefined);
    return Boolean(member);
  };

  /** The member picked a language (i18next has switched already). */
  const choose = (language: Language) => {
    dropLanguageFromAddress();
    if (remember(language)) save(language);
  };

  /** Another tab of the same member saved the profile: read it again. */
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(PROFILE_CHANNEL) : null;
  const followSavesElsewhere = (event: MessageEvent<unknown>) => {
    const member = (event.data as { member?: unknown } | null)?.member;
    const snapshot = session.getSnapshot();
    if (isSignedIn(snapshot) && member && member === selectUser(snapshot)._id) {
      session.send({ type: 'session.reloadUser' });
    }
  };
  /** This tab saved the profile of `member`: the other tabs read it again. */
  const announceSaved = (member: string) => {
    if (member) channel?.postMessage({ member });
  };
  /** Another tab saved the language to the profile (its pending choice is gone): read it again. */
  const followOtherTabs = (event: StorageEvent) => {
    if (event.key === LANGUAGE_CHOICE_KEY && event.newValue === null) {
      if (isSignedIn(session.getSnapshot())) session.send({ type: 'session.reloadUser' });
    }
  };

  /** Follows each sign-in: the first loaded user decides, unless the device chose since. */
  const start = () => {
    globalThis.addEventListener?.('storage', followOtherTabs);
    channel?.addEventListener('message', followSavesElsewhere);
    // Loaded with the sign-in, as this module is: a page restored by Back follows the other tabs too.
    if (globalThis.window) followRestoredPage({ session, api, storage, logger });
    let syncedFor = '';
    const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
      const user = selectUser(snapshot);
      const member = isSignedIn(snapshot) ? user._id : '';
      if (syncedFor === member) return;
      // Signed out, or another member: a choice still waiting to be saved was the last one's.
      next = null;
      if (!member) {
        if (syncedFor) setPending(null);
        syncedFor = '';
        return;
      }
      syncedFor = member;
      let chosen = pending();
      // Another member's choice (their session ended before the profile took it): not this one's.
      if (chosen?.member && chosen.member !== user._id) {
        setPending(null);
        chosen = null;
      }
      const current = currentLanguage(i18n);
      if (chosen) {
        if (chosen.language !== user.language) {
          // A visitor's choice is this member's now: should its save fail, it waits for
          // them, not for whoever signs in next (their session may end unseen, as it expires).
          if (!chosen.member) setPending(chosen.language, member);
          save(chosen.language);
        } else setPending(null);
      } else if (user.language !== current) {
        void i18n.changeLanguage(user.language);
      }
    };
    // A page opened with `?lng=fr` (a link in a French email, say) was asked for
    // in that language, and the interface took it (spec 9 puts the address
    // first): that is a choice made on this device, as the language switch's
    // is, which the profile then takes rather than overrules; newer than a
    // choice still waiting from before. Unless the interface has left that
    // language since (the switch, whose use loaded this code).
    const asked = languageAskedBy(openedAt);
    if (asked === currentLanguage(i18n)) remember(asked, true);
    // This code may load after the sign-in it follows.
    follow(session.getSnapshot());
    return session.subscribe(follow);
  };

  return { choose, start, announceSaved };
}
