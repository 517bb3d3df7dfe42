/**
 * Model-based tests of the checkout on /subscription: paths generated from
 * the REAL checkout machine (xstate/graph), walked twice: with the wallet's
 * observed quirk of spec 4 on (the app's setting: success even after an
 * error) and off (the wallet's error branch shows and may be retried). Each
 * path runs against the REAL CheckoutScreen with a fake payment provider
 * (loaded, made ready and failed by the path), a fake API and the real
 * membership machine: every actor outcome of a path settles the promise the
 * screen's fake is waiting on. After every step the test checks what a member
 * sees (spinner, Subscribe enabled / disabled / busy, the wallet button, the
 * red error texts, /dashboard) and what the API and the gateway received.
 * Every Subscribe is a double click plus Enter, so no path may start a second
 * confirmation or attach.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  CARD_FIELDS,
  type CheckoutEvent,
  checkoutMachine,
} from '../../machines/payment/checkout.machine.ts';
import {
  canSubscribe,
  cardErrorText,
  isAwaitingAttach,
  isCardFieldInvalid,
  isPaying,
  isPayingByCard,
  isWalletShown,
  type PaymentErrorText,
  walletErrorText,
} from '../../machines/payment/checkout.selectors.ts';
import type {
  CardField,
  CardFieldChange,
  ExpressMethod,
} from '../../machines/payment/payment-gateway.ts';
import { createFlows } from '../../src/app/flows.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import type { PaymentProviderModule } from '../../src/payments/payment-provider.ts';
import {
  ACCESS_DENIED,
  attachBodyFor,
  type CheckoutKit,
  createCheckoutKit,
  DECLINED,
  DECLINED_NO_MESSAGE,
  DECLINED_WITH_PM,
  describePaymentOutcome,
  FIELD_LABELS,
  hammerSubscribe,
  inputValueOf,
  NETWORK_ERROR,
  OK,
  RECORD,
  RENEWED_SUBSCRIPTION,
  renderCheckout,
  responseOf,
  SUBSCRIPTION,
  subscribeButton,
  translate,
  WALLET_BUTTON,
} from '../support/checkout.kit.tsx';
import { createTestI18n } from '../support/i18n.ts';
import {
  done,
  failed,
  type ModelPath,
  type OutcomeEvent,
  parseOutcome,
  quietActors,
} from '../support/model.ts';
import { describeModel, sayFailure, type Walk } from '../support/model-suite.ts';

const INPUT = { membershipId: RECORD._id, externalId: RECORD.externalId };

const INVOKE_IDS = [
  'loadProvider',
  'loadSubscription',
  'confirmPayment',
  'attachPaymentMethod',
  'refreshMember',
  'attachPaymentMethodAfterError',
  'reloadSubscription',
] as const;

const quiet = quietActors([
  'loadProvider',
  'loadSubscription',
  'confirmPayment',
  'attachPaymentMethod',
  'refreshMember',
]) as never;

/** The machines the paths walk: the real one, with actors only the paths settle, the quirk on and off. */
const WALKS = [true, false].map((quirk) => ({
  quirk,
  machine: checkoutMachine.provide({
    actors: quiet,
    guards: { reportsSuccessDespiteError: () => quirk },
  }),
}));

type ModelEvent = CheckoutEvent | OutcomeEvent | { type: `xstate.after.${string}` };

/** The provider's time-out, as the event the machine's delayed transition takes. */
const PROVIDER_TIMEOUT = (() => {
  const type = [
    ...checkoutMachine
      .getStateNodeById('checkout.flow.loading.provider.starting')
      .transitions.keys(),
  ].find((key) => key.startsWith('xstate.after.'));
  if (!type) throw new Error('The checkout has no provider time-out');
  return { type } as ModelEvent;
})();

/** The provider's gateway in the model (the screen gets the fake provider's own). */
const MODEL_GATEWAY = {
  confirmCard: () => Promise.reject(new Error('model only')),
  confirmExpress: () => Promise.reject(new Error('model only')),
  focusField: () => {},
};

