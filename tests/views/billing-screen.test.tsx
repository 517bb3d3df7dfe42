import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BillingAddress, User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import { BillingScreen } from '../../src/screens/billing/billing-screen.tsx';
import { RECORD, USER, USER_WITH_ADDRESS } from '../support/activation.kit.tsx';
import { PendingCalls } from '../support/deferred.ts';
import {
  createMembership,
  createSessionStub,
  fakeLogger,
  networkError,
} from '../support/fake-services.ts';
import { retype } from '../support/form.ts';
import { expectNavigatedTo, renderScreen } from '../support/render.tsx';

const EN_LABELS = {
  country: 'Country',
  address1: 'Address line 1',
  address2: 'Address line 2 (optional)',
  city: 'City',
  postalCode: 'Postal code',
  province: 'Province or territory',
};

async function renderBilling(user: User = USER, language: 'en' | 'fr' = 'en') {
  const pending = new PendingCalls();
  const updateBillingAddress = pending.fn<void>('updateBillingAddress');
  const getProfile = pending.fn<User>('getProfile');
  const get = vi.fn(async () => RECORD);
  const session = createSessionStub(user, { loadUser: getProfile });
  const membership = createMembership(get);
  const logger = fakeLogger();
  await renderScreen(<BillingScreen />, {
    services: {
      api: { auth: { updateBillingAddress, getProfile }, memberships: { get } } as unknown as Api,
      session: session.session,
      membership: membershipAccessOf(membership),
      logger,
    },
    language,
    path: '/billing',
  });
  const ui = userEvent.setup({ delay: null });
  const field = (name: keyof typeof EN_LABELS) =>
    screen.getByLabelText(EN_LABELS[name]) as HTMLInputElement | HTMLSelectElement;
  const type = (name: keyof typeof EN_LABELS, value: string) => retype(ui, field(name), value);
  return {
    pending,
    updateBillingAddress,
    getProfile,
    get,
    session,
    logger,
    field,
    type,
    ui,
  };
}

