import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type BillingInput, billingMachine } from '../../machines/billing/billing.machine.ts';
import {
  type BillingSnapshot,
  canSubmitBilling as canSubmit,
  isBillingBusy as isBusy,
  selectBillingForm,
} from '../../machines/billing/billing.selectors.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import type { BillingAddress } from '../../machines/shared/domain.ts';
import { failsOnce } from '../support/deferred.ts';

const selectFieldErrors = (s: BillingSnapshot) => shownFieldErrors(selectBillingForm(s));
const selectErrorKey = (s: BillingSnapshot) => selectBillingForm(s).errorKey;
const selectValues = (s: BillingSnapshot) => selectBillingForm(s).values;

const FILLED = {
  address1: '1234 rue Saint-Denis',
  address2: '',
  city: 'Montréal',
  postalCode: 'h2x1y4',
  province: 'QC',
} as const;

function start(
  options: {
    save?: (address: BillingAddress) => Promise<void>;
    refresh?: () => Promise<void>;
    input?: BillingInput;
  } = {},
) {
  const saved: BillingAddress[] = [];
  const logged: unknown[] = [];
  const goToSubscription = vi.fn();
  const refresh = vi.fn(options.refresh ?? (async () => undefined));
  const machine = billingMachine.provide({
    actors: {
      saveBillingAddress: fromPromise<void, BillingAddress>(async ({ input }) => {
        saved.push(input);
        await options.save?.(input);
      }),
      refreshAfterSave: fromPromise(() => refresh()),
    },
    actions: {
      goToSubscription: () => goToSubscription(),
      logError: ({ event }) => {
        logged.push((event as { error?: unknown }).error);
      },
    },
  });
  const actor = createActor(machine, { input: options.input }).start();
  return { actor, saved, logged, goToSubscription, refresh };
}

function fill(actor: ReturnType<typeof start>['actor']) {
  for (const [field, value] of Object.entries(FILLED)) {
    actor.send({ type: 'billing.change', field: field as keyof typeof FILLED, value });
  }
}

describe('billing machine', () => {
  it('saves the address in API shape, refreshes, then goes to subscription', async () => {
    const { actor, saved, refresh, goToSubscription } = start();
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    fill(actor);
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'billing.submit' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(snapshot.value).toBe('done');
    expect(saved).toEqual([
      {
        country_code: 'CA',
        address_1: '1234 rue Saint-Denis',
        city: 'Montréal',
        province: 'QC',
        postal_code: 'H2X 1Y4',
      },
    ]);
    expect(saved[0]).not.toHaveProperty('address_2');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(goToSubscription).toHaveBeenCalledTimes(1);
  });

  it('does not save invalid values and shows every field error', () => {
    const { actor, saved } = start();
    actor.send({ type: 'billing.change', field: 'postalCode', value: 'D2X 1Y4' });
    actor.send({ type: 'billing.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(saved).toEqual([]);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      address1: { key: 'validation.address1Required' },
      city: { key: 'validation.cityRequired' },
      postalCode: { key: 'validation.postalCodeInvalid' },
      province: { key: 'validation.provinceRequired' },
    });
  });

  it('shows errors.unknown on any save failure, keeps the values, and editing clears it', async () => {
    const failure = Object.assign(new Error('bad'), { key: 'server.invalidPhone' });
    const { actor, logged, goToSubscription } = start({
      save: failsOnce(failure, () => undefined),
    });
    fill(actor);
    actor.send({ type: 'billing.submit' });
    const failed = await waitFor(
      actor,
      (s) => s.matches('editing') && s.context.form.errorKey !== null,
    );
    expect(selectErrorKey(failed)).toBe('errors.unknown');
    expect(selectValues(failed)).toEqual({ countryCode: 'CA', ...FILLED });
    expect(isBusy(failed)).toBe(false);
    expect(logged).toEqual([failure]);
    expect(goToSubscription).not.toHaveBeenCalled();

    actor.send({ type: 'billing.change', field: 'address2', value: 'App. 3' });
    expect(selectErrorKey(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'billing.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(goToSubscription).toHaveBeenCalledTimes(1);
  });

  it('only logs a refresh failure and still goes to subscription', async () => {
    const failure = new Error('membership down');
    const { actor, logged, goToSubscription } = start({
      refresh: () => Promise.reject(failure),
    });
    fill(actor);
    actor.send({ type: 'billing.submit' });
    const snapshot = await waitFor(actor, (s) => s.status === 'done');
    expect(selectErrorKey(snapshot)).toBeNull();
    expect(logged).toEqual([failure]);
    expect(goToSubscription).toHaveBeenCalledTimes(1);
  });

  it('starts from the user’s stored address and keeps the country fixed to CA', async () => {
    const { actor, saved } = start({
      input: {
        initial: {
          address1: '10 King St W',
          address2: 'Suite 200',
          city: 'Toronto',
          postalCode: 'M5H 1A1',
          province: 'ON',
        },
      },
    });
    expect(selectValues(actor.getSnapshot()).countryCode).toBe('CA');
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'billing.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved[0]).toEqual({
      country_code: 'CA',
      address_1: '10 King St W',
      address_2: 'Suite 200',
      city: 'Toronto',
      province: 'ON',
      postal_code: 'M5H 1A1',
    });
  });

  it('fails with errors.unknown when the save actor is not provided', async () => {
    const actor = createActor(billingMachine, {
      input: { initial: { ...FILLED } },
    }).start();
    actor.send({ type: 'billing.submit' });
    const snapshot = await waitFor(actor, (s) => s.context.form.errorKey !== null);
    expect(snapshot.value).toBe('editing');
    expect(selectErrorKey(snapshot)).toBe('errors.unknown');
  });
});