const field = (name: CardField, complete: boolean, error: string | null = null): ModelEvent => ({
  type: 'card.fieldChange',
  field: name,
  complete,
  error,
});

const WALLETS: ExpressMethod[] = ['applePay', 'googlePay'];

/** While the provider and the subscription load. */
const LOADING_EVENTS: ModelEvent[] = [
  done('loadProvider', 'the provider module'),
  failed('loadProvider', new Error('chunk failed')),
  PROVIDER_TIMEOUT,
  done('loadSubscription', SUBSCRIPTION),
  failed('loadSubscription', NETWORK_ERROR),
];

/** Once the provider module is rendered. */
const PROVIDER_EVENTS: ModelEvent[] = [
  { type: 'checkout.providerReady', gateway: MODEL_GATEWAY },
  { type: 'checkout.providerFailed', error: new Error('Provider script blocked') },
];

/** What the wallet button reports, and the member authorising or closing its sheet. */
const WALLET_EVENTS: ModelEvent[] = [
  { type: 'express.available', methods: WALLETS },
  { type: 'express.available', methods: [] },
  { type: 'express.unavailable' },
  { type: 'express.confirm' },
  { type: 'express.cancel' },
];

const INVALID_NUMBER = field('cardNumber', false, 'Your card number is invalid.');

/**
 * What the card fields report with nothing in flight, kept to one order so
 * the paths stay few: an untouched card (the wallet's turn too), filled field
 * by field, and a complete card (Subscribe, a field still complete, a field
 * made invalid or emptied).
 */
function readyEvents(context: CheckoutSnapshot['context']): ModelEvent[] {
  const missing = CARD_FIELDS.filter((name) => !context.fields[name].complete);
  const untouched =
    missing.length === CARD_FIELDS.length &&
    CARD_FIELDS.every((name) => context.fields[name].error === null);
  if (untouched) {
    // Enter on the empty card, once: each field says what is missing.
    const entered = CARD_FIELDS.some((name) => context.fields[name].missing);
    return [
      field('cardNumber', true),
      INVALID_NUMBER,
      ...WALLET_EVENTS,
      ...(entered ? [] : [{ type: 'card.submit' } as const]),
    ];
  }
  const next = missing[0];
  if (next) return [field(next, true)];
  return [
    { type: 'card.submit' },
    field('cardExpiry', true),
    INVALID_NUMBER,
    field('cardCvc', false),
  ];
}

/** The outcomes of a payment in flight, and the wallet sheet closed. */
const PAYING_EVENTS: ModelEvent[] = [
  { type: 'express.cancel' },
  done('confirmPayment', OK),
  done('confirmPayment', DECLINED),
  done('confirmPayment', DECLINED_WITH_PM),
  done('confirmPayment', DECLINED_NO_MESSAGE),
  failed('confirmPayment', new Error('Stripe.js is not loaded')),
  done('attachPaymentMethod', undefined),
  failed('attachPaymentMethod', ACCESS_DENIED),
  failed('attachPaymentMethod', NETWORK_ERROR),
  done('attachPaymentMethodAfterError', undefined),
  failed('attachPaymentMethodAfterError', ACCESS_DENIED),
  done('refreshMember', undefined),
  failed('refreshMember', NETWORK_ERROR),
  done('reloadSubscription', SUBSCRIPTION),
  done('reloadSubscription', RENEWED_SUBSCRIPTION),
  failed('reloadSubscription', NETWORK_ERROR),
];

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
type ModelState = { value: unknown; context: unknown };

/** The flow region's state: 'ready', 'paying', … (its top-level name). */
function flowOf(state: ModelState): string {
  const flow = (state.value as { flow: string | Record<string, unknown> }).flow;
  return typeof flow === 'string' ? flow : (Object.keys(flow)[0] ?? '');
}

/** The provider module is on the page: it mounts its fields and may fail to load its script. */
function providerRendered(state: ModelState): boolean {
  const loading = (state.value as { flow: { loading?: { provider: unknown } } }).flow.loading;
  return JSON.stringify(loading?.provider) !== JSON.stringify({ starting: 'loadingCode' });
}

