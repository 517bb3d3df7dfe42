/**
 * In Chromium against the stand-in: every guard row of spec 2, login of
 * an unverified account through the one-time code, the refresh after the access
 * token expires, sign-out (here and in another tab) and corrupted stored tokens.
 */
import { redacted } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { enterCode, expectCode } from './support/forms.ts';
import { gate } from './support/gate.ts';
import {
  ADDRESS,
  arrangeMember,
  inDays,
  type MemberState,
  onlyCall,
  openCheckout,
  openScreen,
  PASSWORD,
  requestsSince,
  signInQuickly,
  spendRefreshToken,
  storedTokens,
  storeTokens,
} from './support/members.ts';

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
    await storeTokens(page, 'undefined', '');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a corrupted token is refused by the server: the member lands signed out on /login', async ({
    page,
    api,
  }) => {
    await page.goto('/login');
    await storeTokens(page, 'garbage-token', 'garbage-refresh');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect((await storedTokens(page)).accessToken).toBeNull();
    const refreshes = await api.requests('/client/auth/refresh-token');
    expect(
      refreshes.some(
        (r) => (r.body as { refreshToken?: string })?.refreshToken === redacted('garbage-refresh'),
      ),
    ).toBe(true);
  });
});

/**
 * Spec 2's guard rows: a member in each state, signed in through the form,
 * lands where the guard says, is sent away from the paths it refuses, and
 * stays on the ones it allows.
 */
const GUARDS: Array<{
  name: string;
  label: string;
  state: MemberState;
  lands?: string;
  sentAway: string[];
  to: string;
  shown: string[];
}> = [
  {
    name: 'no membership: / and /dashboard and /subscription go to /activation',
    label: 'no-membership',
    state: 'none',
    lands: '/activation',
    sentAway: ['/', '/dashboard', '/subscription'],
    to: '/activation',
    shown: ['/billing'],
  },
  {
    name: 'active member: / and /activation go to /dashboard; /subscription shows',
    label: 'active',
    state: 'active',
    lands: '/dashboard',
    sentAway: ['/', '/activation'],
    to: '/dashboard',
    shown: ['/subscription'],
  },
  {
    name: 'inactive member: /subscription goes to /activation; /dashboard shows',
    label: 'lapsed',
    state: 'inactive',
    sentAway: ['/subscription'],
    to: '/activation',
    shown: ['/dashboard'],
  },
  {
    name: 'a signed-in member is sent away from /login',
    label: 'away-from-login',
    state: 'none',
    sentAway: ['/login'],
    to: '/activation',
    shown: [],
  },
];

/** The URL ends with `path`. */
const endsWith = (path: string) => new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`);

test.describe('guards for signed-in members (spec 2)', () => {
  for (const guard of GUARDS) {
    test(guard.name, async ({ page, signedInMember }) => {
      await signedInMember(guard.label, { state: guard.state });
      if (guard.lands) await expect(page).toHaveURL(endsWith(guard.lands));
      for (const path of guard.sentAway) {
        await page.goto(path);
        await expect(page).toHaveURL(endsWith(guard.to));
      }
      for (const path of guard.shown) {
        await page.goto(path);
        await expect(page).toHaveURL(endsWith(path));
      }
    });
  }
});

test('an unverified account signs in through the one-time code (pasted) to /activation; a reload at the code step (or a phone that discarded the tab) comes back to it, with no new code', async ({
  page,
  signedInMember,
  api,
}) => {
  const { email } = await signedInMember('unverified', { verified: false });
  await expect(page.getByText(email).first()).toBeVisible();
  const code = await api.lastOtp(email);
  const asked = (await api.requests('/client/auth/resend-otp')).length;
  expect(asked).toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${email}. Enter it below.`)).toBeVisible();
  expect((await api.requests('/client/auth/resend-otp')).length).toBe(asked);
  await expect(page.getByRole('button', { name: 'Resend it' })).toBeDisabled();

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
  await expectCode(page, code);
  // Every heading that takes the focus from here (a screen reader reads each one).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { focusedHeadings: string[] }).focusedHeadings = seen;
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      if (/^H[1-6]$/.test(target.tagName)) seen.push(target.textContent ?? '');
    });
  });
  await next.click();
  await expect(page).toHaveURL(/\/activation$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Activate your membership' }),
  ).toBeFocused();
  // Straight to the next page's title: never the sign-in form's, which would say the code failed.
  expect(
    await page.evaluate(() => (window as unknown as { focusedHeadings: string[] }).focusedHeadings),
  ).toEqual(['Activate your membership']);
  const verify = await api.requests('/client/auth/verify-user');
  expect(verify.at(-1)?.body).toEqual({ email, otp: redacted(code) });
  // Signed in: the tab no longer awaits a code, so no later reload reopens the step.
  expect(await page.evaluate(() => sessionStorage.getItem('evclub.signInCodeEmail'))).toBeNull();
});

