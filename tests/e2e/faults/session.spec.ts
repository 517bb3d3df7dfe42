/**
 * Faults that used to sign members out: the current user and the
 * membership failing to load at start-up, the token refresh failing or being
 * refused, two tabs refreshing at once, and storage the browser blocks. Only
 * the server refusing the session ends it, and then /login says why.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, KINDS, type Kind, MESSAGES, skipTimeUntil, test } from '../support/faults.ts';
import { PASSWORD, requestsSince, storedTokens, TOKEN_KEYS } from '../support/members.ts';
import { expectHeading } from '../support/quality.ts';

test.describe.configure({ timeout: 60_000 });

/**
 * Enough failures to outlast the session's three attempts at the profile, each
 * tried three times by the client (a dropped connection is also sent again
 * once by Chrome itself).
 */
const PROFILE_TIMES: Record<Kind, number> = { status: 9, drop: 60, hang: 1, malformed: 3 };

/** The alert says `text`, once the automatic retries' pauses have passed. */
function alertSays(page: Page, text: string) {
  return skipTimeUntil(
    page,
    async () => (await page.getByRole('alert').filter({ hasText: text }).count()) > 0,
  );
}

/** What the page says when the profile could not be had: the server out of reach, or answering without it. */
const PROFILE_FAILURE: Record<Kind, string> = {
  status: 'We could not load your account',
  malformed: 'We could not load your account',
  drop: 'We could not reach the server',
  hang: 'We could not reach the server',
};

