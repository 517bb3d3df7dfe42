import {
  assign,
  cancel,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromPromise,
  raise,
  setup,
} from 'xstate';
import type { Membership } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';

export { MEMBERSHIP_STORAGE_KEY, REHYDRATE_TIMEOUT_MS } from './membership.persist.ts';

/** The membership is refetched this long after the subscription page opens (spec 9). */
export const REFETCH_DELAY_MS = 500;
/** The id of the delayed `membership.refetch` scheduled by `membership.refetchLater`. */
export const DELAYED_REFETCH_ID = 'membership.delayedRefetch';

export interface MembershipContext {
  /** The server record; null when there is none (404) or it is not known yet. */
  record: Membership | null;
  /** The last load failure as a translation key; null after a successful load. */
  errorKey: string | null;
}

export type MembershipEvent =
  /** Load now (from any state; a load in flight is restarted so the answer is fresh). */
  | { type: 'membership.refetch' }
  /** Load after REFETCH_DELAY (the subscription page opening, spec 9). */
  | { type: 'membership.refetchLater' }
  /** The record is stale (activation): drop it, forget the persisted copy and reload. */
  | { type: 'membership.invalidate' }
  /** Sign-out: drop the record and the persisted copy, back to idle. */
  | { type: 'membership.clear' }
  /** The record read from persisted storage at start-up (only while idle). */
  | { type: 'membership.hydrate'; record: Membership };

function outputOf<T>(event: unknown): T {
  return (event as DoneActorEvent<T>).output;
}

function errorOf(event: unknown): unknown {
  return (event as ErrorActorEvent).error;
}

export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** GET club/memberships; resolves null when there is no record (404). */
    loadMembership: fromPromise<Membership | null>(async () => {
      throw new Error('loadMembership not provided');
    }),
  },
  actions: {
    assignRecord: assign({
      record: ({ event }) => outputOf<Membership | null>(event),
      errorKey: null,
    }),
    assignHydratedRecord: assign({
      record: ({ event }) => (event.type === 'membership.hydrate' ? event.record : null),
    }),
    assignError: assign({ errorKey: ({ event }) => errorKeyOf(errorOf(event)) }),
    dropRecord: assign({ record: null, errorKey: null }),
    /** Placeholder: the app saves `context.record` under MEMBERSHIP_STORAGE_KEY (serializeMembership). */
    persistMembership: () => {},
    /** Placeholder: the app removes MEMBERSHIP_STORAGE_KEY. */
    clearPersisted: () => {},
    scheduleRefetch: raise(
      { type: 'membership.refetch' },
      { delay: 'REFETCH_DELAY', id: DELAYED_REFETCH_ID },
    ),
    cancelScheduledRefetch: cancel(DELAYED_REFETCH_ID),
  },
  delays: {
    REFETCH_DELAY: REFETCH_DELAY_MS,
  },
}).createMachine({
  id: 'membership',
  description:
    'The signed-in user’s club membership record, loaded from the server and persisted (key `root`); the flags are derived from it by deriveMembership.',
  context: { record: null, errorKey: null },
  initial: 'idle',
  on: {
    'membership.refetch': {
      target: '.loading',
      reenter: true,
      actions: 'cancelScheduledRefetch',
      description: 'Load the record now; a load in flight is restarted.',
    },
    'membership.refetchLater': {
      actions: ['cancelScheduledRefetch', 'scheduleRefetch'],
      description: 'Load the record after REFETCH_DELAY (500 ms); a pending one is pushed back.',
    },
    'membership.invalidate': {
      target: '.loading',
      reenter: true,
      actions: ['cancelScheduledRefetch', 'dropRecord', 'clearPersisted'],
      description: 'The record is stale (after activation): drop it and load it again.',
    },
    'membership.clear': {
      target: '.idle',
      reenter: true,
      actions: ['cancelScheduledRefetch', 'dropRecord', 'clearPersisted'],
      description: 'Sign-out: forget the record and its persisted copy.',
    },
  },
  states: {
    idle: {
      description: 'Nothing loaded yet (signed out, or not asked for yet).',
      on: {
        'membership.hydrate': {
          target: 'loaded',
          actions: 'assignHydratedRecord',
          description: 'Start from the record persisted by an earlier visit.',
        },
      },
    },
    loading: {
      description:
        'Fetching the record (GET club/memberships); the previous record stays readable.',
      tags: ['loading'],
      invoke: {
        id: 'loadMembership',
        src: 'loadMembership',
        onDone: {
          target: 'loaded',
          actions: ['assignRecord', 'persistMembership'],
          description: 'The record (or null: no membership) becomes current and is persisted.',
        },
        onError: {
          target: 'failed',
          actions: 'assignError',
          description: 'The previous record is kept.',
        },
      },
    },
    loaded: {
      description: 'The record is known: a membership, or null when the user has none.',
    },
    failed: {
      description: 'Loading failed; the previous record is kept and a refetch retries.',
    },
  },
});

export type MembershipMachine = typeof membershipMachine;
