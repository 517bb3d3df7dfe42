/**
 * Faults on the way in: login, the one-time code (sending and
 * checking it), sign-up and forgot password. Each call fails four ways in
 * turn (a 503 from a proxy, a dropped connection, no answer past the client's
 * time-out, a 200 that breaks the contract); each time the member reads a
 * clear message, keeps what they typed, and the next try goes on.
 */
import type { Page } from '@playwright/test';
import { expect, FAILING, type Kind, MESSAGE_FOR, MESSAGES, test } from '../support/faults.ts';
import {
  click,
  expectCode,
  expectFieldValues,
  fillFields,
  fillSignUp,
  signUpValues,
} from '../support/forms.ts';
import { PASSWORD } from '../support/members.ts';

test.describe.configure({ timeout: 60_000 });

/**
 * A sign-up the server already has: "already exists" under the form, the
 * status line saying why, and its link to /login with the address kept.
 */
async function expectAlreadyThereLeadsToSignIn(page: Page, email: string, why: string) {
  await expect(
    page.getByRole('alert').filter({ hasText: 'User with this email already exists' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: why })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with it', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in form starts with that address: not typed again.
  await expect(page.getByLabel('Email or phone', { exact: true })).toHaveValue(email);
}

test('POST client/auth/login: every fault keeps the form, then sign-in goes on to /activation', async ({
  page,
  newMember,
  faults,
}) => {
  const { email } = await newMember('fault-login');
  await page.goto('/login');
  await fillFields(page, { 'Email or phone': email, Password: PASSWORD });

  await faults.surviveEach('POST client/auth/login', {
    inject: { path: '/client/auth/login', method: 'POST', email },
    act: () => click(page, 'Sign in'),
    kept: () => expectFieldValues(page, { 'Email or phone': email, Password: PASSWORD }),
    goesOn: () => expect(page).toHaveURL(/\/activation$/),
  });
});

test('a rate limit (429 from a gateway) on sign-in says to wait, keeps the form, and the next try goes on', async ({
  page,
  newMember,
  faults,
}) => {
  const { email } = await newMember('fault-login-429');
  await page.goto('/login');
  await fillFields(page, { 'Email or phone': email, Password: PASSWORD });

  await faults.survive('POST client/auth/login (429)', {
    inject: { path: '/client/auth/login', method: 'POST', kind: 'status', status: 429, email },
    act: () => click(page, 'Sign in'),
    shown: MESSAGES.rateLimited,
    kept: () => expectFieldValues(page, { 'Email or phone': email, Password: PASSWORD }),
  });
  // A gateway's refusal says nothing about what was typed: the inputs are not marked.
  await expect(page.getByLabel('Email or phone')).not.toHaveAttribute('aria-invalid', 'true');
  await click(page, 'Sign in');
  await expect(page).toHaveURL(/\/activation$/);
});

test('the one-time code: sending and checking it fail every way; the code typed is kept; Resend waits 30 s', async ({
  page,
  newMember,
  api,
  signIn,
  faults,
}) => {
  const { email } = await newMember('fault-otp', { verified: false });

  // Sending: the first code goes out on its own after the unverified login.
  const sendings: Array<[Kind, () => Promise<void>]> = [
    ['status', () => signIn(page, email, PASSWORD)],
    ['drop', () => click(page, 'Resend it')],
    ['hang', () => click(page, 'Resend it')],
  ];
  for (const [kind, act] of sendings) {
    await faults.survive(`POST client/auth/resend-otp (${kind})`, {
      inject: { path: '/client/auth/resend-otp', method: 'POST', kind, email },
      act,
      shown: MESSAGE_FOR[kind],
      kept: async () => {
        await expect(page.getByRole('button', { name: 'Resend it' })).toBeEnabled();
        // No code went out yet: the step does not say one was sent.
        await expect(page.getByText(`We could not send a code to ${email}.`)).toBeVisible();
      },
    });
  }
  await faults.survive('POST client/auth/resend-otp (malformed: the body is not read)', {
    inject: {
      path: '/client/auth/resend-otp',
      method: 'POST',
      kind: 'malformed',
      email,
      after: true,
    },
    act: () => click(page, 'Resend it'),
    shown: `A new code was sent to ${email}.`,
  });
  await expect(page.getByText(`We sent a 6-digit code to ${email}. Enter it below.`)).toBeVisible();
  // A code just went out: six more clicks send nothing for 30 s.
  const resend = page.getByRole('button', { name: 'Resend it' });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveAccessibleDescription(/You can ask for a new code in \d+ s\./);

  const code = await api.lastOtp(email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await faults.surviveEach('POST client/auth/verify-user', {
    inject: { path: '/client/auth/verify-user', method: 'POST', email },
    act: () => click(page, 'Next'),
    kept: () => expectCode(page, code),
    goesOn: () => expect(page).toHaveURL(/\/activation$/),
  });
});

test('POST client/auth/sign-up: every fault keeps the form; the answer is not read, so a malformed 200 goes on', async ({
  page,
  uniqueEmail,
  faults,
}) => {
  const email = uniqueEmail('fault-signup');
  await page.goto('/register');
  await fillSignUp(page, { email, phone: { typed: '4165550188' } });
  const kept = () =>
    expectFieldValues(page, { ...signUpValues({ email }), Phone: '(416) 555-0188' });
  await faults.surviveEach('POST client/auth/sign-up', {
    inject: { path: '/client/auth/sign-up', method: 'POST', email },
    act: () => click(page, 'Create Account'),
    kept,
    unreadGoesOn: async () => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Your account has been created' }),
      ).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    },
  });
});

