/**
 * Model-based tests of the billing machine (docs/architecture.md, "Model-based
 * tests").
 *
 * 1. The REAL machine is walked with xstate/graph, with the member's events and
 *    the outcomes of both invokes (saving the address; refreshing the user and
 *    the membership) as events; the paths must cover every state and every
 *    transition.
 * 2. Every path is EXECUTED against the real <BillingScreen />: fake API calls
 *    (PUT client/auth/profile/billingAddress, GET client/auth/profile) whose
 *    promises the path settles at the outcome steps, the REAL membership
 *    machine, user events on accessible names, and after each step an
 *    assertion of what the member sees.
 */
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import {
  type BillingContext,
  type BillingEvent,
  billingMachine,
  type EditableBillingField,
} from '../../machines/billing/billing.machine.ts';
import { canSubmitBilling as canSubmit } from '../../machines/billing/billing.selectors.ts';
import { toBillingAddress } from '../../machines/forms/billing.schema.ts';
import { BillingScreen } from '../../src/screens/billing/billing-screen.tsx';
import { createMemberHarness, RECORD, USER_WITH_ADDRESS } from '../support/activation.kit.tsx';
import { expectLoggedErrors, httpError, networkError } from '../support/fake-services.ts';
import {
  expectFormErrors,
  leave,
  nameFormStep,
  sayFormStep,
  setValue,
  type UserApi,
} from '../support/form.ts';
import { done, failed, type OutcomeEvent } from '../support/model.ts';
import { describeScreenModel, expectStepsTaken, formFactsSeen } from '../support/model-suite.ts';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// The events of the model
// ---------------------------------------------------------------------------

type ModelEvent = BillingEvent | OutcomeEvent;

const change = (field: EditableBillingField, value: string): ModelEvent => ({
  type: 'billing.change',
  field,
  value,
});
// Postal codes already in the normalised form, so leaving the field changes nothing.
const POSTAL_CODE = 'H2X 1Y4';
const BAD_POSTAL_CODE = 'H2X';

const EVENTS: readonly ModelEvent[] = [
  // What a member does.
  change('address1', '123 rue Saint-Denis'),
  change('address2', 'App. 4'),
  change('city', 'Montréal'),
  change('postalCode', POSTAL_CODE),
  change('postalCode', BAD_POSTAL_CODE),
  change('province', 'QC'),
  { type: 'billing.blur', field: 'city' },
  { type: 'billing.blur', field: 'postalCode' },
  { type: 'billing.submit' },
  // How each call can end.
  done('saveBillingAddress', undefined),
  failed('saveBillingAddress', httpError(400, 'server.invalidRequest')),
  done('refreshAfterSave', undefined),
  failed('refreshAfterSave', networkError()),
];

/** The state value plus the facts a member can tell apart on screen (kept small on purpose). */
function serializeState(state: { value: unknown; context: unknown }): string {
  const { form } = state.context as BillingContext;
  return JSON.stringify({ value: state.value, ...formFactsSeen(form) });
}

// ---------------------------------------------------------------------------
// Executing every path against the real screen
// ---------------------------------------------------------------------------

type Snapshot = SnapshotFrom<typeof billingMachine>;

function createHarness() {
  const h = createMemberHarness();
  const updateBillingAddress = h.pending.fn<void>('updateBillingAddress');
  const api = {
    auth: { updateBillingAddress, getProfile: h.getProfile },
    memberships: { get: h.get },
  };
  return { ...h, updateBillingAddress, services: h.servicesWith(api), refreshed: false };
}
type Harness = ReturnType<typeof createHarness>;

const LABELS: Record<EditableBillingField, string> = {
  address1: 'Address line 1',
  address2: 'Address line 2 (optional)',
  city: 'City',
  postalCode: 'Postal code',
  province: 'Province or territory',
};
const field = (name: EditableBillingField) =>
  screen.getByLabelText(LABELS[name]) as HTMLInputElement | HTMLSelectElement;

/** Does in the UI what the model event stands for; checks what the API received. */
async function perform(user: UserApi, h: Harness, event: ModelEvent, model: Snapshot) {
  switch (event.type) {
    case 'billing.change': {
      if (event.field === 'province') return user.selectOptions(field('province'), event.value);
      return setValue(field(event.field), event.value);
    }
    case 'billing.blur':
      return leave(user, field(event.field));
    case 'billing.submit':
      if (canSubmit(model)) return user.click(screen.getByRole('button', { name: 'Finish' }));
      // The button is disabled; Enter in a field still submits (spec 5).
      await user.click(field('address1'));
      return user.keyboard('{Enter}');
    default: {
      if (event.type.endsWith('.saveBillingAddress')) {
        // The contract's field names; address_2 only when filled in.
        expect(h.updateBillingAddress).toHaveBeenLastCalledWith(
          toBillingAddress(model.context.form.values),
        );
        if ('error' in event) h.logged.push((event.error as { key: string }).key);
        await h.pending.settle('updateBillingAddress', event);
        return;
      }
      if (event.type.endsWith('.refreshAfterSave')) {
        // The user and the membership reload; the step fails when the membership cannot load.
        expect(h.getProfile).toHaveBeenCalledTimes(1);
        expect(h.get).toHaveBeenCalledTimes(1);
        await h.pending.settle('getProfile', { output: USER_WITH_ADDRESS });
        if ('error' in event) {
          h.logged.push((event.error as { key: string }).key);
          await h.pending.settle('get', { error: event.error });
        } else {
          h.refreshed = true;
          await h.pending.settle('get', { output: RECORD });
        }
        return;
      }
      throw new Error(`cannot perform ${event.type}`);
    }
  }
}

