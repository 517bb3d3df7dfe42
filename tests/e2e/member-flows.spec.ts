/**
 * In Chromium against the stand-in: registration (English and French,
 * duplicate email), activation (to /billing or /subscription), the billing
 * form (validation and save), the dashboard in each membership state, the
 * terms and policy pages in both languages, and axe on registration,
 * activation, billing (with and without its errors) and the dashboard.
 * Black box: visible texts, accessible names and what the stand-in received.
 */

import { PROVINCES } from '../../dev-api/validate.ts';
import { redacted } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { submitBillingAddress } from './support/forms.ts';
import { holdFirstRequest } from './support/gate.ts';
import { liveRegions } from './support/live-regions.ts';
import {
  ADDRESS,
  dayOf,
  factValue,
  inDays,
  onlyCall,
  openScreen,
  PASSWORD,
  requestsSince,
  uniqueFrenchMobile,
} from './support/members.ts';

const STORE_ORIGIN = 'https://store.evchargerclub.ca';

/** Signs in and waits until the app has left /login. */
test.describe('registration (spec 2, 5)', () => {
  test('the sign-up link leads to /register; a filled form creates the account and shows the email', async ({
    page,
    api,
    request,
    uniqueEmail,
  }) => {
    const email = uniqueEmail('register');
    const phone = uniqueFrenchMobile();
    const since = Date.now();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();

    const submit = page.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('First name').fill('Amélie');
    await page.getByLabel('Last name').fill('Tremblay');
    // The country selector first, then the number typed as a member would.
    await page.getByLabel('Country code').selectOption({ label: 'France (+33)' });
    await page.getByLabel('Phone', { exact: true }).pressSequentially(phone.typed);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account has been created' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );

    const signUps = (await requestsSince(api, '/client/auth/sign-up', since)).filter(
      (call) => (call.body as { email?: string }).email === email,
    );
    expect(onlyCall(signUps, 'POST', 201).body).toEqual({
      firstName: 'Amélie',
      lastName: 'Tremblay',
      phone: phone.e164,
      email,
      // The log keeps a fingerprint of a password, never the password itself.
      password: redacted(PASSWORD),
      language: 'en',
    });
    // The stand-in has the (still unverified) user with that password, and sent it a code.
    const login = await request.post('/api/client/auth/login', {
      data: { emailOrPhone: email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ isVerified: false });
    expect(await api.lastOtp(email)).toMatch(/^\d{6}$/);
  });

  test('an address whose domain is in its own script stays as typed in the field; the API gets its xn-- form', async ({
    page,
    api,
    uniqueEmail,
  }) => {
    const local = uniqueEmail('idn-signup').split('@')[0];
    const typed = `${local}@exemple.québec`;
    const phone = uniqueFrenchMobile();
    const since = Date.now();
    await page.goto('/register');
    await page.getByLabel('First name').fill('Marie');
    await page.getByLabel('Last name').fill('Roy');
    await page.getByLabel('Phone', { exact: true }).pressSequentially(`+33 ${phone.typed}`);
    // The number's calling code names its country: the selector shows France, as it is saved.
    await expect(page.getByLabel('Country code')).toHaveValue('FR');
    const email = page.getByLabel('Email');
    await email.pressSequentially(typed);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // Left, the field still reads what the member typed (an email field would show xn--).
    await expect(email).toHaveValue(typed);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account has been created' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: typed })).toBeVisible();
    const stored = `${local}@exemple.xn--qubec-csa`;
    const signUps = (await requestsSince(api, '/client/auth/sign-up', since)).filter(
      (call) => (call.body as { email?: string }).email === stored,
    );
    expect(onlyCall(signUps, 'POST', 201).body).toMatchObject({ email: stored, phone: phone.e164 });
  });

  test('a taken email: the server message under the form, the email marked, nothing typed lost', async ({
    page,
    newMember,
  }) => {
    const { email } = await newMember('taken');

    await page.goto('/register');
    await page.getByLabel('First name').fill('Jean');
    await page.getByLabel('Last name').fill('Gagnon');
    await page.getByLabel('Phone', { exact: true }).pressSequentially('6135550188');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Another123');
    const regionsBefore = await liveRegions(page);
    const signUp = await holdFirstRequest(page, '**/api/client/auth/sign-up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // While it is sent, the busy label is said: it came into a live region already there, empty.
    await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    const busy = (await liveRegions(page)).find((region) => region.text === 'Creating account...');
    expect(busy).toBeDefined();
    expect(regionsBefore).toContainEqual({ ...busy, text: '' });
    signUp.open();

    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'User with this email already exists' });
    await expect(alert).toBeVisible();
    // The way on (sign in instead) is announced: it came into a status region already there, empty.
    const hint = /^If this email is yours, your account is already there\. Sign in with it/;
    await expect(page.getByRole('status').filter({ hasText: hint })).toBeVisible();
    const said = (await liveRegions(page)).find((region) => hint.test(region.text));
    expect(said).toBeDefined();
    expect(regionsBefore).toContainEqual({ ...said, text: '' });
    // Under the form: below the password field.
    const alertBox = await alert.boundingBox();
    const passwordBox = await page.getByLabel('Password', { exact: true }).boundingBox();
    expect(alertBox && passwordBox && alertBox.y > passwordBox.y).toBe(true);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await expect(page.getByLabel('First name')).toHaveValue('Jean');
    await expect(page.getByLabel('Last name')).toHaveValue('Gagnon');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(613) 555-0188');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Another123');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    // axe on the registration screen, with the server error and the marked field showing.
    await expectNoAxeViolations(page);
  });

  test('in French the sign-up sends language fr', async ({ page, api, uniqueEmail }) => {
    const email = uniqueEmail('register-fr');
    const since = Date.now();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible();
    // The country list follows the language: its names come with the page's French texts.
    const countries = page.getByLabel('Indicatif du pays');
    await expect(countries.getByRole('option', { name: 'États-Unis (+1)' })).toBeAttached();
    // Canadian French (a browser's French says "Venezuela").
    await expect(countries.getByRole('option', { name: 'Vénézuéla (+58)' })).toBeAttached();
    await expect(countries).toHaveValue('CA');

    await page.getByLabel('Prénom').fill('Élise');
    await page.getByLabel('Nom de famille').fill('Côté');
    await page.getByLabel('Téléphone', { exact: true }).pressSequentially('4185550142');
    await page.getByLabel('Courriel').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Votre compte a été créé' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    const signUps = (await requestsSince(api, '/client/auth/sign-up', since)).filter(
      (call) => (call.body as { email?: string }).email === email,
    );
    expect(signUps).toHaveLength(1);
    expect(signUps[0]?.body).toMatchObject({
      firstName: 'Élise',
      lastName: 'Côté',
      phone: '+14185550142',
      language: 'fr',
    });
  });
});

