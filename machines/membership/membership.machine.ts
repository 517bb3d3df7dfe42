import { assign, cancel, fromPromise, raise, setup } from 'xstate';
import type { Membership } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The membership is refetched this long after the subscription page opens (spec 9). */
export const REFETCH_DELAY_MS = 500;
/** The id of the delayed `membership.refetch` scheduled by `membership.refetchLater`. */
export const DELAYED_REFETCH_ID = 'membership.delayedRefetch';

export interface MembershipContext {
  /** The server record; null when there is none (404) or it is not known yet. */
  record: Membership | null;
  /** The last load failure as a translation key; null after a successful load. */
  errorKey: string | null;
  /**
   * The server has said what the membership is (a record, or none) since the
   * last clear, here or in a persisted copy. A failed load without that is
   * not "no membership": it is unknown.
   */
  known: boolean;
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

const recordOf = ({ event }: { event: { output: Membership | null } }) => ({
  record: event.output,
});

export const membershipMachine = setup({
  types: {
    context: {} as MembershipContext,
    events: {} as MembershipEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** GET club/memberships; resolves null when there is no record (404). */
    loadMembership: fromPromise<Membership | null>(notProvided('loadMembership')),
  },
  actions: {
    assignRecord: assign((_args, params: { record: Membership | null }) => ({
      record: params.record,
      errorKey: null,
      known: true,
    })),
    assignHydratedRecord: assign({
      record: ({ event }) => (event.type === 'membership.hydrate' ? event.record : null),
      known: true,
    }),
    assignError: assign((_args, params: { error: unknown }) => ({
      errorKey: errorKeyOf(params.error),
    })),
    dropRecord: assign({ record: null, errorKey: null, known: false }),
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
  guards: {
    isKnown: ({ context }) => context.known,
  },
  delays: {
    REFETCH_DELAY: REFETCH_DELAY_MS,
  },
}).createMachine({
  id: 'membership',
  description:
    'The signed-in user’s club membership record, loaded from the server and persisted (key `root`); the flags are derived from it by deriveMembership.',
  context: { record: null, errorKey: null, known: false },
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
          actions: [{ type: 'assignRecord', params: recordOf }, 'persistMembership'],
          description: 'The record (or null: no membership) becomes current and is persisted.',
        },
        onError: [
          {
            guard: 'isKnown',
            ...errorTo('stale', 'assignError', {
              description: 'The last known record (or a persisted copy) keeps serving.',
            }),
          },
          errorTo('unavailable', 'assignError', {
            description: 'Nothing is known: this is not "no membership".',
          }),
        ],
      },
    },
    loaded: {
      description: 'The record is known: a membership, or null when the user has none.',
    },
    stale: {
      description: 'Loading failed, but the last known record still serves; a refetch tries again.',
    },
    unavailable: {
      description:
        "Loading failed and nothing is known: the member sees 'We could not load your membership' with Try again, never the activation screen.",
    },
  },
});

export type MembershipMachine = typeof membershipMachine;
