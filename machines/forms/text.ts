/**
 * Characters that show nothing: the soft hyphen, the Arabic letter mark, the
 * zero-width space and joiners, direction marks, embeddings, overrides and
 * isolates, the word joiner and its kin, the byte-order mark. Pasted or typed
 * at either end of a field, they would make a blank name or address line pass
 * "required" and the 2-character minimum, and be saved as what looks like
 * nothing. Inside a text they stay: a Persian name's zero-width non-joiner is
 * part of how it is written.
 */
const INVISIBLE = '\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\ufeff';
const EDGES = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'g');

/** `trim()` that also takes away what shows nothing at either end ('\u200b\u200b' is ''). */
export function trimText(value: string): string {
  return value.replace(EDGES, '');
}
