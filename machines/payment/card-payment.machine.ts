/**
 * Card payment on /subscription (spec 2 Subscription screen, spec 4 Payment
 * flow, spec 5 Card, spec 8 Payment).
 *
 * The subscription (client secret, intent id, validTo for the renewal date in
 * the terms note) is loaded AT START, in parallel with the provider mounting
 * its card fields, so the terms note can show the renewal date at once and
 * Subscribe confirms without another round trip.
 *
 * Effects are placeholders; the app provides them with `.provide()`:
 * - actors: `loadSubscription` ({ externalId } → LoadedSubscription),
 *   `confirmCard` ({ clientSecret } → ConfirmResult, from the gateway),
 *   `attachPaymentMethod` (AttachPaymentMethodPayload → void),
 *   `refetchMembership` (() → void)
 * - actions: `goToDashboard`, `logPaymentError` ({ error })
 *
 * Two kinds of error text live in context: `errorMessage` is the provider's
 * own sentence, shown as-is (spec 8; NOT a translation key), and `errorKey` is
 * one of ours (a translation key: `errors.*`, `server.*`, or
 * `checkout:card.providerUnavailable`).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { AttachPaymentMethodPayload } from '../shared/domain.ts';
import { errorKeyOf, UNKNOWN_ERROR_KEY } from '../shared/error-key.ts';
import type { LoadedSubscription } from './intent.ts';
import type { CardField, CardFieldChange, ConfirmResult } from './payment-gateway.ts';

export const CARD_FIELDS = [
  'cardNumber',
  'cardExpiry',
  'cardCvc',
] as const satisfies readonly CardField[];

/** Shown when the payment provider (its script or its card fields) failed to load. */
export const PROVIDER_UNAVAILABLE_KEY = 'checkout:card.providerUnavailable';

export interface CardFieldState {
  complete: boolean;
  /** The provider's message for this field, shown as-is. */
  error: string | null;
}

export interface CardPaymentInput {
  /** The membership's `_id` (sent as `membershipId` when attaching). */
  membershipId: string;
  /** The membership's `externalId` (the subscription id at the provider). */
  externalId: string;
}

export interface CardPaymentContext extends CardPaymentInput {
  /** Null until GET club/subscriptions/{externalId} answered. */
  subscription: LoadedSubscription | null;
  fields: Record<CardField, CardFieldState>;
  /** The payment method of the last confirmation (successful or not). */
  paymentMethodId: string | null;
  /** True once a confirmation succeeded: a retry after a failed attach only re-attaches. */
  confirmed: boolean;
  /** The provider's message, shown as-is (not a translation key). */
  errorMessage: string | null;
  /** Our own error, as a translation key. */
  errorKey: string | null;
}

export type CardPaymentEvent =
  | { type: 'card.providerReady' }
  | { type: 'card.providerFailed' }
  | ({ type: 'card.fieldChange' } & CardFieldChange)
  | { type: 'card.submit' };

export type CardPaymentTag = 'loading' | 'busy';

function notProvided(name: string) {
  return () => Promise.reject(new Error(`${name} not provided`));
}

const EMPTY_FIELD: CardFieldState = { complete: false, error: null };

/** True when number, expiry and CVC are all complete (spec 4, spec 5). */
export function allFieldsComplete(fields: Record<CardField, CardFieldState>): boolean {
  return CARD_FIELDS.every((field) => fields[field].complete);
}

// Named parameter and input mappers (kept out of the chart config so it stays plain data).
type Output<T> = { event: { output: T } };
const outputOf = <T>({ event }: Output<T>): T => event.output;
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const resultErrorOf = ({ event }: Output<ConfirmResult>) => ({ error: event.output.error });
const fieldChangeOf = ({ event }: { event: CardPaymentEvent }): CardFieldChange =>
  event.type === 'card.fieldChange'
    ? { field: event.field, complete: event.complete, error: event.error }
    : { field: 'cardNumber', complete: false, error: null };
const subscriptionInputOf = ({ context }: { context: CardPaymentContext }) => ({
  externalId: context.externalId,
});
const confirmInputOf = ({ context }: { context: CardPaymentContext }) => ({
  clientSecret: context.subscription?.clientSecret ?? '',
});
const attachInputOf = ({
  context,
}: {
  context: CardPaymentContext;
}): AttachPaymentMethodPayload => ({
  paymentMethodId: context.paymentMethodId ?? '',
  membershipId: context.membershipId,
  paymentIntentId: context.subscription?.intentId ?? '',
});

