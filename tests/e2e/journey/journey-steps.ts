/**
 * What each event of the journey model (./journey.machine.ts) is in Chromium,
 * and what the member must see in each of its states. Black box, like every
 * browser test: accessible names, visible texts, the address, and what the
 * stand-in received (its request log), never code from src/ or machines/.
 *
 * One `JourneyRun` per path: its own fresh member, made by the stand-in's
 * private helpers when the path starts mid-journey.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { DevApi, LoggedRequest } from '../support/api.ts';
import { LOGIN, makeUniqueEmail } from '../support/fixtures.ts';
import { enterCode, fillSignUp, submitBillingAddress } from '../support/forms.ts';
import {
  ADDRESS,
  arrangeMember,
  CARD_MESSAGES,
  CARDS,
  cardError,
  currentMembership,
  expectCardFieldsReady,
  expectOnScreen,
  factValue,
  PASSWORD,
  payWithCard,
  requestsSince,
  signInQuickly,
  uniqueFrenchMobile,
} from '../support/members.ts';
import type { JourneyEvent } from './journey.machine.ts';

export interface JourneyRun {
  page: Page;
  api: DevApi;
  request: APIRequestContext;
  /** The member's email: a fresh one for each path. */
  email: string;
  /** When the path started (ms): the stand-in's log is read from here on. */
  since: number;
  /** The code the sign-up emailed: signing in must send a new one. */
  signUpCode: string | null;
}

export function newRun(
  page: Page,
  api: DevApi,
  request: APIRequestContext,
  id: string,
): JourneyRun {
  return { page, api, request, email: makeUniqueEmail(id), since: Date.now(), signUpCode: null };
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function callsFor(
  run: JourneyRun,
  pathPart: string,
  match: (call: LoggedRequest) => boolean = () => true,
): Promise<LoggedRequest[]> {
  return (await requestsSince(run.api, pathPart, run.since)).filter(match);
}

/** POST club/memberships (not the GETs of the same path). */
const isActivation = (call: LoggedRequest) =>
  call.method === 'POST' && call.path === '/club/memberships';

/** The call's JSON body names `email`. */
const isFor = (call: LoggedRequest, email: string) =>
  (call.body as { email?: string }).email === email;

/** The attach calls made for this member's membership since the path began. */
async function attachCalls(run: JourneyRun): Promise<LoggedRequest[]> {
  const membership = await currentMembership(run.api, run.email);
  return callsFor(
    run,
    '/attach-payment-method',
    (call) => (call.body as { membershipId?: string } | null)?.membershipId === membership._id,
  );
}

/** Makes the event happen in the browser (or, for the first event, on the stand-in). */
export async function perform(run: JourneyRun, event: JourneyEvent): Promise<void> {
  const { page, api } = run;
  switch (event.type) {
    case 'arrange.visitor':
      await page.goto('/');
      return;
    case 'arrange.unverifiedAccount':
      await api.createUser({ email: run.email, password: PASSWORD, verified: false });
      await page.goto('/login');
      return;
    case 'arrange.memberAtCheckout':
      await arrangeMember(api, run.email, { state: 'active', billingAddress: ADDRESS });
      await signInQuickly(page, run.request, run.email);
      await page.goto('/subscription?wallet=test');
      return;
    case 'landing.createAccount':
      await page.getByRole('link', { name: 'Create an account' }).click();
      return;
    case 'register.submit': {
      await fillSignUp(page, {
        email: run.email,
        firstName: 'Journey',
        lastName: 'Model',
        phone: uniqueFrenchMobile(),
      });
      await page.getByRole('button', { name: 'Create Account' }).click();
      return;
    }
    case 'registered.goToSignIn':
      run.signUpCode = await api.lastOtp(run.email);
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      return;
    case 'signIn.submit':
      await page.getByLabel(LOGIN.emailOrPhone, { exact: true }).fill(run.email);
      await page.getByLabel(LOGIN.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: LOGIN.submit, exact: true }).click();
      return;
    case 'code.enter': {
      const code = await api.lastOtp(run.email, run.signUpCode ? { notEqual: run.signUpCode } : {});
      await enterCode(page, code);
      return;
    }
    case 'activation.activate':
      await page.getByRole('button', { name: 'Activate membership' }).click();
      return;
    case 'billing.save':
      await submitBillingAddress(page, ADDRESS);
      return;
    case 'card.payWithGoodCard':
    case 'card.payWithDeclinedCard':
    case 'card.payWithThreeDSecureCard': {
      const card = {
        'card.payWithGoodCard': CARDS.succeeds,
        'card.payWithDeclinedCard': CARDS.declined,
        'card.payWithThreeDSecureCard': CARDS.threeDSecure,
      }[event.type];
      await payWithCard(page, card);
      return;
    }
    case 'provider.approve':
    case 'provider.decline':
    case 'provider.askForThreeDSecure':
      // The provider answers by itself: the next state's check waits for it.
      return;
    case 'threeDSecure.complete':
    case 'threeDSecure.fail':
      await page
        .getByRole('dialog', { name: 'Test 3D Secure check' })
        .getByRole('button', { name: event.type === 'threeDSecure.complete' ? 'Complete' : 'Fail' })
        .click();
      return;
    case 'express.pay': {
      const wallet = page.getByRole('button', { name: 'Pay with test wallet' });
      if ((await wallet.count()) === 0) {
        // Reached through billing: the test wallet shows only with ?wallet=test.
        await page.goto('/subscription?wallet=test');
        await expectCardFieldsReady(page);
      }
      await wallet.click();
      return;
    }
    case 'dashboard.signOut':
      await page.getByRole('button', { name: 'Logout' }).click();
      return;
  }
}

