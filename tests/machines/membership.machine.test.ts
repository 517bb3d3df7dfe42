import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import {
  membershipMachine,
  REFETCH_DELAY_MS,
} from '../../machines/membership/membership.machine.ts';
import { REHYDRATE_TIMEOUT_MS } from '../../machines/membership/membership.persist.ts';
import {
  isKnown,
  isLoading,
  isMembershipSettled,
  isUnavailable,
  selectMembershipErrorKey,
  selectRecord,
} from '../../machines/membership/membership.selectors.ts';
import { MEMBERSHIP_STORAGE_KEY } from '../../machines/membership/membership-key.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { type Deferred, deferred, flushPromises } from '../support/deferred.ts';
import { MEMBERSHIP } from '../support/fixtures.ts';

const ACTIVE: Membership = MEMBERSHIP;
const RENEWED: Membership = { ...ACTIVE, validTo: '2100-01-01T00:00:00.000Z' };

/** A loadMembership fake whose every call waits until the test settles it. */
function controlledLoader() {
  const calls: Deferred<Membership | null>[] = [];
  const logic = fromPromise<Membership | null>(() => {
    const call = deferred<Membership | null>();
    calls.push(call);
    return call.promise;
  });
  return { logic, calls };
}

/** The error a load fails with when the member's connection is down. */
const OFFLINE = Object.assign(new Error('offline'), { key: 'errors.network' });

/**
 * The member asks for the membership again, and the load this starts (the
 * latest) answers `answer`; an Error makes it fail.
 */
function refetchAnswered(
  actor: ReturnType<typeof start>['actor'],
  loader: ReturnType<typeof controlledLoader>,
  answer: Membership | null | Error,
) {
  actor.send({ type: 'membership.refetch' });
  const call = loader.calls.at(-1);
  if (answer instanceof Error) call?.reject(answer);
  else call?.resolve(answer);
}

function start(
  loadMembership = fromPromise<Membership | null>(async () => ACTIVE),
  clock?: SimulatedClock,
) {
  const persistMembership = vi.fn();
  const clearPersisted = vi.fn();
  const machine = membershipMachine.provide({
    actors: { loadMembership },
    actions: {
      persistMembership: ({ context }) => persistMembership(context.record),
      clearPersisted: () => clearPersisted(),
    },
  });
  const actor = createActor(machine, clock ? { clock } : {});
  actor.start();
  return { actor, persistMembership, clearPersisted };
}