function eventsIn(state: ModelState): ModelEvent[] {
  switch (flowOf(state)) {
    case 'loading':
      return providerRendered(state) ? [...LOADING_EVENTS, ...PROVIDER_EVENTS] : LOADING_EVENTS;
    case 'ready':
      // The wallet's error branch: what the wallet does next (paying by card is the ready state's).
      return (state.value as { flow: { ready: string } }).flow.ready === 'walletFailed'
        ? WALLET_EVENTS
        : readyEvents(state.context as CheckoutSnapshot['context']);
    case 'paying':
      return PAYING_EVENTS;
    default:
      return [];
  }
}

/** States are told apart by what a member can see and what the next step would do. */
function serializeState(state: ModelState): string {
  const context = state.context as CheckoutSnapshot['context'];
  return JSON.stringify({
    value: state.value,
    complete: CARD_FIELDS.map((name) => context.fields[name].complete),
    fieldError: CARD_FIELDS.some((name) => context.fields[name].error !== null),
    missing: CARD_FIELDS.map((name) => context.fields[name].missing),
    error: context.errorMessage ? 'message' : context.errorKey,
    method: context.method,
    confirmed: context.confirmed,
    // Whether a replaced intent means the attach went through (an answer lost) or not (all refused).
    attachLost: context.confirmed && context.attachLost,
    paymentMethod: context.paymentMethodId !== null,
    wallets: context.methods.length > 0,
    // The intent the next confirmation or attach uses (the server may issue a new one).
    intent: context.subscription?.intentId ?? null,
  });
}

/** A readable step: which field and what it reports, which actor and how it ended. */
function labelOf(event: ModelEvent): string {
  if (event.type === 'card.fieldChange') {
    const change = event as CardFieldChange & EventObject;
    const what = change.complete ? 'complete' : change.error ? 'error' : 'incomplete';
    return `${change.field} ${what}`;
  }
  if (event.type === 'express.available') {
    const { methods } = event as { methods: ExpressMethod[] };
    return `express.available(${methods.join(', ') || 'none'})`;
  }
  if (event === PROVIDER_TIMEOUT) return 'provider time-out';
  return describePaymentOutcome(event) ?? event.type;
}

const FIELD_NAMES: Record<CardField, string> = {
  cardNumber: 'the card number',
  cardExpiry: 'the expiry date',
  cardCvc: 'the CVC',
};

const CONFIRMED: Array<[unknown, string]> = [
  [OK, 'The provider confirms the payment'],
  [DECLINED, 'The bank declines the card (“Your card was declined.”)'],
  [
    DECLINED_WITH_PM,
    'The bank declines the card but gives a payment method (“Your card has insufficient funds.”)',
  ],
  [DECLINED_NO_MESSAGE, 'The bank declines the card, with no message'],
];

/** The step as a member does it or sees it happen. */
function say(event: ModelEvent): string | undefined {
  if (event === PROVIDER_TIMEOUT) return 'The payment provider does not become ready in time';
  switch (event.type) {
    case 'card.fieldChange': {
      const change = event as CardFieldChange & EventObject;
      const what = FIELD_NAMES[change.field];
      if (change.complete) return `Fill in ${what}`;
      return change.error
        ? `Type an invalid ${what.replace('the ', '')} (“${change.error}”)`
        : `Empty ${what}`;
    }
    case 'card.submit':
      return 'Press “Subscribe” (Enter when the card is not complete)';
    case 'express.available': {
      const { methods } = event as { methods: ExpressMethod[] };
      return methods.length > 0
        ? `The browser offers a wallet (${methods.join(', ')})`
        : 'The browser offers no wallet';
    }
    case 'express.unavailable':
      return 'The wallet button cannot be shown';
    case 'express.confirm':
      return 'Pay with the wallet and authorise it in its sheet';
    case 'express.cancel':
      return 'Close the wallet sheet';
    case 'checkout.providerReady':
      return 'The payment provider shows its card fields';
    case 'checkout.providerFailed':
      return 'The payment provider’s script fails to load';
    default:
      return sayOutcome(event);
  }
}

