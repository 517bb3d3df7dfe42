/**
 * Model-based tests of the express checkout (Apple Pay / Google Pay) on
 * /subscription: paths generated from the REAL express payment machine
 * (xstate/graph), walked twice: with the observed quirk of spec 4 on (the
 * app's setting: success is reported even after an error) and off (the error
 * branch shows and may be retried). Each path runs against the REAL
 * CheckoutScreen with a fake provider whose wallet button the test drives;
 * after every step the test checks what a member sees and what the gateway
 * and the API received.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  type ExpressPaymentEvent,
  expressPaymentMachine,
} from '../../machines/payment/express-payment.machine.ts';
import type { ExpressMethod } from '../../machines/payment/payment-gateway.ts';
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
  OK,
  RECORD,
  renderCheckout,
  responseOf,
  SUBSCRIPTION,
  subscribeButton,
  translate,
  WALLET_BUTTON,
} from '../views/checkout-test-kit.tsx';

/**
 * The quirk's one switch is EXPRESS_SUCCESS_DESPITE_ERROR (true in the app).
 * The screen gets the real machine with that guard read from here, so the
 * error branch can be driven too.
 */
const quirk = vi.hoisted(() => ({ on: true }));
vi.mock('../../machines/payment/express-payment.machine.ts', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../machines/payment/express-payment.machine.ts')>();
  return {
    ...original,
    expressPaymentMachine: original.expressPaymentMachine.provide({
      guards: { reportsSuccessDespiteError: () => quirk.on },
    }),
  };
});

const INPUT = {
  membershipId: RECORD._id,
  clientSecret: SUBSCRIPTION.clientSecret,
  intentId: SUBSCRIPTION.intentId,
};

const quiet = quietActors(['confirmExpress', 'attachPaymentMethod']) as never;
const WALKS = [
  {
    quirk: true,
    machine: expressPaymentMachine.provide({
      actors: quiet,
      guards: { reportsSuccessDespiteError: () => true },
    }),
  },
  {
    quirk: false,
    machine: expressPaymentMachine.provide({
      actors: quiet,
      guards: { reportsSuccessDespiteError: () => false },
    }),
  },
];

type ModelEvent = ExpressPaymentEvent | OutcomeEvent;

const WALLETS: ExpressMethod[] = ['applePay', 'googlePay'];

const EVENTS: ModelEvent[] = [
  { type: 'express.available', methods: WALLETS },
  { type: 'express.available', methods: [] },
  { type: 'express.unavailable' },
  { type: 'express.confirm' },
  { type: 'express.cancel' },
  done('confirmExpress', OK),
  done('confirmExpress', DECLINED),
  done('confirmExpress', DECLINED_WITH_PM),
  done('confirmExpress', DECLINED_NO_MESSAGE),
  failed('confirmExpress', new Error('The express checkout button is not mounted')),
  done('attachPaymentMethod', undefined),
  failed('attachPaymentMethod', ACCESS_DENIED),
];

type ExpressSnapshot = SnapshotFrom<typeof expressPaymentMachine>;
type ModelState = { value: unknown; context: unknown };

function eventsIn(state: ModelState): ModelEvent[] {
  return state.value === 'succeeded' ? [] : EVENTS;
}

function serializeState(state: ModelState): string {
  const context = state.context as ExpressSnapshot['context'];
  return JSON.stringify({
    value: state.value,
    wallets: context.methods.length > 0,
    error: context.errorMessage ? 'message' : context.errorKey,
    paymentMethod: context.paymentMethodId !== null,
  });
}

const walks = WALKS.map((walk) => ({
  ...walk,
  paths: generatePaths<ModelEvent>(walk.machine, {
    events: eventsIn,
    input: INPUT,
    serializeState,
  }),
}));

function labelOf(event: ModelEvent): string {
  if (event.type === 'express.available') {
    const { methods } = event as { methods: ExpressMethod[] };
    return `express.available(${methods.join(', ') || 'none'})`;
  }
  return describePaymentOutcome(event) ?? event.type;
}

function titleOf(path: ModelPath<ModelEvent>): string {
  const steps = path.steps.map((step) => labelOf(step.event)).join(' → ') || '(loaded)';
  return `${steps} ⇒ ${path.target.map((id) => id.replace(/^expressPayment\./, '')).join(' + ')}`;
}

// ---------------------------------------------------------------------------
// Driving the screen
// ---------------------------------------------------------------------------

function expressProps(kit: CheckoutKit) {
  const props = kit.provider.latest.express;
  if (!props) throw new Error('The express button is not mounted');
  return props;
}