describe('BillingScreen', () => {
  it('shows Canada fixed and disabled, and the 13 provinces and territories by name', async () => {
    const b = await renderBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing address' })).toBeVisible();
    expect(b.field('country')).toHaveValue('Canada');
    expect(b.field('country')).toBeDisabled();
    const options = within(b.field('province')).getAllByRole('option') as HTMLOptionElement[];
    expect(options).toHaveLength(14);
    // Short, beside its label (Province or territory): whole in a 320 px wide screen.
    expect(options[0]).toHaveTextContent('Select…');
    // Said required, and not invalid before anything is chosen (a screen reader said
    // "invalid entry" on arrival: the browser's own check of a required select).
    expect(b.field('province')).toBeRequired();
    expect(b.field('province')).not.toBeInvalid();
    const provinces = options.slice(1);
    expect(provinces.map((o) => o.value).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
    expect(provinces.map((o) => o.textContent)).toEqual([
      'Alberta',
      'British Columbia',
      'Manitoba',
      'New Brunswick',
      'Newfoundland and Labrador',
      'Northwest Territories',
      'Nova Scotia',
      'Nunavut',
      'Ontario',
      'Prince Edward Island',
      'Quebec',
      'Saskatchewan',
      'Yukon',
    ]);
  });

  it('starts from the user’s stored address, and sends it with the contract’s names', async () => {
    const b = await renderBilling(USER_WITH_ADDRESS);
    expect(b.field('address1')).toHaveValue('123 rue Saint-Denis');
    expect(b.field('address2')).toHaveValue('App. 4');
    expect(b.field('city')).toHaveValue('Montréal');
    expect(b.field('postalCode')).toHaveValue('H2X 1Y4');
    expect(b.field('province')).toHaveValue('QC');
    await b.ui.click(screen.getByRole('button', { name: 'Finish' }));
    // Saved untouched, the address goes back exactly as the profile holds it.
    expect(b.updateBillingAddress).toHaveBeenCalledWith(USER_WITH_ADDRESS.billingAddress);
  });

  it('omits address_2 when empty, normalises the postal code, and Enter submits', async () => {
    const b = await renderBilling();
    await b.type('address1', '  10 Main St ');
    await b.type('city', 'Ottawa');
    await b.ui.selectOptions(b.field('province'), 'ON');
    await b.type('postalCode', 'k1a0b1');
    await b.ui.tab();
    expect(b.field('postalCode')).toHaveValue('K1A 0B1');
    await b.ui.type(b.field('city'), '{Enter}');
    expect(b.updateBillingAddress).toHaveBeenCalledTimes(1);
    const body = b.updateBillingAddress.mock.calls[0]?.[0] as BillingAddress;
    expect(body).toEqual({
      country_code: 'CA',
      address_1: '10 Main St',
      city: 'Ottawa',
      province: 'ON',
      postal_code: 'K1A 0B1',
    });
    expect('address_2' in body).toBe(false);
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  });

  it('a postal code filled in without leaving its field (autofill) shows at submit as it is sent', async () => {
    for (const submit of ['Finish', 'Enter'] as const) {
      const b = await renderBilling();
      await b.type('address1', '10 Main St');
      await b.type('city', 'Ottawa');
      await b.ui.selectOptions(b.field('province'), 'ON');
      // As autofill fills it: a value and its change, with no focus and no blur.
      fireEvent.change(b.field('postalCode'), { target: { value: 'k1m1m4' } });
      expect(b.field('postalCode')).toHaveValue('k1m1m4');
      if (submit === 'Finish') await b.ui.click(screen.getByRole('button', { name: 'Finish' }));
      else await b.ui.type(b.field('city'), '{Enter}');
      expect(b.field('postalCode')).toHaveValue('K1M 1M4');
      expect(b.updateBillingAddress).toHaveBeenCalledTimes(1);
      expect(b.updateBillingAddress.mock.calls[0]?.[0]).toMatchObject({ postal_code: 'K1M 1M4' });
      cleanup();
    }
  });

  it('Enter on the province select (the last field) submits', async () => {
    const b = await renderBilling();
    await b.type('address1', '10 Main St');
    await b.type('city', 'Ottawa');
    await b.type('postalCode', 'K1A 0B1');
    await b.ui.selectOptions(b.field('province'), 'ON');
    await b.ui.type(b.field('province'), '{Enter}');
    expect(b.updateBillingAddress).toHaveBeenCalledTimes(1);
    expect(b.updateBillingAddress.mock.calls[0]?.[0]).toMatchObject({ province: 'ON' });
  });

  it('checks the Canadian postal code format', async () => {
    const b = await renderBilling();
    await b.type('postalCode', 'Z1A 1A1');
    await b.ui.tab();
    expect(b.field('postalCode')).toHaveAccessibleDescription('Enter a postal code like A1A 1A1');
    await b.type('postalCode', 'h2x-1y4');
    await b.ui.tab();
    expect(b.field('postalCode')).toHaveValue('H2X 1Y4');
    expect(b.field('postalCode')).not.toHaveAttribute('aria-invalid');
  });

  it('shows errors.unknown for any save failure, keeps the values, and editing clears it', async () => {
    const b = await renderBilling(USER_WITH_ADDRESS);
    await b.ui.click(screen.getByRole('button', { name: 'Finish' }));
    await b.pending.settle('updateBillingAddress', { error: networkError() });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred.'),
    );
    // The message under the form describes the form (its id is React's useId).
    const form = b.field('address1').closest('form');
    expect(form).toHaveAccessibleDescription('An unknown error occurred.');
    expect(b.logger.error).toHaveBeenCalledTimes(1);
    expect(b.field('address1')).toHaveValue('123 rue Saint-Denis');
    expect(screen.queryByTestId('navigated')).toBeNull();
    await b.ui.type(b.field('city'), '-Nord');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after saving reloads the user and the membership, then goes to /subscription', async () => {
    const b = await renderBilling(USER_WITH_ADDRESS);
    await b.ui.click(screen.getByRole('button', { name: 'Finish' }));
    await b.pending.settle('updateBillingAddress', { output: undefined });
    expect(b.getProfile).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('navigated')).toBeNull();
    const reloaded = { ...USER_WITH_ADDRESS, firstName: 'Marie-Ève' };
    await b.pending.settle('getProfile', { output: reloaded });
    await expectNavigatedTo('/subscription');
    expect(b.session.user()).toEqual(reloaded);
    expect(b.get).toHaveBeenCalledTimes(1);
    expect(b.logger.error).not.toHaveBeenCalled();
  });

  it('speaks French, with the province names in French', async () => {
    const b = await renderBilling(USER, 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Adresse de facturation' })).toBeVisible();
    expect(screen.getByLabelText('Pays')).toHaveValue('Canada');
    const province = screen.getByLabelText('Province ou territoire');
    expect(within(province).getByRole('option', { name: 'Québec' })).toHaveValue('QC');
    expect(within(province).getByRole('option', { name: 'Colombie-Britannique' })).toHaveValue(
      'BC',
    );
    expect(screen.getByRole('button', { name: 'Terminer' })).toBeDisabled();
    expect(b.updateBillingAddress).not.toHaveBeenCalled();
  });
});
