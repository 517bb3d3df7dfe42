/**
 * Characters that show nothing, or a blank: the soft hyphen, the Arabic letter
 * mark, the combining grapheme joiner, the Hangul fillers, the Mongolian vowel
 * separator, the zero-width space and joiners, direction marks, embeddings,
 * overrides and isolates, the word joiner and its kin, the braille blank, the
 * variation selectors, the byte-order mark, and spaces. Pasted or typed at
 * either end of a field, they would make a blank name or address line pass
 * "required" and the 2-character minimum, and be saved as what looks like
 * nothing. Inside a text they stay: a Persian name's zero-width non-joiner is
 * part of how it is written.
 */
const BLANK =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: tested one character at a time, never against a text.
  /[\s\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0]/;
const JOINER = /[\u200c\u200d]/;
const MARK = /\p{M}/u;

/**
 * `trim()` that also takes away what shows nothing at either end
 * ('\u200b\u200b' is ''). A joiner that ends a word after a combining mark
 * stays (Malayalam's chillu letters written the older way end so). A loop,
 * not a regular expression ending in `+$`, which takes time in the square of
 * a long pasted text's length.
 */
export function trimText(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && BLANK.test(value[start] as string)) start += 1;
  while (
    end > start &&
    BLANK.test(value[end - 1] as string) &&
    !(JOINER.test(value[end - 1] as string) && MARK.test(value[end - 2] ?? ''))
  ) {
    end -= 1;
  }
  return value.slice(start, end);
}

/**
 * A text typed by a member as it is checked and sent (names, address lines,
 * the city): trimmed as trimText does, and composed (NFC), so an accent pasted
 * as a letter and a combining mark (as macOS writes it) counts as the one
 * character it shows, and "Île-Perrot" is one city however it was typed.
 */
export function cleanText(value: string): string {
  return trimText(value).normalize('NFC');
}
