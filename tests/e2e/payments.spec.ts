/**
 * Issue 5 in Chromium against the stand-in, with the offline test payment
 * provider (docs/api.md, "Payment provider in test mode"): the whole
 * journey from sign-up to an active dashboard, declined cards, 3D Secure,
 * a double click on Subscribe, the decline that still carries a payment
 * method, a fee that is due (payment intent), the express button, and axe.
 * Black box: visible texts, accessible names and what the stand-in received.
 */
import type { Page } from '@playwright/test';
import type { Membership } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  ADDRESS,
  arrangeMember,
  CARD_MESSAGES,
  CARDS,
  cardError,
  currentMembership,
  dayOf,
  expectBelow,
  expectCardFieldsReady,
  expectRedText,
  factValue,
  PASSWORD,
  requestsSince,
  subscriptionOf,
  typeCard,
  uniqueFrenchMobile,
} from './support/journey.ts';

type SignIn = (page: Page, email: string, password: string) => Promise<void>;

/** An active member with a billing address, signed in and on /subscription with the card fields ready. */
async function atCheckout(
  page: Page,
  signIn: SignIn,
  membership: Membership | null,
  email: string,
  search = '',
): Promise<Membership> {
  if (!membership) throw new Error('the member has no membership');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/subscription${search}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Complete your membership' }),
  ).toBeVisible();
  await expectCardFieldsReady(page);
  return membership;
}

function attachPath(membership: Membership): string {
  return `/club/subscriptions/${membership.externalId}/attach-payment-method`;
}

test('the whole journey: sign up, verify, activate, billing, card, dashboard Active with the next due date', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  test.slow();
  const email = uniqueEmail('journey');
  const phone = uniqueFrenchMobile();

  // Sign up (/register, reached from the login screen).
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('First name').fill('Journey');
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('Country code').selectOption({ label: 'France (+33)' });
  await page.getByLabel('Phone', { exact: true }).pressSequentially(phone.typed);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status')).toContainText(email);
  const signUpCode = await api.lastOtp(email);

  // Sign in: the account is not verified yet, so a new 6-digit code is asked for.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  const code = await api.lastOtp(email, { notEqual: signUpCode });
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await page.getByRole('button', { name: 'Next' }).click();

  // Activate: no billing address yet, so /billing.
  await expect(page).toHaveURL(/\/activation$/);
  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Address line 1').fill('200 Rue Principale');
  await page.getByLabel('City').fill('Gatineau');
  await page.getByLabel('Postal code').fill('J8X 2K1');
  await page.getByLabel('Province or territory').selectOption({ label: 'Quebec' });
  await page.getByRole('button', { name: 'Finish' }).click();

  // Pay: the free year saves the card (a setup intent).
  await expect(page).toHaveURL(/\/subscription$/);
  await expectCardFieldsReady(page);
  const membership = await currentMembership(api, email);
  const since = Date.now();
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await expect(subscribe).toBeDisabled();
  await typeCard(page, CARDS.succeeds);
  await expect(subscribe).toBeEnabled();
  await subscribe.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(factValue(page, 'Status')).toHaveText('Active');
  await expect(factValue(page, 'Next payment due')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(factValue(page, 'Next payment due')).toHaveText(dayOf(membership.validTo ?? ''));
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.status).toBe(200);
  expect(attaches[0]?.body).toMatchObject({
    membershipId: membership._id,
    paymentIntentId: expect.stringMatching(/^seti_/),
  });
});

test('a declined card: the provider message in red under the fields, no attach call; axe with the error', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('declined');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  await atCheckout(page, signIn, member.membership, email);
  const since = Date.now();

  await typeCard(page, CARDS.declined);
  await page.getByRole('button', { name: 'Subscribe' }).click();

  const error = cardError(page);
  await expect(error).toHaveText(CARD_MESSAGES.declined);
  await expect(error).toBeVisible();
  await expectRedText(error);
  await expectBelow(error, page.getByLabel('CVC', { exact: true }));
  await expectBelow(error, page.getByLabel('Card number', { exact: true }));
  await expect(page.getByLabel('Card number', { exact: true })).toHaveAccessibleDescription(
    CARD_MESSAGES.declined,
  );
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expectNoAxeViolations(page);
  expect(await requestsSince(api, '/attach-payment-method', since)).toEqual([]);
});