describe('membership machine', () => {
  it('exports the spec constants', () => {
    expect(REFETCH_DELAY_MS).toBe(500);
    expect(MEMBERSHIP_STORAGE_KEY).toBe('root');
    expect(REHYDRATE_TIMEOUT_MS).toBe(5000);
  });

  it('starts idle with no record and no flags', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectRecord(snapshot)).toBeNull();
    expect(isMembershipSettled(snapshot)).toBe(false);
    expect(deriveMembership(selectRecord(snapshot), Date.now()).isMembershipExist).toBe(false);
  });

  it('loads the record on refetch, persists it and derives the flags', async () => {
    const { actor, persistMembership } = start();
    actor.send({ type: 'membership.refetch' });
    expect(isLoading(actor.getSnapshot())).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(snapshot)).toEqual(ACTIVE);
    expect(isLoading(snapshot)).toBe(false);
    expect(isMembershipSettled(snapshot)).toBe(true);
    expect(deriveMembership(selectRecord(snapshot), Date.parse('2030-01-01'))).toEqual({
      isMembershipExist: true,
      isActive: true,
      isCancelled: false,
      hasOrdered: false,
    });
    expect(persistMembership).toHaveBeenCalledExactlyOnceWith(ACTIVE);
  });

  it('loads null when the user has no membership (404)', async () => {
    const { actor, persistMembership } = start(fromPromise<Membership | null>(async () => null));
    actor.send({ type: 'membership.refetch' });
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(snapshot)).toBeNull();
    expect(deriveMembership(selectRecord(snapshot), Date.now()).isMembershipExist).toBe(false);
    expect(persistMembership).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('keeps the previous record when a reload fails, and a refetch retries', async () => {
    const loader = controlledLoader();
    const { actor } = start(loader.logic);
    refetchAnswered(actor, loader, ACTIVE);
    await waitFor(actor, (s) => s.matches('loaded'));

    actor.send({ type: 'membership.refetch' });
    expect(selectRecord(actor.getSnapshot())).toEqual(ACTIVE); // readable while loading
    expect(selectMembershipErrorKey(actor.getSnapshot())).toBeNull(); // no load has failed yet
    loader.calls[1]?.reject(OFFLINE);
    const failed = await waitFor(actor, (s) => s.matches('stale'));
    expect(isUnavailable(failed)).toBe(false);
    expect(selectRecord(failed)).toEqual(ACTIVE);
    expect(selectMembershipErrorKey(failed)).toBe('errors.network');

    // The error key stays until a load succeeds: /dashboard's notice of a stale copy reads it.
    actor.send({ type: 'membership.refetch' });
    expect(selectMembershipErrorKey(actor.getSnapshot())).toBe('errors.network');
    loader.calls[2]?.resolve(RENEWED);
    const reloaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(reloaded)).toEqual(RENEWED);
    expect(selectMembershipErrorKey(reloaded)).toBeNull();
  });

  it('restarts a load in flight on refetch so the newest answer wins', async () => {
    const loader = controlledLoader();
    const { actor } = start(loader.logic);
    actor.send({ type: 'membership.refetch' });
    actor.send({ type: 'membership.refetch' });
    expect(loader.calls).toHaveLength(2);
    loader.calls[0]?.resolve(ACTIVE); // the stale answer is ignored
    await flushPromises();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    loader.calls[1]?.resolve(RENEWED);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(snapshot)).toEqual(RENEWED);
  });

  it('refetches 500 ms after refetchLater (spec 9), not before', async () => {
    const clock = new SimulatedClock();
    const loader = controlledLoader();
    const { actor } = start(loader.logic, clock);
    actor.send({ type: 'membership.hydrate', record: ACTIVE });
    actor.send({ type: 'membership.refetchLater' });

    clock.increment(499);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(loader.calls).toHaveLength(0);

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loader.calls).toHaveLength(1);
    loader.calls[0]?.resolve(RENEWED);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(snapshot)).toEqual(RENEWED);
  });

  it('pushes a pending delayed refetch back when asked again, loading once', () => {
    const clock = new SimulatedClock();
    const loader = controlledLoader();
    const { actor } = start(loader.logic, clock);
    actor.send({ type: 'membership.refetchLater' });
    clock.increment(300);
    actor.send({ type: 'membership.refetchLater' });
    clock.increment(499);
    expect(loader.calls).toHaveLength(0);
    clock.increment(1);
    expect(loader.calls).toHaveLength(1);
    clock.increment(1000);
    expect(loader.calls).toHaveLength(1);
  });

  it('forgets a pending delayed refetch on sign-out', () => {
    const clock = new SimulatedClock();
    const loader = controlledLoader();
    const { actor } = start(loader.logic, clock);
    actor.send({ type: 'membership.refetchLater' });
    actor.send({ type: 'membership.clear' });
    clock.increment(REFETCH_DELAY_MS * 4);
    expect(loader.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('drops the record and its persisted copy on invalidate, then loads the new one', async () => {
    const loader = controlledLoader();
    const { actor, clearPersisted, persistMembership } = start(loader.logic);
    actor.send({ type: 'membership.hydrate', record: ACTIVE });
    actor.send({ type: 'membership.invalidate' });
    const during = actor.getSnapshot();
    expect(during.value).toBe('loading');
    expect(selectRecord(during)).toBeNull();
    expect(clearPersisted).toHaveBeenCalledTimes(1);
    loader.calls[0]?.resolve(RENEWED);
    const snapshot = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRecord(snapshot)).toEqual(RENEWED);
    expect(persistMembership).toHaveBeenLastCalledWith(RENEWED);
  });

  it('clears the record on sign-out and ignores the answer of a load in flight', async () => {
    const loader = controlledLoader();
    const { actor, clearPersisted, persistMembership } = start(loader.logic);
    actor.send({ type: 'membership.hydrate', record: ACTIVE });
    actor.send({ type: 'membership.refetch' });
    actor.send({ type: 'membership.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectRecord(actor.getSnapshot())).toBeNull();
    expect(clearPersisted).toHaveBeenCalledTimes(1);
    loader.calls[0]?.resolve(RENEWED);
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectRecord(actor.getSnapshot())).toBeNull();
    expect(persistMembership).not.toHaveBeenCalled();
  });

  it('hydrates from storage only while idle', async () => {
    const { actor, persistMembership } = start(fromPromise<Membership | null>(async () => null));
    actor.send({ type: 'membership.hydrate', record: ACTIVE });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(selectRecord(actor.getSnapshot())).toEqual(ACTIVE);
    expect(persistMembership).not.toHaveBeenCalled();

    actor.send({ type: 'membership.refetch' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'membership.hydrate', record: RENEWED });
    expect(selectRecord(actor.getSnapshot())).toBeNull();
  });

  it('fails with a key when the loader is not provided', async () => {
    const actor = createActor(membershipMachine).start();
    actor.send({ type: 'membership.refetch' });
    const snapshot = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(selectMembershipErrorKey(snapshot)).toBe('errors.unknown');
  });

  it('a first load that fails is unavailable, not "no membership"; a refetch that succeeds makes it known', async () => {
    const loader = controlledLoader();
    const { actor } = start(loader.logic);
    refetchAnswered(actor, loader, OFFLINE);
    const failed = await waitFor(actor, isMembershipSettled);
    expect(isUnavailable(failed)).toBe(true);
    expect(isKnown(failed)).toBe(false);
    expect(selectMembershipErrorKey(failed)).toBe('errors.network');

    refetchAnswered(actor, loader, null);
    const none = await waitFor(actor, (s) => s.matches('loaded'));
    expect(isKnown(none)).toBe(true);
    expect(deriveMembership(selectRecord(none), Date.now()).isMembershipExist).toBe(false);
  });

  it('a persisted copy counts as known: a failed refetch keeps serving it (stale)', async () => {
    const loader = controlledLoader();
    const { actor } = start(loader.logic);
    actor.send({ type: 'membership.hydrate', record: ACTIVE });
    refetchAnswered(actor, loader, Object.assign(new Error('503'), { key: 'errors.unknown' }));
    const stale = await waitFor(actor, (s) => s.matches('stale'));
    expect(selectRecord(stale)).toEqual(ACTIVE);
    expect(deriveMembership(selectRecord(stale), Date.now()).isActive).toBe(true);
  });
});
