/**
 * In Chromium against the stand-in, with the offline test payment
 * provider (docs/api.md, "The test payment provider"): the whole
 * journey from sign-up to an active dashboard, declined cards, 3D Secure,
 * a double click on Subscribe, the decline that still carries a payment
 * method, a fee that is due (payment intent), the express button, and axe.
 * Black box: visible texts, accessible names and what the stand-in received.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { DevApi, Membership } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type SignedInMember, test } from './support/fixtures.ts';
import { enterCode, fillSignUp, submitBillingAddress } from './support/forms.ts';
import {
  ADDRESS,
  CARD_MESSAGES,
  CARDS,
  cardError,
  currentMembership,
  dayOf,
  expectActiveDashboard,
  expectBelow,
  expectCardFieldsReady,
  expectRedText,
  factValue,
  type MemberOptions,
  onlyCall,
  openCheckout,
  PASSWORD,
  payWithCard,
  requestsSince,
  subscriptionOf,
  threeDSecureDialog,
  typeCard,
  uniqueFrenchMobile,
} from './support/members.ts';

/**
 * An active member with a billing address (and `options`), signed in through
 * the login form, then on /subscription with the card fields ready; `since`
 * is the time from which the checkout's own calls are counted.
 */
async function atCheckout(
  page: Page,
  signedInMember: SignedInMember,
  label: string,
  options: MemberOptions = {},
): Promise<{ email: string; membership: Membership; since: number }> {
  const { email, membership } = await signedInMember(label, {
    state: 'active',
    billingAddress: ADDRESS,
    ...options,
  });
  if (!membership) throw new Error('the member has no membership');
  await expect(page).toHaveURL(/\/dashboard$/);
  await openCheckout(page);
  return { email, membership, since: Date.now() };
}

function attachPath(membership: Membership): string {
  return `/club/subscriptions/${membership.externalId}/attach-payment-method`;
}

/** The subscription offers one intent, of `kind` (the other is null): its id. */
async function offeredIntent(
  request: APIRequestContext,
  { email, membership }: { email: string; membership: Membership },
  kind: 'setupIntent' | 'paymentIntent',
): Promise<string> {
  const intents = await subscriptionOf(request, email, membership.externalId);
  expect(intents[kind === 'setupIntent' ? 'paymentIntent' : 'setupIntent']).toBeNull();
  const id = intents[kind]?.id ?? '';
  expect(id).toMatch(kind === 'setupIntent' ? /^seti_/ : /^pi_/);
  return id;
}

/** Exactly one attach call since the checkout opened, answered 200, with the contract's body. */
async function expectOneAttach(
  api: DevApi,
  { since, membership }: { since: number; membership: Membership },
  paymentIntentId: string,
): Promise<void> {
  const attach = onlyCall(await requestsSince(api, '/attach-payment-method', since), 'PUT', 200);
  expect(attach.path).toBe(attachPath(membership));
  expect(attach.body).toEqual({
    paymentMethodId: expect.stringMatching(/^pm_test_/),
    membershipId: membership._id,
    paymentIntentId,
  });
}

test('the whole journey: sign up, verify, activate, billing, card, dashboard Active with the next due date', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  test.slow();
  const email = uniqueEmail('journey');

  // Sign up (/register, reached from the login screen).
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await fillSignUp(page, {
    email,
    firstName: 'Journey',
    lastName: 'Member',
    phone: uniqueFrenchMobile(),
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  const signUpCode = await api.lastOtp(email);

  // Sign in: the account is not verified yet, so a new 6-digit code is asked for.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The form starts with the address just signed up with.
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  await enterCode(page, await api.lastOtp(email, { notEqual: signUpCode }));

  // Activate: no billing address yet, so /billing.
  await expect(page).toHaveURL(/\/activation$/);
  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await submitBillingAddress(page, {
    country_code: 'CA',
    address_1: '200 Rue Principale',
    city: 'Gatineau',
    postal_code: 'J8X 2K1',
    province: 'QC',
  });

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

  await expectActiveDashboard(page);
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
  signedInMember,
}) => {
  const { since } = await atCheckout(page, signedInMember, 'declined');

  await payWithCard(page, CARDS.declined);

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

  // From the CVC, a tap on Subscribe tries again: leaving the field changes nothing, so
  // the message stays until then (QA: it went, and Subscribe moved from under the tap).
  await page.getByLabel('CVC', { exact: true }).click();
  const box = await page.getByRole('button', { name: 'Subscribe' }).boundingBox();
  expect(box).not.toBeNull();
  const tries = page.getByRole('button', { name: 'Subscribing...' }).waitFor();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await tries;
  await expect(error).toHaveText(CARD_MESSAGES.declined);
  expect(await page.getByRole('button', { name: 'Subscribe' }).boundingBox()).toEqual(box);
});

