/**
 * Forgot password, in Chromium against the stand-in: from the login
 * screen to a new password and back, what an unknown address shows (nothing
 * revealed), the code and password errors, the French texts, and axe on each
 * step. Black box: only the screen, and the stand-in's private helpers.
 */
import type { Page, Route } from '@playwright/test';
import { type DevApi, devHeaders, redacted } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type NewMember, test } from './support/fixtures.ts';
import { enterCode } from './support/forms.ts';

// Each test walks a whole flow (several sign-ins and axe scans): on a busy
// shared machine one can pass 25 s, so the config's 30 s would be too tight.
test.describe.configure({ timeout: 60_000 });

const OLD_PASSWORD = 'Password123';
const NEW_PASSWORD = 'BrandNew456';

/** English texts of the three steps (public/locales/en). */
const EN = {
  forgotLink: 'Forgot your password?',
  requestTitle: 'Forgot your password?',
  email: 'Email',
  send: 'Send the code',
  codeTitle: 'Enter the code',
  digit1: 'Digit 1 of 6',
  next: 'Next',
  newTitle: 'Choose a new password',
  newPassword: 'New password',
  confirmation: 'Confirm password',
  change: 'Change password',
  success: 'Your password has been changed. Sign in with your new password.',
} as const;

/** The same texts in French (public/locales/fr). */
const FR = {
  forgotLink: 'Mot de passe oublié\u202f?',
  requestTitle: 'Mot de passe oublié\u202f?',
  email: 'Courriel',
  send: 'Envoyer le code',
  codeTitle: 'Saisissez le code',
  digit1: 'Chiffre 1 sur 6',
  next: 'Suivant',
  newTitle: 'Choisissez un nouveau mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmation: 'Confirmer le mot de passe',
  change: 'Changer le mot de passe',
  success: 'Votre mot de passe a été changé. Connectez-vous avec votre nouveau mot de passe.',
} as const;

type Texts = { [K in keyof typeof EN]: string };

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** /login → 'Forgot your password?' → the request step. */
async function openFromLogin(page: Page, texts: Texts = EN): Promise<void> {
  if (!new URL(page.url(), 'http://x.invalid').pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await page.getByRole('link', { name: texts.forgotLink, exact: true }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(heading(page, texts.requestTitle)).toBeVisible();
}

/** Types the address and asks for a code; waits for the code step. */
async function requestCode(page: Page, email: string, texts: Texts = EN): Promise<void> {
  await page.getByLabel(texts.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: texts.send, exact: true }).click();
  await expect(heading(page, texts.codeTitle)).toBeVisible();
}

/**
 * A new member (password OLD_PASSWORD) who asked for a code on
 * /forgot-password: now on the code step, with the code the stand-in sent.
 */
async function atCodeStep(
  { page, newMember, api }: { page: Page; newMember: NewMember; api: DevApi },
  label: string,
): Promise<{ email: string; code: string }> {
  const { email } = await newMember(label, { password: OLD_PASSWORD });
  await page.goto('/forgot-password');
  await requestCode(page, email);
  return { email, code: await api.lastOtp(email) };
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

test('from the login screen to a new password: the new one signs in, the old one no longer does', async ({
  page,
  newMember,
  api,
  signIn,
}) => {
  const { email } = await newMember('forgot-ok', { password: OLD_PASSWORD });

  await page.goto('/login');
  await openFromLogin(page);
  await expectNoAxeViolations(page);

  await requestCode(page, email);
  await expect(page.getByText(`If an account exists for ${email}, we have sent`)).toBeVisible();
  await expect(page.getByRole('button', { name: EN.next, exact: true })).toBeDisabled();
  await expectNoAxeViolations(page);
  const requests = await api.requests('/client/auth/reset-password/request');
  expect(requests.at(-1)?.body).toEqual({ email });
  expect(requests.at(-1)?.status).toBe(204);

  const code = await api.lastOtp(email);
  await enterCode(page, code);
  await expect(heading(page, EN.newTitle)).toBeVisible();
  const check = await api.requests('/client/auth/reset-password/check-otp');
  expect(check.at(-1)?.body).toEqual({ email, otp: redacted(code) });
  await expectNoAxeViolations(page);

  await page.getByLabel(EN.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(EN.confirmation, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: EN.change, exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: EN.success })).toBeVisible();
  // The title takes the focus and is read with the message (a status already there is not announced).
  const title = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription(EN.success);
  // The form starts with the address just used: not typed again.
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
  // Said once: the address drops ?reset=1, so a reload (or a bookmark) does not say it again.
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(EN.success)).toHaveCount(0);
  const reset = await api.requests('/client/auth/reset-password/reset');
  expect(reset.at(-1)?.status).toBe(204);
  expect(reset.at(-1)?.body).toMatchObject({ password: redacted(NEW_PASSWORD) });

  await signIn(page, email, OLD_PASSWORD);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/activation$/);
});

