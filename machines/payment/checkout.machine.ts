/**
 * The checkout on /subscription (spec 2 Subscription screen, spec 4 Payment
 * flow, spec 5 Card, spec 8 Payment, spec 9): one machine for the card and
 * the wallet (Apple Pay / Google Pay).
 *
 * Three parallel regions:
 * - `flow`: the payment provider's code loads (an invoked actor) and its card
 *   fields mount, within a named time-out, while the subscription (client
 *   secret, intent id, validTo) loads; then ONE `paying` flow, confirm →
 *   attach → refresh the member → done, whichever way the member pays. Only
 *   one `paying` state exists, so nothing can be paid twice at once.
 * - `card`: the three card fields, `incomplete` or `complete`.
 * - `wallet`: the express button, `hidden` until the provider reports a wallet.
 *
 * Two known behaviours are named, switchable guarded transitions:
 * attach-on-error (`attachesDespiteError`, ATTACH_ON_ERROR) and the wallet's
 * success despite an error (`reportsSuccessDespiteError`,
 * EXPRESS_SUCCESS_DESPITE_ERROR).
 *
 * Effects are named here and provided by the app (src/app/flows.ts) and the
 * view (the provider's code and where to go next):
 * - actors: `loadProvider` (view), `loadSubscription` ({ externalId } →
 *   LoadedSubscription), `confirmPayment` (ConfirmInput → ConfirmResult,
 *   through the gateway the provider handed over when its fields were
 *   ready), `attachPaymentMethod` (AttachInput → void), `refreshMember`
 *   (() → void)
 * - actions: `goToDashboard` (view), `focusCardField` (view, { field }),
 *   `logPaymentError` ({ error })
 *
 * Two kinds of error text live in context: `errorMessage` is the provider's
 * own sentence, shown as-is (spec 8; NOT a translation key), and `errorKey` is
 * one of ours (a translation key: `errors.*`, `server.*`, or
 * `checkout:card.providerUnavailable`).
 */
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { AttachPaymentMethodPayload } from '../shared/domain.ts';
import { errorKeyOf, statusOf, UNKNOWN_ERROR_KEY } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf, outputOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';
import type { LoadedSubscription } from './intent.ts';
import type {
  CardField,
  CardFieldChange,
  ConfirmResult,
  ExpressMethod,
  PaymentGateway,
} from './payment-gateway.ts';

export const CARD_FIELDS = [
  'cardNumber',
  'cardExpiry',
  'cardCvc',
] as const satisfies readonly CardField[];

/** Shown when the payment provider (its code or its card fields) failed to load. */
export const PROVIDER_UNAVAILABLE_KEY = 'checkout:card.providerUnavailable';

/**
 * Shown when the confirmed intent was used by another payment: another tab,
 * or this page's own attach that the browser sent again after its connection
 * dropped (the page then sees only the refusal of the second one).
 */
export const ALREADY_PAID_KEY = 'checkout:payment.alreadyPaid';

/** With no card field ready after this long, the provider counts as failed (never an endless spinner). */
export const PROVIDER_READY_TIMEOUT_MS = 30_000;

/**
 * Attach-on-error (spec 4): a confirmation error that still carries a payment
 * method still attaches it. The ONE switch of the `attachesDespiteError` guard.
 */
export const ATTACH_ON_ERROR: boolean = true;

/**
 * The observed quirk of spec 4: a wallet payment reports success even when an
 * error was reported. The ONE switch of the `reportsSuccessDespiteError`
 * guard; false shows the error and lets the member try again.
 */
export const EXPRESS_SUCCESS_DESPITE_ERROR: boolean = true;

/** How the member pays: the card fields or the wallet (express) button. */
export type PaymentMethodKind = 'card' | 'wallet';

export interface CardFieldState {
  complete: boolean;
  /** The provider's message for this field, shown as-is. */
  error: string | null;
  /**
   * Enter was pressed while this field was not complete: our own message says
   * what is missing (`checkout:card.missing.*`) until the field is complete
   * (as every form's message follows what is typed, docs/product.md §5).
   */
  missing: boolean;
}

export interface CheckoutInput {
  /** The membership's `_id` (sent as `membershipId` when attaching). */
  membershipId: string;
  /** The membership's `externalId` (the subscription id at the provider). */
  externalId: string;
  /** How long the provider may take to get its card fields ready (default 30 s). */
  providerTimeoutMs?: number;
}

