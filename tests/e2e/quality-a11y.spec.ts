/**
 * Quality sweep: axe (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) with NO
 * violation of any impact on every screen (English, and a few in French) and
 * on every error state (login, one-time code, registration fields and server
 * error, forgot password, billing fields and save failure, card declined, the
 * 3D Secure dialog). Each screen also has exactly one h1, a lang attribute and
 * a skip link that takes the focus to <main>.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { gate } from './support/gate.ts';
import {
  ADDRESS,
  CARDS,
  expectCardFieldsReady,
  inDays,
  openScreen,
  PASSWORD,
  typeCard,
} from './support/members.ts';
import {
  ALL_IMPACTS,
  expectHeading,
  expectNoViolations,
  expectPageStructure,
} from './support/quality.ts';

// Several screens and axe runs per test: room for a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

async function checkScreen(page: Page, lang = 'en') {
  await expectNoViolations(page);
  await expectPageStructure(page, lang);
}

test('public screens in English', async ({ page }) => {
  const screens: Array<[path: string, h1: string | RegExp]> = [
    ['/', 'Charge at home, earn cashback'],
    ['/login', 'Sign in'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Forgot your password?'],
    ['/terms', /terms/i],
    ['/policy', /privacy/i],
    ['/no-such-page', 'Page not found'],
  ];
  for (const [path, h1] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectHeading(page, h1);
      await checkScreen(page);
    });
  }
});

test('activation, billing and account in English', async ({ page, openAsMember }) => {
  await openAsMember('/activation', 'a11y-new');
  await checkScreen(page);

  await openScreen(page, '/billing');
  await checkScreen(page);

  await openScreen(page, '/account');
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Test');
  await checkScreen(page);
});

test('subscription and dashboard (active, then inactive) in English', async ({
  page,
  memberAtCheckout,
  api,
}) => {
  const { email } = await memberAtCheckout('a11y-member');
  await checkScreen(page);

  await openScreen(page, '/dashboard');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await checkScreen(page);

  await api.setMembership({ email, validTo: inDays(-1) });
  await page.reload();
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible();
  await checkScreen(page);
});

test('the loading view while the current user loads; nothing on it moves (no layout shift)', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('a11y-loading', { state: 'active', quickly: true });
  const profile = gate();
  await page.route('**/api/client/auth/profile', async (route) => {
    await profile.passed;
    await route.fallback();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number }>) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Setting up your workspace...')).toBeVisible();
  await expect(page.getByText('Loading your account...')).toBeVisible();
  // No layout is drawn yet: the view is the page's one <main> itself.
  await expect(page.getByRole('main')).toContainText('Setting up your workspace...');
  await expectNoViolations(page);
  profile.open();
  await expectHeading(page, 'Dashboard');
  // The account line hides in place once the user is in (the membership may still load).
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

test('the could-not-reach view at start-up is the page: one <main> the skip link reaches, its heading the title', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('a11y-unreachable', { state: 'active', quickly: true });
  await page.route('**/api/client/auth/profile', (route) => route.abort('connectionfailed'));
  await page.goto('/dashboard');
  // After the start-up's own retries (about 3 s).
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not reach the server' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page).toHaveTitle('We could not reach the server · EV Charger Club');
  await checkScreen(page);
});

test('the could-not-load view after signing in: the skip link reaches its <main>, not the sign-in page kept hidden behind it', async ({
  page,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('a11y-skip-pending', { state: 'active' });
  await page.route('**/api/club/memberships', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 503 }) : route.fallback(),
  );
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  const heading = page.getByRole('heading', {
    level: 1,
    name: 'We could not load your membership',
  });
  await expect(heading).toBeVisible({ timeout: 15_000 });

  await page.locator('a.skip-link').focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const main = document.activeElement?.closest('main');
        return (
          main?.checkVisibility() && main.textContent?.includes('We could not load your membership')
        );
      }),
    )
    .toBe(true);
});

