import type { Language } from '../../machines/shared/domain.ts';
import type { KeyValueStorage } from '../lib/safe-storage.ts';

/**
 * A language picked on this device that the profile does not have yet: its
 * save is on its way, or failed (offline, a 5xx). `fr` by a visitor, for
 * whoever signs in next; `fr:<member _id>` by a signed-in member, for that
 * member only. The language sync (language-sync.ts) saves it at each
 * sign-in; any save of the profile's language since makes it stale.
 */
export const LANGUAGE_CHOICE_KEY = 'evclub.languageChoice';

export interface LanguageChoice {
  language: Language;
  /** The member who made it; null: a visitor, for whoever signs in next. */
  member: string | null;
  /**
   * A visitor's link (`?lng=fr`): when its page opened (`fr:@<ms>`). It counts
   * for a sign-in within LINK_CHOICE_MS (in any tab), not for whoever signs in
   * days later on the device: a link opened is a weaker choice than the switch.
   */
  linkOpenedAt?: number;
}

/** How long a visitor's link (`?lng=`) stays the device's choice. */
export const LINK_CHOICE_MS = 30 * 60_000;

export function readLanguageChoice(storage: KeyValueStorage): LanguageChoice | null {
  const [language, owner = null] = (storage.getItem(LANGUAGE_CHOICE_KEY) ?? '').split(':');
  if (language !== 'en' && language !== 'fr') return null;
  if (!owner?.startsWith('@')) return { language, member: owner };
  const linkOpenedAt = Number(owner.slice(1));
  return Date.now() - linkOpenedAt < LINK_CHOICE_MS
    ? { language, member: null, linkOpenedAt }
    : null;
}

/** Keeps `choice`; null forgets it (the profile has it, or its member left). */
export function writeLanguageChoice(storage: KeyValueStorage, choice: LanguageChoice | null) {
  if (!choice) storage.removeItem(LANGUAGE_CHOICE_KEY);
  else {
    const { language, member, linkOpenedAt } = choice;
    const owner = member || (linkOpenedAt ? `@${linkOpenedAt}` : '');
    storage.setItem(LANGUAGE_CHOICE_KEY, owner ? `${language}:${owner}` : language);
  }
}

/**
 * A language picked on the page is the member's from now on: the address no
 * longer asks for one (`?lng=`, which the detection reads first, spec 9), or a
 * reload, Back or a bookmark would bring that language back over the choice.
 * The entry is replaced, not added (the router follows the change).
 */
export function dropLanguageFromAddress() {
  const address = new URL(globalThis.location?.href ?? 'about:blank');
  if (!address.searchParams.has('lng')) return;
  address.searchParams.delete('lng');
  history.replaceState(history.state, '', address);
}

/** The language still waiting for `member`'s profile: theirs, or a visitor's they signed in after. */
export function languageChoiceOf(storage: KeyValueStorage, member: string): Language | null {
  const choice = readLanguageChoice(storage);
  return choice && (choice.member ?? member) === member ? choice.language : null;
}