test('3D Secure completed: the payment goes through to the dashboard', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('three-d-secure-ok');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  const membership = await atCheckout(page, signIn, member.membership, email);
  const since = Date.now();

  await typeCard(page, CARDS.threeDSecure);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test 3D Secure check' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(factValue(page, 'Status')).toHaveText('Active');
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.status).toBe(200);
});

test('3D Secure failed: the authentication error is shown; axe with the dialog open', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('three-d-secure-fail');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  const membership = await atCheckout(page, signIn, member.membership, email);
  const since = Date.now();

  await typeCard(page, CARDS.threeDSecure);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog', { name: 'Test 3D Secure check' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Complete' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Fail' }).click();

  await expect(dialog).toBeHidden();
  await expect(cardError(page)).toHaveText(CARD_MESSAGES.authenticationFailed);
  await expectRedText(cardError(page));
  await expect(page).toHaveURL(/\/subscription$/);
  expect(await requestsSince(api, attachPath(membership), since)).toEqual([]);
});

test('a double click on Subscribe makes exactly one attach call, with the contract’s body', async ({
  page,
  api,
  request,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('double-click');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  const membership = await atCheckout(page, signIn, member.membership, email);
  // In the free year the card is saved with a setup intent.
  const intents = await subscriptionOf(request, email, membership.externalId);
  expect(intents.paymentIntent).toBeNull();
  const setupIntentId = intents.setupIntent?.id ?? '';
  expect(setupIntentId).toMatch(/^seti_/);
  const since = Date.now();

  await typeCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Subscribe' }).dblclick();
  await expect(page).toHaveURL(/\/dashboard$/);

  const attaches = await requestsSince(api, '/attach-payment-method', since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.method).toBe('PUT');
  expect(attaches[0]?.path).toBe(attachPath(membership));
  expect(attaches[0]?.status).toBe(200);
  expect(attaches[0]?.body).toEqual({
    paymentMethodId: expect.stringMatching(/^pm_test_/),
    membershipId: membership._id,
    paymentIntentId: setupIntentId,
  });
});

test('a decline that still carries a payment method: the error is shown and one attach call is made', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('attach-on-error');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  const membership = await atCheckout(page, signIn, member.membership, email);
  const since = Date.now();

  await typeCard(page, CARDS.declinedWithPaymentMethod);
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(cardError(page)).toHaveText(CARD_MESSAGES.declined);
  await expect
    .poll(async () => (await requestsSince(api, attachPath(membership), since)).length)
    .toBe(1);
  const [attach] = await requestsSince(api, attachPath(membership), since);
  expect(attach?.body).toMatchObject({
    paymentMethodId: expect.stringMatching(/^pm_test_/),
    membershipId: membership._id,
  });
  // The page stays on the checkout with the message (no second attach afterwards).
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(cardError(page)).toHaveText(CARD_MESSAGES.declined);
  expect(await requestsSince(api, '/attach-payment-method', since)).toHaveLength(1);
});

test('a member whose fee is due pays with the payment intent (pi_) and ends Active', async ({
  page,
  api,
  request,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('fee-due');
  const member = await arrangeMember(api, email, {
    state: 'active',
    billingAddress: ADDRESS,
    feeDue: true,
  });
  const membership = await atCheckout(page, signIn, member.membership, email);
  const intents = await subscriptionOf(request, email, membership.externalId);
  expect(intents.setupIntent).toBeNull();
  const paymentIntentId = intents.paymentIntent?.id ?? '';
  expect(paymentIntentId).toMatch(/^pi_/);
  const since = Date.now();

  await typeCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(factValue(page, 'Status')).toHaveText('Active');

  const attaches = await requestsSince(api, '/attach-payment-method', since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.status).toBe(200);
  expect(attaches[0]?.body).toEqual({
    paymentMethodId: expect.stringMatching(/^pm_test_/),
    membershipId: membership._id,
    paymentIntentId,
  });
  // The stand-in took the fee as paid: the subscription is back to a setup intent.
  const after = await subscriptionOf(request, email, membership.externalId);
  expect(after.paymentIntent).toBeNull();
});

test('the express button shows only with ?wallet=test; axe on the checkout', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('express');
  const member = await arrangeMember(api, email, { state: 'active', billingAddress: ADDRESS });
  await atCheckout(page, signIn, member.membership, email);
  const wallet = page.getByRole('button', { name: 'Pay with test wallet' });
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(wallet).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/subscription?wallet=test');
  await expectCardFieldsReady(page);
  await expect(wallet).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});
