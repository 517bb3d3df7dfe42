/**
 * Quality sweep: the whole journey with the keyboard alone (Tab,
 * Shift+Tab, Enter, Space and typing; no click anywhere): sign up, the
 * confirmation, sign in, the one-time code typed digit by digit, activation,
 * the billing address (province chosen with the keyboard), the card payment
 * (Subscribe with Enter) and the dashboard showing Active. At key steps the
 * focused control must show a focus indicator.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectCode, fillBillingAddress, fillSignUp } from './support/forms.ts';
import { ADDRESS, CARD_MESSAGES, CARDS, openCheckout, PASSWORD } from './support/members.ts';
import { describeFocus, expectFocusVisible, expectHeading, tabTo } from './support/quality.ts';

/** Tabs to the control and checks it shows that it has the focus. */
async function tabToVisibly(page: Page, target: Locator, options?: { backwards?: boolean }) {
  await tabTo(page, target, options);
  await expectFocusVisible(page);
}

test('sign up to an active membership with the keyboard alone', async ({
  page,
  api,
  uniqueEmail,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('keyboard');

  // Landing: Tab to 'Create an account', Enter.
  await page.goto('/');
  await expectHeading(page, 'Charge at home, earn cashback');
  await tabToVisibly(page, page.getByRole('link', { name: 'Create an account' }));
  await page.keyboard.press('Enter');

  // Registration: every field typed, Enter submits.
  await expectHeading(page, 'Create your account');
  await tabToVisibly(page, page.getByLabel('First name', { exact: true }));
  await page.keyboard.type('Kim');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();
  await page.keyboard.type('Tremblay');
  await tabTo(page, page.getByLabel('Phone', { exact: true }));
  // The country selector sits before the number and starts on Canada.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Country code', { exact: true })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Tab');
  await page.keyboard.type('4165550123');
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // Confirmation: the email, then 'Go to sign in'.
  await expectHeading(page, 'Your account has been created');
  // The view replaced the form on the same page: its title has the focus.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();
  const signUpCode = await api.lastOtp(email);
  await tabToVisibly(page, page.getByRole('link', { name: 'Go to sign in' }));
  await page.keyboard.press('Enter');

  // Login: the account is not verified yet, so a code is asked for.
  await expectHeading(page, 'Sign in');
  // The address just signed up with is there already; Tab to it selects it, typing replaces it.
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
  await tabToVisibly(page, page.getByLabel('Email or phone', { exact: true }));
  await page.keyboard.type(email);
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // One-time code: typed digit by digit, Enter on the last box submits.
  await expectHeading(page, 'Verify your account');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const code = await api.lastOtp(email, { notEqual: signUpCode });
  const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  await tabToVisibly(page, first);
  for (const digit of code) await page.keyboard.type(digit);
  await expectCode(page, code);
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Activation: Tab to the button, Enter.
  await expectHeading(page, 'Activate your membership');
  await tabToVisibly(page, page.getByRole('button', { name: 'Activate membership' }));
  await page.keyboard.press('Enter');

  // Billing: typed fields, the province picked by typing its name on the closed
  // select; Finish is reached with a visible focus, then, back on the province,
  // Enter there sends the form (spec 5: Enter submits), as from a field.
  await expectHeading(page, 'Billing address');
  await tabToVisibly(page, page.getByLabel('Address line 1', { exact: true }));
  await page.keyboard.type('200 King St W');
  await tabTo(page, page.getByLabel('City', { exact: true }));
  await page.keyboard.type('Toronto');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Postal code', { exact: true })).toBeFocused();
  await page.keyboard.type('m5h3t4');
  const province = page.getByLabel('Province or territory', { exact: true });
  await tabToVisibly(page, province);
  await page.keyboard.type('Ontario');
  await expect(province).toHaveValue('ON');
  await tabToVisibly(page, page.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Shift+Tab');
  await expect(province).toBeFocused();
  await page.keyboard.press('Enter');

  // Subscription: the card fields typed, Enter in the CVC subscribes.
  await expectHeading(page, 'Complete your membership');
  const number = page.getByLabel('Card number', { exact: true });
  await expect(number).toBeVisible({ timeout: 10_000 });
  await tabToVisibly(page, number);
  await page.keyboard.type(CARDS.succeeds.replace(/\D/g, ''));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Expiry date', { exact: true })).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('CVC', { exact: true })).toBeFocused();
  await page.keyboard.type('123');
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeEnabled();
  // Subscribe is reachable and visibly focused; Shift+Tab goes back to the CVC, Enter submits.
  await tabToVisibly(page, subscribe);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('CVC', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  // Dashboard: Active.
  await expectHeading(page, 'Dashboard');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await tabToVisibly(page, page.getByRole('link', { name: 'Account' }), { backwards: true });

  const attach = await api.requests('/attach-payment-method');
  expect(attach.at(-1)?.status, `last focus: ${await describeFocus(page)}`).toBe(200);
});

test('a wrong code keeps the focus in the boxes; Back to sign in puts it on the form title', async ({
  page,
  api,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('focus-code', { verified: false });
  await signIn(page, email, PASSWORD);
  await expectHeading(page, 'Verify your account');
  const code = await api.lastOtp(email);
  const wrong = code.replace(/.$/, (last) => String((Number(last) + 1) % 10));
  await tabTo(page, page.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Incorrect OTP');
  // The boxes were disabled while the code was checked: the last one has the focus again.
  await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Back to sign in' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email or phone', { exact: true })).toBeFocused();
});

test('Enter on a card not complete puts the focus on what is missing, read with its message; a declined card keeps the focus in the CVC; a failed 3D Secure check gives it back to Subscribe', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('focus-card', { state: 'active', billingAddress: ADDRESS });
  await expect(page).toHaveURL(/\/dashboard$/);
  await openCheckout(page);

  // Subscribe is disabled, yet Enter in a card field is not lost: nothing is sent, the field says so.
  const cvc = page.getByLabel('CVC', { exact: true });
  const expiry = page.getByLabel('Expiry date', { exact: true });
  await cvc.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Enter the card number.');
  await expect(page.getByLabel('Card number', { exact: true })).toBeFocused();
  await page.keyboard.type(CARDS.declined.replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(expiry).toBeFocused();
  await expect(expiry).toHaveAccessibleDescription('Enter the expiry date.');
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  await expiry.pressSequentially('1234');
  await cvc.pressSequentially('123');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(cvc).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(CARD_MESSAGES.declined)).toBeVisible();
  await expect(cvc).toBeFocused();

  const number = page.getByLabel('Card number', { exact: true });
  await number.fill('');
  await number.pressSequentially(CARDS.threeDSecure.replace(/\D/g, ''));
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await tabTo(page, subscribe);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText(CARD_MESSAGES.authenticationFailed)).toBeVisible();
  await expect(subscribe).toBeFocused();
});

test('Enter on a form with an error fields away puts the focus on that field, read with its message; sign-in too', async ({
  page,
  uniqueEmail,
}) => {
  await page.goto('/register');
  await fillSignUp(page, { email: uniqueEmail('enter-refused'), phone: { typed: '12' } });
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const phone = page.getByLabel('Phone', { exact: true });
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Phone is invalid/);

  await page.goto('/login');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  const emailOrPhone = page.getByLabel('Email or phone', { exact: true });
  await expect(emailOrPhone).toBeFocused();
  await expect(emailOrPhone).toHaveAccessibleDescription('Email or Phone is required');
});