test('a sign-up whose answer is lost (the account was created): the retry says it most likely was, and leads to sign in', async ({
  page,
  uniqueEmail,
}) => {
  const email = uniqueEmail('fault-signup-lost');
  await page.goto('/register');
  await fillSignUp(page, { email, phone: { typed: '4165550155' } });
  // The call reaches the server (the account is made); its answer never reaches the page.
  await page.route(
    '**/api/client/auth/sign-up',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await click(page, 'Create Account');
  await expect(page.getByRole('alert')).toContainText(MESSAGE_FOR.drop);
  await expect(page.getByText(/Your last try got no answer/)).toHaveCount(0);
  await click(page, 'Create Account');
  await expectAlreadyThereLeadsToSignIn(
    page,
    email,
    'Your last try got no answer: it most likely created your account.',
  );
});

test('a sign-up whose connection drops after the account was made, which Chromium sends again itself: the page sees only "already exists", and still leads to sign in', async ({
  page,
  uniqueEmail,
  api,
}) => {
  const email = uniqueEmail('fault-signup-resent');
  await page.goto('/register');
  await fillSignUp(page, { email, phone: { typed: '4165550166' } });
  await api.injectFaults({
    path: '/client/auth/sign-up',
    method: 'POST',
    kind: 'drop',
    email,
    after: true,
    times: 1,
  });
  await click(page, 'Create Account');
  await expectAlreadyThereLeadsToSignIn(
    page,
    email,
    'If this email is yours, your account is already there.',
  );
});

test('forgot password: asking for, checking and using the code fail every way; nothing typed is lost', async ({
  page,
  newMember,
  api,
  faults,
}) => {
  const { email } = await newMember('fault-forgot');
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);

  await faults.surviveEach('POST reset-password/request', {
    inject: { path: '/client/auth/reset-password/request', method: 'POST', email },
    act: () => click(page, 'Send the code'),
    kept: () => expect(page.getByLabel('Email', { exact: true })).toHaveValue(email),
    unreadGoesOn: () =>
      expect(page.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible(),
  });

  const code = await api.lastOtp(email);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await faults.surviveEach('POST reset-password/check-otp', {
    inject: { path: '/client/auth/reset-password/check-otp', method: 'POST', email },
    act: () => click(page, 'Next'),
    kept: () => expectCode(page, code),
    goesOn: async () => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
      ).toBeVisible();
    },
  });

  const fresh = 'N3w-secret-pass';
  await fillFields(page, { 'New password': fresh, 'Confirm password': fresh });
  await faults.surviveEach('POST reset-password/reset', {
    inject: { path: '/client/auth/reset-password/reset', method: 'POST', email },
    kinds: FAILING,
    act: () => click(page, 'Change password'),
    kept: () => expectFieldValues(page, { 'New password': fresh, 'Confirm password': fresh }),
    goesOn: () => expect(page).toHaveURL(/\/login$/),
  });
});
