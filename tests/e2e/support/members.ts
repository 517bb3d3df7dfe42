/**
 * Members and what they see: members arranged through the stand-in in a given
 * state, signed in with or without the login form, the screens by their route
 * and heading, the calls the app made, and the checkout (test cards, the card
 * error, the dashboard's facts).
 * Black box: only what a member sees and the stand-in's HTTP API (the
 * contract plus its private __dev/ helpers in ./api.ts), never code from src/
 * or machines/. The fixtures (./fixtures.ts) bind the usual ones to the test:
 *
 *   const { email, membership } = await signedInMember('x', { state: 'active', billingAddress: ADDRESS });
 *   const since = Date.now();
 *   await payWithCard(page, CARDS.declined);
 *   const calls = await requestsSince(api, '/attach-payment-method', since);
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type {
  BillingAddress,
  DevApi,
  LoggedRequest,
  Membership,
  MembershipChange,
  Subscription,
} from './api.ts';

export const PASSWORD = 'Password123';

const DAY = 24 * 60 * 60 * 1000;

/** An ISO date `days` from now, at noon UTC (so its UTC calendar day is unambiguous). */
export function inDays(days: number): string {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(12, 0, 0, 0);
  return date.toISOString();
}

/** The browsers' time zone in the tests (playwright.config.ts): a member in Toronto. */
export const TEST_TIME_ZONE = 'America/Toronto';

/** The calendar day the dashboard shows for an ISO date: year-month-day, the member's day. */
export const dayOf = (iso: string, timeZone = TEST_TIME_ZONE): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

export const ADDRESS: BillingAddress = {
  country_code: 'CA',
  address_1: '100 Rue Sainte-Catherine',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1Y2',
};

/** The offline test provider's cards (docs/api.md, "The test payment provider"). */
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

export interface MemberOptions {
  /** `none` (the default): no membership; `active`: 200 days left; `inactive`: lapsed 3 days ago. */
  state?: MemberState;
  billingAddress?: BillingAddress;
  /** true: the subscription asks for the fee (a payment intent). */
  feeDue?: boolean;
  /** The membership's fields as given (over what `state` sets): dates, cancellation, charger order. */
  membership?: Omit<MembershipChange, 'email'>;
  /** Default PASSWORD. */
  password?: string;
  /** Default true; false makes login ask for a one-time code. */
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  language?: 'en' | 'fr';
  isBetaTester?: boolean;
}

export interface ArrangedMember {
  email: string;
  /** null when the state is `none`. */
  membership: Membership | null;
}

/** A user created through the stand-in, with a membership in the given state. */
export async function arrangeMember(
  api: DevApi,
  email: string,
  { state = 'none', feeDue, membership, password = PASSWORD, ...user }: MemberOptions = {},
): Promise<ArrangedMember> {
  await api.createUser({ email, password, ...user });
  const change = {
    ...(state === 'none' ? {} : { validTo: state === 'active' ? inDays(200) : inDays(-3) }),
    ...(feeDue === undefined ? {} : { feeDue }),
    ...membership,
  };
  if (Object.keys(change).length === 0) return { email, membership: null };
  return { email, membership: await api.setMembership({ email, ...change }) };
}

/** Where the app keeps the session's tokens (localStorage). */
export const TOKEN_KEYS = {
  accessToken: 'evclub.accessToken',
  refreshToken: 'evclub.refreshToken',
} as const;

/**
 * Ends a session the way another device would: spends its refresh token, then
 * the one it was spent for (a spent token may otherwise ask again for the same
 * pair for a few minutes, docs/api.md). The server then refuses the page's token.
 */
export async function spendRefreshToken(
  request: APIRequestContext,
  refreshToken: string | null,
): Promise<void> {
  const spent = await request.post('/api/client/auth/refresh-token', { data: { refreshToken } });
  expect(spent.ok()).toBe(true);
  const next = await request.post('/api/client/auth/refresh-token', {
    data: { refreshToken: (await spent.json()).refreshToken },
  });
  expect(next.ok()).toBe(true);
}

/** Stores tokens the way the app does (the page must be on the app's origin). */
export async function storeTokens(page: Page, access: string, refresh: string): Promise<void> {
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys.accessToken, values[0]);
      localStorage.setItem(keys.refreshToken, values[1]);
    },
    [TOKEN_KEYS, [access, refresh]] as const,
  );
}

/** The stored tokens of the page (null when absent). */
export async function storedTokens(page: Page) {
  if (!page.url().startsWith('http')) return { accessToken: null, refreshToken: null };
  return page.evaluate(
    (keys) => ({
      accessToken: localStorage.getItem(keys.accessToken),
      refreshToken: localStorage.getItem(keys.refreshToken),
    }),
    TOKEN_KEYS,
  );
}

