/**
 * Faults on the member's own calls: activation, the billing
 * address, the checkout (the subscription and attaching the card), sign-out
 * and the account page. Each call fails four ways; the member reads a message,
 * keeps what they typed and stays signed in; the next try goes on.
 */
import { expect, FAILING, KINDS, MESSAGE_FOR, MESSAGES, test } from '../support/faults.ts';
import { click, fillBillingAddress } from '../support/forms.ts';
import { ADDRESS, CARDS, expectCardFieldsReady, typeCard } from '../support/members.ts';
import { expectHeading } from '../support/quality.ts';

test.describe.configure({ timeout: 90_000 });

test('POST club/memberships (activation): every fault is shown and the button comes back; an answer in another shape goes on to /billing', async ({
  page,
  openAsMember,
  faults,
}) => {
  const { email } = await openAsMember('/activation', 'fault-activate');
  await faults.surviveEach('POST club/memberships', {
    inject: { path: '/club/memberships', method: 'POST', email },
    act: () => click(page, 'Activate membership'),
    kept: () => expect(page.getByRole('button', { name: 'Activate membership' })).toBeEnabled(),
    // The answer's body is not read (the membership is read again): the membership
    // the server created counts, whatever shape its answer came in.
    unreadGoesOn: () => expectHeading(page, 'Billing address'),
  });
});

test('PUT billingAddress: every fault shows "An unknown error occurred." (spec 8) and keeps the address', async ({
  page,
  openAsMember,
  faults,
}) => {
  const { email } = await openAsMember('/billing', 'fault-billing', { state: 'active' });
  const typed = {
    'Address line 1': ADDRESS.address_1,
    City: ADDRESS.city,
    'Postal code': ADDRESS.postal_code,
  };
  for (const [label, value] of Object.entries(typed)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel('Province or territory', { exact: true }).selectOption(ADDRESS.province);
  await faults.surviveEach('PUT client/auth/profile/billingAddress', {
    inject: { path: '/client/auth/profile/billingAddress', method: 'PUT', email },
    kinds: FAILING,
    act: () => click(page, 'Finish'),
    shown: MESSAGES.unknown,
    kept: async () => {
      for (const [label, value] of Object.entries(typed)) {
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      }
      await expect(page.getByLabel('Province or territory', { exact: true })).toHaveValue(
        ADDRESS.province,
      );
    },
    goesOn: () => expectHeading(page, 'Complete your membership'),
  });
});

test('a billing address saved while reloading the member fails: the checkout shows it all the same, and the form opened again has it', async ({
  page,
  openAsMember,
  api,
}) => {
  const { email } = await openAsMember('/billing', 'fault-billing-reload', { state: 'active' });
  await fillBillingAddress(page, ADDRESS);
  // The save goes through; every read of the member after it fails (the client's own retries too).
  await api.injectFaults({
    path: '/client/auth/profile',
    method: 'GET',
    kind: 'status',
    status: 502,
    times: 3,
    email,
  });
  await click(page, 'Finish');
  await expectHeading(page, 'Complete your membership');
  await expect(page.getByText('No billing address yet')).toHaveCount(0);
  await expect(page.getByText(`${ADDRESS.postal_code}, ${ADDRESS.province}`)).toBeVisible();
  await page.getByRole('link', { name: 'Update information', exact: true }).click();
  await expectHeading(page, 'Billing address');
  await expect(page.getByLabel('Address line 1', { exact: true })).toHaveValue(ADDRESS.address_1);
});

test('the checkout: loading the subscription and attaching the card fail every way; the card typed is kept', async ({
  page,
  signedInMember,
  faults,
}) => {
  const { email } = await signedInMember('fault-checkout', {
    state: 'active',
    billingAddress: ADDRESS,
    quickly: true,
  });
  for (const kind of KINDS) {
    await faults.survive(`GET club/subscriptions/{id} (${kind})`, {
      inject: { path: '/club/subscriptions/*', method: 'GET', kind, email },
      act: () => page.goto('/subscription').then(() => undefined),
      shown: async () => {
        await expect(page.getByRole('alert')).toHaveText(MESSAGE_FOR[kind]);
        await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      },
    });
    await click(page, 'Try again');
    await expectCardFieldsReady(page);
  }

  await typeCard(page, CARDS.succeeds);
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await faults.surviveEach('PUT club/subscriptions/{id}/attach-payment-method', {
    inject: { path: '/club/subscriptions/*/attach-payment-method', method: 'PUT', email },
    kinds: FAILING,
    act: () => subscribe.click(),
    kept: async () => {
      await expect(page.getByLabel('Card number', { exact: true })).not.toHaveValue('');
      await expect(subscribe).toBeEnabled();
    },
    goesOn: async () => {
      await expectHeading(page, 'Dashboard');
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
    },
  });
});

test('POST client/auth/logout failing never keeps a member signed in: the local sign-out happens', async ({
  page,
  signedInMember,
  faults,
}) => {
  const { email } = await signedInMember('fault-logout', { state: 'active', quickly: true });
  await page.goto('/dashboard');
  await faults.survive('POST client/auth/logout (drop)', {
    inject: { path: '/client/auth/logout', method: 'POST', kind: 'drop', email },
    act: () => click(page, 'Logout'),
    shown: () => expectHeading(page, 'Sign in'),
    signedIn: false,
  });
});

test('the account page: saving the profile, the password, the language and notifications fail every way; nothing typed is lost', async ({
  page,
  openAsMember,
  faults,
}) => {
  const { email } = await openAsMember('/account', 'fault-account', { state: 'active' });

  const firstName = page.getByLabel('First name', { exact: true });
  await firstName.fill('Faulty');
  await faults.surviveEach('PUT client/auth/profile', {
    inject: { path: '/client/auth/profile', method: 'PUT', email },
    act: () => click(page, 'Save profile'),
    kept: () => expect(firstName).toHaveValue('Faulty'),
    goesOn: () => expect(page.getByText('Your profile was saved.')).toBeVisible(),
  });

  const current = page.getByLabel('Current password', { exact: true });
  const fresh = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm password', { exact: true });
  await current.fill('Password123');
  await fresh.fill('N3w-secret-pass');
  await confirmation.fill('N3w-secret-pass');
  await faults.surviveEach('PUT client/auth/profile/change-password', {
    inject: { path: '/client/auth/profile/change-password', method: 'PUT', email },
    kinds: FAILING,
    act: () => click(page, 'Change password'),
    kept: async () => {
      await expect(current).toHaveValue('Password123');
      await expect(fresh).toHaveValue('N3w-secret-pass');
      await expect(confirmation).toHaveValue('N3w-secret-pass');
    },
    goesOn: () => expect(page.getByText('Your password was changed.')).toBeVisible(),
  });

  const french = page.getByRole('radio', { name: 'Français' });
  await faults.surviveEach('PUT client/auth/profile/change-language', {
    inject: { path: '/client/auth/profile/change-language', method: 'PUT', email },
    act: () => french.click(),
    // The choice is not taken while the profile did not save it.
    kept: () => expect(page.getByRole('radio', { name: 'English' })).toBeChecked(),
  });

  const notifications = page.getByRole('switch', { name: 'Receive notifications' });
  await faults.surviveEach('POST client/auth/profile/notifications', {
    inject: { path: '/client/auth/profile/notifications', method: 'POST', email },
    act: () => notifications.click(),
  });
});
