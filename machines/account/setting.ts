/**
 * A setting saved as soon as it is chosen (the account page's language and
 * notification preference): its slice of context, the pure reducers over it,
 * and its region of the preferences chart. Read as a namespace:
 * `setting.of(value)`, `setting.choose(…)`, `setting.region({ … })`.
 */
import type { Described } from '../shared/described.ts';
import { errorKeyOf } from '../shared/error-key.ts';

export interface Setting<T> {
  /** The profile's value, as last saved or loaded. */
  saved: T;
  /** The value being saved, shown as chosen meanwhile. */
  pending: T | null;
  /** A value chosen while another was being saved: saved next (the last choice wins). */
  next: T | null;
  /** The last save's error (a translation key), or null. */
  errorKey: string | null;
}

export function of<T>(saved: T): Setting<T> {
  return { saved, pending: null, next: null, errorKey: null };
}

/** What the setting shows: the last value chosen (saved next, or being saved), else the saved one. */
export function shown<T>(setting: Setting<T>): T {
  return setting.next ?? setting.pending ?? setting.saved;
}

/** A value was chosen: it is saved next; the last error goes. */
export function choose<T>(setting: Setting<T>, value: T): Setting<T> {
  return { ...setting, pending: value, errorKey: null };
}

/** A value chosen while another is being saved: it waits its turn (choosing the one being saved again cancels it). */
export function chooseNext<T>(setting: Setting<T>, value: T): Setting<T> {
  return { ...setting, next: value === setting.pending ? null : value, errorKey: null };
}

/** Whether a value chosen meanwhile differs from `saved` (the server's answer): it is saved next. */
export function hasOtherNext<T>(setting: Setting<T>, saved: T): boolean {
  return setting.next !== null && setting.next !== saved;
}

/** A value was chosen while the last one was being saved (it waits its turn). */
export function hasNext<T>(setting: Setting<T>): boolean {
  return setting.next !== null;
}

/** The value chosen meanwhile is the one being saved now. */
export function startNext<T>(setting: Setting<T>): Setting<T> {
  return { ...setting, pending: setting.next, next: null };
}

/** The save succeeded with `value` (the server's answer). */
export function savedAs<T>(setting: Setting<T>, value: T): Setting<T> {
  return { ...setting, saved: value, pending: null };
}

/** The profile changed elsewhere: the saved value follows; a save under way still shows. */
export function follow<T>(setting: Setting<T>, value: T): Setting<T> {
  return { ...setting, saved: value };
}

/** The save failed, and nothing was chosen meanwhile: the saved value stays, the error shows. */
export function failed<T>(setting: Setting<T>, error: unknown): Setting<T> {
  return { ...setting, pending: null, next: null, errorKey: errorKeyOf(error) };
}

/**
 * A setting's region of the chart: `ready` takes the choice (its `on`, on to
 * `saving`) and shows the last save's message (`idle`: none, `saved`,
 * `failed`); `saving` runs the save and comes back to `ready.saved` or
 * `ready.failed`. Every chart text is a `description:` property
 * (machines/shared/described.ts).
 */
export function region<const Ready extends Described & { on: object }, const Saving extends object>(
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