export const cardPaymentMachine = setup({
  types: {
    context: {} as CardPaymentContext,
    events: {} as CardPaymentEvent,
    input: {} as CardPaymentInput,
    tags: {} as CardPaymentTag,
  },
  actors: {
    loadSubscription: fromPromise<LoadedSubscription, { externalId: string }>(
      notProvided('loadSubscription'),
    ),
    confirmCard: fromPromise<ConfirmResult, { clientSecret: string }>(notProvided('confirmCard')),
    attachPaymentMethod: fromPromise<void, AttachPaymentMethodPayload>(
      notProvided('attachPaymentMethod'),
    ),
    refetchMembership: fromPromise<void>(notProvided('refetchMembership')),
  },
  actions: {
    // Effects, provided by the app.
    goToDashboard: () => {},
    logPaymentError: (_args, _params: { error: unknown }) => {},

    // Context updates.
    assignSubscription: assign((_args, params: LoadedSubscription) => ({ subscription: params })),
    trackField: assign(({ context }, params: CardFieldChange) => ({
      fields: {
        ...context.fields,
        [params.field]: { complete: params.complete, error: params.error },
      },
    })),
    clearError: assign({ errorMessage: null, errorKey: null }),
    assignPaymentMethod: assign((_args, params: ConfirmResult) => ({
      paymentMethodId: params.paymentMethodId,
    })),
    markConfirmed: assign({ confirmed: true }),
    showProviderError: assign((_args, params: ConfirmResult) => {
      const message = params.error?.message || null;
      return { errorMessage: message, errorKey: message ? null : UNKNOWN_ERROR_KEY };
    }),
    showErrorKey: assign((_args, params: { error: unknown }) => ({
      errorMessage: null,
      errorKey: errorKeyOf(params.error),
    })),
    showProviderUnavailable: assign({ errorMessage: null, errorKey: PROVIDER_UNAVAILABLE_KEY }),
  },
  guards: {
    canSubmit: ({ context }) => context.subscription !== null && allFieldsComplete(context.fields),
    hasConfirmedPayment: ({ context }) => context.confirmed && context.paymentMethodId !== null,
    isExpiryOrCvcChange: (_args, params: CardFieldChange) =>
      params.field === 'cardExpiry' || params.field === 'cardCvc',
    isConfirmed: (_args, params: ConfirmResult) =>
      params.error === null && params.paymentMethodId !== null,
    hasPaymentMethodDespiteError: (_args, params: ConfirmResult) =>
      params.error !== null && params.paymentMethodId !== null,
  },
}).createMachine({
  id: 'cardPayment',
  description:
    'Card payment on /subscription: wait for the provider and the subscription, collect number, expiry and CVC, confirm with the client secret, attach the payment method, refetch the membership, go to /dashboard.',
  initial: 'loadingProvider',
  context: ({ input }) => ({
    membershipId: input.membershipId,
    externalId: input.externalId,
    subscription: null,
    fields: { cardNumber: EMPTY_FIELD, cardExpiry: EMPTY_FIELD, cardCvc: EMPTY_FIELD },
    paymentMethodId: null,
    confirmed: false,
    errorMessage: null,
    errorKey: null,
  }),
  on: {
    'card.fieldChange': [
      {
        guard: { type: 'isExpiryOrCvcChange', params: fieldChangeOf },
        actions: [{ type: 'trackField', params: fieldChangeOf }, 'clearError'],
        description: 'Spec 5: changing expiry or CVC clears the shown error.',
      },
      {
        actions: { type: 'trackField', params: fieldChangeOf },
        description:
          'Every field reports complete and its own provider message; tracked in any state.',
      },
    ],
  },
  states: {
    loadingProvider: {
      tags: ['loading'],
      description:
        'The payment column shows a spinner: the provider mounts its card fields while the subscription (client secret, intent id, validTo) loads, both at once.',
      type: 'parallel',
      onDone: { target: 'ready' },
      on: {
        'card.providerFailed': {
          target: 'providerError',
          actions: 'showProviderUnavailable',
          description: 'The provider script or its card fields failed to load.',
        },
      },
      states: {
        provider: {
          description: 'The view mounts the gateway card fields.',
          initial: 'mounting',
          states: {
            mounting: {
              description: 'Waiting for the view to report the three card fields mounted.',
              on: { 'card.providerReady': { target: 'mounted' } },
            },
            mounted: { type: 'final', description: 'The card fields are ready for input.' },
          },
        },
        subscription: {
          description: 'GET club/subscriptions/{externalId} supplies the secret and validTo.',
          initial: 'fetching',
          states: {
            fetching: {
              description: 'Loading the subscription.',
              invoke: {
                id: 'loadSubscription',
                src: 'loadSubscription',
                input: subscriptionInputOf,
                onDone: {
                  target: 'fetched',
                  actions: { type: 'assignSubscription', params: outputOf<LoadedSubscription> },
                },
                onError: {
                  target: '#cardPayment.loadFailed',
                  actions: [
                    { type: 'showErrorKey', params: errorOf },
                    { type: 'logPaymentError', params: errorOf },
                  ],
                },
              },
            },
            fetched: { type: 'final', description: 'The client secret and validTo are known.' },
          },
        },
      },
    },
    providerError: {
      description:
        'The payment provider could not be loaded: the errorKey `checkout:card.providerUnavailable` is shown instead of the card fields (reload the page to try again).',
    },
    loadFailed: {
      description:
        'The subscription could not be loaded: its error key is shown and nothing can be confirmed (reload the page to try again).',
    },
    ready: {
      description:
        'The card fields take input. Subscribe is enabled only when all three are complete; the error text (provider message or our key) shows under the fields.',
      on: {
        'card.submit': [
          {
            guard: and(['canSubmit', 'hasConfirmedPayment']),
            target: 'attaching',
            actions: 'clearError',
            description:
              'The card was already confirmed but attaching it failed: a new Subscribe only retries the attach (a succeeded intent cannot be confirmed twice).',
          },
          {
            guard: 'canSubmit',
            target: 'confirming',
            actions: 'clearError',
            description:
              'Subscribe: number, expiry and CVC complete and nothing in flight (this event is handled only here, so a double click or Enter during a payment never starts a second confirm).',
          },
        ],
      },
    },
    confirming: {
      tags: ['busy'],
      description:
        'The provider confirms the card with the client secret (payment intent as a payment, setup intent as a setup, with any 3D Secure step). Subscribe shows its loading state.',
      invoke: {
        id: 'confirmCard',
        src: 'confirmCard',
        input: confirmInputOf,
        onDone: [
          {
            guard: { type: 'isConfirmed', params: outputOf<ConfirmResult> },
            target: 'attaching',
            actions: [
              { type: 'assignPaymentMethod', params: outputOf<ConfirmResult> },
              'markConfirmed',
            ],
            description: 'Confirmed: attach the payment method to the subscription.',
          },
          {
            guard: { type: 'hasPaymentMethodDespiteError', params: outputOf<ConfirmResult> },
            target: 'attachingAfterError',
            actions: [
              { type: 'assignPaymentMethod', params: outputOf<ConfirmResult> },
              { type: 'showProviderError', params: outputOf<ConfirmResult> },
              { type: 'logPaymentError', params: resultErrorOf },
            ],
            description:
              'Attach-on-error (spec 4): the confirmation returned an error that still carries a payment method, so the attach step still runs. The provider message is shown as-is and logged.',
          },
          {
            target: 'ready',
            actions: [
              { type: 'showProviderError', params: outputOf<ConfirmResult> },
              { type: 'logPaymentError', params: resultErrorOf },
            ],
            description:
              'Declined: the provider message is shown as-is under the card fields and logged (spec 8); the entered values are kept. No attach.',
          },
        ],
        onError: {
          target: 'ready',
          actions: [
            { type: 'showErrorKey', params: errorOf },
            { type: 'logPaymentError', params: errorOf },
          ],
          description: 'The provider itself failed (not a decline): errors.unknown, logged.',
        },
      },
    },
    attaching: {
      tags: ['busy'],
      description:
        'PUT club/subscriptions/{externalId}/attach-payment-method with { paymentMethodId, membershipId, paymentIntentId }.',
      invoke: {
        id: 'attachPaymentMethod',
        src: 'attachPaymentMethod',
        input: attachInputOf,
        onDone: { target: 'refetching' },
        onError: {
          target: 'ready',
          actions: [
            { type: 'showErrorKey', params: errorOf },
            { type: 'logPaymentError', params: errorOf },
          ],
          description:
            'Attach failed: its error key is shown; the next Subscribe retries only the attach.',
        },
      },
    },
    refetching: {
      tags: ['busy'],
      description: 'The membership is refetched so the dashboard shows it active.',
      invoke: {
        id: 'refetchMembership',
        src: 'refetchMembership',
        onDone: { target: 'succeeded' },
        onError: {
          target: 'succeeded',
          actions: { type: 'logPaymentError', params: errorOf },
          description:
            'The payment and attach went through; a failed refresh is only logged (as after billing, spec 8) and the dashboard loads the membership itself.',
        },
      },
    },
    attachingAfterError: {
      tags: ['busy'],
      description:
        'Attach-on-error: the payment method of a failed confirmation is attached anyway (spec 4). The provider message stays shown.',
      invoke: {
        id: 'attachPaymentMethodAfterError',
        src: 'attachPaymentMethod',
        input: attachInputOf,
        onDone: { target: 'refetchingAfterError' },
        onError: {
          target: 'ready',
          actions: { type: 'logPaymentError', params: errorOf },
          description:
            'The attach failed too: only logged; the provider message (the cause) stays shown.',
        },
      },
    },
    refetchingAfterError: {
      tags: ['busy'],
      description:
        'Attach-on-error: the membership is refetched, then the member STAYS on the page with the provider message shown: the payment was not confirmed, so there is no redirect to /dashboard.',
      invoke: {
        id: 'refetchMembershipAfterError',
        src: 'refetchMembership',
        onDone: { target: 'ready' },
        onError: {
          target: 'ready',
          actions: { type: 'logPaymentError', params: errorOf },
        },
      },
    },
    succeeded: {
      type: 'final',
      entry: 'goToDashboard',
      description: 'Paid and attached: go to /dashboard.',
    },
  },
});