export interface CheckoutContext {
  membershipId: string;
  externalId: string;
  providerTimeoutMs: number;
  /** The provider's confirmations; handed over when its card fields are ready. */
  gateway: PaymentGateway | null;
  /** Null until GET club/subscriptions/{externalId} answered. */
  subscription: LoadedSubscription | null;
  fields: Record<CardField, CardFieldState>;
  /** The wallets the provider reported available. */
  methods: ExpressMethod[];
  /** How the member pays now, or paid last (null before any payment). */
  method: PaymentMethodKind | null;
  /** The payment method of the last confirmation (successful or not). */
  paymentMethodId: string | null;
  /** True once a confirmation succeeded: a retry after a failed attach only re-attaches. */
  confirmed: boolean;
  /**
   * An attach of this confirmation got no verdict (a time-out, a lost answer, a
   * 5xx): it may have gone through, so an intent replaced since is taken as
   * used by it, even when a later try was refused (the intent was used by
   * then). Only attaches that were all refused (4xx) mean that another payment
   * (another tab) used the intent.
   */
  attachLost: boolean;
  /** The provider's message, shown as-is (not a translation key). */
  errorMessage: string | null;
  /** Our own error, as a translation key. */
  errorKey: string | null;
}

export type CheckoutEvent =
  | { type: 'checkout.providerReady'; gateway: PaymentGateway }
  | { type: 'checkout.providerFailed'; error: unknown }
  | ({ type: 'card.fieldChange' } & CardFieldChange)
  | { type: 'card.submit' }
  | { type: 'express.available'; methods: ExpressMethod[] }
  | { type: 'express.unavailable' }
  | { type: 'express.confirm' }
  | { type: 'express.cancel' };

/**
 * - `loading`: the provider or the subscription is on its way (spinner);
 * - `busy`: a payment is in flight: Subscribe and the wallet button wait;
 * - `paymentInFlight`: the card or wallet is being confirmed, or attached, and
 *   no answer has come yet: leaving now may leave a confirmed card off the
 *   membership until the member presses Subscribe again, so the page asks first.
 */
export type CheckoutTag = 'loading' | 'busy' | 'paymentInFlight';

/** What the `confirmPayment` actor gets: the gateway, the way to pay, the secret. */
export interface ConfirmInput {
  gateway: PaymentGateway | null;
  method: PaymentMethodKind;
  clientSecret: string;
}

/** What the `attachPaymentMethod` actor gets: PUT club/subscriptions/{externalId}/attach-payment-method. */
export interface AttachInput {
  externalId: string;
  body: AttachPaymentMethodPayload;
}

const EMPTY_FIELD: CardFieldState = { complete: false, error: null, missing: false };

/**
 * The provider accepted a payment (card or wallet) whose method is known: a
 * Subscribe from here only attaches it (the chart's guard; the view's
 * `isAwaitingAttach` when nothing is in flight).
 */
export function hasConfirmedPayment(context: CheckoutContext): boolean {
  return context.confirmed && context.paymentMethodId !== null;
}

/** True when number, expiry and CVC are all complete (spec 4, spec 5). */
function allFieldsComplete(fields: Record<CardField, CardFieldState>): boolean {
  return CARD_FIELDS.every((field) => fields[field].complete);
}

function withChange(fields: Record<CardField, CardFieldState>, change: CardFieldChange) {
  return {
    ...fields,
    [change.field]: {
      complete: change.complete,
      error: change.error,
      missing: !change.complete && fields[change.field].missing,
    },
  };
}

/** Spec 5: changing expiry or CVC clears the shown error; changing the number keeps it. */
function clearsShownError(change: CardFieldChange): boolean {
  return change.field === 'cardExpiry' || change.field === 'cardCvc';
}

// Named parameter and input mappers (kept out of the chart config so it stays plain data).
const resultErrorOf = ({ event }: { event: { output: ConfirmResult } }) => ({
  error: event.output.error,
});
const fieldChangeOf = ({ event }: { event: CheckoutEvent }): CardFieldChange =>
  event.type === 'card.fieldChange'
    ? { field: event.field, complete: event.complete, error: event.error }
    : { field: 'cardNumber', complete: false, error: null };
