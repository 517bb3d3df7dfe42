import { assign, fromPromise, setup } from 'xstate';
import { busyInvoking } from '../shared/busy-state.ts';
import { errorKeyIs, errorKeyOf } from '../shared/error-key.ts';
import { errorTo, logErrorThen } from '../shared/error-transitions.ts';
import { errorOf, outputOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What the app reports after refreshing the membership and the user. */
export interface ActivationRefreshResult {
  /** The reloaded user has a billing address (a non-empty billingAddress). */
  hasBillingAddress: boolean;
  /** The reloaded membership is active (spec 4): the guards let the member on to /subscription. */
  isActive: boolean;
}

export interface ActivationContext {
  /** The last activation failure as a translation key (the failure itself is logged). */
  errorKey: string | null;
}

export type ActivationEvent = { type: 'activation.activate' };

/** The server's answer when the member already has a membership (POST club/memberships, 409). */
export const MEMBERSHIP_EXISTS_KEY = 'server.membershipExists';

export const activationMachine = setup({
  types: {
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST club/memberships; its answer is not read (the membership is read again). */
    activateMembership: fromPromise<void>(notProvided('activateMembership')),
    /** The app invalidates and refetches the membership, reloads the user, and reports. */
    refreshAfterActivation: fromPromise<ActivationRefreshResult>(
      notProvided('refreshAfterActivation'),
    ),
  },
  actions: {
    assignError: assign((_args, params: { error: unknown }) => ({
      errorKey: errorKeyOf(params.error),
    })),
    clearError: assign({ errorKey: null }),
    /** Placeholder: the app logs the error. */
    logError: (_args, _params: { error: unknown }) => {},
    /** Placeholder: the app navigates to /billing. */
    goToBilling: () => {},
    /** Placeholder: the app navigates to /subscription. */
    goToSubscription: () => {},
  },
  guards: {
    hasBillingAddress: (_args, params: ActivationRefreshResult) => params.hasBillingAddress,
    isStillInactive: (_args, params: ActivationRefreshResult) => !params.isActive,
    hasMembershipAlready: errorKeyIs(MEMBERSHIP_EXISTS_KEY),
  },
}).createMachine({
  id: 'activation',
  description:
    'The “Activate membership” button: activate, refresh the membership and user, then go to /billing (no billing address yet) or /subscription.',
  context: { errorKey: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The activation screen waits for the button.',
      on: {
        'activation.activate': { target: 'activating' },
      },
    },
    activating: {
      description: 'Creating the membership (POST club/memberships); the button shows loading.',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'activateMembership',
        src: 'activateMembership',
        onDone: { target: 'refreshing' },
        onError: [
          {
            guard: { type: 'hasMembershipAlready', params: errorOf },
            target: 'refreshing',
            actions: { type: 'logError', params: errorOf },
            description:
              'The member already has a membership (activated in another tab, or the first answer was lost): logged, and the flow goes on as activated.',
          },
          logErrorThen(
            'failed',
            { type: 'assignError', params: errorOf },
            { description: 'Spec 8: the failure is logged and the loading state clears.' },
          ),
        ],
      },
    },
    refreshing: busyInvoking('refreshAfterActivation', {
      description: 'Activated: refetching the membership and reloading the user before moving on.',
      onDone: [
        {
          guard: { type: 'isStillInactive', params: outputOf<ActivationRefreshResult> },
          target: 'stillInactive',
          description:
            'The server keeps a membership that is not active by spec 4 (a cancellation is pending, say) and refuses another: going on, the guards would send the member straight back here.',
        },
        {
          guard: { type: 'hasBillingAddress', params: outputOf<ActivationRefreshResult> },
          target: 'toSubscription',
          description: 'The user already has a billing address.',
        },
        { target: 'toBilling', description: 'The user has no billing address yet.' },
      ],
      onError: errorTo('toBilling', 'logError', {
        description:
          'The membership exists but the refresh failed: logged, and the user enters the billing address (which then goes to /subscription).',
      }),
    }),
    failed: {
      description: 'Activation failed (logged); the button can be pressed again.',
      on: {
        'activation.activate': { target: 'activating', description: 'Retry.' },
      },
    },
    stillInactive: {
      description:
        'The member has a membership that is not active and cannot be activated again: the screen says so and points to the dashboard; the button can be pressed again.',
      on: {
        'activation.activate': {
          target: 'activating',
          description: 'Pressed again: the server is asked once more.',
        },
      },
    },
    toBilling: {
      type: 'final',
      description: 'Navigating to /billing.',
      entry: 'goToBilling',
    },
    toSubscription: {
      type: 'final',
      description: 'Navigating to /subscription.',
      entry: 'goToSubscription',
    },
  },
});

export type ActivationMachine = typeof activationMachine;
