/**
 * Model-based tests of the card payment on /subscription: paths generated
 * from the REAL card payment machine (xstate/graph), each executed against
 * the REAL CheckoutScreen with a fake payment provider, a fake API and the
 * real membership machine. Every actor outcome of a path settles the promise
 * the screen's fake is waiting on; after every step the test checks what a
 * member sees (spinner, Subscribe enabled / disabled / busy, the red error
 * text, /dashboard) and what the API and the gateway received. Every
 * Subscribe is a double click plus Enter, so no path may start a second
 * confirmation or attach.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import {
  CARD_FIELDS,
  type CardPaymentEvent,
  cardPaymentMachine,
} from '../../machines/payment/card-payment.machine.ts';
import type { CardField, CardFieldChange } from '../../machines/payment/payment-gateway.ts';
import {
  done,
  expectFullCoverage,
  expectOutcomesNameInvokes,
  failed,
  generatePaths,
  type ModelPath,
  type OutcomeEvent,
  parseOutcome,
  quietActors,
} from '../support/model.ts';
import {
  ACCESS_DENIED,
  attachBodyFor,
  type CheckoutKit,
  createCheckoutKit,
  DECLINED,
  DECLINED_NO_MESSAGE,
  DECLINED_WITH_PM,
  describePaymentOutcome,
  type ExpectedPaymentCalls,
  expectPaymentCalls,
  FIELD_LABELS,
  hammerSubscribe,
  inputValueOf,
  NETWORK_ERROR,
  OK,
  RECORD,
  renderCheckout,
  responseOf,
  SUBSCRIPTION,
  subscribeButton,
  translate,
} from '../views/checkout-test-kit.tsx';

const INPUT = { membershipId: RECORD._id, externalId: RECORD.externalId };

/** The machine the paths walk: the real one, with actors that only the paths settle. */
const walkMachine = cardPaymentMachine.provide({
  actors: quietActors([
    'loadSubscription',
    'confirmCard',
    'attachPaymentMethod',
    'refetchMembership',
  ]) as never,
});

type ModelEvent = CardPaymentEvent | OutcomeEvent;

const field = (name: CardField, complete: boolean, error: string | null = null): ModelEvent => ({
  type: 'card.fieldChange',
  field: name,
  complete,
  error,
});

/** What the provider's card fields report (only while the fields take input). */
const FIELD_EVENTS: ModelEvent[] = [
  field('cardNumber', true),
  field('cardExpiry', true),
  field('cardCvc', true),
  field('cardNumber', false, 'Your card number is invalid.'),
  field('cardCvc', false),
];

const OTHER_EVENTS: ModelEvent[] = [
  { type: 'card.providerReady' },
  { type: 'card.providerFailed' },
  { type: 'card.submit' },
  done('loadSubscription', SUBSCRIPTION),
  failed('loadSubscription', NETWORK_ERROR),
  done('confirmCard', OK),
  done('confirmCard', DECLINED),
  done('confirmCard', DECLINED_WITH_PM),
  done('confirmCard', DECLINED_NO_MESSAGE),
  failed('confirmCard', new Error('Stripe.js is not loaded')),
  done('attachPaymentMethod', undefined),
  failed('attachPaymentMethod', ACCESS_DENIED),
  done('attachPaymentMethodAfterError', undefined),
  failed('attachPaymentMethodAfterError', ACCESS_DENIED),
  done('refetchMembership', RECORD),
  failed('refetchMembership', NETWORK_ERROR),
  done('refetchMembershipAfterError', RECORD),
  failed('refetchMembershipAfterError', NETWORK_ERROR),
];

type CardSnapshot = SnapshotFrom<typeof cardPaymentMachine>;
type ModelState = { value: unknown; context: unknown };

/** The card fields take input only in `ready` (hidden while loading, disabled while paying). */
function eventsIn(state: ModelState): ModelEvent[] {
  if (state.value === 'succeeded') return [];
  return state.value === 'ready' ? [...FIELD_EVENTS, ...OTHER_EVENTS] : OTHER_EVENTS;
}

/** A readable step: which field and what it reports, which actor and how it ended. */
function labelOf(event: ModelEvent): string {
  if (event.type === 'card.fieldChange') {
    const change = event as CardFieldChange & EventObject;
    const what = change.complete ? 'complete' : change.error ? 'error' : 'incomplete';
    return `${change.field} ${what}`;
  }
  return describePaymentOutcome(event) ?? event.type;
}

function titleOf(path: ModelPath<ModelEvent>): string {
  const steps = path.steps.map((step) => labelOf(step.event)).join(' → ') || '(opened)';
  const leaves = path.target.filter(
    (id) => !path.target.some((other) => other.startsWith(`${id}.`)),
  );
  return `${steps} ⇒ ${leaves.map((id) => id.replace(/^cardPayment\./, '')).join(' + ')}`;
}

/** States are told apart by what a member can see and what a Subscribe would do. */
function serializeState(state: ModelState): string {
  const context = state.context as CardSnapshot['context'];
  return JSON.stringify({
    value: state.value,
    complete: CARD_FIELDS.map((name) => context.fields[name].complete),
    fieldError: CARD_FIELDS.some((name) => context.fields[name].error !== null),
    error: context.errorMessage ? 'message' : context.errorKey,
    confirmed: context.confirmed,
    paymentMethod: context.paymentMethodId !== null,
  });
}

const paths = generatePaths<ModelEvent>(walkMachine, {
  events: eventsIn,
  input: INPUT,
  serializeState,
});