test('after a wrong password and a reset, /login starts over: the address just used, no old password, no old error; Back does not bring them again', async ({
  page,
  newMember,
  api,
  signIn,
}) => {
  const { email } = await newMember('forgot-fresh', { password: OLD_PASSWORD });
  const emailBox = page.getByLabel('Email or phone', { exact: true });
  const passwordBox = page.getByLabel('Password', { exact: true });
  const refused = page.getByRole('alert').filter({ hasText: 'Incorrect email or password' });
  await page.goto('/login');
  await signIn(page, 'someone.else@example.ca', 'NotMyPassword1');
  await expect(refused).toBeVisible();

  await openFromLogin(page);
  await requestCode(page, email);
  await enterCode(page, await api.lastOtp(email));
  await page.getByLabel(EN.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(EN.confirmation, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: EN.change, exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: EN.success })).toBeVisible();
  await expect(emailBox).toHaveValue(email);
  await expect(passwordBox).toHaveValue('');
  await expect(refused).toHaveCount(0);
  await expect(emailBox).not.toHaveAttribute('aria-invalid', 'true');
  // The history entry no longer carries the address: used once, not kept by the browser.
  expect(
    await page.evaluate(() => (history.state as { signInAs?: string }).signInAs),
  ).toBeUndefined();

  // What is typed now stays through a visit elsewhere and Back.
  await passwordBox.fill('Typed-after');
  await page.getByRole('link', { name: EN.forgotLink, exact: true }).click();
  await expect(heading(page, EN.requestTitle)).toBeVisible();
  await page.goBack();
  await expect(emailBox).toHaveValue(email);
  await expect(passwordBox).toHaveValue('Typed-after');
});