/** The first field of the form that is not complete. */
const firstIncompleteOf = ({ context }: { context: CheckoutContext }) => ({
  field: CARD_FIELDS.find((field) => !context.fields[field].complete) ?? 'cardNumber',
});
const methodsOf = ({ event }: { event: CheckoutEvent }) => ({
  methods: event.type === 'express.available' ? event.methods : [],
});
const gatewayOf = ({ event }: { event: CheckoutEvent }) => ({
  gateway: event.type === 'checkout.providerReady' ? event.gateway : null,
});
const providerErrorOf = ({ event }: { event: CheckoutEvent }) => ({
  error: event.type === 'checkout.providerFailed' ? event.error : null,
});
const providerTimeoutOf = () => ({
  error: new Error('The payment provider did not get ready in time'),
});
const subscriptionInputOf = ({ context }: { context: CheckoutContext }) => ({
  externalId: context.externalId,
});
const confirmInputOf = ({ context }: { context: CheckoutContext }): ConfirmInput => ({
  gateway: context.gateway,
  method: context.method ?? 'card',
  clientSecret: context.subscription?.clientSecret ?? '',
});
const attachInputOf = ({ context }: { context: CheckoutContext }): AttachInput => ({
  externalId: context.externalId,
  body: {
    paymentMethodId: context.paymentMethodId ?? '',
    membershipId: context.membershipId,
    paymentIntentId: context.subscription?.intentId ?? '',
  },
});

/**
 * The server answered and refused (4xx): the request was not carried out.
 * Anything else (no answer, a time-out, a 5xx, an unreadable answer) leaves
 * open whether it was.
 */
function isRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}

/** An actor's error: shown as our translation key, and logged. */
const SHOW_AND_LOG_ERROR = [
  { type: 'showErrorKey', params: errorOf },
  { type: 'logPaymentError', params: errorOf },
] as const;

