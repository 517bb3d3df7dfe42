/**
 * Helpers of the member-journey browser tests (issues 4 and 5: registration,
 * activation, billing, dashboard, checkout). Black box: they only use what a
 * member sees and the stand-in's HTTP API (the contract plus its private
 * __dev/ helpers in ./api.ts), never code from src/ or machines/.
 *
 *   const since = Date.now();
 *   const member = await arrangeMember(api, uniqueEmail('x'), { state: 'active' });
 *   await signIn(page, member.email, PASSWORD);
 *   …
 *   const calls = await requestsSince(api, '/attach-payment-method', since);
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { BillingAddress, DevApi, LoggedRequest, Membership } from './api.ts';

export const PASSWORD = 'Password123';

const DAY = 24 * 60 * 60 * 1000;

/** An ISO date `days` from now, at noon UTC (so its UTC calendar day is unambiguous). */
export function inDays(days: number): string {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(12, 0, 0, 0);
  return date.toISOString();
}

/** The calendar day the dashboard shows for an ISO date (year-month-day, UTC). */
export const dayOf = (iso: string): string => iso.slice(0, 10);

export const ADDRESS: BillingAddress = {
  country_code: 'CA',
  address_1: '100 Rue Sainte-Catherine',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1Y2',
};

/** The offline test provider's cards (docs/api.md, "Payment provider in test mode"). */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
  declinedWithPaymentMethod: '4000 0000 0000 0341',
} as const;

/** Provider messages the member sees (shown as-is, spec 8). */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export type MemberState = 'none' | 'active' | 'inactive';

/**
 * A verified user created through the stand-in, with a membership in the given
 * state (`none` by default); returns the membership when there is one.
 */
export async function arrangeMember(
  api: DevApi,
  email: string,
  {
    state = 'none',
    billingAddress,
    feeDue,
  }: { state?: MemberState; billingAddress?: BillingAddress; feeDue?: boolean } = {},
): Promise<{ email: string; membership: Membership | null }> {
  await api.createUser({
    email,
    password: PASSWORD,
    ...(billingAddress ? { billingAddress } : {}),
  });
  if (state === 'none') return { email, membership: null };
  const membership = await api.setMembership({
    email,
    validTo: state === 'active' ? inDays(200) : inDays(-3),
    ...(feeDue === undefined ? {} : { feeDue }),
  });
  return { email, membership };
}

/** The membership as the stand-in has it now (a change with nothing in it changes nothing). */
export function currentMembership(api: DevApi, email: string): Promise<Membership> {
  return api.setMembership({ email });
}

/**
 * The calls the app made (path containing `pathPart`) since `since` (ms).
 * Tests run one at a time, so these are the current test's calls.
 */
export async function requestsSince(
  api: DevApi,
  pathPart: string,
  since: number,
): Promise<LoggedRequest[]> {
  return (await api.requests(pathPart)).filter((request) => Date.parse(request.at) >= since);
}

/**
 * What GET club/subscriptions/{externalId} answers for this member, read over
 * HTTP with the member's own credentials (the contract's endpoints only).
 */
export async function subscriptionOf(
  request: APIRequestContext,
  email: string,
  externalId: string,
): Promise<{
  subscription: { validTo: string | null };
  paymentIntent: { id: string } | null;
  setupIntent: { id: string } | null;
}> {
  const login = await request.post('/api/client/auth/login', {
    data: { emailOrPhone: email, password: PASSWORD },
  });
  expect(login.ok(), `login of ${email}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const response = await request.get(`/api/club/subscriptions/${externalId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `subscription ${externalId}`).toBe(true);
  return response.json();
}

let phoneCounter = 0;

/** A French mobile number nobody else in the run has: the digits to type and its E.164 form. */
export function uniqueFrenchMobile(): { typed: string; e164: string } {
  phoneCounter += 1;
  const tail = `${(Date.now() % 1_000_000).toString().padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`;
  const national = `6${tail}`;
  return { typed: national, e164: `+33${national}` };
}

/** The value shown next to a term of the dashboard's membership card (`<dt>` → `<dd>`). */
export function factValue(page: Page, term: string): Locator {
  return page.locator(`xpath=//dt[normalize-space(.)='${term}']/following-sibling::dd[1]`);
}

/** The payment column is ready: the card fields show and the spinner is gone. */
export async function expectCardFieldsReady(page: Page): Promise<void> {
  await expect(page.getByLabel('Card number', { exact: true })).toBeEditable({ timeout: 10_000 });
  await expect(page.getByText('Loading secure payment form...')).toHaveCount(0);
}

/** Types a test card with a future expiry (12 / 34) and CVC 123, as a member would. */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page
    .getByLabel('Card number', { exact: true })
    .pressSequentially(number.replace(/\D/g, ''));
  await page.getByLabel('Expiry date', { exact: true }).pressSequentially('1234');
  await page.getByLabel('CVC', { exact: true }).pressSequentially('123');
}

/** The card error under the fields (the form's alert). */
export function cardError(page: Page): Locator {
  return page.locator('form').getByRole('alert');
}

/** The text colour of `locator` is a red (more red than green and blue by far). */
export async function expectRedText(locator: Locator): Promise<void> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  expect(r > 120 && r > g * 2 && r > b * 2, `text colour ${color} is red`).toBe(true);
}

/** `lower` starts at or below the bottom of `upper` on the page. */
export async function expectBelow(lower: Locator, upper: Locator): Promise<void> {
  const [a, b] = await Promise.all([lower.boundingBox(), upper.boundingBox()]);
  expect(a && b, 'both elements are laid out').toBeTruthy();
  if (a && b) expect(a.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
}
