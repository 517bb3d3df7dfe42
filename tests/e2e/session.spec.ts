/**
 * Issue 3 in Chromium against the stand-in: every guard row of spec 2, login of
 * an unverified account through the one-time code, the refresh after the access
 * token expires, sign-out (here and in another tab) and corrupted stored tokens.
 */
import type { Page } from '@playwright/test';
import { redacted } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const PASSWORD = 'Password123';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function signedInAs(
  page: Page,
  signIn: (page: Page, email: string, password: string) => Promise<void>,
  email: string,
) {
  await signIn(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('signed out', () => {
  for (const path of ['/activation', '/billing', '/subscription', '/dashboard', '/account']) {
    test(`${path} sends a visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });
  }

  test('/ shows the landing screen to a visitor', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  });

  test('a stored token that is not a token counts as no token', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('evclub.accessToken', 'undefined');
      localStorage.setItem('evclub.refreshToken', '');
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a corrupted token is refused by the server: the member lands signed out on /login', async ({
    page,
    api,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('evclub.accessToken', 'garbage-token');
      localStorage.setItem('evclub.refreshToken', 'garbage-refresh');
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('evclub.accessToken'))).toBeNull();
    const refreshes = await api.requests('/client/auth/refresh-token');
    expect(
      refreshes.some(
        (r) => (r.body as { refreshToken?: string })?.refreshToken === redacted('garbage-refresh'),
      ),
    ).toBe(true);
  });
});

test.describe('guards for signed-in members (spec 2)', () => {
  test('no membership: / and /dashboard and /subscription go to /activation', async ({
    page,
    api,
    uniqueEmail,
    signIn,
  }) => {
    const email = uniqueEmail('no-membership');
    await api.createUser({ email, password: PASSWORD });
    await signedInAs(page, signIn, email);
    await expect(page).toHaveURL(/\/activation$/);
    for (const path of ['/', '/dashboard', '/subscription']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/activation$/);
    }
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('active member: / and /activation go to /dashboard; /subscription shows', async ({
    page,
    api,
    uniqueEmail,
    signIn,
  }) => {
    const email = uniqueEmail('active');
    await api.createUser({ email, password: PASSWORD });
    await api.setMembership({ email, validTo: inDays(200) });
    await signedInAs(page, signIn, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of ['/', '/activation']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await page.goto('/subscription');
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('inactive member: /subscription goes to /activation; /dashboard shows', async ({
    page,
    api,
    uniqueEmail,
    signIn,
  }) => {
    const email = uniqueEmail('lapsed');
    await api.createUser({ email, password: PASSWORD });
    await api.setMembership({ email, validTo: inDays(-3) });
    await signedInAs(page, signIn, email);
    await page.goto('/subscription');
    await expect(page).toHaveURL(/\/activation$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-in member is sent away from /login', async ({
    page,
    api,
    uniqueEmail,
    signIn,
  }) => {
    const email = uniqueEmail('away-from-login');
    await api.createUser({ email, password: PASSWORD });
    await signedInAs(page, signIn, email);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/activation$/);
  });
});

test('an unverified account signs in through the one-time code (pasted) to /activation', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('unverified');
  await api.createUser({ email, password: PASSWORD, verified: false });
  await signIn(page, email, PASSWORD);

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  const code = await api.lastOtp(email);
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  await expect(first).toHaveAttribute('autocomplete', 'one-time-code');
  await first.focus();
  await first.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  for (const [index, digit] of [...code].entries()) {
    await expect(page.getByRole('textbox', { name: `Digit ${index + 1} of 6` })).toHaveValue(digit);
  }
  await next.click();
  await expect(page).toHaveURL(/\/activation$/);
  const verify = await api.requests('/client/auth/verify-user');
  expect(verify.at(-1)?.body).toEqual({ email, otp: redacted(code) });
});

test('a wrong one-time code is shown translated; Resend it, 30 s later, sends a new code', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('wrong-code');
  await api.createUser({ email, password: PASSWORD, verified: false });
  // Resend waits 30 s after a code went out: the clock lets them pass at once.
  await page.clock.install();
  await signIn(page, email, PASSWORD);
  const code = await api.lastOtp(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(wrong);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Incorrect OTP')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await expect(page.getByRole('button', { name: 'Resend it' })).toBeDisabled();
  await page.clock.fastForward(30_000);
  await page.getByRole('button', { name: 'Resend it' }).click();
  const fresh = await api.lastOtp(email, { notEqual: code });
  await expect(page.getByText(`A new code was sent to ${email}.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(fresh);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activation$/);
});

test('a wrong password shows the server message under the form and keeps what was typed', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('wrong-password');
  await api.createUser({ email, password: PASSWORD });
  await signIn(page, email, 'NotThePassword1');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('Incorrect email or password')).toBeHidden();
});

test('after the access token expires, one refresh call renews it and the page goes on', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('refresh');
  await api.createUser({ email, password: PASSWORD });
  await api.setMembership({ email, validTo: inDays(100) });
  await signedInAs(page, signIn, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const before = (await api.requests('/client/auth/refresh-token')).length;

  await api.expireAccessTokens();
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const after = await api.requests('/client/auth/refresh-token');
  expect(after.length - before).toBe(1);
  expect(after.at(-1)?.status).toBe(200);
});

test('sign-out clears the session here and in another tab', async ({
  page,
  context,
  api,
  uniqueEmail,
  signIn,
}) => {
  const email = uniqueEmail('sign-out');
  await api.createUser({ email, password: PASSWORD });
  await signedInAs(page, signIn, email);
  const other = await context.newPage();
  await other.goto('/billing');
  await expect(other).toHaveURL(/\/billing$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('evclub.accessToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('evclub.refreshToken'))).toBeNull();
  await expect(other).toHaveURL(/\/login$/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const logout = await api.requests('/client/auth/logout');
  expect(logout.at(-1)?.headers.authorization).toMatch(/^Bearer /);
});

test('a beta tester sees a discreet Beta badge in the header; others do not', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  const beta = uniqueEmail('beta');
  await api.createUser({ email: beta, password: PASSWORD, isBetaTester: true });
  await signedInAs(page, signIn, beta);
  await expect(page.getByRole('banner').getByText('Beta', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  const regular = uniqueEmail('not-beta');
  await api.createUser({ email: regular, password: PASSWORD });
  await signedInAs(page, signIn, regular);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Beta', { exact: true })).toHaveCount(0);
});