test('3D Secure completed: the payment goes through to the dashboard', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'three-d-secure-ok');

  await payWithCard(page, CARDS.threeDSecure);
  await expect(threeDSecureDialog(page)).toBeVisible();
  await threeDSecureDialog(page).getByRole('button', { name: 'Complete' }).click();

  await expectActiveDashboard(page);
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.status).toBe(200);
});

test('leaving while the payment is confirmed asks first: Back and closing the tab stay when the member cancels; the payment then goes through', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'leave-while-paying');
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });

  // Nothing is asked before paying: a reload goes through.
  await page.reload();
  await expectCardFieldsReady(page);
  expect(asked).toEqual([]);

  // The 3D Secure check holds the payment on its way.
  await payWithCard(page, CARDS.threeDSecure);
  await expect(threeDSecureDialog(page)).toBeVisible();
  await page.evaluate(() => history.back());
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload', 'beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(page).toHaveURL(/\/subscription$/);

  await threeDSecureDialog(page).getByRole('button', { name: 'Complete' }).click();
  await expectActiveDashboard(page);
  expect(asked).toHaveLength(2);
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches).toHaveLength(1);
  expect(attaches[0]?.status).toBe(200);
});

test('3D Secure failed: the authentication error is shown; axe with the dialog open', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'three-d-secure-fail');

  await payWithCard(page, CARDS.threeDSecure);
  const dialog = threeDSecureDialog(page);
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
  signedInMember,
}) => {
  const member = await atCheckout(page, signedInMember, 'double-click');
  // In the free year the card is saved with a setup intent.
  const setupIntentId = await offeredIntent(request, member, 'setupIntent');

  await typeCard(page, CARDS.succeeds);
  await page.getByRole('button', { name: 'Subscribe' }).dblclick();
  await expect(page).toHaveURL(/\/dashboard$/);

  await expectOneAttach(api, member, setupIntentId);
});

test('a decline that still carries a payment method: the error is shown and one attach call is made', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'attach-on-error');

  await payWithCard(page, CARDS.declinedWithPaymentMethod);

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
  signedInMember,
}) => {
  const member = await atCheckout(page, signedInMember, 'fee-due', { feeDue: true });
  const paymentIntentId = await offeredIntent(request, member, 'paymentIntent');
  // What the card is charged is what the page says: the fee, today.
  await expect(factValue(page, 'Total')).toHaveText('$120.00');
  await expect(factValue(page, 'Discount')).toHaveText('$0.00');
  await expect(
    page.getByText('The Canada promo covers the first year only: the yearly fee is due now.'),
  ).toBeVisible();
  await expect(
    page.getByText(/charge your card \$120\.00 today, then \$120\.00 per year/),
  ).toBeVisible();

  await payWithCard(page, CARDS.succeeds);
  await expectActiveDashboard(page);

  await expectOneAttach(api, member, paymentIntentId);
  // The stand-in took the fee as paid: the subscription is back to a setup intent.
  await offeredIntent(request, member, 'setupIntent');
});

test('a card charged whose attach failed: the page says it was accepted, the fields wait, leaving asks first, and Subscribe saves that card, not another typed since', async ({
  page,
  api,
  signedInMember,
}) => {
  const { email, membership, since } = await atCheckout(page, signedInMember, 'attach-retry', {
    feeDue: true,
  });
  await api.injectFaults({
    path: '/club/subscriptions/*/attach-payment-method',
    method: 'PUT',
    kind: 'status',
    status: 503,
    email,
  });

  await payWithCard(page, CARDS.succeeds);
  await expect(cardError(page)).toHaveText(/server could not answer/);
  await expect(page.getByText(/^Your card was accepted\./)).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByText(/^Your card was accepted\./)).toHaveText(
    'Your card was accepted. Press Subscribe to finish saving it to your membership (nothing more is charged).',
  );
  // The card the provider accepted is the one saved: no other can be typed in its place.
  for (const label of ['Card number', 'Expiry date', 'CVC']) {
    await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
  }
  await expect(page.getByLabel('Card number', { exact: true })).toHaveValue(CARDS.succeeds);

  // Leaving now would leave the accepted card unsaved: Back asks first, and
  // stays when the member cancels.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.evaluate(() => history.back());
  await expect.poll(() => asked).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/subscription$/);

  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expectActiveDashboard(page);
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches.map((call) => call.status)).toEqual([503, 200]);
  const [failed, saved] = attaches.map((call) => call.body);
  expect(saved).toEqual(failed);
});