test('Enter in the province list sends the billing address; the list, disabled while it saves, has the focus again after a failure', async ({
  page,
  openAsMember,
  api,
}) => {
  const { email } = await openAsMember('/billing', 'enter-province', { state: 'active' });
  await fillBillingAddress(page, ADDRESS);
  const province = page.getByLabel('Province or territory', { exact: true });
  await api.injectFaults({
    path: '/client/auth/profile/billingAddress',
    method: 'PUT',
    kind: 'status',
    status: 503,
    email,
  });
  await province.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('An unknown error occurred.');
  await expect(province).toBeEnabled();
  await expect(province).toBeFocused();
  await expect(province).toHaveValue(ADDRESS.province);
});

test('a view that replaces another on the same page titles the page too: the code step, and the form again', async ({
  page,
  signedInMember,
}) => {
  // An account not verified yet stops at the one-time code, on /login.
  await signedInMember('title-steps', { verified: false });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Verify your account · EV Charger Club');

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vérifiez votre compte' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Vérifiez votre compte · /);
  await page.getByRole('button', { name: 'English' }).click();

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeFocused();
  await expect(page).toHaveTitle('Sign in · EV Charger Club');
});

test('each page is titled by its heading, in its language, and a navigation puts the focus on that heading', async ({
  page,
  signedInMember,
}) => {
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  await expect(page).toHaveTitle('Sign in · EV Charger Club');

  // Signing in lands on a page whose screen loads on demand: its heading gets the focus.
  await signedInMember('focus-pages', { state: 'active', billingAddress: ADDRESS });
  await expect(page).toHaveURL(/\/dashboard$/);
  // Named: a bare level-1 heading can still be the sign-in form's while the dashboard loads.
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await expect(dashboard).toBeFocused();
  await expect(page).toHaveTitle('Dashboard · EV Charger Club');

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeFocused();
  await expect(page).toHaveTitle('Your account · EV Charger Club');

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeVisible();
  await expect(page).toHaveTitle(/^Votre compte · /);
});
