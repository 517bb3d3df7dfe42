/**
 * Model-based tests of the activation machine (ARCHITECTURE.md,
 * "Model-based tests").
 *
 * 1. The REAL machine is walked with xstate/graph, with the member's click and
 *    the outcomes of both invokes (the activation request; the refresh of the
 *    membership and user) as events; the paths must cover every state and
 *    every transition.
 * 2. Every path is EXECUTED against the real <ActivationScreen />: fake API
 *    calls (POST club/memberships, GET club/memberships through the REAL
 *    membership machine) whose promises the path settles at the outcome steps,
 *    and after each step an assertion of what the member sees.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  type ActivationEvent,
  activationMachine,
} from '../../machines/activation/activation.machine.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { ActivationScreen } from '../../src/screens/activation/activation-screen.tsx';
import {
  formatCoverage,
  generatePaths,
  type ModelPath,
  measureCoverage,
  quietActors,
} from '../support/model.ts';
import { renderScreen } from '../support/render.tsx';
import {
  createMembership,
  createSession,
  httpError,
  networkError,
  PendingCalls,
  RECORD,
  USER,
  USER_WITH_ADDRESS,
} from '../views/activation-test-kit.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

type Outcome =
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown };
type ModelEvent = ActivationEvent | Outcome;

const INVOKE_IDS = ['activateMembership', 'refreshAfterActivation'] as const;

const EVENTS: readonly ModelEvent[] = [
  { type: 'activation.activate' },
  { type: 'xstate.done.actor.activateMembership', output: RECORD },
  { type: 'xstate.error.actor.activateMembership', error: networkError() },
  { type: 'xstate.error.actor.activateMembership', error: httpError(500, 'errors.unknown') },
  { type: 'xstate.done.actor.refreshAfterActivation', output: { hasBillingAddress: true } },
  { type: 'xstate.done.actor.refreshAfterActivation', output: { hasBillingAddress: false } },
  { type: 'xstate.error.actor.refreshAfterActivation', error: networkError() },
];

const walkMachine = activationMachine.provide({ actors: quietActors(INVOKE_IDS) as never });
const paths = generatePaths<ModelEvent>(walkMachine, {
  // Nothing happens once the screen navigates away (final states).
  events: (state) =>
    state.value === 'toBilling' || state.value === 'toSubscription' ? [] : EVENTS,
});

describe('activation model: coverage of the real machine', () => {
  it('the paths reach 100 % of the states and 100 % of the transitions', () => {
    const coverage = measureCoverage(activationMachine, [
      { machine: walkMachine, paths: paths as ModelPath[] },
    ]);
    console.info(`${formatCoverage(coverage)}; ${paths.length} paths`);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
  });

  it('every outcome event names an invoke of the machine', () => {
    const ids: string[] = [];
    const visit = (node: (typeof activationMachine)['root']) => {
      for (const invoke of node.invoke) ids.push(invoke.id);
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(activationMachine.root);
    expect(ids.sort()).toEqual([...INVOKE_IDS].sort());
    for (const event of EVENTS) {
      const match = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
      if (match) expect(INVOKE_IDS).toContain(match[1]);
    }
  });
});

// ---------------------------------------------------------------------------
// Executing every path against the real screen
// ---------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof activationMachine>;
type UserApi = ReturnType<typeof userEvent.setup>;

function createHarness() {
  const pending = new PendingCalls();
  const activate = pending.fn<Membership>('activate');
  const get = pending.fn<Membership | null>('get');
  const membership = createMembership(() => get());
  const session = createSession(USER);
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  return {
    pending,
    activate,
    get,
    membership,
    ...session,
    logger,
    navigate: vi.fn(),
    api: { memberships: { activate, get } } as unknown as Api,
    /** The errors the screen should have logged so far. */
    logged: [] as unknown[],
    refreshFailed: false,
  };
}
type Harness = ReturnType<typeof createHarness>;

const EN = {
  title: 'Activate your membership',
  howItWorks: 'How it works',
  steps: [
    'Activate your free membership.',
    'Order your free charger from the club store.',
    'Install your charger and add it to the charger-connect app.',
  ],
  submit: 'Activate membership',
  submitting: 'Activating...',
  failed: (reason: string) =>
    `Your membership could not be activated. ${reason} Press “Activate membership” to try again.`,
  reasons: {
    'errors.network': 'We could not reach the server. Check your connection and try again.',
    'errors.unknown': 'An unknown error occurred.',
  } as Record<string, string>,
};