test('GET client/auth/profile at start-up: retried, then "could not reach the server" (or "could not load your account" when it answered) with Try again; never signed out', async ({
  page,
  openAsMember,
  faults,
}) => {
  const { email } = await openAsMember('/dashboard', 'fault-profile', { state: 'active' });

  for (const kind of KINDS) {
    await faults.survive(`GET client/auth/profile at start-up (${kind})`, {
      inject: {
        path: '/client/auth/profile',
        method: 'GET',
        kind,
        email,
        times: PROFILE_TIMES[kind],
      },
      act: () => page.reload().then(() => undefined),
      shown: async () => {
        await alertSays(page, PROFILE_FAILURE[kind]);
        await expect(page.getByRole('alert')).toContainText('You are still signed in.');
      },
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectHeading(page, 'Dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test('Try again after "could not reach the server" loads the membership again too: the dashboard is fresh, not the kept copy', async ({
  page,
  api,
  openAsMember,
}) => {
  const { email } = await openAsMember('/dashboard', 'fault-retry-membership', { state: 'active' });
  await api.injectFaults(
    { path: '/client/auth/profile', method: 'GET', kind: 'drop', email, times: PROFILE_TIMES.drop },
    { path: '/club/memberships', method: 'GET', kind: 'drop', email, times: 60 },
  );
  await page.reload();
  await alertSays(page, 'We could not reach the server');

  await api.clearFaults();
  const since = Date.now();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Dashboard');
  const loaded = async () =>
    (await requestsSince(api, '/club/memberships', since)).some(
      (call) => call.method === 'GET' && call.status === 200,
    );
  await expect.poll(loaded, 'GET club/memberships answered after Try again').toBe(true);
  await expect(page.getByText('We could not refresh your membership')).toHaveCount(0);
});

test('a profile the server keeps answering wrongly: the page says so and offers Logout, the way out when Try again cannot help', async ({
  page,
  openAsMember,
  faults,
}) => {
  const { email } = await openAsMember('/dashboard', 'fault-profile-out', { state: 'active' });
  await faults.survive('GET client/auth/profile, always malformed', {
    inject: { path: '/client/auth/profile', method: 'GET', kind: 'malformed', email, times: 50 },
    act: () => page.reload().then(() => undefined),
    shown: async () => {
      await alertSays(page, 'We could not load your account');
      await expect(page.getByRole('alert')).toContainText(
        'The server could not give an answer we can use just now',
      );
    },
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectHeading(page, 'Sign in');
  expect(await page.evaluate(() => localStorage.getItem('evclub.accessToken'))).toBeNull();
});

test('a single blip on the profile at start-up is absorbed: the member only sees the dashboard', async ({
  page,
  signedInMember,
  faults,
}) => {
  const { email } = await signedInMember('fault-blip', { state: 'active', quickly: true });
  for (const kind of ['status', 'drop', 'malformed'] as const) {
    await faults.survive(`GET client/auth/profile once at start-up (${kind})`, {
      inject: { path: '/client/auth/profile', method: 'GET', kind, email, times: 1 },
      act: () => page.goto('/dashboard').then(() => undefined),
      shown: async () => {
        await skipTimeUntil(page, async () =>
          page.getByRole('button', { name: 'Logout' }).isVisible(),
        );
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      },
    });
  }
});

test('GET club/memberships sent where no route serves it (a framework’s JSON 404, “Cannot GET …”): “could not load your membership”, never the activation screen', async ({
  page,
  signedInMember,
}) => {
  await signedInMember('fault-membership-no-route', { state: 'active', quickly: true });
  const noRoute = '**/api/club/memberships';
  await page.route(noRoute, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 404,
          json: {
            statusCode: 404,
            message: 'Cannot GET /api/club/memberships',
            error: 'Not Found',
          },
        })
      : route.fallback(),
  );
  await page.evaluate(() => localStorage.removeItem('root'));
  await page.goto('/dashboard');
  await alertSays(page, 'We could not load your membership');
  await expect(page.getByRole('button', { name: 'Activate membership' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute(noRoute);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('GET club/memberships with no copy kept: "could not load your membership", never the activation screen', async ({
  page,
  signedInMember,
  faults,
}) => {
  const { email } = await signedInMember('fault-membership', { state: 'active', quickly: true });
  for (const kind of KINDS) {
    await faults.survive(`GET club/memberships, nothing cached (${kind})`, {
      inject: { path: '/club/memberships', method: 'GET', kind, email },
      act: async () => {
        await page.evaluate(() => localStorage.removeItem('root'));
        await page.goto('/dashboard');
      },
      shown: async () => {
        await alertSays(page, 'We could not load your membership');
        // The tab says what the page says (WCAG 2.4.2), not the page before it.
        await expect(page).toHaveTitle('We could not load your membership · EV Charger Club');
        await expect(page.getByRole('alert')).toContainText(
          kind === 'drop' || kind === 'hang'
            ? 'Check your connection'
            : 'The server could not give an answer we can use just now',
        );
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Activate membership' })).toHaveCount(0);
        await expect(page).toHaveURL(/\/dashboard$/);
      },
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
  }
  // With a copy kept from this visit, a failed refetch serves the copy and says it may be out
  // of date; Try again loads it.
  const notice = page.getByRole('region', { name: 'Membership' }).getByRole('status');
  await faults.survive('GET club/memberships with a copy kept (status)', {
    inject: { path: '/club/memberships', method: 'GET', kind: 'status', email },
    act: () => page.reload().then(() => undefined),
    shown: async () => {
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(notice).toHaveText(
        'We could not refresh your membership: what you see may be out of date.',
      );
    },
  });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveText('Your membership is up to date.');
  await expect(page.getByRole('heading', { name: 'Membership' })).toBeFocused();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('the checkout on a kept membership copy whose reload fails says so (it may have lapsed since) with Try again, which loads it', async ({
  page,
  api,
  memberAtCheckout,
}) => {
  const { email } = await memberAtCheckout('fault-checkout-stale');
  await api.injectFaults({
    path: '/club/memberships',
    method: 'GET',
    kind: 'status',
    email,
    times: 60,
  });
  await page.reload();
  const text =
    'We could not refresh your membership: what you see may be out of date. Try again before you pay.';
  await alertSays(page, text);
  const notice = page.getByRole('alert').filter({ hasText: text });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Complete your membership' }),
  ).toBeVisible();
  // The page's own reads (the first, the refetch the checkout asks for, and their retries)
  // are over before the server is mended: Try again loads it, not a retry still on its way
  // (on a slow machine, one was, and the notice went before the click).
  const reads = async () => (await api.requests('/club/memberships')).length;
  await expect
    .poll(
      async () => {
        const before = await reads();
        await page.waitForTimeout(1_500);
        return (await reads()) === before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(notice).toBeVisible();

  await api.clearFaults();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('signing in while GET club/memberships fails: "could not load your membership" with Try again, which goes on to the dashboard', async ({
  page,
  newMember,
  signIn,
  faults,
}) => {
  const { email } = await newMember('fault-membership-sign-in', { state: 'active' });
  for (const kind of ['status', 'drop'] as const) {
    await faults.survive(`GET club/memberships after signing in (${kind})`, {
      // As many failures as the client's tries take (and Chrome's own resends of a dropped one).
      inject: { path: '/club/memberships', method: 'GET', kind, email },
      act: () => signIn(page, email, PASSWORD),
      // Before, the sign-in form stayed on screen, emptied, with nothing said.
      shown: async () => {
        await alertSays(page, 'We could not load your membership');
        await expect(page).toHaveTitle('We could not load your membership · EV Charger Club');
        await expect(page.getByRole('textbox', { name: 'Email or phone' })).toBeHidden();
        await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      },
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectHeading(page, 'Dashboard');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('POST refresh-token failing: the network message, the typed change kept, the session kept; the next save refreshes', async ({
  page,
  openAsMember,
  api,
  faults,
}) => {
  const { email } = await openAsMember('/account', 'fault-refresh', { state: 'active' });
  const firstName = page.getByLabel('First name', { exact: true });
  await firstName.fill('Refreshed');
  await faults.surviveEach('POST client/auth/refresh-token', {
    inject: { path: '/client/auth/refresh-token', method: 'POST', email },
    act: async () => {
      await api.expireAccessTokens(email);
      await page.getByRole('button', { name: 'Save profile' }).click();
    },
    shown: MESSAGES.network,
    kept: () => expect(firstName).toHaveValue('Refreshed'),
  });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
});

test('a refresh answered but lost on the way (the server spent the token): the session is kept, and the next save refreshes with the same token', async ({
  page,
  openAsMember,
  api,
  faults,
}) => {
  const { email } = await openAsMember('/account', 'fault-refresh-lost', { state: 'active' });
  const firstName = page.getByLabel('First name', { exact: true });
  await firstName.fill('Relost');
  const stored = await storedTokens(page);
  await faults.survive('POST client/auth/refresh-token handled, its answer lost (drop after)', {
    // Every try of this one refresh is handled and lost (the browser sends a dropped call again).
    inject: {
      path: '/client/auth/refresh-token',
      method: 'POST',
      kind: 'drop',
      after: true,
      times: 20,
      email,
    },
    act: async () => {
      await api.expireAccessTokens(email);
      await page.getByRole('button', { name: 'Save profile' }).click();
    },
    shown: MESSAGES.network,
    kept: () => expect(firstName).toHaveValue('Relost'),
  });
  // The page still holds the token the server spent.
  expect((await storedTokens(page)).refreshToken).toBe(stored.refreshToken);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  expect((await storedTokens(page)).refreshToken).not.toBe(stored.refreshToken);
});

test('a refresh token the server refuses ends the session: /login says it expired', async ({
  page,
  signedInMember,
  api,
  faults,
}) => {
  const { email } = await signedInMember('fault-refused', { state: 'active', quickly: true });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await api.expireAccessTokens(email);
  await faults.survive('POST client/auth/refresh-token refused (401)', {
    inject: {
      path: '/client/auth/refresh-token',
      method: 'POST',
      kind: 'status',
      status: 401,
      key: 'server.unauthorized',
      email,
    },
    act: () => page.reload().then(() => undefined),
    shown: async () => {
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status').filter({ hasText: MESSAGES.expired })).toBeVisible();
      expect(await storedTokens(page)).toEqual({ accessToken: null, refreshToken: null });
    },
    signedIn: false,
  });
});

const STORAGE_NOTICE =
  'Your browser blocks storage for this site: you stay signed in in this tab only, until you close or reload it.';

/** Opens `path` in `count` tabs of one browser context (one storage, one lock manager). */
async function openTabs(context: BrowserContext, path: string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i += 1) {
    const tab = await context.newPage();
    await tab.goto(path);
    pages.push(tab);
  }
  return pages;
}

test('two tabs whose access tokens expired, reopened together, share one refresh and keep the session (5 rounds)', async ({
  page,
  signedInMember,
  api,
  pageErrors,
  faults,
}) => {
  const { email } = await signedInMember('fault-tabs', { state: 'active', quickly: true });
  const [first, second] = await openTabs(page.context(), '/dashboard', 2);
  if (!first || !second) throw new Error('two tabs');
  for (const tab of [first, second]) {
    tab.on('pageerror', (error) => pageErrors.push(error));
    await expect(tab.getByRole('button', { name: 'Logout' })).toBeVisible();
  }
  for (let round = 1; round <= 5; round += 1) {
    await faults.check(`two tabs reopened with expired access tokens, round ${round}`, async () => {
      await api.expireAccessTokens(email);
      const since = Date.now();
      await Promise.all([first.reload(), second.reload()]);
      for (const tab of [first, second]) {
        await expect(tab).toHaveURL(/\/dashboard$/);
        await expect(tab.getByRole('button', { name: 'Logout' })).toBeVisible();
      }
      expect((await storedTokens(first)).refreshToken, 'the session is kept').not.toBeNull();
      const refreshes = (await api.requests('/client/auth/refresh-token')).filter(
        (call) => Date.parse(call.at) >= since,
      );
      // One tab refreshed under the lock; the other adopted its tokens.
      expect(refreshes.map((call) => call.status)).toEqual([200]);
    });
  }
});

test('storage that throws on every access: the app starts, says so, and signs in for this tab', async ({
  page,
  newMember,
  signIn,
  faults,
}) => {
  const { email } = await newMember('fault-storage-read', { state: 'active' });
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await faults.check('localStorage throws on every access', async () => {
    await page.goto('/login');
    await expectHeading(page, 'Sign in');
    await expect(page.getByRole('status').filter({ hasText: STORAGE_NOTICE })).toBeVisible();
    await signIn(page, email, 'Password123');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('storage that refuses every write: sign-in still works in this tab, and the member is told', async ({
  page,
  newMember,
  signIn,
  faults,
}) => {
  const { email } = await newMember('fault-storage-write', { state: 'active' });
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await faults.check('localStorage throws on every write', async () => {
    await signIn(page, email, 'Password123');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('status').filter({ hasText: STORAGE_NOTICE })).toBeVisible();
    expect(
      await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEYS.accessToken),
    ).toBeNull();
  });
});

test('a server that lets browsers keep its answers: the next member on this computer sees only their own account', async ({
  page,
  newMember,
  signIn,
  api,
}) => {
  const first = await newMember('cache-first', { state: 'active', firstName: 'Alice' });
  const next = await newMember('cache-next', { firstName: 'Bruno' });
  // The first member's profile and membership come marked `private, max-age=600`.
  await api.injectFaults(
    {
      path: '/client/auth/profile',
      method: 'GET',
      kind: 'cacheable',
      times: 20,
      email: first.email,
    },
    { path: '/club/memberships', method: 'GET', kind: 'cacheable', times: 20, email: first.email },
  );
  await signIn(page, first.email, PASSWORD);
  await expect(page.getByText('Welcome, Alice')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The same browser, the next member: their own profile (no membership yet), never Alice's.
  await signIn(page, next.email, PASSWORD);
  await expect(page).toHaveURL(/\/activation$/);
  await page.goto('/account');
  await expect(page.getByLabel('First name')).toHaveValue('Bruno');
  await expect(page.getByLabel('Email')).toHaveValue(next.email);
});