/** The activation page's lead for a member who never had a membership, and for one whose membership lapsed. */
const FREE_YEAR_LEAD =
  'Your first year in the club is free. Activate your membership to get started.';
const RENEW_LEAD = 'Your membership is no longer active. Activate it again to renew it.';

test.describe('activation (spec 2)', () => {
  test('without a billing address: POST club/memberships, then /billing', async ({
    page,
    signedInMember,
    api,
  }) => {
    await signedInMember('activate-no-address');
    await expect(page).toHaveURL(/\/activation$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Activate your membership' }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'How it works' }).getByRole('listitem')).toHaveText(
      [
        'Activate your free membership.',
        'Order your free charger from the club store.',
        'Install your charger and add it to the charger-connect app.',
      ],
    );
    await expectNoAxeViolations(page);
    // The membership just created comes in before /billing opens: the lead, written for a new
    // member, must not turn to a lapsed member's meanwhile.
    await expect(page.getByText(FREE_YEAR_LEAD)).toBeVisible();
    await page.evaluate((renewLead) => {
      const watch = new MutationObserver(() => {
        if (document.body.textContent?.includes(renewLead)) document.body.dataset.sawRenewLead = '';
      });
      watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, RENEW_LEAD);

    const since = Date.now();
    await page.getByRole('button', { name: 'Activate membership' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing address' })).toBeVisible();
    await expect(page.locator('body')).not.toHaveAttribute('data-saw-renew-lead');

    const activations = (await requestsSince(api, '/club/memberships', since)).filter(
      (call) => call.method === 'POST',
    );
    const activation = onlyCall(activations, 'POST', 201);
    expect(activation.path).toBe('/club/memberships');
    expect(activation.body ?? null).toBeNull();
  });

  test('with a billing address: POST club/memberships, then /subscription', async ({
    page,
    signedInMember,
    api,
  }) => {
    await signedInMember('activate-address', { billingAddress: ADDRESS });
    await expect(page).toHaveURL(/\/activation$/);

    const since = Date.now();
    await page.getByRole('button', { name: 'Activate membership' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Complete your membership' }),
    ).toBeVisible();
    const activations = (await requestsSince(api, '/club/memberships', since)).filter(
      (call) => call.method === 'POST' && call.path === '/club/memberships',
    );
    onlyCall(activations, 'POST', 201);
  });

  test('two tabs: the second, left on /activation, follows the first tab’s activation to /dashboard, and activates nothing itself', async ({
    page,
    context,
    signedInMember,
    api,
  }) => {
    await signedInMember('activate-two-tabs');
    const other = await context.newPage();
    await other.goto('/activation');
    await expect(other.getByRole('button', { name: 'Activate membership' })).toBeEnabled();

    const since = Date.now();
    await page.getByRole('button', { name: 'Activate membership' }).click();
    await expect(page).toHaveURL(/\/billing$/);

    // The other tab learns of the membership (open tabs follow each other's) and goes on, as
    // the route's guard sends an active member.
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(other.getByText('Active', { exact: true })).toBeVisible();
    const activations = (await requestsSince(api, '/club/memberships', since)).filter(
      (call) => call.method === 'POST' && call.path === '/club/memberships',
    );
    expect(activations.map((call) => call.status)).toEqual([201]);
  });

  test('a pending cancellation: the server keeps the membership (409), the page says so and leads to the dashboard, never a dead button', async ({
    page,
    signedInMember,
    api,
  }) => {
    // Spec 4: cancelledAt set, so never active; the server still counts the paid period.
    await signedInMember('activate-pending-cancel', {
      state: 'active',
      billingAddress: ADDRESS,
      membership: { cancelledAt: inDays(30) },
    });
    await expect(page).toHaveURL(/\/activation$/);
    const since = Date.now();
    const activate = page.getByRole('button', { name: 'Activate membership' });
    await activate.click();

    const said =
      'You already have a membership, but it is not active, and it cannot be activated again here. Your dashboard shows its state; to renew it, contact us through the Support page.';
    await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
    await expect(page).toHaveURL(/\/activation$/);
    await expect(activate).toBeEnabled();
    await expect(activate).toHaveAccessibleDescription(said);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const answers = (await requestsSince(api, '/club/memberships', since))
      .filter((call) => call.method === 'POST' && call.path === '/club/memberships')
      .map((call) => call.status);
    expect(answers).toEqual([409]);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('billing (spec 2, 3, 5)', () => {
  test('validation: required fields, a bad postal code, the 13 provinces and territories', async ({
    page,
    signedInMember,
    api,
  }) => {
    const since = Date.now();
    await signedInMember('billing-validation', { state: 'active' });
    await openScreen(page, '/billing');

    await expect(page.getByLabel('Country')).toBeDisabled();
    await expect(page.getByLabel('Country')).toHaveValue('Canada');
    const province = page.getByLabel('Province or territory');
    // 13 choices plus the disabled placeholder.
    await expect(province.locator('option:not([disabled])')).toHaveCount(13);
    const codes = await province
      .locator('option:not([disabled])')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).sort(),
      );
    // The very codes the stand-in accepts (dev-api/validate.ts).
    expect(codes).toEqual([...PROVINCES].sort());

    const finish = page.getByRole('button', { name: 'Finish' });
    await expect(finish).toBeDisabled();
    await expectNoAxeViolations(page);
    // Enter submits (spec 5): the empty required fields say so.
    await page.getByLabel('Address line 1').press('Enter');
    await expect(page.locator('.field__error')).toHaveText([
      'Address line 1 is required',
      'City is required',
      'Postal code is required',
      'Province or territory is required',
    ]);
    // The focus was in the first field in error already: its message is said beside Finish.
    await expect(page.getByLabel('Address line 1')).toBeFocused();
    await expect(finish.locator('xpath=following-sibling::*[1]')).toHaveText(
      'Address line 1 is required',
    );
    await expect(page.getByLabel('Address line 1')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Address line 2 (optional)')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoAxeViolations(page);

    await page.getByLabel('Postal code').fill('12345');
    await page.getByLabel('Postal code').blur();
    await expect(page.getByText('Enter a postal code like A1A 1A1', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Postal code')).toHaveAccessibleDescription(
      'Enter a postal code like A1A 1A1',
    );
    await expect(finish).toBeDisabled();
    expect(await requestsSince(api, '/client/auth/profile/billingAddress', since)).toEqual([]);
  });

  test('save: the PUT body in the contract’s names (no address_2 when empty), then /subscription', async ({
    page,
    signedInMember,
    api,
  }) => {
    await signedInMember('billing-save', { state: 'active' });
    await page.goto('/billing');
    const street = `${Date.now() % 100_000} Rue Saint-Denis`;

    await page.getByLabel('Address line 1').fill(street);
    await page.getByLabel('City').fill('Montréal');
    await page.getByLabel('Postal code').fill('h2x1y4');
    await page.getByLabel('Province or territory').selectOption({ label: 'Quebec' });
    const since = Date.now();
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL(/\/subscription$/);
    // The summary shows the saved address: postal code and province (spec 2).
    await expect(page.getByText('H2X 1Y4, QC', { exact: true })).toBeVisible();
    const saves = (await requestsSince(api, '/client/auth/profile/billingAddress', since)).filter(
      (call) => (call.body as { address_1?: string }).address_1 === street,
    );
    expect(onlyCall(saves, 'PUT', 200).body).toEqual({
      country_code: 'CA',
      address_1: street,
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H2X 1Y4',
    });
  });
});

test.describe('dashboard (spec 2, 4)', () => {
  test('active without a billing address (the journey left after activating): the dashboard leads back to /billing, then the card', async ({
    page,
    signedInMember,
  }) => {
    await signedInMember('dashboard-incomplete', { state: 'active' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText(
        'Your membership has no billing address or card yet: add them now so it renews without a break.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Complete your membership' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await submitBillingAddress(page, ADDRESS);
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Complete your membership' }),
    ).toBeVisible();
    // With the address saved, the dashboard no longer asks.
    await page.goto('/dashboard');
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete your membership' })).toHaveCount(0);
  });

  test('active: the Active badge, the next payment due date, and Order charger opens the store', async ({
    page,
    signedInMember,
    context,
  }) => {
    const validTo = inDays(123);
    await context.route(`${STORE_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Store</title><h1>Store</h1>' }),
    );
    const { membership } = await signedInMember('dashboard-active', { membership: { validTo } });
    if (!membership) throw new Error('the member has no membership');
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(factValue(page, 'Status')).toHaveText('Active');
    await expect(factValue(page, 'Membership ID')).toHaveText(membership.id.toUpperCase());
    await expect(factValue(page, 'Next payment due')).toHaveText(dayOf(validTo));
    await expect(factValue(page, 'Next payment due')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(factValue(page, 'Cancelled on')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Activate membership' })).toHaveCount(0);
    await expect(page.getByText('$0.00')).toBeVisible();
    await expectNoAxeViolations(page);

    const order = page.getByRole('button', { name: /^Order charger/ });
    await expect(order).toBeEnabled();
    const [store] = await Promise.all([context.waitForEvent('page'), order.click()]);
    await store.waitForLoadState('domcontentloaded');
    const url = new URL(store.url());
    expect(url.origin).toBe(STORE_ORIGIN);
    expect(store.url()).toContain(encodeURIComponent(membership._id));
    expect(store.url()).toContain(encodeURIComponent(membership.id));
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test.describe('in Vancouver', () => {
    test.use({ timezoneId: 'America/Vancouver' });

    test('dates are the member’s calendar day: 02:00 UTC is the day before there; a date-only value stays its day', async ({
      page,
      signedInMember,
    }) => {
      const evening = inDays(123).replace('T12:00', 'T02:00');
      await signedInMember('dashboard-zone', {
        membership: { validTo: evening },
      });
      await expect(page).toHaveURL(/\/dashboard$/);
      const utcDay = new Date(evening);
      const dayBefore = new Date(utcDay.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await expect(factValue(page, 'Next payment due')).toHaveText(dayBefore);

      // A server that sends the day alone (the contract's "ISO date"): that day, not the evening before.
      await page.route('**/club/memberships', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const answer = await route.fetch();
        const record = { ...(await answer.json()), validTo: '2031-06-10' };
        return route.fulfill({ response: answer, json: record });
      });
      await page.reload();
      await expect(factValue(page, 'Next payment due')).toHaveText('2031-06-10');
    });
  });

  test('inactive: Inactive, no due date, Order charger disabled; Activate membership ends on /activation (spec 2 guard)', async ({
    page,
    signedInMember,
  }) => {
    await signedInMember('dashboard-inactive', { state: 'inactive' });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(factValue(page, 'Status')).toHaveText('Inactive');
    await expect(factValue(page, 'Next payment due')).toHaveCount(0);
    await expect(page.getByText('Your membership is not active.', { exact: false })).toBeVisible();
    const order = page.getByRole('button', { name: /^Order charger/ });
    await expect(order).toBeDisabled();
    await expect(order).toHaveAccessibleDescription(
      'Activate your membership to order your charger.',
    );

    // The button goes to /subscription, whose guard sends a member without an
    // active membership to /activation (spec 2, route guards).
    await page.getByRole('button', { name: 'Activate membership' }).click();
    await expect(page).toHaveURL(/\/activation$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Activate your membership' }),
    ).toBeVisible();
    // The member went somewhere: Back is the dashboard again (it was replaced before).
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(factValue(page, 'Status')).toHaveText('Inactive');
  });

  test('a membership that ends while the dashboard is open: the card turns Inactive by itself', async ({
    page,
    signedInMember,
  }) => {
    await page.clock.install();
    const validTo = new Date(Date.now() + 90_000).toISOString();
    await signedInMember('dashboard-ends', { membership: { validTo } });
    await page.goto('/dashboard');
    await expect(factValue(page, 'Status')).toHaveText('Active');

    await page.clock.fastForward('03:00');
    await expect(factValue(page, 'Status')).toHaveText('Inactive');
    await expect(page.getByRole('button', { name: 'Activate membership' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Order charger/ })).toBeDisabled();
  });

  test('a membership renewed elsewhere: the dashboard opened in another tab shows it Active, and this tab follows without a reload', async ({
    page,
    context,
    signedInMember,
    api,
  }) => {
    const { email } = await signedInMember('dashboard-renewed', { state: 'inactive' });
    await page.goto('/dashboard');
    await expect(factValue(page, 'Status')).toHaveText('Inactive');

    // The yearly fee paid (another device, or the anniversary's charge).
    const validTo = inDays(365);
    await api.setMembership({ email, validTo });
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(factValue(other, 'Status')).toHaveText('Active');

    await expect(factValue(page, 'Status')).toHaveText('Active');
    await expect(factValue(page, 'Next payment due')).toHaveText(validTo.slice(0, 10));
    await expect(page.getByRole('button', { name: /^Order charger/ })).toBeEnabled();
  });

  test('cancelled: the cancelled-at date, Inactive, and no charger card', async ({
    page,
    signedInMember,
  }) => {
    const cancelledAt = inDays(-10);
    await signedInMember('dashboard-cancelled', {
      membership: { validTo: inDays(100), cancelledAt },
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(factValue(page, 'Status')).toHaveText('Inactive');
    await expect(factValue(page, 'Cancelled on')).toHaveText(dayOf(cancelledAt));
    await expect(factValue(page, 'Next payment due')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your free charger' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Order charger/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Club balance' })).toBeVisible();
  });

  test('ordered: the charger will be added soon, and no order button', async ({
    page,
    signedInMember,
  }) => {
    await signedInMember('dashboard-ordered', {
      membership: { validTo: inDays(300), chargerOrderedAt: inDays(-2) },
    });
    await expect(page).toHaveURL(/\/dashboard$/);

    await expect(factValue(page, 'Status')).toHaveText('Active');
    await expect(page.getByRole('heading', { name: 'Your free charger' })).toBeVisible();
    await expect(page.getByText('Your charger will be added soon.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Order charger/ })).toHaveCount(0);
  });
});

test.describe('an address the app does not know', () => {
  test('a member who mistypes one gets Page not found with the header: Store, Support, the language and Logout; Back to home leads home', async ({
    page,
    signedInMember,
  }) => {
    await signedInMember('not-found', { membership: { validTo: inDays(100) } });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashbord');

    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Store/ })).toBeVisible();
    await expect(header.getByRole('link', { name: /^Support/ })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await header.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('terms and policy (spec 2)', () => {
  test('terms: English, then French through the language chooser', async ({ page }) => {
    await page.goto('/terms');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms of Membership' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your membership' })).toBeVisible();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conditions d’adhésion' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Votre adhésion' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Membership' })).toHaveCount(
      0,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('policy: French (?lng=fr), then English through the language chooser', async ({ page }) => {
    await page.goto('/policy?lng=fr');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const frenchSections = await page.getByRole('heading', { level: 2 }).allTextContents();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const englishSections = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(englishSections.length).toBe(frenchSections.length);
    expect(englishSections).not.toEqual(frenchSections);
  });
});