/** What the member sees in the model's state `stateId` ('journey.checkout.declined'). */
export async function expectState(run: JourneyRun, stateId: string): Promise<void> {
  const { page } = run;
  switch (stateId) {
    case 'journey.start':
      expect(page.url()).toBe('about:blank');
      return;
    case 'journey.landing':
      await expect(page).toHaveURL(/\/$/);
      await expect(heading(page, 'Charge at home, earn cashback')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
      return;
    case 'journey.register':
      await expectOnScreen(page, '/register');
      return;
    case 'journey.registered': {
      await expect(heading(page, 'Your account has been created')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: run.email })).toBeVisible();
      const signUps = await callsFor(run, '/client/auth/sign-up', (call) => isFor(call, run.email));
      expect(signUps.map((call) => call.status)).toEqual([201]);
      return;
    }
    case 'journey.signIn':
      await expectOnScreen(page, '/login');
      return;
    case 'journey.code':
      await expect(heading(page, 'Verify your account')).toBeVisible();
      await expect(page.getByText(run.email).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible();
      return;
    case 'journey.activation':
      await expectOnScreen(page, '/activation');
      return;
    case 'journey.billing': {
      await expectOnScreen(page, '/billing');
      const activations = await callsFor(run, '/club/memberships', isActivation);
      expect(activations.map((call) => call.status)).toEqual([201]);
      return;
    }
    case 'journey.checkout':
      await expect(page).toHaveURL(/\/subscription(\?wallet=test)?$/);
      await expect(heading(page, 'Complete your membership')).toBeVisible();
      await expectCardFieldsReady(page);
      return;
    case 'journey.checkout.ready':
      await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
      await expect(cardError(page)).toHaveCount(0);
      await expect(
        page.getByText(`${ADDRESS.postal_code}, ${ADDRESS.province}`, { exact: true }),
      ).toBeVisible();
      return;
    case 'journey.checkout.declined':
      await expect(cardError(page)).toHaveText(CARD_MESSAGES.declined);
      await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
      expect(await attachCalls(run)).toEqual([]);
      return;
    case 'journey.checkout.authenticationFailed':
      await expect(page.getByRole('dialog', { name: 'Test 3D Secure check' })).toBeHidden();
      await expect(cardError(page)).toHaveText(CARD_MESSAGES.authenticationFailed);
      expect(await attachCalls(run)).toEqual([]);
      return;
    case 'journey.paying': {
      const busy = page.getByRole('button', { name: 'Subscribing...' });
      await expect(busy).toBeDisabled();
      await expect(busy).toHaveAttribute('aria-busy', 'true');
      return;
    }
    case 'journey.threeDSecure': {
      const dialog = page.getByRole('dialog', { name: 'Test 3D Secure check' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Complete' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Fail' })).toBeVisible();
      return;
    }
    case 'journey.dashboard': {
      await expectOnScreen(page, '/dashboard');
      await expect(factValue(page, 'Status')).toHaveText('Active');
      await expect(factValue(page, 'Next payment due')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      const attaches = await attachCalls(run);
      expect(attaches.map((call) => call.status)).toEqual([200]);
      return;
    }
    case 'journey.signedOut': {
      await expectOnScreen(page, '/login');
      const tokens = await page.evaluate(() => [
        localStorage.getItem('evclub.accessToken'),
        localStorage.getItem('evclub.refreshToken'),
      ]);
      expect(tokens).toEqual([null, null]);
      const logouts = await callsFor(run, '/client/auth/logout');
      expect(logouts.length).toBeGreaterThanOrEqual(1);
      return;
    }
    default:
      throw new Error(`The journey has no check for the state ${stateId}: add one here.`);
  }
}
