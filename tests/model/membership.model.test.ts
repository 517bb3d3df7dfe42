/**
 * Model-based suite of the membership machine (it has no screen of its own:
 * its paths drive a real actor, and we assert what the app reads from it —
 * the record, the derived flags, what is persisted under `root`).
 */

import { expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import {
  membershipMachine,
  REFETCH_DELAY_MS,
} from '../../machines/membership/membership.machine.ts';
import { isLoading, selectRecord } from '../../machines/membership/membership.selectors.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { PendingCalls } from '../support/deferred.ts';
import { type ModelPath, quietActors } from '../support/model.ts';
import { describeModel, sayFailure } from '../support/model-suite.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ACTIVE: Membership = {
  _id: '65a1b2c3d4e5f60718293a4b',
  id: 'evc-7k2m9q',
  externalId: 'sub_123',
  validTo: '2027-11-22T12:00:00Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};
const HYDRATED: Membership = { ...ACTIVE, validTo: '2026-01-01T00:00:00Z' };

const EVENTS = [
  { type: 'membership.refetch' },
  { type: 'membership.refetchLater' },
  { type: 'membership.invalidate' },
  { type: 'membership.clear' },
  { type: 'membership.hydrate', record: HYDRATED },
  { type: 'xstate.done.actor.loadMembership', output: ACTIVE },
  { type: 'xstate.done.actor.loadMembership', output: null },
  { type: 'xstate.error.actor.loadMembership', error: { key: 'errors.network' } },
] as const;
type ModelEvent = (typeof EVENTS)[number];

const walked = membershipMachine.provide({ actors: quietActors(['loadMembership']) as never });

const SAY: Record<string, string> = {
  'membership.refetch': 'A screen asks for the membership',
  'membership.refetchLater': 'The app asks for the membership again in a moment (after a payment)',
  'membership.invalidate': 'The membership is invalidated (it changed on the server)',
  'membership.clear': 'The member signs out',
  'membership.hydrate': 'The app starts with a membership saved by an earlier visit',
};

function say(event: ModelEvent): string {
  if (event.type === 'xstate.done.actor.loadMembership') {
    return event.output
      ? 'The server answers with an active membership'
      : 'The server answers that there is no membership';
  }
  if (event.type === 'xstate.error.actor.loadMembership') {
    return sayFailure('Loading the membership fails', event.error);
  }
  return SAY[event.type] ?? event.type;
}

/** A step's name in the test titles (the others: see MachineModel.name). */
function name(event: ModelEvent): string | undefined {
  if (event.type === 'xstate.done.actor.loadMembership') {
    return `loadMembership done (${event.output ? 'active' : 'none'})`;
  }
  return undefined;
}

/** Runs one path on a real actor whose loads the path settles, checking what the app would see. */
async function run(path: ModelPath<ModelEvent>) {
  const loads = new PendingCalls();
  const persisted: Array<Membership | null> = [];
  let cleared = 0;
  const actor = createActor(
    membershipMachine.provide({
      actors: {
        loadMembership: fromPromise(() => loads.create<Membership | null>('load', [])),
      },
      actions: {
        persistMembership: ({ context }) => {
          persisted.push(context.record);
        },
        clearPersisted: () => {
          cleared += 1;
        },
      },
    }),
  ).start();

  let expected: Membership | null = null;
  for (const step of path.steps) {
    const event = step.event;
    if (event.type === 'xstate.done.actor.loadMembership') {
      await loads.settle('load', event);
      expected = event.output;
    } else if (event.type === 'xstate.error.actor.loadMembership') {
      await loads.settle('load', event);
    } else {
      actor.send(event);
      if (event.type === 'membership.hydrate') expected = event.record;
      if (event.type === 'membership.invalidate' || event.type === 'membership.clear')
        expected = null;
    }
    await vi.waitFor(() =>
      expect(
        step.stateIds.every((id) =>
          actor.getSnapshot().matches(id.replace(/^membership\./, '') as never),
        ),
      ).toBe(true),
    );
    const snapshot = actor.getSnapshot();
    // What the guards and the dashboard read.
    expect(selectRecord(snapshot)).toEqual(expected);
    expect(deriveMembership(selectRecord(snapshot), NOW).isActive).toBe(expected === ACTIVE);
    expect(isLoading(snapshot)).toBe(step.stateIds.includes('membership.loading'));
    if (event.type === 'xstate.done.actor.loadMembership')
      expect(persisted.at(-1)).toEqual(event.output);
    if (event.type === 'membership.invalidate' || event.type === 'membership.clear') {
      expect(cleared).toBeGreaterThan(0);
    }
  }
  actor.stop();
}

describeModel<ModelEvent>(
  {
    title: 'Membership',
    messages: false,
    machine: membershipMachine,
    invokeIds: ['loadMembership'],
    walks: [
      {
        machine: walked,
        events: EVENTS as unknown as ModelEvent[],
        serializeState: (s) =>
          JSON.stringify([
            s.value,
            (s.context as { record: Membership | null }).record?.validTo ?? null,
          ]),
      },
    ],
    // No screen: every path runs, each checking the states on its way.
    prune: false,
    ending: 'What the app then knows',
    name,
    say,
  },
  {
    file: import.meta.filename,
    run,
    also: () =>
      it('refetchLater loads exactly 500 ms later (spec 9), and asking again pushes it back', () => {
        const clock = new SimulatedClock();
        const loads: number[] = [];
        const actor = createActor(
          membershipMachine.provide({
            actors: {
              loadMembership: fromPromise<Membership | null>(() => {
                loads.push(clock.now());
                return new Promise<Membership | null>(() => {});
              }),
            },
          }),
          { clock },
        ).start();
        actor.send({ type: 'membership.refetchLater' });
        clock.increment(REFETCH_DELAY_MS - 1);
        expect(loads).toEqual([]);
        actor.send({ type: 'membership.refetchLater' });
        clock.increment(REFETCH_DELAY_MS - 1);
        expect(loads).toEqual([]);
        clock.increment(1);
        expect(loads).toHaveLength(1);
        expect(actor.getSnapshot().matches('loading')).toBe(true);
        actor.stop();
      }),
  },
);