/** What a member sees in the state the model is in. */
function assertView(expected: Snapshot, h: Harness) {
  const c = expected.context.form;
  // Every failure so far was logged, with an error naming what went wrong.
  expectLoggedErrors(h.logger, h.logged);
  if (expected.matches('done')) {
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/subscription');
    // The user and the membership were reloaded before moving on.
    expect(h.user()).toEqual(USER_WITH_ADDRESS);
    expect(h.get).toHaveBeenCalledTimes(1);
    if (h.refreshed) expect(h.membership.getSnapshot().context.record).toEqual(RECORD);
    return;
  }
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: 'Billing address' })).toBeVisible();
  const country = screen.getByLabelText('Country');
  expect(country).toHaveValue('Canada');
  expect(country).toBeDisabled();
  expect(screen.getAllByRole('option')).toHaveLength(14);

  // Nothing the member typed is lost, whatever happened.
  for (const name of Object.keys(LABELS) as EditableBillingField[]) {
    expect(field(name)).toHaveValue(c.values[name]);
  }

  expect(h.navigate).not.toHaveBeenCalled();

  if (expected.matches('saving') || expected.matches('refreshing')) {
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    for (const name of ['address1', 'address2', 'city', 'postalCode'] as const) {
      expect(field(name)).toHaveAttribute('readonly');
    }
    expect(field('province')).toBeDisabled();
    if (expected.matches('saving')) expect(h.pending.open('updateBillingAddress')).toBe(1);
    else expect(h.pending.open('getProfile')).toBe(1);
    return;
  }

  expect(h.pending.open('updateBillingAddress')).toBe(0);
  const button = screen.getByRole('button', { name: 'Finish' });
  if (canSubmit(expected)) expect(button).toBeEnabled();
  else expect(button).toBeDisabled();
  expectFormErrors(c, Object.keys(LABELS) as EditableBillingField[], field);
}

/** A step's name in the test titles (the others: see MachineModel.name). */
const describeEvent = (event: ModelEvent) =>
  nameFormStep(event, 'billing', (value) => (value === BAD_POSTAL_CODE ? ' invalid' : ''));

const PROVINCE_NAMES: Record<string, string> = { QC: 'Quebec' };

/** The step as a member does it (the calls' outcomes: see `calls`). */
function say(event: ModelEvent): string | undefined {
  // The province is chosen from a list, not typed.
  if (event.type === 'billing.change' && event.field === 'province') {
    return `Choose “${PROVINCE_NAMES[event.value] ?? event.value}” in “${LABELS.province}”`;
  }
  return sayFormStep(event, {
    form: 'billing',
    labels: LABELS,
    submit: 'Finish',
    enterIn: 'address1',
    leave: 'click elsewhere',
    note: (_, value) => (value === BAD_POSTAL_CODE ? ' (incomplete)' : ''),
  });
}

describeScreenModel<ModelEvent, Snapshot, Harness>(import.meta.filename, {
  title: 'Billing address',
  machine: billingMachine,
  calls: {
    saveBillingAddress: {
      done: 'The server saves the billing address',
      fails: 'Saving the billing address fails',
    },
    refreshAfterSave: {
      done: 'The member and the membership are reloaded',
      fails: 'Reloading the membership fails',
    },
  },
  walks: [
    {
      // Nothing happens once the screen navigates away (a final state).
      events: (state) => (state.value === 'done' ? [] : EVENTS),
      serializeState,
    },
  ],
  name: describeEvent,
  say,
  harness: createHarness,
  render: (h) =>
    renderScreen(<BillingScreen />, {
      services: h.services,
      path: '/billing',
      onNavigate: h.navigate,
    }),
  perform,
  assertView,
  also: (paths) =>
    it('the rendered paths end in every outcome of both calls', () => {
      expectStepsTaken(paths, [
        'saveBillingAddress done',
        'saveBillingAddress error (server.invalidRequest)',
        'refreshAfterSave done',
        'refreshAfterSave error (errors.network)',
      ]);
    }),
});
