/**
 * A page the browser kept in its back/forward cache (Chrome does; Playwright
 * turns the cache off by default, so this file turns it back on) and restored
 * by Back after the session changed in another tab. The headless shell has
 * no such cache: these tests run in Debian's full chromium package, which the
 * test scripts install (or name) when it is missing.
 */
import { HEADLESS_ARGS } from '../tools/chromium.mjs';
import { expect, test } from './support/fixtures.ts';
import { ADDRESS, signInQuickly } from './support/members.ts';

/** Debian's full browser (tests/tools/browser-env.sh, use_full_chromium installs it). */
const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM,
    args: HEADLESS_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

for (const browser of [
  'Chromium, which hands the page the events it missed',
  'Firefox or Safari, which hand it nothing',
] as const) {
  const toldNothing = browser.startsWith('Firefox');
  test(`Back to a page kept from before another member signed in shows that member's session, never the first one's (${browser})`, async ({
    page,
    context,
    request,
    signedInMember,
    newMember,
  }) => {
    await signedInMember('cached-x', {
      state: 'active',
      firstName: 'Xavier',
      billingAddress: ADDRESS,
    });
    const y = await newMember('cached-y', { firstName: 'Yvonne' });
    if (toldNothing) {
      // As Firefox and Safari: the browser's own storage events never reach a page it kept
      // (every listener the app adds is wrapped before the app starts).
      await page.addInitScript(() => {
        let left = false;
        addEventListener('pagehide', () => {
          left = true;
        });
        const add = window.addEventListener.bind(window);
        const remove = window.removeEventListener.bind(window);
        const wrapped = new Map<unknown, EventListener>();
        const wrap = (listener: EventListener) => {
          let kept = wrapped.get(listener);
          if (!kept) {
            kept = (event: Event) => {
              if (!(left && event.isTrusted)) listener.call(window, event);
            };
            wrapped.set(listener, kept);
          }
          return kept;
        };
        window.addEventListener = ((type: string, listener: EventListener, options?: never) =>
          add(type, type === 'storage' ? wrap(listener) : listener, options)) as never;
        window.removeEventListener = ((type: string, listener: EventListener, options?: never) =>
          remove(
            type,
            type === 'storage' ? (wrapped.get(listener) ?? listener) : listener,
            options,
          )) as never;
      });
    }
    await page.goto('/billing');
    await page.getByLabel('Address line 1').fill('99 X Street');
    // Added after the app's own listener: how the restored page looks once the app has seen it.
    await page.evaluate(() => {
      addEventListener('pageshow', (event) => {
        if (!event.persisted) return;
        document.documentElement.dataset.restored = getComputedStyle(
          document.documentElement,
        ).visibility;
      });
    });
    await page.goto('/favicon.svg');

    // Another tab: X signs out, Y signs in.
    const other = await context.newPage();
    await other.goto('/dashboard');
    await other.getByRole('button', { name: 'Logout' }).click();
    await expect(other).toHaveURL(/\/login$/);
    await signInQuickly(other, request, y.email);

    // A restored page fires no load event.
    await page.goBack({ waitUntil: 'commit' });
    // Restored, and hidden: never painted with X's page for whoever is at the browser now.
    await expect(page.locator('html')).toHaveAttribute('data-restored', 'hidden');
    // Y has no membership yet: Y's home is /activation (through /login, the
    // profile and the membership: several round trips on a loaded machine).
    await expect(page).toHaveURL(/\/activation$/, { timeout: 15_000 });
    await expect(page.getByLabel('Address line 1')).toHaveCount(0);
    // Nor is what X typed in any field of the page.
    const typedByX = await page.evaluate(() =>
      [...document.querySelectorAll('input')].some((input) => input.value.includes('99 X Street')),
    );
    expect(typedByX).toBe(false);
    // Y's page shows.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Activate your membership' }),
    ).toBeVisible();
  });
}

test('Back with the session unchanged shows the kept page at once, as it was left: not loaded anew', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('cached-same', { firstName: 'Xavier', billingAddress: ADDRESS });
  await page.goto('/billing');
  await page.getByLabel('Address line 1').fill('99 X Street');
  // A mark that a page loaded anew would not have.
  await page.evaluate(() => {
    (window as { keptPage?: boolean }).keptPage = true;
  });
  await page.goto('/favicon.svg');

  await page.goBack({ waitUntil: 'commit' });
  await expect(page.getByLabel('Address line 1')).toHaveValue('99 X Street');
  await expect(page.getByLabel('Address line 1')).toBeVisible();
  expect(await page.evaluate(() => (window as { keptPage?: boolean }).keptPage)).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).visibility)).toBe(
    'visible',
  );
});

test('Back to forgot password kept by the browser starts at step 1: never the last person’s code step and address', async ({
  page,
  newMember,
}) => {
  const { email } = await newMember('cached-forgot');
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the code', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
  await page.evaluate(() => {
    addEventListener('pageshow', (event) => {
      document.documentElement.dataset.restored = String(event.persisted);
    });
  });
  // Left by typing another address; whoever comes next presses Back.
  await page.goto('/favicon.svg');

  await page.goBack({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-restored', 'true');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  expect(
    await page.evaluate(() => sessionStorage.getItem('evclub.forgotPasswordCodeEmail')),
  ).toBeNull();
});