test('the express button shows only with ?wallet=test; axe on the checkout', async ({
  page,
  signedInMember,
}) => {
  await atCheckout(page, signedInMember, 'express');
  const wallet = page.getByRole('button', { name: 'Pay with test wallet' });
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(wallet).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto('/subscription?wallet=test');
  await expectCardFieldsReady(page);
  await expect(wallet).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

/** Empties the card fields (a member replacing the card they typed). */
async function clearCard(page: Page): Promise<void> {
  for (const field of [
    page.getByLabel('Card number', { exact: true }),
    page.getByLabel(/expir/i),
    page.getByLabel(/cvc|security code/i),
  ]) {
    await field.fill('');
  }
}

test('a decline that attached its card, then a good card: the second goes through with the intent the server now has', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'attach-then-good');
  await payWithCard(page, CARDS.declinedWithPaymentMethod);
  await expect(cardError(page)).toHaveText(CARD_MESSAGES.declined);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();

  await clearCard(page);
  await payWithCard(page, CARDS.succeeds);
  await expectActiveDashboard(page);
  // Two attaches: the declined card's, then the good one's, each with the intent it was confirmed on.
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches).toHaveLength(2);
  const [first, second] = attaches.map(
    (call) => (call.body as { paymentIntentId: string }).paymentIntentId,
  );
  expect(second).not.toBe(first);
});

test('the answer to the attach is lost (the server saved the card): the page learns it and goes to the dashboard', async ({
  page,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'attach-lost');
  // The server receives the attach and saves the card; its answer never reaches the page.
  const lose = async (route: import('@playwright/test').Route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await route.fetch();
    return route.abort('failed');
  };
  await page.route(`**/api${attachPath(membership)}`, lose);

  await payWithCard(page, CARDS.succeeds);
  await expectActiveDashboard(page);
  // One attach only: the page read the subscription again instead of attaching twice.
  expect(await requestsSince(api, attachPath(membership), since)).toHaveLength(1);
});

test('two tabs pay: the second card is refused (its intent was used), says so, and goes through on the next Subscribe', async ({
  page,
  context,
  api,
  signedInMember,
}) => {
  const { membership, since } = await atCheckout(page, signedInMember, 'two-tabs-pay');
  const other = await context.newPage();
  await openCheckout(other);

  await payWithCard(page, CARDS.succeeds);
  await expectActiveDashboard(page);

  // The other tab confirms on the intent the first one used: the server refuses its attach.
  await payWithCard(other, CARDS.succeeds);
  await expect(cardError(other)).toHaveText(
    'This payment was already completed, perhaps in another tab. Press Subscribe to save this card to your membership.',
  );
  await expect(other).toHaveURL(/\/subscription$/);
  await expect(other.getByRole('button', { name: 'Subscribe' })).toBeEnabled();

  await other.getByRole('button', { name: 'Subscribe' }).click();
  await expectActiveDashboard(other);
  const attaches = await requestsSince(api, attachPath(membership), since);
  expect(attaches.map((call) => call.status)).toEqual([200, 400, 200]);
  const [first, refused, last] = attaches.map(
    (call) => (call.body as { paymentIntentId: string }).paymentIntentId,
  );
  expect(refused).toBe(first);
  expect(last).not.toBe(first);
});

test('"Update information" from the checkout: Finish returns to it, and Back then leaves it (one checkout in the history)', async ({
  page,
  api,
  signedInMember,
}) => {
  await atCheckout(page, signedInMember, 'checkout-update-billing');
  await page.getByRole('link', { name: 'Update information' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await page.getByLabel('Postal code').fill('H3B 1A7');
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expectCardFieldsReady(page);
  await expect(page.getByText('H3B 1A7, QC')).toBeVisible();
  const saved = await api.requests('/client/auth/profile/billingAddress');
  expect(
    saved.some((call) => (call.body as { postal_code?: string }).postal_code === 'H3B 1A7'),
  ).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a membership that lapses while the checkout is open: the subscription guard sends the member to /activation; a payment on its way keeps the page until it is over', async ({
  page,
  signedInMember,
}) => {
  // The page's clock runs as usual until the test moves it past the membership's last moment.
  await page.clock.install();
  const lastMoment = new Date(Date.now() + 60_000).toISOString();
  await signedInMember('lapses-at-checkout', {
    billingAddress: ADDRESS,
    membership: { validTo: lastMoment },
    quickly: true,
  });
  await openCheckout(page);
  // A payment on its way: the 3D Secure check waits for the member.
  await payWithCard(page, CARDS.threeDSecure);
  const dialog = threeDSecureDialog(page);
  await expect(dialog).toBeVisible();

  await page.clock.fastForward('02:00');
  // The page reads the clock each minute: past its turn, it is still here, the check open.
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/activation$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Activate your membership' }),
  ).toBeVisible();
});