test('a reload while the code is awaited (or a phone that discarded the tab) comes back to the code step: no new code, the one emailed works', async ({
  page,
  newMember,
  api,
}) => {
  const { email, code } = await atCodeStep({ page, newMember, api }, 'forgot-reload');
  const requested = (await api.requests('/client/auth/reset-password/request')).length;
  await page.reload();
  await expect(heading(page, EN.codeTitle)).toBeVisible();
  await expect(page.getByText(`If an account exists for ${email}, we have sent`)).toBeVisible();
  expect((await api.requests('/client/auth/reset-password/request')).length).toBe(requested);
  await enterCode(page, code);
  await expect(heading(page, EN.newTitle)).toBeVisible();
  // The code is used: no code is awaited now, so a reload would start at step 1.
  expect(
    await page.evaluate(() => sessionStorage.getItem('evclub.forgotPasswordCodeEmail')),
  ).toBeNull();
  await page.getByLabel(EN.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(EN.confirmation, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: EN.change, exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Done: the tab keeps nothing; the page opens at step 1 again.
  expect(
    await page.evaluate(() => sessionStorage.getItem('evclub.forgotPasswordCodeEmail')),
  ).toBeNull();
  await page.goto('/forgot-password');
  await expect(heading(page, EN.requestTitle)).toBeVisible();
});

test('leaving the code step forgets it, by “Back to sign in”, by the browser’s Back or by typing another address: the next visit starts at step 1', async ({
  page,
  newMember,
  api,
}) => {
  await atCodeStep({ page, newMember, api }, 'forgot-leave');
  await page.getByRole('link', { name: 'Back to sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: EN.forgotLink, exact: true }).click();
  await expect(heading(page, EN.requestTitle)).toBeVisible();
  await page.reload();
  await expect(heading(page, EN.requestTitle)).toBeVisible();

  // Again, leaving with the browser's Back from the code step (to /login).
  await requestCode(page, (await newMember('forgot-leave-back', { password: OLD_PASSWORD })).email);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: EN.forgotLink, exact: true }).click();
  await expect(heading(page, EN.requestTitle)).toBeVisible();
  expect(
    await page.evaluate(() => sessionStorage.getItem('evclub.forgotPasswordCodeEmail')),
  ).toBeNull();

  // Again, leaving by typing another address; whoever comes next types /forgot-password,
  // or follows the link from /login (a shared computer).
  const left = (await newMember('forgot-leave-typed', { password: OLD_PASSWORD })).email;
  await requestCode(page, left);
  await page.goto('/login');
  await page.goto('/forgot-password');
  await expect(heading(page, EN.requestTitle)).toBeVisible();
  await expect(page.getByText(left)).toHaveCount(0);
  await requestCode(page, left);
  await page.goto('/login');
  await page.getByRole('link', { name: EN.forgotLink, exact: true }).click();
  await expect(heading(page, EN.requestTitle)).toBeVisible();
  await expect(page.getByText(left)).toHaveCount(0);
  expect(
    await page.evaluate(() => sessionStorage.getItem('evclub.forgotPasswordCodeEmail')),
  ).toBeNull();
});

test('an unknown address gets exactly the same next step as a known one, and no code', async ({
  context,
  api,
  request,
  uniqueEmail,
}) => {
  // Each address in a tab of its own (a tab keeps the address whose code it awaits).
  const page = await context.newPage();
  const otherTab = await context.newPage();
  const known = uniqueEmail('forgot-known');
  const unknown = uniqueEmail('forgot-unknown');
  await api.createUser({ email: known, password: OLD_PASSWORD });

  /** What the code step shows, with the address itself taken out. */
  const codeStepFor = async (email: string, tab: Page) => {
    await tab.goto('/forgot-password');
    await expect(heading(tab, EN.requestTitle)).toBeVisible();
    await requestCode(tab, email);
    const section = tab.locator('section.forgot');
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: what is SHOWN matters (hidden alerts left out).
      text: (await section.innerText()).replaceAll(email, '<email>'),
      headings: await tab.getByRole('heading').allInnerTexts(),
      buttons: await section.getByRole('button').allInnerTexts(),
      boxes: await section.getByRole('textbox').count(),
    };
  };

  const forKnown = await codeStepFor(known, otherTab);
  const forUnknown = await codeStepFor(unknown, page);
  expect(forUnknown).toEqual(forKnown);
  expect(forUnknown.text).toContain('If an account exists for <email>');

  // The server answers both alike, and sends nothing to the unknown address.
  const calls = await api.requests('/client/auth/reset-password/request');
  const statusOf = (email: string) =>
    calls.filter((c) => (c.body as { email?: string })?.email === email).map((c) => c.status);
  expect(statusOf(known)).toEqual([204]);
  expect(statusOf(unknown)).toEqual([204]);
  const lastOtp = await request.get('/api/__dev/last-otp', {
    params: { email: unknown },
    headers: devHeaders(),
  });
  expect(lastOtp.status()).toBe(404);

  // Any code for the unknown address is just an incorrect code.
  await enterCode(page, '123456');
  await expect(page.getByText('Incorrect OTP', { exact: true })).toBeVisible();
});

test('a wrong code shows Incorrect OTP on the boxes; the right one goes on', async ({
  page,
  newMember,
  api,
}) => {
  const { code } = await atCodeStep({ page, newMember, api }, 'forgot-wrong-code');

  await enterCode(page, otherCode(code));
  await expect(page.getByText('Incorrect OTP', { exact: true })).toBeVisible();
  const first = page.getByRole('textbox', { name: EN.digit1, exact: true });
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(heading(page, EN.codeTitle)).toBeVisible();
  await expectNoAxeViolations(page);

  await enterCode(page, code);
  await expect(heading(page, EN.newTitle)).toBeVisible();
});

test('new password: a mismatching confirmation and a too-short password are refused on the spot', async ({
  page,
  newMember,
  api,
}) => {
  const { code } = await atCodeStep({ page, newMember, api }, 'forgot-rules');
  await enterCode(page, code);
  await expect(heading(page, EN.newTitle)).toBeVisible();

  const password = page.getByLabel(EN.newPassword, { exact: true });
  const confirmation = page.getByLabel(EN.confirmation, { exact: true });
  const submit = page.getByRole('button', { name: EN.change, exact: true });
  const resetsBefore = (await api.requests('/client/auth/reset-password/reset')).length;

  await password.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(page.getByText('Password do not match', { exact: true })).toBeVisible();
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');

  await password.fill('Short1');
  await confirmation.fill('Short1');
  await submit.click();
  await expect(
    page.getByText('Password must be at least 8 characters', { exact: true }),
  ).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Password do not match', { exact: true })).toBeHidden();
  await expectNoAxeViolations(page);

  // Neither was sent: no reset call, the step stays.
  await expect(heading(page, EN.newTitle)).toBeVisible();
  expect(await api.requests('/client/auth/reset-password/reset')).toHaveLength(resetsBefore);
});

test('in French, every step of the flow is French', async ({ page, newMember, api }) => {
  const { email } = await newMember('forgot-fr', { password: OLD_PASSWORD });

  await page.goto('/login');
  await page.getByRole('button', { name: 'FR (Français)', exact: true }).click();
  await expect(heading(page, 'Connexion')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await openFromLogin(page, FR);
  await requestCode(page, email, FR);
  await expect(
    page.getByText(`Si un compte est associé à ${email}, nous avons envoyé`),
  ).toBeVisible();

  const code = await api.lastOtp(email);
  await enterCode(page, otherCode(code), FR);
  await expect(page.getByText('Code à usage unique incorrect', { exact: true })).toBeVisible();
  await enterCode(page, code, FR);
  await expect(heading(page, FR.newTitle)).toBeVisible();

  const password = page.getByLabel(FR.newPassword, { exact: true });
  const confirmation = page.getByLabel(FR.confirmation, { exact: true });
  await password.fill('court');
  await confirmation.fill('autre');
  await page.getByRole('button', { name: FR.change, exact: true }).click();
  await expect(
    page.getByText('Le mot de passe doit comporter au moins 8 caractères', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText('Les mots de passe ne correspondent pas', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await password.fill(NEW_PASSWORD);
  await confirmation.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: FR.change, exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: FR.success })).toBeVisible();
  await expect(heading(page, 'Connexion')).toBeVisible();
});

test('the answer to the new password is lost, the password was changed: the retry says so instead of “Incorrect OTP”', async ({
  page,
  newMember,
  api,
  signIn,
}) => {
  const { email, code } = await atCodeStep({ page, newMember, api }, 'forgot-lost');
  await enterCode(page, code);
  await expect(heading(page, EN.newTitle)).toBeVisible();

  // The server changes the password; its answer never reaches the page.
  const lose = async (route: Route) => {
    await route.fetch();
    await route.abort('failed');
  };
  await page.route('**/api/client/auth/reset-password/reset', lose);
  await page.getByLabel(EN.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(EN.confirmation, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: EN.change, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  await page.unroute('**/api/client/auth/reset-password/reset', lose);

  // Trying again: the code is spent, and the member learns what that means.
  await page.getByRole('button', { name: EN.change, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This code can no longer be used. If you have just changed your password, sign in with the new one; otherwise go back to sign in and ask for a new code.',
  );
  await expect(page.getByLabel(EN.newPassword, { exact: true })).toHaveValue(NEW_PASSWORD);

  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/activation$/);
});