function sayOutcome(event: ModelEvent): string | undefined {
  const outcome = parseOutcome(event);
  if (!outcome) return undefined;
  const error = (event as { error?: unknown }).error;
  const output = (event as { output?: unknown }).output;
  const said: Record<string, [string, string]> = {
    loadProvider: [
      'The payment provider’s code loads',
      'The payment provider’s code fails to load',
    ],
    loadSubscription: [
      'The server answers with the subscription to pay',
      'Loading the subscription fails',
    ],
    attachPaymentMethod: [
      'The server attaches the payment method',
      'Attaching the payment method fails',
    ],
    attachPaymentMethodAfterError: [
      'The server attaches the payment method anyway',
      'Attaching the payment method anyway fails',
    ],
    refreshMember: ['The member and the membership are reloaded', 'Reloading the membership fails'],
    reloadSubscription: ['', 'Reading the subscription again fails'],
    confirmPayment: ['', 'The provider fails to confirm (Stripe.js is not loaded)'],
  };
  if (outcome.id === 'confirmPayment' && outcome.kind === 'done') {
    return CONFIRMED.find(([result]) => result === output)?.[1];
  }
  if (outcome.id === 'reloadSubscription' && outcome.kind === 'done') {
    return output === RENEWED_SUBSCRIPTION
      ? 'The server answers with a new intent: it has used the one confirmed'
      : 'The server answers with the same subscription as before';
  }
  const [ok, failure] = said[outcome.id] ?? [undefined, undefined];
  return outcome.kind === 'done' ? ok : sayFailure(failure ?? outcome.id, error);
}

// ---------------------------------------------------------------------------
// Driving the screen
// ---------------------------------------------------------------------------

function expressProps(kit: CheckoutKit) {
  const props = kit.provider.latest.express;
  if (!props) throw new Error('The express button is not mounted');
  return props;
}

/** Which fake an actor outcome settles (the confirmation: by the way the model pays). */
function settledCall(id: string, model: CheckoutSnapshot): string | undefined {
  if (id === 'confirmPayment') {
    return model.context.method === 'wallet' ? 'confirmExpress' : 'confirmCard';
  }
  return {
    loadProvider: 'loadProvider',
    loadSubscription: 'subscriptions.get',
    reloadSubscription: 'subscriptions.get',
    attachPaymentMethod: 'subscriptions.attachPaymentMethod',
    attachPaymentMethodAfterError: 'subscriptions.attachPaymentMethod',
    refreshMember: 'loadMembership',
  }[id];
}

async function drive(kit: CheckoutKit, event: ModelEvent, model: CheckoutSnapshot): Promise<void> {
  switch (event.type) {
    case 'checkout.providerReady':
      return kit.provider.ready();
    case 'checkout.providerFailed':
      return kit.provider.failLoad();
    case 'card.submit':
      return hammerSubscribe();
    case 'card.fieldChange': {
      const change = event as CardFieldChange & EventObject;
      const input = screen.getByLabelText(FIELD_LABELS[change.field]) as HTMLInputElement;
      const value = inputValueOf(change);
      if (input.value === value) return kit.provider.report(change);
      fireEvent.change(input, { target: { value } });
      return;
    }
    case 'express.available': {
      const { methods } = event as { methods: ExpressMethod[] };
      await act(async () => expressProps(kit).onAvailable(methods));
      return;
    }
    case 'express.unavailable':
      await act(async () => expressProps(kit).onUnavailable());
      return;
    case 'express.cancel':
      await act(async () => expressProps(kit).onCancel());
      return;
    case 'express.confirm': {
      // The member can only authorise from a visible, enabled wallet button.
      const wallet = screen.getByRole('button', { name: WALLET_BUTTON });
      expect(wallet).toBeEnabled();
      fireEvent.click(wallet);
      return;
    }
  }
  // The provider's time-out: the screen's own timer fires (this path renders with a short one).
  if (event === PROVIDER_TIMEOUT) return;
  const outcome = parseOutcome(event);
  const name = outcome ? settledCall(outcome.id, model) : undefined;
  if (!outcome || !name) throw new Error(`No driver for ${event.type}`);
  // The API answers with the response the loader turns into SUBSCRIPTION; the
  // provider's code is the fake provider module.
  const settled =
    outcome.kind === 'error'
      ? (event as OutcomeEvent)
      : outcome.id === 'loadSubscription' || outcome.id === 'reloadSubscription'
        ? { output: responseOf((event as { output: typeof SUBSCRIPTION }).output) }
        : outcome.id === 'loadProvider'
          ? { output: kit.provider.module }
          : outcome.id === 'refreshMember'
            ? { output: RECORD }
            : (event as OutcomeEvent);
  await kit.pending.settle(name, settled);
}