/** Does in the UI what the model event stands for; checks what the API received. */
async function perform(user: UserApi, h: Harness, event: ModelEvent) {
  if (event.type === 'activation.activate') {
    return user.click(screen.getByRole('button', { name: EN.submit }));
  }
  if (event.type.endsWith('.activateMembership')) {
    expect(h.activate).toHaveBeenLastCalledWith();
    if ('error' in event) {
      h.logged.push(event.error);
      await h.pending.settle('activate', { error: event.error });
    } else {
      await h.pending.settle('activate', { output: event.output });
    }
    return;
  }
  if (event.type.endsWith('.refreshAfterActivation')) {
    // The refresh reloads the membership (invalidated) and reads the user's billing address.
    if ('error' in event) {
      h.logged.push(event.error);
      h.refreshFailed = true;
      await h.pending.settle('get', { error: event.error });
    } else {
      const { hasBillingAddress } = event.output as { hasBillingAddress: boolean };
      h.setUser(hasBillingAddress ? USER_WITH_ADDRESS : USER);
      await h.pending.settle('get', { output: RECORD });
    }
    return;
  }
  throw new Error(`cannot perform ${event.type}`);
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: EN.title })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: EN.howItWorks })).toBeVisible();
  const steps = screen.getByRole('list', { name: EN.howItWorks });
  expect(steps.tagName).toBe('OL');
  expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual(EN.steps);

  // Every failure so far was logged (spec 8), with an error naming what went wrong.
  expect(h.logger.error).toHaveBeenCalledTimes(h.logged.length);
  h.logged.forEach((error, index) => {
    expect(h.logger.error.mock.calls[index]).toContainEqual(
      expect.objectContaining({ key: (error as { key: string }).key }),
    );
  });

  if (expected.matches('toBilling') || expected.matches('toSubscription')) {
    const target = expected.matches('toBilling') ? '/billing' : '/subscription';
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith(target);
    // The activated membership is loaded for the guards and the dashboard (unless that failed).
    const record = h.membership.getSnapshot().context.record;
    if (h.refreshFailed) expect(record).toBeNull();
    else expect(record).toEqual(RECORD);
    return;
  }
  expect(h.navigate).not.toHaveBeenCalled();

  if (expected.matches('activating') || expected.matches('refreshing')) {
    const busy = screen.getByRole('button', { name: EN.submitting });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    if (expected.matches('activating')) expect(h.pending.open('activate')).toBe(1);
    else {
      expect(h.pending.open('activate')).toBe(0);
      expect(h.pending.open('get')).toBe(1);
      expect(h.membership.getSnapshot().matches('loading')).toBe(true);
    }
    return;
  }

  expect(screen.getByRole('button', { name: EN.submit })).toBeEnabled();
  expect(h.pending.open('activate')).toBe(0);
  const { errorKey } = expected.context;
  if (expected.matches('failed') && errorKey) {
    expect(screen.getByRole('alert')).toHaveTextContent(
      EN.failed(EN.reasons[errorKey] ?? `(no English text for ${errorKey})`),
    );
  } else {
    expect(expected.matches('idle')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  }
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'activation.activate') return 'activate';
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!match) return event.type;
  if ('error' in event) return `${match[2]} error (${(event.error as { key: string }).key})`;
  const output = event.output as { hasBillingAddress?: boolean };
  const detail =
    output.hasBillingAddress === undefined
      ? ''
      : output.hasBillingAddress
        ? ' (has billing address)'
        : ' (no billing address)';
  return `${match[2]} done${detail}`;
}

const described = paths.map((path) => ({
  ...path,
  description: path.steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial)',
}));
const viewPaths = described
  .filter((p) => !described.some((q) => q !== p && q.description.startsWith(`${p.description} → `)))
  .filter((p, i, all) => all.findIndex((q) => q.description === p.description) === i);

describe('activation model: every path on the real screen', () => {
  afterAll(() => {
    console.info(`activation model: ${viewPaths.length} paths rendered`);
  });

  it('the rendered paths end in both destinations and every failure', () => {
    const steps = new Set(viewPaths.flatMap((p) => p.steps.map((s) => describeEvent(s.event))));
    expect(steps).toContain('refreshAfterActivation done (has billing address)');
    expect(steps).toContain('refreshAfterActivation done (no billing address)');
    expect(steps).toContain('refreshAfterActivation error (errors.network)');
    expect(steps).toContain('activateMembership error (errors.network)');
    expect(steps).toContain('activateMembership error (errors.unknown)');
  });

  it.each(viewPaths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const user = userEvent.setup({ delay: null });
    const h = createHarness();
    const model = createActor(walkMachine);
    model.start();
    await renderScreen(<ActivationScreen />, {
      services: {
        api: h.api,
        session: h.session,
        membership: h.membership,
        logger: h.logger,
        navigate: h.navigate,
      },
      path: '/activation',
    });
    assertView(model.getSnapshot(), h);

    for (const step of path.steps) {
      await perform(user, h, step.event);
      model.send(step.event as never);
      const expected = model.getSnapshot();
      await waitFor(() => assertView(expected, h));
    }
    model.stop();
  });
});
