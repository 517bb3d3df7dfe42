/**
 * Quality sweep: a network failure (the request aborted, as when the
 * connection drops) at each API call of the journey. Each time the member
 * sees a clear translated message, nothing stays busy, what they typed is
 * still there, and trying again once the network is back goes on. (Loading
 * the current user, and every other fault, is covered by faults/; sign-out in
 * another tab by session.spec.ts.)
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectCode, expectFieldValues, fillSignUp, signUpValues } from './support/forms.ts';
import { gate } from './support/gate.ts';
import { CARDS, expectCardFieldsReady, PASSWORD, typeCard } from './support/members.ts';
import { expectHeading, expectNoViolations } from './support/quality.ts';

// Several screens and axe runs per test: room for a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

const NETWORK = 'We could not reach the server. Check your connection and try again.';

/** Aborts `method` calls to `path` (under /api/) as a dropped connection; other methods go through. */
async function failNetwork(page: Page, path: string, method: string): Promise<() => Promise<void>> {
  const url = `**/api/${path}`;
  let failed = 0;
  const handler = (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    failed += 1;
    return route.abort('failed');
  };
  await page.route(url, handler);
  return async () => {
    expect(failed, `${method} ${path} was called and failed`).toBeGreaterThan(0);
    await page.unroute(url, handler);
  };
}

/**
 * A file of the app (`glob`) fails to download and the app's host does not
 * answer either, as when the connection drops; resolves to the reconnect.
 */
async function cutOffFile(page: Page, glob: string): Promise<() => Promise<void>> {
  const drop = (route: Route) => route.abort('internetdisconnected');
  const host = (route: Route) =>
    route.request().method() === 'HEAD' ? route.abort('internetdisconnected') : route.fallback();
  await page.route(glob, drop);
  await page.route('**/', host);
  return async () => {
    await page.unroute(glob, drop);
    await page.unroute('**/', host);
  };
}

/** The error is shown, as an alert, and nothing on the page is busy or spinning. */
async function expectFailureShown(page: Page, message: string | RegExp = NETWORK) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.spinner:visible')).toHaveCount(0);
}

test('sign-up fails: the message, the form as typed, then it goes through', async ({
  page,
  uniqueEmail,
}) => {
  const email = uniqueEmail('net-signup');
  await page.goto('/register');
  await expectHeading(page, 'Create your account');
  await fillSignUp(page, { email, phone: { typed: '4165550177' } });

  const restore = await failNetwork(page, 'client/auth/sign-up', 'POST');
  const submit = page.getByRole('button', { name: 'Create Account' });
  await submit.click();
  await expectFailureShown(page);
  await expectFieldValues(page, { ...signUpValues({ email }), Phone: '(416) 555-0177' });

  await restore();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectHeading(page, 'Your account has been created');
  await expect(page.getByText(email)).toBeVisible();
});

test('login, sending the code and verifying it fail in turn; each is retried', async ({
  page,
  newMember,
  api,
  signIn,
}) => {
  const { email } = await newMember('net-login', { verified: false });

  await test.step('login', async () => {
    const restore = await failNetwork(page, 'client/auth/login', 'POST');
    await signIn(page, email, PASSWORD);
    await expectFailureShown(page);
    await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
    await restore();
  });

  await test.step('resend-otp (asked for by the login of an unverified account)', async () => {
    const restore = await failNetwork(page, 'client/auth/resend-otp', 'POST');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectHeading(page, 'Verify your account');
    await expectFailureShown(page);
    await restore();
    await page.getByRole('button', { name: 'Resend it' }).click();
    await expect(page.getByText(`A new code was sent to ${email}.`)).toBeVisible();
  });

  await test.step('verify-user', async () => {
    const code = await api.lastOtp(email);
    const restore = await failNetwork(page, 'client/auth/verify-user', 'POST');
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
    const next = page.getByRole('button', { name: 'Next' });
    await next.click();
    await expectFailureShown(page);
    await expectCode(page, code);
    await restore();
    await next.click();
    await expectHeading(page, 'Activate your membership');
  });
});

