/**
 * Model-based tests of the activation machine (docs/architecture.md,
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
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type ActivationEvent,
  type ActivationRefreshResult,
  activationMachine,
  MEMBERSHIP_EXISTS_KEY,
} from '../../machines/activation/activation.machine.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { ActivationScreen } from '../../src/screens/activation/activation-screen.tsx';
import {
  createMemberHarness,
  PENDING_CANCELLATION,
  RECORD,
  USER,
  USER_WITH_ADDRESS,
} from '../support/activation.kit.tsx';
import { expectLoggedErrors, httpError, networkError } from '../support/fake-services.ts';
import type { UserApi } from '../support/form.ts';
import { done, failed, type OutcomeEvent, parseOutcome } from '../support/model.ts';
import { describeScreenModel, englishOf, expectStepsTaken } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

type ModelEvent = ActivationEvent | OutcomeEvent;

const EVENTS: readonly ModelEvent[] = [
  { type: 'activation.activate' },
  done('activateMembership', undefined),
  failed('activateMembership', networkError()),
  failed('activateMembership', httpError(500, 'errors.unknown')),
  failed('activateMembership', httpError(409, MEMBERSHIP_EXISTS_KEY)),
  done('refreshAfterActivation', { hasBillingAddress: true, isActive: true }),
  done('refreshAfterActivation', { hasBillingAddress: false, isActive: true }),
  // The server kept a membership it will not activate again, which spec 4 counts as not active.
  done('refreshAfterActivation', { hasBillingAddress: true, isActive: false }),
  failed('refreshAfterActivation', networkError()),
];

// ---------------------------------------------------------------------------
// Executing every path against the real screen
// ---------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof activationMachine>;

function createHarness() {
  const h = createMemberHarness();
  const activate = h.pending.fn<Membership>('activate');
  const api = { memberships: { activate, get: h.get } };
  return { ...h, activate, services: h.servicesWith(api), refreshFailed: false };
}
type Harness = ReturnType<typeof createHarness>;

const EN = {
  title: 'Activate your membership',
  howItWorks: 'How it works',
  renewStep: 'Activate your membership again.',
  steps: [
    'Activate your free membership.',
    'Order your free charger from the club store.',
    'Install your charger and add it to the charger-connect app.',
  ],
  submit: 'Activate membership',
  submitting: 'Activating...',
  stillInactive:
    'You already have a membership, but it is not active, and it cannot be activated again here. Your dashboard shows its state; to renew it, contact us through the Support page.',
  toDashboard: 'Go to your dashboard',
  /** `reason`: the English text of the error key. */
  failed: (reason: string) =>
    `Your membership could not be activated. ${reason} Press “Activate membership” to try again.`,
};

