/**
 * Helpers of the quality sweep: axe with every impact,
 * the page-structure checks (one h1, lang, skip link), and keyboard helpers.
 * (Members in a given state: ./members.ts.)
 *
 *   await signedInMember('x', { state: 'active', quickly: true });
 *   await page.goto('/dashboard');
 *   await expectNoViolations(page);
 *   await expectPageStructure(page);
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** Every impact fails the sweep: no axe violation at all. */
export const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

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

/** Waits until the page's single h1 reads `name` (the route has rendered). */
export async function expectHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
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
