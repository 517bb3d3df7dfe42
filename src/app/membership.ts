/**
 * The membership actor as the app runs it, and what the guards read from it.
 * This module is loaded on demand (create-services.ts, through
 * deferMembership): painting /login never needs it.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import {
  parsePersistedMembership,
  REHYDRATE_TIMEOUT_MS,
  serializeMembership,
} from '../../machines/membership/membership.persist.ts';
import {
  isKnown,
  isMembershipSettled,
  isUnavailable,
  selectRecord,
} from '../../machines/membership/membership.selectors.ts';
import { MEMBERSHIP_STORAGE_KEY } from '../../machines/membership/membership-key.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import type { Api } from '../api/api.ts';
import type { KeyValueStorage, SafeStorage } from '../lib/safe-storage.ts';
import type { Inspect } from './inspector.ts';
import type { MembershipAccess } from './membership-access.ts';
import type { MembershipActor } from './services.tsx';

export interface MembershipDeps {
  api: Pick<Api, 'memberships'>;
  storage: SafeStorage;
  /** Start from the copy persisted by an earlier visit (a stored session is being restored). */
  restore: boolean;
  inspect?: Inspect | undefined;
}

/** The membership actor, started: it loads through GET club/memberships and persists under `root`. */
export function createMembershipActor({
  api,
  storage,
  restore,
  inspect,
}: MembershipDeps): MembershipActor {
  /** When the server last answered with the record (it is persisted then). */
  let loadedAt = Date.now();
  // A stored session: the record is asked for now, beside the profile, instead of
  // once the profile has answered (one round trip less before a member page shows).
  // The session's first load takes this answer, whatever it is (a failure then
  // shows as any failed load, with Try again, which asks again).
  let early: Promise<Membership | null> | null = restore ? api.memberships.get() : null;
  early?.catch(() => {});
  const load = () => {
    const taken = early;
    early = null;
    return taken ?? api.memberships.get();
  };
  const actor: MembershipActor = createActor(
    membershipMachine.provide({
      actors: { loadMembership: fromPromise(load) },
      actions: {
        persistMembership: ({ context }) => {
          loadedAt = Date.now();
          storage.setItem(MEMBERSHIP_STORAGE_KEY, serializeMembership(context.record));
        },
        clearPersisted: () => {
          // Signed out, or the record is stale (activation): the early answer is too.
          early = null;
          storage.removeItem(MEMBERSHIP_STORAGE_KEY);
        },
      },
    }),
    inspect ? { inspect } : {},
  );
  actor.start();
  if (restore) {
    const record = parsePersistedMembership(storage.getItem(MEMBERSHIP_STORAGE_KEY));
    if (record) actor.send({ type: 'membership.hydrate', record });
  }
  followElsewhere(actor, storage, () => loadedAt);
  return actor;
}

/** A tab shown again after this long loads the membership again (spec 1: the fee is charged on the anniversary). */
export const SHOWN_AGAIN_REFETCH_MS = 5 * 60_000;

/**
 * Open tabs follow each other's membership: a record another tab loaded (an
 * activation, a payment, a renewal) reaches this tab through its persisted
 * copy under `root`, and this tab loads it again from the server. A page
 * restored by Back does the same when the copy changed while it was kept
 * (Firefox and Safari tell a kept page nothing). A tab shown again, or
 * restored, after SHOWN_AGAIN_REFETCH_MS loads it again anyway: the yearly fee
 * may have been charged meanwhile. Signed out (idle), nothing is loaded; the
 * record on screen stays while the new one loads.
 */
function followElsewhere(
  actor: MembershipActor,
  storage: KeyValueStorage,
  loadedAt: () => number,
): void {
  const refetch = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'active' && !snapshot.matches('idle')) {
      actor.send({ type: 'membership.refetch' });
    }
  };
  const isOld = () => Date.now() - loadedAt() >= SHOWN_AGAIN_REFETCH_MS;
  /**
   * The copy names another record than this tab's. Both are read through this
   * release's format, so tabs of two releases never reload each other without
   * end; a copy it cannot read (another version), or one without a record, is
   * left alone.
   */
  const differs = (copy: string | null) => {
    const record = parsePersistedMembership(copy);
    return (
      record !== null &&
      serializeMembership(record) !== serializeMembership(actor.getSnapshot().context.record)
    );
  };
  globalThis.addEventListener?.('storage', ({ key, newValue }: StorageEvent) => {
    if (key === MEMBERSHIP_STORAGE_KEY && differs(newValue)) refetch();
  });
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && isOld()) refetch();
  });
  globalThis.addEventListener?.('pageshow', (event: PageTransitionEvent) => {
    if (event.persisted && (isOld() || differs(storage.getItem(MEMBERSHIP_STORAGE_KEY)))) {
      refetch();
    }
  });
}

/**
 * The membership a guard may decide on. A known record (from the server or a
 * persisted copy) serves once the refetch settles or REHYDRATE_TIMEOUT_MS
 * has passed. An unknown one is waited for, and while it cannot be loaded
 * the pending view says so and offers Try again: a failed load is never
 * taken for "no membership".
 */
async function settledMembership(membership: MembershipActor, signal: AbortSignal | undefined) {
  if (isKnown(membership.getSnapshot())) {
    return waitFor(membership, isMembershipSettled, {
      timeout: REHYDRATE_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    }).catch(() => membership.getSnapshot());
  }
  return waitFor(membership, (s) => isMembershipSettled(s) && !isUnavailable(s), {
    timeout: Number.POSITIVE_INFINITY,
    ...(signal ? { signal } : {}),
  });
}

/** The access to an actor that exists already (the app's, once loaded; tests' own). */
export function membershipAccessOf(actor: MembershipActor): MembershipAccess {
  return {
    load: () => Promise.resolve(actor),
    current: () => actor,
    subscribe: () => () => {},
    async flags(signal) {
      const settled = await settledMembership(actor, signal);
      return deriveMembership(selectRecord(settled), Date.now());
    },
    send: (event) => actor.send(event),
    clear: () => actor.send({ type: 'membership.clear' }),
  };
}
