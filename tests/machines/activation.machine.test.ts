import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type ActivationRefreshResult,
  activationMachine,
} from '../../machines/activation/activation.machine.ts';
import {
  canActivate,
  isBusy,
  isStillInactive,
  selectErrorKey,
} from '../../machines/activation/activation.selectors.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { failsOnce } from '../support/deferred.ts';
import { MEMBERSHIP } from '../support/fixtures.ts';

function start(options: {
  activate?: () => Promise<Membership>;
  refresh?: () => Promise<ActivationRefreshResult>;
}) {
  const goToBilling = vi.fn();
  const goToSubscription = vi.fn();
  const logged: unknown[] = [];
  const activate = vi.fn(options.activate ?? (async () => MEMBERSHIP));
  const refresh = vi.fn(
    options.refresh ?? (async () => ({ hasBillingAddress: false, isActive: true })),
  );
  const machine = activationMachine.provide({
    actors: {
      activateMembership: fromPromise(async () => {
        await activate();
      }),
      refreshAfterActivation: fromPromise(() => refresh()),
    },
    actions: {
      goToBilling: () => goToBilling(),
      goToSubscription: () => goToSubscription(),
      logError: ({ event }) => {
        logged.push((event as { error?: unknown }).error);
      },
    },
  });
  const actor = createActor(machine).start();
  return { actor, goToBilling, goToSubscription, logged, activate, refresh };
}

describe('activation machine', () => {
  it('goes to billing when the user has no billing address', async () => {
    const { actor, goToBilling, goToSubscription, activate, refresh } = start({});
    expect(canActivate(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'activation.activate' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(canActivate(actor.getSnapshot())).toBe(false);
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('toBilling');
    expect(goToBilling).toHaveBeenCalledTimes(1);
    expect(goToSubscription).not.toHaveBeenCalled();
    expect(activate).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('goes on as activated when the server says the membership already exists (another tab, a lost answer)', async () => {
    const exists = { key: 'server.membershipExists', status: 409 };
    const { actor, goToSubscription, logged, refresh } = start({
      activate: async () => {
        throw exists;
      },
      refresh: async () => ({ hasBillingAddress: true, isActive: true }),
    });
    actor.send({ type: 'activation.activate' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('toSubscription');
    expect(goToSubscription).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(selectErrorKey(snapshot)).toBeNull();
    expect(logged).toEqual([exists]);
  });

  it('goes to subscription when the user has a billing address', async () => {
    const { actor, goToBilling, goToSubscription } = start({
      refresh: async () => ({ hasBillingAddress: true, isActive: true }),
    });
    actor.send({ type: 'activation.activate' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('toSubscription');
    expect(goToSubscription).toHaveBeenCalledTimes(1);
    expect(goToBilling).not.toHaveBeenCalled();
  });

  it('stays and says so when the membership the server keeps is still not active (a pending cancellation): the guards would send the member back', async () => {
    const exists = { key: 'server.membershipExists', status: 409 };
    let answer: 'exists' | 'activated' = 'exists';
    const { actor, goToBilling, goToSubscription, activate } = start({
      activate: async () => {
        if (answer === 'exists') throw exists;
        return MEMBERSHIP;
      },
      refresh: async () => ({ hasBillingAddress: true, isActive: answer === 'activated' }),
    });
    actor.send({ type: 'activation.activate' });
    const stuck = await waitFor(actor, (s) => !isBusy(s));
    expect(stuck.value).toBe('stillInactive');
    expect(isStillInactive(stuck)).toBe(true);
    expect(canActivate(stuck)).toBe(true);
    expect(selectErrorKey(stuck)).toBeNull();
    expect(goToBilling).not.toHaveBeenCalled();
    expect(goToSubscription).not.toHaveBeenCalled();

    answer = 'activated';
    actor.send({ type: 'activation.activate' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('toSubscription');
    expect(activate).toHaveBeenCalledTimes(2);
  });

  it('refreshes only after the activation succeeded', async () => {
    let finishActivation: (m: Membership) => void = () => {};
    const { actor, refresh } = start({
      activate: () =>
        new Promise<Membership>((resolve) => {
          finishActivation = resolve;
        }),
    });
    actor.send({ type: 'activation.activate' });
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('activating');
    expect(refresh).not.toHaveBeenCalled();
    finishActivation(MEMBERSHIP);
    await waitFor(actor, (s) => s.matches('refreshing') || s.status === 'done');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('logs a failure, clears the loading state and can be retried', async () => {
    const failure = Object.assign(new Error('conflict'), { key: 'errors.unknown' });
    const { actor, logged, goToBilling, activate } = start({
      activate: failsOnce(failure, () => MEMBERSHIP),
    });
    actor.send({ type: 'activation.activate' });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(logged).toEqual([failure]);
    expect(isBusy(failed)).toBe(false);
    expect(canActivate(failed)).toBe(true);
    expect(selectErrorKey(failed)).toBe('errors.unknown');
    expect(goToBilling).not.toHaveBeenCalled();

    actor.send({ type: 'activation.activate' });
    expect(selectErrorKey(actor.getSnapshot())).toBeNull();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('toBilling');
    expect(activate).toHaveBeenCalledTimes(2);
  });

  it('logs a refresh failure and still moves on to billing', async () => {
    const failure = new Error('profile down');
    const { actor, logged, goToBilling } = start({ refresh: () => Promise.reject(failure) });
    actor.send({ type: 'activation.activate' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('toBilling');
    expect(logged).toEqual([failure]);
    expect(goToBilling).toHaveBeenCalledTimes(1);
  });

  it('fails (not crashes) when the actors are not provided', async () => {
    const actor = createActor(activationMachine).start();
    actor.send({ type: 'activation.activate' });
    const snapshot = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectErrorKey(snapshot)).toBe('errors.unknown');
  });
});
