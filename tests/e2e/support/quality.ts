/**
 * Helpers of the quality sweep (issue 6, part 4): axe with every impact,
 * the page-structure checks (one h1, lang, skip link), members in a given
 * state signed in without the login form, and keyboard helpers.
 *
 *   const member = await arrangeMember(api, uniqueEmail('x'), 'active');
 *   await signInQuickly(page, request, member.email);
 *   await page.goto('/dashboard');
 *   await expectNoViolations(page);
 *   await expectPageStructure(page);
 */
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { BillingAddress, DevApi } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';

export const PASSWORD = 'Password123';

const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

/** Every impact fails the sweep: no axe violation at all. */
export const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

export const ADDRESS: BillingAddress = {
  country_code: 'CA',
  address_1: '100 Rue Sainte-Catherine',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1Y2',
};

/** The offline test provider's cards (docs/api.md). */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0027 6000 3184',
} as const;

/** axe (WCAG 2.0/2.1 A and AA, 2.2 AA) with every impact failing. */
export async function expectNoViolations(page: Page, options: { exclude?: string[] } = {}) {
  await expectNoAxeViolations(page, { impact: ALL_IMPACTS, ...options });
}

/**
 * Exactly one h1, a lang attribute on <html>, and a skip link that is the
 * first thing Tab reaches and, pressed, puts the focus in <main> (the next
 * Tab lands inside main, not back in the header).
 */
export async function expectPageStructure(page: Page, lang = 'en'): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('main')).toHaveCount(1);

  // Start from the top of the document, as a keyboard user arriving on the
  // page: a blurred control would stay Chrome's starting point for Tab, so a
  // throw-away focus target at the very start of <body> takes that place.
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.id = 'quality-tab-start';
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    window.scrollTo(0, 0);
  });
  await page.keyboard.press('Tab');
  await page.evaluate(() => document.getElementById('quality-tab-start')?.remove());
  const skip = page.locator('a.skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveAttribute('href', '#main');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null), {
      message: 'focus is in <main> after the skip link',
    })
    .toBe(true);
}

export type MemberState = 'noMembership' | 'active' | 'inactive' | 'activeWithAddress';

/** A verified user in the given state (created through the stand-in's private helpers). */
export async function arrangeMember(
  api: DevApi,
  email: string,
  state: MemberState,
  options: { firstName?: string; language?: 'en' | 'fr' } = {},
): Promise<{ email: string }> {
  await api.createUser({
    email,
    password: PASSWORD,
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.language ? { language: options.language } : {}),
    ...(state === 'activeWithAddress' ? { billingAddress: ADDRESS } : {}),
  });
  if (state === 'active' || state === 'activeWithAddress') {
    await api.setMembership({ email, validTo: inDays(200) });
  } else if (state === 'inactive') {
    await api.setMembership({ email, validTo: inDays(-3) });
  }
  return { email };
}

/**
 * Signs in without the login form: logs in over HTTP and stores the tokens
 * the way the app does, then the next page load starts signed in. (The login
 * form itself is covered by the keyboard journey and session.spec.ts.)
 */
export async function signInQuickly(
  page: Page,
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const response = await request.post('/api/client/auth/login', {
    data: { emailOrPhone: email, password: PASSWORD },
  });
  expect(response.ok(), `login of ${email}`).toBe(true);
  const { token, refreshToken } = (await response.json()) as {
    token: string;
    refreshToken: string;
  };
  // A static file of the app's origin: its storage, without booting the app.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('evclub.accessToken', access ?? '');
      localStorage.setItem('evclub.refreshToken', refresh ?? '');
    },
    [token, refreshToken],
  );
}

/** Waits until the page's single h1 reads `name` (the route has rendered). */
export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The payment column is ready: the card fields are shown and the spinner is gone. */
export async function expectCardFieldsReady(page: Page, cardLabel = 'Card number'): Promise<void> {
  await expect(page.getByLabel(cardLabel, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.checkout-payment[aria-busy="true"]')).toHaveCount(0);
}

/** Fills the test provider's card fields (typed, as a member would). */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page
    .getByLabel('Card number', { exact: true })
    .pressSequentially(number.replace(/\D/g, ''));
  await page.getByLabel(/expir/i).pressSequentially('1234');
  await page.getByLabel(/cvc|security code/i).pressSequentially('123');
}

/** The element that has the focus, described for messages. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return '(none)';
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${label}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails after
 * `max` presses. The keyboard user's way of reaching a control.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(
    target,
    `reached with ${backwards ? 'Shift+Tab' : 'Tab'} within ${max} presses (focus: ${await describeFocus(page)})`,
  ).toBeFocused({ timeout: 500 });
}

/** The focused element shows a focus indicator: an outline or a box-shadow. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const css = getComputedStyle(el);
    return {
      what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`,
      outline: css.outlineStyle !== 'none' && Number.parseFloat(css.outlineWidth) > 0,
      shadow: css.boxShadow !== 'none' && css.boxShadow !== '',
    };
  });
  expect(style, 'something other than <body> has the focus').not.toBeNull();
  expect(
    style?.outline || style?.shadow,
    `the focused ${style?.what} shows an outline or a box-shadow`,
  ).toBe(true);
}