test('login and registration in French', async ({ page }) => {
  for (const [path, h1] of [
    ['/login', 'Connexion'],
    ['/register', 'Créez votre compte'],
  ] as const) {
    await test.step(path, async () => {
      await page.goto(`${path}?lng=fr`);
      await expectHeading(page, h1);
      // Read first: the form's title, before the side panel ("Joignez-vous au club en 7 étapes").
      await expect(page.locator('h1, h2').first()).toHaveText(h1);
      await checkScreen(page, 'fr');
      // Everything on the page is in a landmark: the Store link and the language switch in its banner.
      await expectNoAxeViolations(page, { rules: ['region'], impact: ALL_IMPACTS });
      await expect(page.getByRole('banner').getByRole('button', { name: /^FR/ })).toBeVisible();
    });
  }
});

test('dashboard and subscription in French', async ({ page, signedInMember }) => {
  await signedInMember('a11y-fr', {
    state: 'active',
    billingAddress: ADDRESS,
    language: 'fr',
    quickly: true,
  });
  await page.goto('/dashboard?lng=fr');
  await expectHeading(page, 'Tableau de bord');
  await checkScreen(page, 'fr');
  await page.goto('/subscription?lng=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectCardFieldsReady(page, 'Numéro de carte');
  await checkScreen(page, 'fr');
});

test.describe('error states', () => {
  test('login error', async ({ page, newMember, signIn }) => {
    const { email } = await newMember('a11y-login-error');
    await signIn(page, email, 'NotThePassword1');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
    ).toBeVisible();
    await expectNoViolations(page);
    // A field-level validation error as well.
    await page.getByLabel('Email or phone', { exact: true }).fill('not an email');
    await page.getByLabel('Password', { exact: true }).focus();
    await expect(page.getByText('Invalid email or phone')).toBeVisible();
    await expectNoViolations(page);
  });

  test('one-time code error', async ({ page, signedInMember, api }) => {
    const { email } = await signedInMember('a11y-otp-error', { verified: false });
    await expectNoViolations(page);
    const code = await api.lastOtp(email);
    await page
      .getByRole('textbox', { name: 'Digit 1 of 6' })
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Incorrect OTP')).toBeVisible();
    await expectNoViolations(page);
    await expectPageStructure(page);
  });

  test('registration field errors and a server error', async ({ page, api, uniqueEmail }) => {
    await page.goto('/register');
    await expectHeading(page, 'Create your account');
    await page.getByLabel('First name', { exact: true }).fill('A');
    await page.getByLabel('Last name', { exact: true }).fill('B');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByLabel('Email', { exact: true }).fill('nope');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.locator('.field__error')).toHaveCount(5);
    await expectNoViolations(page);

    const taken = uniqueEmail('a11y-taken');
    await api.createUser({ email: taken, password: PASSWORD });
    await page.getByLabel('First name', { exact: true }).fill('Alice');
    await page.getByLabel('Last name', { exact: true }).fill('Martin');
    await page.getByLabel('Phone', { exact: true }).fill('');
    await page.getByLabel('Phone', { exact: true }).pressSequentially('4165550199');
    await page.getByLabel('Email', { exact: true }).fill(taken);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'User with this email already exists' }),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page);
  });

  test('forgot password: email error, wrong code, new password errors', async ({
    page,
    newMember,
    api,
  }) => {
    const { email } = await newMember('a11y-forgot');
    await page.goto('/forgot-password');
    const field = page.getByLabel('Email', { exact: true });
    await field.fill('nope');
    await field.press('Enter');
    await expect(page.locator('.field__error')).toHaveCount(1);
    await expectNoViolations(page);

    await field.fill(email);
    await field.press('Enter');
    const code = await api.lastOtp(email);
    await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
    await expectNoViolations(page);
    await page
      .getByRole('textbox', { name: 'Digit 1 of 6' })
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).press('Enter');
    await expect(page.getByText('Incorrect OTP')).toBeVisible();
    await expectNoViolations(page);
    await expectPageStructure(page);

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).press('Enter');
    const next = page.getByLabel('New password', { exact: true });
    await expect(next).toBeVisible();
    await next.fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('different1');
    await page.getByLabel('Confirm password', { exact: true }).press('Enter');
    await expect(page.locator('.field__error').first()).toBeVisible();
    await expectNoViolations(page);
  });

  test('billing field errors and a failed save', async ({ page, openAsMember }) => {
    await openAsMember('/billing', 'a11y-billing-error', { state: 'active' });
    await page.getByLabel('Address line 1', { exact: true }).press('Enter');
    await expect(page.locator('.field__error')).toHaveCount(4);
    await expectNoViolations(page);

    await page.getByLabel('Address line 1', { exact: true }).fill('1 Main St');
    await page.getByLabel('City', { exact: true }).fill('Toronto');
    await page.getByLabel('Postal code', { exact: true }).fill('M5V 2T6');
    await page.getByLabel('Province or territory', { exact: true }).selectOption('ON');
    // The stand-in accepts any valid address, so the save failure is a server error envelope.
    await page.route('**/api/client/auth/profile/billingAddress', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: { message: 'internal' } }),
      }),
    );
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'An unknown error occurred.' }),
    ).toBeVisible();
    await expectNoViolations(page);
  });

  test('card declined, then the 3D Secure dialog', async ({ page, memberAtCheckout }) => {
    await memberAtCheckout('a11y-card');

    await typeCard(page, CARDS.declined);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
    ).toBeVisible();
    await expectNoViolations(page);

    // An invalid field message, too.
    const number = page.getByLabel('Card number', { exact: true });
    await number.fill('');
    await number.pressSequentially('4242');
    await page.getByLabel('Expiry date', { exact: true }).focus();
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await expectNoViolations(page);

    await number.fill('');
    await number.pressSequentially(CARDS.threeDSecure.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test 3D Secure check' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Complete' })).toBeFocused();
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('alert').filter({ hasText: /unable to authenticate/ }),
    ).toBeVisible();
    await expectNoViolations(page);
  });
});