// ---------------------------------------------------------------------------
// Driving the screen
// ---------------------------------------------------------------------------

/** Which fake an actor outcome settles. */
const SETTLES: Record<string, string> = {
  loadSubscription: 'subscriptions.get',
  confirmCard: 'confirmCard',
  attachPaymentMethod: 'subscriptions.attachPaymentMethod',
  attachPaymentMethodAfterError: 'subscriptions.attachPaymentMethod',
  refetchMembership: 'loadMembership',
  refetchMembershipAfterError: 'loadMembership',
};

async function drive(kit: CheckoutKit, event: ModelEvent): Promise<void> {
  if (event.type === 'card.providerReady') return kit.provider.ready();
  if (event.type === 'card.providerFailed') return kit.provider.failLoad();
  if (event.type === 'card.submit') return hammerSubscribe();
  if (event.type === 'card.fieldChange') {
    const change = event as CardFieldChange & EventObject;
    const input = screen.getByLabelText(FIELD_LABELS[change.field]) as HTMLInputElement;
    const value = inputValueOf(change);
    if (input.value === value) return kit.provider.report(change);
    fireEvent.change(input, { target: { value } });
    return;
  }
  const outcome = parseOutcome(event);
  const name = outcome ? SETTLES[outcome.id] : undefined;
  if (!outcome || !name) throw new Error(`No driver for ${event.type}`);
  // The API answers with the response the machine's loader turns into SUBSCRIPTION.
  const settled =
    outcome.id === 'loadSubscription' && outcome.kind === 'done'
      ? { output: responseOf(SUBSCRIPTION) }
      : (event as OutcomeEvent);
  await kit.pending.settle(name, settled);
}

/** The red text under the fields: a field's provider message, the confirmation's, or our key translated. */
function expectedError(snapshot: CardSnapshot): string | null {
  const { fields, errorMessage, errorKey } = snapshot.context;
  for (const name of CARD_FIELDS) {
    const message = fields[name].error;
    if (message) return message;
  }
  if (errorMessage) return errorMessage;
  return errorKey ? translate(errorKey) : null;
}

async function expectScreen(
  kit: CheckoutKit,
  snapshot: CardSnapshot,
  expected: ExpectedPaymentCalls,
) {
  await waitFor(() => {
    if (snapshot.status === 'done') {
      expect(kit.navigate).toHaveBeenCalledWith('/dashboard');
      return;
    }
    expect(kit.navigate).not.toHaveBeenCalled();

    if (snapshot.hasTag('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading secure payment form...');
      expect(screen.queryByRole('button', { name: /^Subscrib/ })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      return;
    }
    expect(screen.queryByRole('status')).toBeNull();

    if (snapshot.matches('providerError') || snapshot.matches('loadFailed')) {
      expect(screen.getByRole('alert')).toHaveTextContent(expectedError(snapshot) ?? '');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: /^Subscrib/ })).toBeNull();
      return;
    }

    const busy = snapshot.hasTag('busy');
    const allComplete = CARD_FIELDS.every((name) => snapshot.context.fields[name].complete);
    const button = subscribeButton();
    expect(button).toHaveTextContent(busy ? /^Subscribing\.\.\.$/ : /^Subscribe$/);
    expect(button.disabled).toBe(busy || !allComplete);
    for (const name of CARD_FIELDS) {
      expect((screen.getByLabelText(FIELD_LABELS[name]) as HTMLInputElement).disabled).toBe(busy);
    }
    const error = expectedError(snapshot);
    if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
    else expect(screen.queryByRole('alert')).toBeNull();
  });
  expectPaymentCalls(kit, 'confirmCard', expected);
}

const entered = (
  before: CardSnapshot,
  after: CardSnapshot,
  state: 'confirming' | 'attaching' | 'attachingAfterError',
) => after.matches(state) && !before.matches(state);

async function runPath(path: ModelPath<ModelEvent>) {
  const kit = createCheckoutKit();
  await renderCheckout(kit);
  await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());

  const model = createActor(walkMachine, { input: INPUT });
  model.start();
  const expected: ExpectedPaymentCalls = { confirms: 0, attaches: [] };
  await expectScreen(kit, model.getSnapshot(), expected);

  for (const step of path.steps) {
    const before = model.getSnapshot();
    await drive(kit, step.event);
    model.send(step.event as CardPaymentEvent);
    const after = model.getSnapshot();
    if (entered(before, after, 'confirming')) expected.confirms += 1;
    if (entered(before, after, 'attaching') || entered(before, after, 'attachingAfterError')) {
      expected.attaches.push(attachBodyFor(after.context.paymentMethodId));
    }
    await expectScreen(kit, after, expected);
  }
  model.stop();
}

describe('card payment model (real machine → real checkout screen)', () => {
  it('has paths to run', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(titleOf(path), async () => {
      await runPath(path);
    });
  }

  it('covers every state and every transition of the machine', () => {
    expectFullCoverage(
      cardPaymentMachine,
      [{ machine: walkMachine, paths, input: INPUT }],
      `${paths.length} paths`,
    );
  });

  it('every outcome event names an invoke of the machine', () => {
    expectOutcomesNameInvokes(cardPaymentMachine, OTHER_EVENTS, [
      'loadSubscription',
      'confirmCard',
      'attachPaymentMethod',
      'attachPaymentMethodAfterError',
      'refetchMembership',
      'refetchMembershipAfterError',
    ]);
  });
});