/** Does in the UI what the model event stands for; checks what the API received. */
async function perform(user: UserApi, h: Harness, event: ModelEvent) {
  if (event.type === 'activation.activate') {
    return user.click(screen.getByRole('button', { name: EN.submit }));
  }
  if (event.type.endsWith('.activateMembership')) {
    expect(h.activate).toHaveBeenLastCalledWith();
    if ('error' in event) h.logged.push((event.error as { key: string }).key);
    await h.pending.settle('activate', event);
    return;
  }
  if (event.type.endsWith('.refreshAfterActivation')) {
    // The refresh reloads the user and the (invalidated) membership; the
    // reloaded user's billing address decides where to go.
    if ('error' in event) {
      h.logged.push((event.error as { key: string }).key);
      h.refreshFailed = true;
      await h.pending.settle('getProfile', { output: USER });
      await h.pending.settle('get', { error: event.error });
    } else {
      const { hasBillingAddress, isActive } = event.output as ActivationRefreshResult;
      await h.pending.settle('getProfile', {
        output: hasBillingAddress ? USER_WITH_ADDRESS : USER,
      });
      await h.pending.settle('get', { output: isActive ? RECORD : PENDING_CANCELLATION });
    }
    return;
  }
  throw new Error(`cannot perform ${event.type}`);
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  // Every failure so far was logged (spec 8), with an error naming what went wrong.
  expectLoggedErrors(h.logger, h.logged);
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
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: EN.title })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: EN.howItWorks })).toBeVisible();
  const steps = screen.getByRole('list', { name: EN.howItWorks });
  expect(steps.tagName).toBe('OL');
  // A member who has a membership already (the path's pending cancellation) is not promised a
  // free one. (The record asserted is the one before the refresh: its reload is still pending.)
  const renewing = h.membership.getSnapshot().context.record !== null;
  expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
    renewing ? [EN.renewStep, ...EN.steps.slice(1)] : EN.steps,
  );

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

  const button = screen.getByRole('button', { name: EN.submit });
  expect(button).toBeEnabled();
  expect(h.pending.open('activate')).toBe(0);
  if (expected.matches('stillInactive')) {
    // Said (not an error: nothing failed), tied to the button, with the way to the dashboard.
    expect(screen.queryByRole('alert')).toBeNull();
    const said = screen.getByRole('status');
    expect(said).toHaveTextContent(EN.stillInactive);
    expect(button).toHaveAccessibleDescription(EN.stillInactive);
    expect(screen.getByRole('link', { name: EN.toDashboard })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(h.membership.getSnapshot().context.record).toEqual(PENDING_CANCELLATION);
    return;
  }
  expect(screen.queryByRole('link', { name: EN.toDashboard })).toBeNull();
  const { errorKey } = expected.context;
  if (expected.matches('failed') && errorKey) {
    expect(screen.getByRole('alert')).toHaveTextContent(EN.failed(englishOf(errorKey)));
  } else {
    expect(expected.matches('idle')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  }
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function name(event: ModelEvent): string | undefined {
  if (event.type === 'activation.activate') return 'activate';
  if (parseOutcome(event)?.id === 'refreshAfterActivation' && 'output' in event) {
    const { hasBillingAddress, isActive } = event.output as ActivationRefreshResult;
    if (!isActive) return 'refreshAfterActivation done (still not active)';
    return `refreshAfterActivation done (${hasBillingAddress ? 'has' : 'no'} billing address)`;
  }
  return undefined;
}

function errorKeyOfEvent(event: ModelEvent): string | undefined {
  return 'error' in event ? (event.error as { key?: string }).key : undefined;
}

/** The step as a member does it or sees it (the other outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  if (event.type === 'activation.activate') return `Press “${EN.submit}”`;
  if (
    parseOutcome(event)?.id === 'activateMembership' &&
    errorKeyOfEvent(event) === MEMBERSHIP_EXISTS_KEY
  ) {
    return 'The server answers that the membership already exists (activated in another tab, or the first answer was lost)';
  }
  if (event.type !== 'xstate.done.actor.refreshAfterActivation') return undefined;
  const { hasBillingAddress, isActive } = (event as { output: ActivationRefreshResult }).output;
  if (!isActive) {
    return 'The member and the membership are reloaded: the membership is still not active (a cancellation is pending)';
  }
  return hasBillingAddress
    ? 'The member and the membership are reloaded: a billing address is on file'
    : 'The member and the membership are reloaded: no billing address yet';
}

describeScreenModel<ModelEvent, Snapshot, Harness>(import.meta.filename, {
  title: 'Activation',
  machine: activationMachine,
  calls: {
    activateMembership: {
      done: 'The server activates the membership',
      fails: 'The activation request fails',
    },
    // Its success is said by `say` (where the member goes next depends on it).
    refreshAfterActivation: { fails: 'Reloading the member fails' },
  },
  // Nothing happens once the screen navigates away (final states).
  walks: [
    {
      events: (state) =>
        state.value === 'toBilling' || state.value === 'toSubscription' ? [] : EVENTS,
    },
  ],
  name,
  say,
  harness: createHarness,
  render: (h) =>
    renderScreen(<ActivationScreen />, {
      services: h.services,
      path: '/activation',
      onNavigate: h.navigate,
    }),
  perform,
  assertView,
  also: (paths) =>
    it('the paths end in both destinations and every failure', () => {
      expectStepsTaken(paths, [
        'refreshAfterActivation done (has billing address)',
        'refreshAfterActivation done (no billing address)',
        'refreshAfterActivation done (still not active)',
        'refreshAfterActivation error (errors.network)',
        'activateMembership error (errors.network)',
        'activateMembership error (errors.unknown)',
        `activateMembership error (${MEMBERSHIP_EXISTS_KEY})`,
      ]);
    }),
});