const text = (error: PaymentErrorText | null) =>
  error ? (error.kind === 'message' ? error.message : translate(error.key)) : null;

interface ExpectedCalls {
  confirmCard: number;
  confirmExpress: number;
  /** The client secret of each confirmation, in order (card or wallet). */
  secrets: string[];
  attaches: ReturnType<typeof attachBodyFor>[];
}

async function expectScreen(kit: CheckoutKit, snapshot: CheckoutSnapshot, expected: ExpectedCalls) {
  await waitFor(() => {
    if (snapshot.matches({ flow: 'succeeded' })) {
      expect(kit.navigate).toHaveBeenCalledWith('/dashboard');
      return;
    }
    expect(kit.navigate).not.toHaveBeenCalled();
    const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);

    if (snapshot.hasTag('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading secure payment form...');
      expect(screen.queryByRole('button', { name: /^Subscrib/ })).toBeNull();
      expect(alerts).toEqual([]);
      return;
    }
    expect(screen.queryByRole('status')).toBeNull();

    if (snapshot.matches({ flow: 'providerError' }) || snapshot.matches({ flow: 'loadFailed' })) {
      expect(alerts).toEqual([text(cardErrorText(snapshot))]);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: /^Subscrib/ })).toBeNull();
      return;
    }

    // A payment accepted whose attach failed says so (Subscribe finishes it), in a live
    // region that is in the page from the start, empty otherwise.
    const awaitingAttach = isAwaitingAttach(snapshot);
    const accepted = document.querySelector('.checkout-payment__accepted');
    expect(accepted).toHaveAttribute('aria-live', 'polite');
    expect(accepted).toHaveTextContent(
      awaitingAttach
        ? 'Your card was accepted. Press Subscribe to finish saving it to your membership (nothing more is charged).'
        : /^$/,
    );
    const payingByCard = isPayingByCard(snapshot);
    const button = subscribeButton();
    expect(button).toHaveTextContent(payingByCard ? /^Subscribing\.\.\.$/ : /^Subscribe$/);
    expect(button.disabled).toBe(!canSubscribe(snapshot));
    for (const name of CARD_FIELDS) {
      const input = screen.getByLabelText(FIELD_LABELS[name]) as HTMLInputElement;
      // The fields wait while paying, and while an accepted payment awaits its attach (no other card is saved).
      expect(input.disabled).toBe(payingByCard || awaitingAttach);
      // Marked when its provider message, a missing value at Enter or a card's decline says so.
      expect(input.getAttribute('aria-invalid') === 'true').toBe(
        isCardFieldInvalid(snapshot, name),
      );
    }
    if (isWalletShown(snapshot)) {
      expect(screen.getByRole('button', { name: WALLET_BUTTON })).toHaveProperty(
        'disabled',
        isPaying(snapshot) || awaitingAttach,
      );
      expect(screen.getByText('Or pay by card')).toBeVisible();
    } else {
      expect(screen.queryByRole('button', { name: WALLET_BUTTON })).toBeNull();
      expect(screen.queryByText('Or pay by card')).toBeNull();
    }
    // The wallet's error (above the card form), then the card's.
    const shown = [text(walletErrorText(snapshot)), text(cardErrorText(snapshot))].filter(Boolean);
    expect(alerts).toEqual(shown);
  });
  expect(kit.pending.count('confirmCard')).toBe(expected.confirmCard);
  expect(kit.pending.count('confirmExpress')).toBe(expected.confirmExpress);
  // Each confirmation used the secret of the subscription as the server last gave it.
  const secrets = (name: string) => kit.pending.argsOf(name).map(([secret]) => secret);
  expect([...secrets('confirmCard'), ...secrets('confirmExpress')].sort()).toEqual(
    [...expected.secrets].sort(),
  );
  expect(kit.calls.attach).toEqual(
    expected.attaches.map((payload) => [RECORD.externalId, payload]),
  );
}

