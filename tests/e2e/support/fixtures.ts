/**
 * The `test` every browser spec imports: Playwright's own, plus
 *   - `api`: the stand-in's private helpers (./api.ts), bound to the run's server;
 *   - `uniqueEmail(label?)`: an address no other test uses (the stand-in's
 *     data is shared by the whole run, so never reuse addresses);
 *   - `signIn(page, email, password)`: fills the login form by its accessible
 *     names and submits it (does not wait for the next page);
 *   - `newMember(label, options?)`: a member made through the stand-in with a
 *     unique address, in the state the options say (./members.ts);
 *   - `signedInMember(label, options?)`: the same, then signed in through the
 *     login form (until the app leaves /login, or shows the one-time code to
 *     an account not verified yet), or with `quickly: true` by
 *     storing its tokens (no page of the app loaded yet);
 *   - `openAsMember(screen, label, options?)`: a new member signed in quickly,
 *     on that screen with its heading shown (the usual start of the quality
 *     and fault suites);
 *   - `memberAtCheckout(label, options?)`: an active member with a billing
 *     address, signed in quickly, on the checkout with its card fields ready.
 *
 *   import { expect, test } from './support/fixtures.ts';
 *   test('…', async ({ page, api, signedInMember }) => {
 *     const { email } = await signedInMember('x', { state: 'active' });
 *   });
 */
import { test as base, expect, type Page } from '@playwright/test';
import { type DevApi, devApi } from './api.ts';
import { type AppServer, startAppServer } from './app-server.ts';
import {
  ADDRESS,
  type AppScreen,
  type ArrangedMember,
  arrangeMember,
  type MemberOptions,
  openCheckout,
  openScreen,
  PASSWORD,
  signInQuickly,
} from './members.ts';

/** Accessible names on the login screen (English). */
export const LOGIN = {
  emailOrPhone: 'Email or phone',
  password: 'Password',
  submit: 'Sign in',
} as const;

let counter = 0;

/** `e2e-<label>-<time>-<n>@example.com`, lower case, unique within and across runs. */
export function makeUniqueEmail(label = 'member'): string {
  counter += 1;
  const slug =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'member';
  return `e2e-${slug}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Opens /login (unless already there), types the credentials and clicks 'Sign in'. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x.invalid').pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await page.getByLabel(LOGIN.emailOrPhone, { exact: true }).fill(email);
  // exact: the show/hide toggle is named 'Show password'.
  await page.getByLabel(LOGIN.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: LOGIN.submit, exact: true }).click();
}

interface WorkerFixtures {
  /** The built app and its stand-in, served for this worker alone (./app-server.ts). */
  appServer: AppServer;
}

interface Fixtures {
  api: DevApi;
  uniqueEmail: (label?: string) => string;
  signIn: typeof signIn;
  newMember: (label: string, options?: MemberOptions) => Promise<ArrangedMember>;
  signedInMember: (
    label: string,
    options?: MemberOptions & { quickly?: boolean },
  ) => Promise<ArrangedMember>;
  openAsMember: (
    screen: AppScreen,
    label: string,
    options?: MemberOptions,
  ) => Promise<ArrangedMember>;
  memberAtCheckout: (label: string, options?: MemberOptions) => Promise<ArrangedMember>;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
    async ({}, use, workerInfo) => {
      const server = await startAppServer({
        index: workerInfo.parallelIndex,
        outputDir: workerInfo.project.outputDir,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  api: async ({ request }, use) => {
    await use(devApi(request));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
  uniqueEmail: async ({}, use) => {
    await use(makeUniqueEmail);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
  signIn: async ({}, use) => {
    await use(signIn);
  },
  newMember: async ({ api }, use) => {
    await use((label, options) => arrangeMember(api, makeUniqueEmail(label), options));
  },
  signedInMember: async ({ page, request, newMember }, use) => {
    await use(async (label, { quickly = false, ...options } = {}) => {
      const member = await newMember(label, options);
      const password = options.password ?? PASSWORD;
      if (quickly) {
        await signInQuickly(page, request, member.email, password);
      } else {
        await signIn(page, member.email, password);
        if (options.verified === false) {
          // An account not verified yet stops at the one-time code.
          await expect(
            page.getByRole('heading', { level: 1, name: 'Verify your account' }),
          ).toBeVisible();
        } else {
          await expect(page).not.toHaveURL(/\/login/);
        }
      }
      return member;
    });
  },
  openAsMember: async ({ page, signedInMember }, use) => {
    await use(async (screen, label, options) => {
      const member = await signedInMember(label, { ...options, quickly: true });
      await openScreen(page, screen);
      return member;
    });
  },
  memberAtCheckout: async ({ page, signedInMember }, use) => {
    await use(async (label, options) => {
      const member = await signedInMember(label, {
        state: 'active',
        billingAddress: ADDRESS,
        ...options,
        quickly: true,
      });
      await openCheckout(page);
      return member;
    });
  },
});

/** The `signedInMember` fixture, for helpers that take it. */
export type SignedInMember = Fixtures['signedInMember'];
/** The `newMember` fixture, for helpers that take it. */
export type NewMember = Fixtures['newMember'];

export { expect };