test('forced colours (a Windows contrast theme): on and off states still show', async ({
  page,
  openAsMember,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openAsMember('/account', 'a11y-forced-colours', { state: 'active' });
  const colours = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, text: style.color };
    });

  // The language buttons: the pressed one differs from the other.
  const pressed = await colours('.language-switcher__option[aria-pressed="true"]');
  const other = await colours('.language-switcher__option[aria-pressed="false"]');
  expect(pressed).not.toEqual(other);

  // The notifications switch: its thumb shows on its track, and on differs from off.
  const thumbAndTrack = async () => ({
    track: (await colours('.switch')).background,
    thumb: (await colours('.switch__thumb')).background,
  });
  const before = await thumbAndTrack();
  expect(before.thumb).not.toBe(before.track);
  await page.getByRole('switch', { name: 'Receive notifications' }).click();
  await expect(page.locator('.switch[aria-busy="true"]')).toHaveCount(0);
  const after = await thumbAndTrack();
  expect(after.thumb).not.toBe(after.track);
  expect(after.track).not.toBe(before.track);

  // Their focus rings follow the theme too, instead of keeping the app's blue (reached by keyboard).
  const ringOf = async (control: import('@playwright/test').Locator) => {
    await control.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
    return control.evaluate((element) => getComputedStyle(element).outlineColor);
  };
  const controls = [
    page.getByRole('switch', { name: 'Receive notifications' }),
    page.locator('.language-switcher__option[aria-pressed="true"]'),
  ];
  const forced: string[] = [];
  for (const control of controls) forced.push(await ringOf(control));

  // A field in error is drawn apart from the others (its red is gone in the theme's colours),
  // and its message keeps a box around it.
  const firstName = page.getByLabel('First name', { exact: true });
  const lastName = page.getByLabel('Last name', { exact: true });
  await firstName.fill('');
  await firstName.press('Tab');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  const edge = (field: import('@playwright/test').Locator) =>
    field.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.borderTopStyle} ${style.borderTopWidth}`;
    });
  expect(await edge(firstName)).toBe('dashed 2px');
  expect(await edge(lastName)).toBe('solid 1px');

  await page.emulateMedia({ forcedColors: 'none' });
  for (const [index, control] of controls.entries()) {
    expect(forced[index]).not.toBe(await ringOf(control));
  }
});