test('an address whose domain is in its own script (exemple.québec) signs in as typed: the API gets its xn-- form, as the sign-up field sent it', async ({
  page,
  api,
  uniqueEmail,
  signIn,
}) => {
  // Signed up through an email field, which hands the domain over as xn--; not verified yet.
  const local = uniqueEmail('idn').split('@')[0];
  const stored = `${local}@exemple.xn--qubec-csa`;
  const typed = `${local}@exemple.québec`;
  await arrangeMember(api, stored, { verified: false });

  await signIn(page, typed, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  const login = await api.requests('/client/auth/login');
  expect(login.at(-1)?.body).toMatchObject({ emailOrPhone: stored });

  const code = await api.lastOtp(stored);
  await enterCode(page, code);
  await expect(page).toHaveURL(/\/activation$/);
  const verify = await api.requests('/client/auth/verify-user');
  expect(verify.at(-1)?.body).toEqual({ email: stored, otp: redacted(code) });
});

test('an address the server keeps as xn-- is shown in its own script on the checkout and the account page', async ({
  page,
  request,
  api,
  uniqueEmail,
}) => {
  const local = uniqueEmail('idn-shown').split('@')[0];
  const stored = `${local}@exemple.xn--qubec-csa`;
  const typed = `${local}@exemple.québec`;
  await arrangeMember(api, stored, { state: 'active', billingAddress: ADDRESS });
  await signInQuickly(page, request, stored);

  await openCheckout(page);
  await expect(page.getByText(typed, { exact: true })).toBeVisible();
  await expect(page.getByText('xn--')).toHaveCount(0);

  await openScreen(page, '/account');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(typed);
});

test('a wrong one-time code is shown translated; Resend it, 30 s later, sends a new code', async ({
  page,
  signedInMember,
  api,
}) => {
  // Resend waits 30 s after a code went out: the clock lets them pass at once.
  await page.clock.install();
  const { email } = await signedInMember('wrong-code', { verified: false });
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
  // Resend waits again: the focus goes on in the code's first box, not up to the title.
  await expect(page.getByRole('button', { name: 'Resend it' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(fresh);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/activation$/);
});

test('a wrong password shows the server message under the form and keeps what was typed', async ({
  page,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('wrong-password');
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
  signedInMember,
  api,
}) => {
  await signedInMember('refresh', { membership: { validTo: inDays(100) } });
  await expect(page).toHaveURL(/\/dashboard$/);
  // The stand-in keeps the last calls only: count by time, not by the log's length.
  const since = Date.now();

  await api.expireAccessTokens();
  await page.reload();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  onlyCall(await requestsSince(api, '/client/auth/refresh-token', since), 'POST', 200);
});

test('sign-out clears the session here and in another tab', async ({
  page,
  signedInMember,
  context,
  api,
}) => {
  await signedInMember('sign-out');
  const other = await context.newPage();
  await other.goto('/billing');
  await expect(other).toHaveURL(/\/billing$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
  await expect(other).toHaveURL(/\/login$/);
  // Signed out on purpose: nothing expired.
  await expect(other.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const logout = await api.requests('/client/auth/logout');
  expect(logout.at(-1)?.headers.authorization).toMatch(/^Bearer /);
});

test('a sign-out while a token refresh is on its way stays signed out (the new tokens are revoked)', async ({
  page,
  request,
  signedInMember,
  api,
}) => {
  await signedInMember('refresh-then-logout', { membership: { validTo: inDays(100) } });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = gate();
  let fresh: { token: string; refreshToken: string } | undefined;
  const delivered = new Promise<void>((resolve) => {
    void page.route('**/client/auth/refresh-token', async (route) => {
      const response = await route.fetch();
      fresh = (await response.json()) as { token: string; refreshToken: string };
      await answer.passed;
      await route.fulfill({ response });
      resolve();
    });
  });
  const refreshing = page.waitForRequest('**/client/auth/refresh-token');
  await api.expireAccessTokens();
  await page.getByRole('switch').first().click();
  await refreshing;

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  answer.open();
  await delivered;

  // The refreshed tokens arrive after the sign-out: neither stored nor left valid
  // (the server no longer takes the access token the refresh issued).
  expect(fresh?.token).toEqual(expect.any(String));
  await expect
    .poll(async () =>
      (
        await request.get('/api/client/auth/profile', {
          headers: { authorization: `Bearer ${fresh?.token}` },
        })
      ).status(),
    )
    .toBe(401);
  expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the server refuses the session in one tab: every tab lands on /login saying it expired', async ({
  page,
  context,
  request,
  signedInMember,
  api,
}) => {
  await signedInMember('expired-tabs', { membership: { validTo: inDays(100) } });
  await expect(page).toHaveURL(/\/dashboard$/);
  const other = await context.newPage();
  await other.goto('/account');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  // The refresh token is spent elsewhere and the access tokens expire: the session is over.
  await spendRefreshToken(request, (await storedTokens(page)).refreshToken);
  await api.expireAccessTokens();

  await page.reload();
  const expired = 'Your session has expired. Please sign in again.';
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL(/\/login$/);
    await expect(tab.getByText(expired)).toBeVisible();
  }
});

test('the session refused in the middle of an action: the page leaves for /login without reading the action’s failure, and /login says why', async ({
  page,
  request,
  openAsMember,
  api,
}) => {
  const { email } = await openAsMember('/activation', 'refused-mid-action');
  // Every alert a screen reader would read from here: shown, and not in a part of the page taken out of its reach.
  await page.evaluate(() => {
    const read: string[] = [];
    const unread: string[] = [];
    Object.assign(window, { alertsRead: read, alertsUnread: unread });
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = alert.textContent?.trim();
        const list = alert.closest('[aria-hidden="true"], [inert]') ? unread : read;
        if (text && !list.includes(text)) list.push(text);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
  // The refresh token is spent elsewhere and the access token expires: the next call's refresh is refused.
  await spendRefreshToken(request, (await storedTokens(page)).refreshToken);
  await api.expireAccessTokens(email);

  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const title = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription(
    'Your session has expired. Please sign in again.',
  );
  const alerts = await page.evaluate(() => {
    const { alertsRead, alertsUnread } = window as unknown as Record<string, string[]>;
    return { read: alertsRead, unread: alertsUnread };
  });
  // The failure did show for that moment (so the test saw it), out of a screen reader's reach.
  expect(alerts.read).toEqual([]);
  expect(alerts.unread).toEqual([
    expect.stringMatching(/^Your membership could not be activated\./),
  ]);
});

test('a beta tester sees a discreet Beta badge in the header; others do not', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('beta', { isBetaTester: true });
  await expect(page.getByRole('banner').getByText('Beta', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  await signedInMember('not-beta');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Beta', { exact: true })).toHaveCount(0);
});

test('a server that writes the member differently within the contract (an empty address as { _id }, a whole-number id): sign-in goes on, and /billing asks for the address', async ({
  page,
  newMember,
}) => {
  const { email } = await newMember('contract-user');
  // Every answer that carries the member (login, profile, refresh) in that server's way.
  const rewrite = (user: Record<string, unknown>) => ({
    ...user,
    id: 48213,
    billingAddress: { _id: '6650f0c2a1b2c3d4e5f60718' },
  });
  await page.route(/\/client\/auth\/(login|profile|refresh-token)$/, async (route) => {
    if (route.request().method() === 'PUT') return route.fallback();
    const answer = await route.fetch();
    const body = await answer.json();
    const json = 'user' in body ? { ...body, user: rewrite(body.user) } : rewrite(body);
    return route.fulfill({ response: answer, json });
  });

  await page.goto('/login');
  await page.getByLabel('Email or phone', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/activation$/);
  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing address' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('');

  // The profile read the same way at start-up: the page, not "We could not load your account".
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing address' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('');
  await expect(page.getByText(/could not (load|read)/)).toHaveCount(0);
});