test('activation, billing, the subscription and attaching the card fail in turn; each is retried', async ({
  page,
  openAsMember,
}) => {
  await openAsMember('/activation', 'net-member');

  await test.step('POST club/memberships', async () => {
    const restore = await failNetwork(page, 'club/memberships', 'POST');
    const activate = page.getByRole('button', { name: 'Activate membership' });
    await activate.click();
    await expectFailureShown(page, `Your membership could not be activated. ${NETWORK}`);
    await restore();
    await activate.click();
    await expectHeading(page, 'Billing address');
  });

  await test.step('PUT client/auth/profile/billingAddress', async () => {
    const values = {
      'Address line 1': '200 King St W',
      'Address line 2 (optional)': 'Suite 4',
      City: 'Toronto',
      'Postal code': 'M5H 3T4',
    };
    for (const [label, value] of Object.entries(values)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    const province = page.getByLabel('Province or territory', { exact: true });
    await province.selectOption('ON');
    const restore = await failNetwork(page, 'client/auth/profile/billingAddress', 'PUT');
    const finish = page.getByRole('button', { name: 'Finish' });
    await finish.click();
    // Spec 8: a failed billing save always shows errors.unknown.
    await expectFailureShown(page, 'An unknown error occurred.');
    for (const [label, value] of Object.entries(values)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await expect(province).toHaveValue('ON');
    await restore();
    await finish.click();
    await expectHeading(page, 'Complete your membership');
  });

  await test.step('GET club/subscriptions/{externalId}', async () => {
    const restore = await failNetwork(page, 'club/subscriptions/*', 'GET');
    await page.reload();
    await expectHeading(page, 'Complete your membership');
    await expectFailureShown(page);
    await restore();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectCardFieldsReady(page);
  });

  await test.step('PUT club/subscriptions/{externalId}/attach-payment-method', async () => {
    await typeCard(page, CARDS.succeeds);
    const restore = await failNetwork(page, 'club/subscriptions/*/attach-payment-method', 'PUT');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await expectFailureShown(page);
    await expect(page.getByLabel('Card number', { exact: true })).toHaveValue(CARDS.succeeds);
    await expect(page.getByLabel('Expiry date', { exact: true })).toHaveValue('12 / 34');
    await expect(page.getByLabel('CVC', { exact: true })).toHaveValue('123');
    await restore();
    await expect(subscribe).toBeEnabled();
    await subscribe.click();
    await expectHeading(page, 'Dashboard');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
  });
});

/**
 * The splash's notice waits 15 s (a CSS animation's delay): the page's
 * animations run 50 times faster, so 15 s pass in 0.3 s.
 */
async function runAnimationsFaster(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 50 });
}

test("the app's own code does not arrive at start-up: a page says so in both languages, and Reload starts the app", async ({
  page,
}) => {
  const appChunk = '**/assets/app-*.js';
  const drop = (route: Route) => route.abort('failed');
  await page.route(appChunk, drop);
  await page.goto('/login');
  await expectHeading(page, "The members' area could not start");
  await expect(page.getByRole('alert')).toContainText('Your account and your data are safe.');
  await expect(
    page.getByRole('heading', { name: 'L’espace membre n’a pas pu démarrer' }),
  ).toBeVisible();
  await expectNoViolations(page);

  await page.unroute(appChunk, drop);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expectHeading(page, 'Sign in');
});

test('the libraries do not arrive at start-up: no script can run, and the page itself says to reload, in both languages', async ({
  page,
}) => {
  const libraries = '**/assets/initial-*.js';
  const drop = (route: Route) => route.abort('failed');
  await page.route(libraries, drop);
  await page.goto('/login');
  const english = page.getByText('This is taking longer than usual. Check your connection');
  await expect(english).toBeHidden();
  // A screen reader hears it: it appears inside a live region that was there from the
  // start, and under no aria-busy (which no script could clear).
  const notice = page.locator('[role="status"] .boot__slow');
  await expect(notice).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"] .boot__slow')).toHaveCount(0);
  await runAnimationsFaster(page);
  await expect(english).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Le chargement est plus long que d’habitude.')).toBeVisible();
  await expectNoViolations(page);

  await page.unroute(libraries, drop);
  await page.getByRole('link', { name: 'reload the page' }).click();
  await expectHeading(page, 'Sign in');
  await expect(english).toHaveCount(0);
});