const entered = (
  before: CheckoutSnapshot,
  after: CheckoutSnapshot,
  state: 'confirming' | 'attaching' | 'attachingAfterError',
) => after.matches({ flow: { paying: state } }) && !before.matches({ flow: { paying: state } });

type CheckoutWalk = Walk<ModelEvent> & (typeof WALKS)[number];

async function runPath(
  walk: { quirk: boolean; machine: typeof checkoutMachine },
  path: ModelPath<ModelEvent>,
) {
  const kit = createCheckoutKit();
  const flows = createFlows({
    api: kit.api,
    session: kit.session,
    membership: membershipAccessOf(kit.membership),
    logger: kit.logger,
    i18n: createTestI18n('en'),
    storage: createSafeStorage(() => null),
  });
  // The app's checkout flow, with the quirk set as this walk has it.
  kit.services.flows = {
    ...flows,
    checkout: { ...flows.checkout, guards: { reportsSuccessDespiteError: () => walk.quirk } },
  };
  const timesOut = path.steps.some((step) => step.event === PROVIDER_TIMEOUT);
  await renderCheckout(kit, {
    loadProvider: () => kit.pending.create<PaymentProviderModule>('loadProvider', []),
    ...(timesOut ? { providerTimeoutMs: 300 } : {}),
  });

  const model = createActor(walk.machine, { input: INPUT });
  model.start();
  const expected: ExpectedCalls = { confirmCard: 0, confirmExpress: 0, secrets: [], attaches: [] };
  await expectScreen(kit, model.getSnapshot(), expected);

  for (const step of path.steps) {
    const before = model.getSnapshot();
    await drive(kit, step.event, before);
    model.send(step.event as CheckoutEvent);
    const after = model.getSnapshot();
    if (entered(before, after, 'confirming')) {
      if (after.context.method === 'wallet') expected.confirmExpress += 1;
      else expected.confirmCard += 1;
      expected.secrets.push(after.context.subscription?.clientSecret ?? '');
    }
    if (entered(before, after, 'attaching') || entered(before, after, 'attachingAfterError')) {
      expected.attaches.push(
        attachBodyFor(after.context.paymentMethodId, after.context.subscription?.intentId),
      );
    }
    await expectScreen(kit, after, expected);
  }
  model.stop();
}

describeModel<ModelEvent, CheckoutWalk>(
  {
    title: 'Checkout (card and wallet)',
    messages: false,
    machine: checkoutMachine,
    invokeIds: INVOKE_IDS,
    // The quirk only matters to wallet payments: its 'off' walk keeps those.
    walks: WALKS.map((walk) => ({
      ...walk,
      events: eventsIn,
      input: INPUT,
      serializeState,
      ...(walk.quirk
        ? {}
        : {
            label: 'wallet quirk off',
            keep: (path: ModelPath<ModelEvent>) =>
              path.steps.some((step) => step.event.type === 'express.confirm'),
          }),
    })),
    name: labelOf,
    say,
  },
  {
    file: import.meta.filename,
    run: (path) => runPath(path.walk, path),
    also: (paths) =>
      it('runs paths with the quirk on (the app) and off (the wallet’s error branch)', () => {
        expect(paths.filter((p) => p.walk.quirk).length).toBeGreaterThan(5);
        expect(paths.filter((p) => !p.walk.quirk).length).toBeGreaterThan(5);
      }),
  },
);