async function drive(kit: CheckoutKit, event: ModelEvent): Promise<void> {
  switch (event.type) {
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
  const id = parseOutcome(event)?.id;
  const name =
    id === 'confirmExpress'
      ? 'confirmExpress'
      : id === 'attachPaymentMethod'
        ? 'subscriptions.attachPaymentMethod'
        : undefined;
  if (!name) throw new Error(`No driver for ${event.type}`);
  await kit.pending.settle(name, event as OutcomeEvent);
}

async function expectScreen(
  kit: CheckoutKit,
  snapshot: ExpressSnapshot,
  expected: ExpectedPaymentCalls,
) {
  if (snapshot.status === 'done') {
    // Success refetches the membership, then goes to /dashboard.
    expect(kit.navigate).not.toHaveBeenCalled();
    await kit.pending.settle('loadMembership', { output: RECORD });
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/dashboard'));
  } else {
    await waitFor(() => {
      expect(kit.navigate).not.toHaveBeenCalled();
      const busy = snapshot.hasTag('busy');
      if (snapshot.matches('hidden')) {
        expect(screen.queryByRole('button', { name: WALLET_BUTTON })).toBeNull();
        expect(screen.queryByText('Or pay by card')).toBeNull();
      } else {
        expect(screen.getByRole('button', { name: WALLET_BUTTON })).toHaveProperty(
          'disabled',
          busy,
        );
        expect(screen.getByText('Or pay by card')).toBeVisible();
      }
      // A wallet payment in flight holds the card payment back.
      expect(subscribeButton()).toHaveTextContent(/^Subscribe$/);
      expect(subscribeButton().disabled).toBe(busy);

      const { errorMessage, errorKey } = snapshot.context;
      const error = snapshot.matches('failed')
        ? (errorMessage ?? (errorKey ? translate(errorKey) : null))
        : null;
      if (error) expect(screen.getByRole('alert')).toHaveTextContent(error);
      else expect(screen.queryByRole('alert')).toBeNull();
    });
  }
  expectPaymentCalls(kit, 'confirmExpress', expected);
  expect(kit.pending.count('confirmCard')).toBe(0);
}

async function runPath(walk: (typeof walks)[number], path: ModelPath<ModelEvent>) {
  quirk.on = walk.quirk;
  const kit = createCheckoutKit();
  await renderCheckout(kit);
  await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
  await kit.provider.ready();
  // The express machine starts once the subscription is loaded.
  expect(kit.provider.latest.express).toBeNull();
  await kit.pending.settle('subscriptions.get', { output: responseOf(SUBSCRIPTION) });
  expect(kit.provider.latest.express).not.toBeNull();
  for (const label of Object.values(FIELD_LABELS)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value: 'complete' } });
  }

  const model = createActor(walk.machine, { input: INPUT });
  model.start();
  const expected: ExpectedPaymentCalls = { confirms: 0, attaches: [] };
  await expectScreen(kit, model.getSnapshot(), expected);

  for (const step of path.steps) {
    const before = model.getSnapshot();
    await drive(kit, step.event);
    model.send(step.event as ExpressPaymentEvent);
    const after = model.getSnapshot();
    if (after.matches('confirming') && !before.matches('confirming')) expected.confirms += 1;
    if (after.matches('attaching') && !before.matches('attaching')) {
      expected.attaches.push(attachBodyFor(after.context.paymentMethodId));
    }
    await expectScreen(kit, after, expected);
  }
  model.stop();
}

describe('express payment model (real machine → real checkout screen)', () => {
  for (const walk of walks) {
    describe(
      walk.quirk
        ? 'quirk on: success even after an error (the app)'
        : 'quirk off: the error branch',
      () => {
        it('has paths to run', () => {
          expect(walk.paths.length).toBeGreaterThan(5);
        });
        for (const path of walk.paths) {
          it(titleOf(path), async () => {
            await runPath(walk, path);
          });
        }
      },
    );
  }

  it('covers every state and every transition of the machine', () => {
    expectFullCoverage(
      expressPaymentMachine,
      walks.map((walk) => ({ machine: walk.machine, paths: walk.paths, input: INPUT })),
      walks
        .map((w) => `${w.paths.length} paths with the quirk ${w.quirk ? 'on' : 'off'}`)
        .join(', '),
    );
  });

  it('every outcome event names an invoke of the machine', () => {
    expectOutcomesNameInvokes(expressPaymentMachine, EVENTS, [
      'confirmExpress',
      'attachPaymentMethod',
    ]);
  });
});