/**
 * Signs in without the login form: logs in over HTTP and stores the tokens
 * the way the app does, then the next page load starts signed in. (The login
 * form itself is covered by session.spec.ts and the keyboard journey.)
 */
export async function signInQuickly(
  page: Page,
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const { token, refreshToken } = await logIn(request, email, password);
  // A static file of the app's origin: its storage, without booting the app.
  await page.goto('/favicon.svg');
  await storeTokens(page, token, refreshToken);
}

/** POST client/auth/login over HTTP (the contract): the member's tokens. */
async function logIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; refreshToken: string }> {
  const response = await request.post('/api/client/auth/login', {
    data: { emailOrPhone: email, password },
  });
  expect(response.ok(), `login of ${email}`).toBe(true);
  return response.json();
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

/** The one call among `calls` (failing unless there is exactly one), made with `method` and answered `status`. */
export function onlyCall(calls: LoggedRequest[], method: string, status: number): LoggedRequest {
  expect(calls).toHaveLength(1);
  const [call] = calls;
  expect(call?.method).toBe(method);
  expect(call?.status).toBe(status);
  return call as LoggedRequest;
}

/**
 * What GET club/subscriptions/{externalId} answers for this member, read over
 * HTTP with the member's own credentials (the contract's endpoints only).
 */
export async function subscriptionOf(
  request: APIRequestContext,
  email: string,
  externalId: string,
): Promise<Subscription> {
  const { token } = await logIn(request, email, PASSWORD);
  const response = await request.get(`/api/club/subscriptions/${externalId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `subscription ${externalId}`).toBe(true);
  return response.json();
}

let phoneCounter = 0;

/**
 * A French mobile number nobody else in the run has: the digits to type, the
 * country to choose first (the sign-up form's label) and its E.164 form.
 */
export function uniqueFrenchMobile(): { typed: string; country: string; e164: string } {
  phoneCounter += 1;
  const tail = `${(Date.now() % 1_000_000).toString().padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`;
  const national = `6${tail}`;
  return { typed: national, country: 'France (+33)', e164: `+33${national}` };
}

/** The value shown next to a term of the dashboard's membership card (`<dt>` → `<dd>`). */
export function factValue(page: Page, term: string): Locator {
  return page.locator(`xpath=//dt[normalize-space(.)='${term}']/following-sibling::dd[1]`);
}

/**
 * The payment column is ready: the card fields can be typed in and nothing in
 * it is busy any more (`cardLabel` for another language).
 */
export async function expectCardFieldsReady(page: Page, cardLabel = 'Card number'): Promise<void> {
  await expect(page.getByLabel(cardLabel, { exact: true })).toBeEditable({ timeout: 10_000 });
  await expect(page.getByText('Loading secure payment form...')).toHaveCount(0);
  await expect(page.locator('.checkout-payment[aria-busy="true"]')).toHaveCount(0);
}

/** The h1 of each screen (English). */
export const SCREEN_HEADINGS = {
  '/login': 'Sign in',
  '/register': 'Create your account',
  '/activation': 'Activate your membership',
  '/billing': 'Billing address',
  '/subscription': 'Complete your membership',
  '/dashboard': 'Dashboard',
  '/account': 'Your account',
} as const;

export type AppScreen = keyof typeof SCREEN_HEADINGS;

/** Opens a screen and waits for its heading (the route has rendered). */
export async function openScreen(page: Page, path: AppScreen): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: SCREEN_HEADINGS[path] })).toBeVisible();
}

/** The page is on `path` (the URL ends with it) and shows that screen's heading. */
export async function expectOnScreen(page: Page, path: AppScreen): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: SCREEN_HEADINGS[path] })).toBeVisible();
}

/** Opens the checkout (/subscription): its heading, and the card fields ready. */
export async function openCheckout(page: Page): Promise<void> {
  await openScreen(page, '/subscription');
  await expectCardFieldsReady(page);
}

/** Types a test card with a future expiry (12 / 34) and CVC 123, as a member would. */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page
    .getByLabel('Card number', { exact: true })
    .pressSequentially(number.replace(/\D/g, ''));
  await page.getByLabel(/expir/i).pressSequentially('1234');
  await page.getByLabel(/cvc|security code/i).pressSequentially('123');
}

/** Types a test card and clicks Subscribe. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await typeCard(page, number);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

/** The test provider's 3D Secure dialog (open after paying with CARDS.threeDSecure). */
export function threeDSecureDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Test 3D Secure check' });
}

/** The member lands on the dashboard and it says Active. */
export async function expectActiveDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(factValue(page, 'Status')).toHaveText('Active');
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
