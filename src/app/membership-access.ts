import type { MembershipEvent } from '../../machines/membership/membership.machine.ts';
import type { MembershipFlags } from '../../machines/membership/membership-flags.ts';
import { onceUntilFailure } from '../lib/once-until-failure.ts';
import type { MembershipActor } from './services.tsx';

/**
 * The membership as the rest of the app reaches it. Its statechart loads on
 * demand (./membership.ts): a visitor's /login never downloads it; signing
 * in, or a stored session at start-up, does.
 */
export interface MembershipAccess {
  /** The actor, created on the first call (its code downloaded then). */
  load(): Promise<MembershipActor>;
  /** The actor once created, else null. */
  current(): MembershipActor | null;
  /** Calls `onCreated` when the actor is created (for useSyncExternalStore). */
  subscribe(onCreated: () => void): () => void;
  /** The flags a guard decides on, once the membership has settled (see ./membership.ts). */
  flags(signal?: AbortSignal): Promise<MembershipFlags>;
  /** Sends `event` to the actor, creating it if need be; events sent before it exists arrive first, in order. */
  send(event: MembershipEvent): void;
  /** Sign-out: the record and its persisted copy are forgotten, if the membership was ever asked for. */
  clear(): void;
}

/**
 * A MembershipAccess whose code is loaded by `loadAccess` on first use. A
 * download that fails (offline) fails that call, and the next call tries
 * again; events sent meanwhile wait for the actor, in order. `forget` removes
 * the persisted copy at a sign-out that comes before the actor exists.
 */
export function deferMembership(
  loadAccess: () => Promise<MembershipAccess>,
  { forget }: { forget: () => void },
): MembershipAccess {
  let loaded: MembershipAccess | null = null;
  /** Sent before the actor existed: delivered when it is created, before anything else. */
  let waiting: MembershipEvent[] = [];
  const listeners = new Set<() => void>();
  const access = onceUntilFailure(() =>
    loadAccess().then((ready) => {
      loaded = ready;
      for (const event of waiting.splice(0)) ready.send(event);
      for (const listener of listeners) listener();
      return ready;
    }),
  );
  // One promise for every caller (React's `use` in useMembership needs the same one each render).
  const loadActor = onceUntilFailure(() => access().then((ready) => ready.load()));
  return {
    load: loadActor,
    current: () => loaded?.current() ?? null,
    subscribe(onCreated) {
      listeners.add(onCreated);
      return () => {
        listeners.delete(onCreated);
      };
    },
    flags: async (signal) => (await access()).flags(signal),
    send(event) {
      if (loaded) {
        loaded.send(event);
        return;
      }
      waiting.push(event);
      // Offline: the event waits; the guard that needs the membership downloads it again and says so.
      access().catch(() => {});
    },
    clear() {
      // What was asked for the member who leaves no longer applies.
      waiting = [];
      if (loaded) loaded.clear();
      else forget();
    },
  };
}