test("the app's own code never comes (a stalled connection, no error): after 15 s the splash says to reload", async ({
  page,
}) => {
  // The request hangs: no error ever reaches the app, so only the splash can speak.
  const appChunk = '**/assets/app-*.js';
  const held: Route[] = [];
  await page.route(appChunk, (route) => {
    held.push(route);
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await runAnimationsFaster(page);
  const english = page.getByText('This is taking longer than usual. Check your connection');
  await expect(english).toBeVisible({ timeout: 5_000 });
  await expect(page.locator('.boot.boot--running')).toHaveCount(0);

  // The chunk comes at last: the app starts, and the splash goes with its notice.
  for (const route of held) await route.continue();
  await expectHeading(page, 'Sign in');
  await expect(english).toHaveCount(0);
});

test('once the app has started, its notice for a start that never comes is stopped: a slow first page never says to reload', async ({
  page,
}) => {
  // The page notes the notice's animation at the moment the splash is marked as running
  // (the start done), whatever the machine's speed: it must be stopped, and hidden.
  await page.addInitScript(() => {
    const seen = window as unknown as {
      noticeAfterStart?: { animation: string; visibility: string };
    };
    new MutationObserver(() => {
      const notice = document.querySelector('.boot--running .boot__slow');
      if (!notice || seen.noticeAfterStart) return;
      const style = getComputedStyle(notice);
      seen.noticeAfterStart = { animation: style.animationName, visibility: style.visibility };
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  expect(
    await page.evaluate(
      () => (window as unknown as { noticeAfterStart?: unknown }).noticeAfterStart,
    ),
  ).toEqual({ animation: 'none', visibility: 'hidden' });
});

test('offline, a page not opened yet cannot download: the app says so, keeps the session, and Try again opens it', async ({
  page,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('net-screen');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/activation$/);
  // The address changes before the page's membership, code and texts have come.
  await expectHeading(page, 'Activate your membership');

  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  // Never the browser's own offline page (a reload would lead there).
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  await expect(page.getByRole('alert')).toContainText('Check your connection, then try again.');
  // The tab says what the page says, not the page before it (WCAG 2.4.2).
  await expect(page).toHaveTitle('We could not reach the server · EV Charger Club');
  expect(new URL(page.url()).protocol).toBe('http:');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page);

  // Back, still offline: the page before, which had loaded, is shown again (the error was the
  // account page's); Forward meets the error again.
  await page.goBack();
  await expectHeading(page, 'Activate your membership');
  await expect(page.getByText('We could not reach the server')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectHeading(page, 'Your account');
  await expect(page).toHaveTitle('Your account · EV Charger Club');
});

test('offline, French cannot be downloaded: the page stays in English and says so; online again, FR works', async ({
  page,
}) => {
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  await page.context().setOffline(true);
  const french = page.getByRole('button', { name: 'Français' });
  await french.click();
  // The texts are asked for 6 times (5 retries, 350 ms doubling: about 11 s) before giving up.
  await expect(page.getByRole('alert')).toHaveText(
    'The other language could not be loaded. Check your connection, then try again.',
    { timeout: 20_000 },
  );
  await expectHeading(page, 'Sign in');
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(french).toHaveAttribute('aria-pressed', 'false');
  await expectNoViolations(page);
  // It covers the top of the page until the next key or click.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.context().setOffline(false);
  await french.click();
  await expectHeading(page, 'Connexion');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the code step of sign-in cannot download: the app says so, and Try again shows the step', async ({
  page,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('net-otp-chunk', { verified: false });
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  // The step's file and the app's host both fail to answer, as when the connection drops.
  const reconnect = await cutOffFile(page, '**/assets/otp-step-*.js');

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  expect(new URL(page.url()).protocol).toBe('http:');

  await reconnect();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Verify your account');
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
});

test('the membership cannot download at sign-in: the app says so, keeps the session, and Try again goes on', async ({
  page,
  newMember,
  signIn,
}) => {
  const { email } = await newMember('net-membership-chunk');
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  // The membership's code is not part of /login; it downloads with the sign-in, and here it cannot.
  const reconnect = await cutOffFile(page, '**/assets/membership-*.js');

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Still signed in: the tokens are kept.
  expect(await page.evaluate(() => localStorage.getItem('evclub.accessToken'))).not.toBeNull();

  await reconnect();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/activation$/);
  await expectHeading(page, 'Activate your membership');
});

test('a Wi-Fi sign-in page answers instead of the server: sign-up is not said done, the form is kept, then it goes through', async ({
  page,
  uniqueEmail,
}) => {
  const email = uniqueEmail('net-portal');
  await page.goto('/register');
  await expectHeading(page, 'Create your account');
  await fillSignUp(page, { email, phone: { typed: '4165550178' } });

  // A captive portal: 200, a web page, and the request never reached the API.
  const portal = (route: Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<html><body>Sign in to the Wi-Fi</body></html>',
        })
      : route.fallback();
  await page.route('**/api/client/auth/sign-up', portal);
  const submit = page.getByRole('button', { name: 'Create Account' });
  await submit.click();
  await expectFailureShown(page, 'The server sent an answer we could not read. Please try again.');
  await expectFieldValues(page, { ...signUpValues({ email }), Phone: '(416) 555-0178' });

  await page.unroute('**/api/client/auth/sign-up', portal);
  await submit.click();
  await expectHeading(page, 'Your account has been created');
});

test('a firewall or CDN page answers 403 for the profile: the member is not signed out, and Try again goes on', async ({
  page,
  openAsMember,
}) => {
  await openAsMember('/dashboard', 'net-cdn-403', { state: 'active' });
  // Not the API: a web page (a CDN's browser check) with a 403.
  const challenge = (route: Route) =>
    route.fulfill({
      status: 403,
      contentType: 'text/html',
      body: '<html><title>Just a moment...</title></html>',
    });
  await page.route('**/api/client/auth/profile', challenge);
  await page.reload();
  // The server (or what stands in front of it) answered: not called out of reach.
  await expect(page.getByRole('alert')).toContainText('We could not load your account');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('evclub.accessToken'))).not.toBeNull();

  await page.unroute('**/api/client/auth/profile', challenge);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a file of the app gone after a new release (the host answers): the page reloads once, fetching the release, and the member stays signed in', async ({
  page,
  signedInMember,
  api,
}) => {
  const { email } = await signedInMember('net-new-release', { state: 'active', quickly: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // The next start refreshes the tokens, and the refresh's file is gone (once: the reload then
  // gets it, as it would get the new release's).
  await api.expireAccessTokens(email);
  let asked = 0;
  await page.route('**/assets/token-refresh-*.js', (route) =>
    asked++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
  );
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
  });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  // This test's reload, then the app's own, which got the file.
  await expect.poll(() => pages).toEqual(['/dashboard', '/dashboard']);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Missing once, then fetched; the membership's 401 beside the profile's may ask for it
  // once more before the reload.
  expect(asked).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('We could not reach the server')).toHaveCount(0);
});