/** A confirmation's error: the provider's message as-is (else ours), and logged (spec 8). */
const SHOW_AND_LOG_PROVIDER_ERROR = [
  { type: 'showProviderError', params: outputOf<ConfirmResult> },
  { type: 'logPaymentError', params: resultErrorOf },
] as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    tags: {} as CheckoutTag,
  },
  actors: {
    loadProvider: fromPromise<void>(notProvided('loadProvider')),
    loadSubscription: fromPromise<LoadedSubscription, { externalId: string }>(
      notProvided('loadSubscription'),
    ),
    confirmPayment: fromPromise<ConfirmResult, ConfirmInput>(notProvided('confirmPayment')),
    attachPaymentMethod: fromPromise<void, AttachInput>(notProvided('attachPaymentMethod')),
    refreshMember: fromPromise<void>(notProvided('refreshMember')),
  },
  actions: {
    // Effects, provided by the app and the view.
    goToDashboard: () => {},
    /** Puts the focus in a card field (through the provider: its fields may be frames). */
    focusCardField: (_args, _params: { field: CardField }) => {},
    logPaymentError: (_args, _params: { error: unknown }) => {},

    // Context updates.
    assignGateway: assign((_args, params: { gateway: PaymentGateway | null }) => ({
      gateway: params.gateway,
    })),
    assignSubscription: assign((_args, params: LoadedSubscription) => ({ subscription: params })),
    trackField: assign(({ context }, params: CardFieldChange) =>
      clearsShownError(params)
        ? { fields: withChange(context.fields, params), errorMessage: null, errorKey: null }
        : { fields: withChange(context.fields, params) },
    ),
    flagIncompleteFields: assign(({ context }) => ({
      fields: Object.fromEntries(
        CARD_FIELDS.map((field) => {
          const state = context.fields[field];
          return [field, state.complete ? state : { ...state, missing: true }];
        }),
      ) as Record<CardField, CardFieldState>,
    })),
    assignMethods: assign((_args, params: { methods: ExpressMethod[] }) => ({
      methods: params.methods,
    })),
    clearMethods: assign({ methods: [] }),
    payByCard: assign({ method: 'card' as const }),
    payByWallet: assign({ method: 'wallet' as const }),
    clearError: assign({ errorMessage: null, errorKey: null }),
    assignPaymentMethod: assign((_args, params: ConfirmResult) => ({
      paymentMethodId: params.paymentMethodId,
    })),
    markConfirmed: assign({ confirmed: true, attachLost: false }),
    forgetConfirmation: assign({ confirmed: false, paymentMethodId: null, attachLost: false }),
    recordAttachFailure: assign(({ context }, params: { error: unknown }) => ({
      attachLost: context.attachLost || !isRefusal(params.error),
    })),
    showProviderError: assign((_args, params: ConfirmResult) => {
      const message = params.error?.message || null;
      return { errorMessage: message, errorKey: message ? null : UNKNOWN_ERROR_KEY };
    }),
    showErrorKey: assign((_args, params: { error: unknown }) => ({
      errorMessage: null,
      errorKey: errorKeyOf(params.error),
    })),
    showProviderUnavailable: assign({ errorMessage: null, errorKey: PROVIDER_UNAVAILABLE_KEY }),
    showAlreadyPaid: assign({ errorMessage: null, errorKey: ALREADY_PAID_KEY }),
  },
  guards: {
    isCardComplete: stateIn('#checkout.card.complete'),
    isWalletShown: stateIn('#checkout.wallet.shown'),
    areAllFieldsComplete: ({ context }) => allFieldsComplete(context.fields),
    hasAnyMethod: (_args, params: { methods: ExpressMethod[] }) => params.methods.length > 0,
    hasConfirmedPayment: ({ context }) => hasConfirmedPayment(context),
    isWalletPayment: ({ context }) => context.method === 'wallet',
    /** Confirmed, or by wallet: it comes to `refreshed` unconfirmed only through its quirk. */
    isPaymentAccepted: ({ context }) => context.confirmed || context.method === 'wallet',
    isConfirmed: (_args, params: ConfirmResult) =>
      params.error === null && params.paymentMethodId !== null,
    attachesDespiteError: (_args, params: ConfirmResult) =>
      ATTACH_ON_ERROR && params.error !== null && params.paymentMethodId !== null,
    reportsSuccessDespiteError: () => EXPRESS_SUCCESS_DESPITE_ERROR,
    /** An error with no sentence for the member: not about the card, the provider refused the payment. */
    isProviderRefusal: (_args, params: ConfirmResult) =>
      params.error !== null && !params.error.message,
    /**
     * The intent that was confirmed is no longer the subscription's: the server
     * used it, so an attach whose answer was lost (a time-out) went through.
     */
    isAttachedMeanwhile: ({ context }, params: LoadedSubscription) =>
      context.confirmed && context.attachLost && params.intentId !== context.subscription?.intentId,
    /** The confirmed intent was replaced although every attach was refused: another payment used it. */
    isConfirmationVoid: ({ context }, params: LoadedSubscription) =>
      context.confirmed && params.intentId !== context.subscription?.intentId,
  },
  delays: {
    providerReadyTimeout: ({ context }) => context.providerTimeoutMs,
  },
}).createMachine({
  id: 'checkout',
  description:
    'The checkout on /subscription: the provider loads and the subscription with it; then the member pays by card or with the wallet, through one flow: confirm, attach the payment method, refresh the member, go to /dashboard.',
  type: 'parallel',
  context: ({ input }) => ({
    membershipId: input.membershipId,
    externalId: input.externalId,
    providerTimeoutMs: input.providerTimeoutMs ?? PROVIDER_READY_TIMEOUT_MS,
    gateway: null,
    subscription: null,
    fields: { cardNumber: EMPTY_FIELD, cardExpiry: EMPTY_FIELD, cardCvc: EMPTY_FIELD },
    methods: [],
    method: null,
    paymentMethodId: null,
    confirmed: false,
    attachLost: false,
    errorMessage: null,
    errorKey: null,
  }),
  states: {
    flow: {
      description:
        'Loading, then one payment at a time: Subscribe and the wallet button both start the same `paying` flow.',
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          type: 'parallel',
          description:
            'The payment column shows a spinner: the provider loads and mounts its card fields while the subscription (client secret, intent id, validTo) loads, both at once.',
          onDone: { target: 'ready' },
          on: {
            'checkout.providerFailed': {
              target: 'providerError',
              actions: [
                'showProviderUnavailable',
                { type: 'logPaymentError', params: providerErrorOf },
              ],
              description: 'The provider reported that its script could not be loaded.',
            },
          },
          states: {
            provider: {
              description: 'The payment provider: its code, then its card fields.',
              initial: 'starting',
              states: {
                starting: {
                  description:
                    'The provider has a limited time to get its card fields ready (spec 2: never an endless spinner).',
                  initial: 'loadingCode',
                  after: {
                    providerReadyTimeout: {
                      target: '#checkout.flow.providerError',
                      actions: [
                        'showProviderUnavailable',
                        { type: 'logPaymentError', params: providerTimeoutOf },
                      ],
                      description: 'No card field ready in time: the provider counts as failed.',
                    },
                  },
                  on: {
                    'checkout.providerReady': {
                      target: 'ready',
                      actions: { type: 'assignGateway', params: gatewayOf },
                      description:
                        'The three card fields are mounted; the provider hands over its gateway (confirmations).',
                    },
                  },
                  states: {
                    loadingCode: {
                      description:
                        'Loading the provider’s code (Stripe or the offline test provider), on /subscription only.',
                      invoke: {
                        id: 'loadProvider',
                        src: 'loadProvider',
                        onDone: { target: 'mounting' },
                        onError: {
                          target: '#checkout.flow.providerError',
                          actions: [
                            'showProviderUnavailable',
                            { type: 'logPaymentError', params: errorOf },
                          ],
                          description: 'The provider’s code could not be loaded.',
                        },
                      },
                    },
                    mounting: {
                      description: 'The provider mounts its number, expiry and CVC fields.',
                    },
                  },
                },
                ready: { type: 'final', description: 'The card fields take input.' },
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
                      target: '#checkout.flow.loadFailed',
                      actions: SHOW_AND_LOG_ERROR,
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
            'The payment provider could not be loaded: `checkout:card.providerUnavailable` is shown instead of the card fields. Final for this machine: Try again in the view starts a new checkout.',
        },
        loadFailed: {
          description:
            'The subscription could not be loaded: its error key is shown and nothing can be confirmed. Final for this machine: Try again in the view starts a new checkout.',
        },
        ready: {
          description:
            'Nothing in flight: Subscribe is enabled when the card is complete, the wallet button when a wallet is shown.',
          initial: 'idle',
          on: {
            'card.submit': [
              {
                guard: 'hasConfirmedPayment',
                target: 'paying.attaching',
                actions: ['clearError', 'payByCard'],
                description:
                  'A payment was already confirmed but attaching it failed: a new Subscribe only retries the attach of that payment method (a succeeded intent cannot be confirmed twice). The card fields and the wallet wait meanwhile, so no other card seems to be the one saved.',
              },
              {
                guard: 'isCardComplete',
                target: 'paying',
                actions: ['clearError', 'payByCard'],
                description:
                  'Subscribe: number, expiry and CVC complete (handled only here, so a double click or Enter during a payment never starts a second one).',
              },
              {
                actions: [
                  'flagIncompleteFields',
                  { type: 'focusCardField', params: firstIncompleteOf },
                ],
                description:
                  'Enter on a card not complete (Subscribe itself is disabled): nothing is sent; each field not complete says what is missing, and the first takes the focus (every form, docs/product.md §5).',
              },
            ],
            'express.confirm': {
              guard: and(['isWalletShown', not('hasConfirmedPayment')]),
              target: 'paying',
              actions: ['clearError', 'payByWallet'],
              description:
                'The member authorised the payment in the wallet sheet (never while a confirmed payment awaits its attach: Subscribe finishes that one).',
            },
          },
          states: {
            idle: {
              description:
                'The card fields take input; a card error (provider message or our key) shows under them.',
            },
            walletFailed: {
              description:
                'Only with the quirk switched off: the wallet’s error shows under its button; the member may try again, cancel, or pay by card.',
              on: {
                'express.available': [
                  {
                    guard: { type: 'hasAnyMethod', params: methodsOf },
                    description: 'The wallet is still there: its error stays.',
                  },
                  {
                    target: 'idle',
                    actions: 'clearError',
                    description: 'No wallet left: its error goes with it.',
                  },
                ],
                'express.cancel': { target: 'idle', actions: 'clearError' },
                'express.unavailable': {
                  target: 'idle',
                  actions: 'clearError',
                  description: 'The wallet went away: its error with it.',
                },
              },
            },
          },
        },
        paying: {
          tags: ['busy'],
          description:
            'The one payment in flight, by card or wallet: Subscribe and the wallet button wait.',
          initial: 'confirming',
          states: {
            confirming: {
              tags: ['paymentInFlight'],
              description:
                'The provider confirms with the client secret: the card (payment or setup intent, with any 3D Secure step) or the wallet, without leaving the page. A wallet sheet closed meanwhile changes nothing: the sheet may close after the member authorised the payment (Stripe), so the confirmation’s answer decides.',
              invoke: {
                id: 'confirmPayment',
                src: 'confirmPayment',
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
                    guard: { type: 'attachesDespiteError', params: outputOf<ConfirmResult> },
                    target: 'attachingAfterError',
                    actions: [
                      { type: 'assignPaymentMethod', params: outputOf<ConfirmResult> },
                      ...SHOW_AND_LOG_PROVIDER_ERROR,
                    ],
                    description:
                      'Attach-on-error (spec 4, switch ATTACH_ON_ERROR): the error still carries a payment method, so it is attached anyway. The provider message is shown as-is and logged.',
                  },
                  {
                    guard: { type: 'isProviderRefusal', params: outputOf<ConfirmResult> },
                    target: 'reloadingSubscription',
                    actions: SHOW_AND_LOG_PROVIDER_ERROR,
                    description:
                      'Not a decline of the card: the provider refused the payment itself (an intent canceled or replaced since the page read it, say). errors.unknown, logged, and the subscription is read again, so the next Subscribe uses the intent the server has now.',
                  },
                  {
                    target: '#checkout.flow.notPaid',
                    actions: SHOW_AND_LOG_PROVIDER_ERROR,
                    description:
                      'Declined: the provider message is shown as-is and logged (spec 8); the entered values are kept. No attach.',
                  },
                ],
                onError: {
                  target: '#checkout.flow.notPaid',
                  actions: SHOW_AND_LOG_ERROR,
                  description:
                    'The provider itself failed (not a decline): errors.unknown, logged.',
                },
              },
            },
            attaching: {
              tags: ['paymentInFlight'],
              description:
                'PUT club/subscriptions/{externalId}/attach-payment-method with { paymentMethodId, membershipId, paymentIntentId }.',
              invoke: {
                id: 'attachPaymentMethod',
                src: 'attachPaymentMethod',
                input: attachInputOf,
                onDone: { target: 'refreshing' },
                onError: {
                  target: 'reloadingSubscription',
                  actions: [
                    ...SHOW_AND_LOG_ERROR,
                    { type: 'recordAttachFailure', params: errorOf },
                  ],
                  description:
                    'Attach failed: its error key is shown, and the subscription is read again (unless the server refused it, it may have attached it all the same).',
                },
              },
            },
            refreshing: {
              description:
                'The member is reloaded (user and membership), so the dashboard shows the membership active, and after attach-on-error too.',
              invoke: {
                id: 'refreshMember',
                src: 'refreshMember',
                onDone: { target: 'refreshed' },
                onError: errorTo('refreshed', 'logPaymentError', {
                  description:
                    'The payment and attach went through; a failed refresh is only logged (spec 8) and the dashboard loads the membership itself.',
                }),
              },
            },
            refreshed: {
              description: 'The member is fresh: where the payment goes from here.',
              always: [
                {
                  guard: 'isPaymentAccepted',
                  target: '#checkout.flow.succeeded',
                  description:
                    'Confirmed and attached, or the wallet reporting success despite an error (its quirk).',
                },
                {
                  target: 'reloadingSubscription',
                  description:
                    'Attach-on-error by card: the member STAYS on the page with the provider message (the payment was not confirmed: no /dashboard); the server has used the intent, so the subscription is read again for the next card.',
                },
              ],
            },
            reloadingSubscription: {
              description:
                'GET club/subscriptions/{externalId} again, after an attach that failed or that followed a decline: the server may have used the intent and issued a new one, which the next confirmation needs. The error shown stays.',
              invoke: {
                id: 'reloadSubscription',
                src: 'loadSubscription',
                input: subscriptionInputOf,
                onDone: [
                  {
                    guard: { type: 'isAttachedMeanwhile', params: outputOf<LoadedSubscription> },
                    target: 'refreshing',
                    actions: [
                      { type: 'assignSubscription', params: outputOf<LoadedSubscription> },
                      'clearError',
                    ],
                    description:
                      'The confirmed intent is no longer the subscription’s: the attach went through although its answer was lost. On to the member’s refresh and /dashboard.',
                  },
                  {
                    guard: { type: 'isConfirmationVoid', params: outputOf<LoadedSubscription> },
                    target: '#checkout.flow.notPaid',
                    actions: [
                      { type: 'assignSubscription', params: outputOf<LoadedSubscription> },
                      'forgetConfirmation',
                      'showAlreadyPaid',
                    ],
                    description:
                      'The server refused the attach and the confirmed intent is gone: another payment used it (another tab, or this attach sent again by the browser after its connection dropped). `checkout:payment.alreadyPaid` says so instead of the refusal; the next Subscribe confirms the card anew with the new intent.',
                  },
                  {
                    target: '#checkout.flow.notPaid',
                    actions: { type: 'assignSubscription', params: outputOf<LoadedSubscription> },
                    description:
                      'Back to the card with the error: the next Subscribe retries the attach (same intent) or confirms with the intent the server now has.',
                  },
                ],
                onError: errorTo('#checkout.flow.notPaid', 'logPaymentError', {
                  description:
                    'The subscription could not be read again: only logged; the error shown stays and the next Subscribe works with what is known.',
                }),
              },
            },
            attachingAfterError: {
              tags: ['paymentInFlight'],
              description:
                'Attach-on-error: the payment method of a failed confirmation is attached anyway (spec 4). The provider message stays shown.',
              invoke: {
                id: 'attachPaymentMethodAfterError',
                src: 'attachPaymentMethod',
                input: attachInputOf,
                onDone: [
                  {
                    guard: 'isWalletPayment',
                    target: '#checkout.flow.notPaid',
                    description: 'The wallet goes on to its error branch (and its quirk).',
                  },
                  { target: 'refreshing' },
                ],
                onError: errorTo('reloadingSubscription', 'logPaymentError', {
                  description:
                    'The attach failed too: only logged; the provider message (the cause) stays shown, and the subscription is read again (the attach may have gone through and the server issued a new intent, which the next card needs).',
                }),
              },
            },
          },
        },
        notPaid: {
          description:
            'The payment did not go through (decline, provider failure or attach failure): back to the card with its error, or the wallet’s error branch.',
          always: [
            {
              guard: and(['isWalletPayment', 'reportsSuccessDespiteError']),
              target: 'paying.refreshing',
              description:
                'Observed quirk (spec 4): the wallet reports success even after an error. Switched in one place: EXPRESS_SUCCESS_DESPITE_ERROR (guard reportsSuccessDespiteError).',
            },
            {
              guard: 'isWalletPayment',
              target: 'ready.walletFailed',
              description: 'Quirk off: the wallet’s error shows.',
            },
            { target: 'ready', description: 'The card’s error shows under the fields.' },
          ],
        },
        succeeded: {
          type: 'final',
          entry: 'goToDashboard',
          description: 'Paid, attached and the member reloaded: go to /dashboard.',
        },
      },
    },
    card: {
      description: 'The number, expiry and CVC fields, each reporting complete and its message.',
      initial: 'incomplete',
      on: {
        'card.fieldChange': {
          actions: { type: 'trackField', params: fieldChangeOf },
          description:
            'Every field reports complete and its provider message; a change of expiry or CVC also clears the shown error (spec 5).',
        },
      },
      states: {
        incomplete: {
          description: 'At least one field is not complete: Subscribe is disabled.',
          always: {
            guard: 'areAllFieldsComplete',
            target: 'complete',
            description: 'The last missing field is complete.',
          },
        },
        complete: {
          description: 'Number, expiry and CVC are complete.',
          always: {
            guard: not('areAllFieldsComplete'),
            target: 'incomplete',
            description: 'A field is no longer complete.',
          },
        },
      },
    },
    wallet: {
      description: 'The express checkout button (Apple Pay, Google Pay).',
      initial: 'hidden',
      states: {
        hidden: {
          description: 'No express button: the provider has not reported any available wallet.',
          on: {
            'express.available': [
              {
                guard: { type: 'hasAnyMethod', params: methodsOf },
                target: 'shown',
                actions: { type: 'assignMethods', params: methodsOf },
                description: 'The provider reports at least one wallet: show the button.',
              },
              { description: 'An empty list keeps the button hidden.' },
            ],
            'express.unavailable': {
              description: 'No wallet on this device or browser: stays hidden.',
            },
          },
        },
        shown: {
          description: 'The express button shows the available wallets.',
          on: {
            'express.available': [
              {
                guard: { type: 'hasAnyMethod', params: methodsOf },
                actions: { type: 'assignMethods', params: methodsOf },
                description: 'The set of wallets changed.',
              },
              { target: 'hidden', actions: 'clearMethods', description: 'No wallet left.' },
            ],
            'express.unavailable': { target: 'hidden', actions: 'clearMethods' },
          },
        },
      },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