test.describe('a page whose texts cannot be downloaded never shows their keys', () => {
  test('a file missing after a release: the error page with Reload, which then shows the page', async ({
    page,
  }) => {
    const missing = (route: Route) => route.fulfill({ status: 404, body: '' });
    await page.route('**/locales/en/auth.json', missing);
    await page.goto('/login');
    await expectHeading(page, 'Something went wrong');
    await expect(page.getByText('login.', { exact: false })).toHaveCount(0);

    await page.unroute('**/locales/en/auth.json', missing);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expectHeading(page, 'Sign in');
  });

  test('offline: the network message with Try again, which downloads them and shows the page', async ({
    page,
  }) => {
    const reconnect = await cutOffFile(page, '**/locales/en/auth.json');
    await page.goto('/login');
    // After a second without the texts, the app asks whether its host answers at all.
    await expect(page.getByRole('alert')).toContainText('We could not reach the server');
    await expect(page.getByText('login.', { exact: false })).toHaveCount(0);

    await reconnect();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectHeading(page, 'Sign in');
  });

  test('the common texts offline: the start page says so within seconds, not after every retry', async ({
    page,
  }) => {
    await cutOffFile(page, '**/locales/en/common.json');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "The members' area could not start",
    );
  });

  test('the common texts: the start page that says the app could not load, in both languages', async ({
    page,
  }) => {
    await page.route('**/locales/en/common.json', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "The members' area could not start",
    );
    await expect(page.getByText('header.', { exact: false })).toHaveCount(0);
  });
});

test('French is slow to download and the visitor clicks English meanwhile: the page stays in English', async ({
  page,
}) => {
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  const french = gate();
  const slow = async (route: Route) => {
    await french.passed;
    await route.continue();
  };
  await page.route('**/locales/fr/**', slow);
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  const arrived = page.waitForResponse('**/locales/fr/common.json');
  french.open();
  await arrived;
  // Whatever arrives late, the last click decides.
  await page.waitForTimeout(500);
  await expectHeading(page, 'Sign in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
});

test('a slow phone’s first load goes from the splash (said to screen readers in both languages) straight to the app, never a blank page', async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  // Every moment #root shows nothing at all (no splash, no loading view, no page), in ms.
  await page.addInitScript(() => {
    const blanks: number[] = [];
    (window as unknown as { blanks: number[] }).blanks = blanks;
    let since: number | null = null;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root) return;
      const empty = !root.querySelector('svg, h1, p, [role="status"], form');
      if (empty && since === null) since = performance.now();
      if (!empty && since !== null) {
        blanks.push(Math.round(performance.now() - since));
        since = null;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  try {
    const response = await page.goto('/terms', { waitUntil: 'commit' });
    expect(response?.ok()).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'Loading… Chargement…' })).toHaveCount(
      1,
    );
    await expect(page.locator('.boot__said [lang="fr"]')).toHaveText('Chargement…');
    await expectHeading(page, 'Terms of Membership');
    expect(await page.evaluate(() => (window as unknown as { blanks: number[] }).blanks)).toEqual(
      [],
    );
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
