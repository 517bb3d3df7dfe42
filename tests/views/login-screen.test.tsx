import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import type { LoginValues } from '../../machines/session/session.types.ts';
import { EMPTY_USER, type LoginResponse } from '../../machines/shared/domain.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { createSession } from '../support/fake-services.ts';
import { renderScreen, TEST_CONFIG } from '../support/render.tsx';

const USER = { ...EMPTY_USER, _id: 'u1', id: 'u1', email: 'marie@example.ca' };

/** A real session actor (signed out) whose login call is `login`. */
function sessionWith(login: (input: LoginValues) => Promise<LoginResponse>) {
  const loginCalls: LoginValues[] = [];
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<LoginResponse, LoginValues>(({ input }) => {
          loginCalls.push(input);
          return login(input);
        }),
        otp: otpMachine.provide({
          actors: { requestCode: fromPromise<void, { email: string }>(async () => undefined) },
        }),
      },
      guards: { hasStoredTokens: () => false },
    }),
  );
  session.start();
  return { session: session as SessionActor, loginCalls };
}

const serverError = (key: string) =>
  Object.assign(new Error(key), { kind: 'http', status: 400, key });
const never = () => new Promise<LoginResponse>(() => {});

async function renderLogin(
  login: (input: LoginValues) => Promise<LoginResponse> = never,
  language: 'en' | 'fr' = 'en',
) {
  const harness = sessionWith(login);
  const view = await renderScreen(<LoginScreen />, {
    services: { session: harness.session },
    language,
    path: '/login',
  });
  return { ...harness, ...view, user: userEvent.setup() };
}

const emailInput = () => screen.getByLabelText('Email or phone');
const passwordInput = () => screen.getByLabelText('Password');

describe('LoginScreen', () => {
  it('shows the form with Sign in disabled until it is changed and valid', async () => {
    const { user } = await renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    await user.type(emailInput(), 'marie@example.ca');
    expect(submit).toBeDisabled();
    await user.type(passwordInput(), 'short');
    expect(submit).toBeDisabled();
    await user.type(passwordInput(), '-enough');
    expect(submit).toBeEnabled();
  });

  it('shows field messages once a field has been left with a wrong value', async () => {
    const { user } = await renderLogin();
    await user.type(emailInput(), 'marie@');
    await user.type(passwordInput(), 'short');
    expect(screen.getByText('Invalid email or phone')).toBeVisible();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
  });

  it('a required field left empty says so (spec 5 texts), tied to its input; typing clears it', async () => {
    const { user } = await renderLogin();
    await user.click(emailInput());
    await user.tab();
    await user.tab();
    const emailError = screen.getByText('Email or Phone is required');
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput().getAttribute('aria-describedby')).toContain(emailError.id);
    expect(screen.getByText('Password is required')).toBeVisible();

    await user.type(emailInput(), 'marie@example.ca');
    expect(screen.queryByText('Email or Phone is required')).toBeNull();
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
  });

  it('accepts a phone number', async () => {
    const { user, loginCalls } = await renderLogin();
    await user.type(emailInput(), '514 555 0123');
    await user.type(passwordInput(), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(loginCalls).toEqual([{ emailOrPhone: '514 555 0123', password: 'correct-horse' }]);
  });

  it('Enter in the password field submits, and the button shows the busy label', async () => {
    const { user, loginCalls } = await renderLogin();
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'correct-horse{Enter}');
    expect(loginCalls).toEqual([{ emailOrPhone: 'marie@example.ca', password: 'correct-horse' }]);
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it('Enter on a form not valid sends nothing, shows every error and puts the focus on the first', async () => {
    const { user, loginCalls } = await renderLogin();
    await user.click(passwordInput());
    await user.keyboard('{Enter}');
    expect(loginCalls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(emailInput()).toHaveAccessibleDescription('Email or Phone is required');
    expect(passwordInput()).toHaveAccessibleDescription('Password is required');
    expect(emailInput()).toHaveFocus();

    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'short{Enter}');
    expect(loginCalls).toEqual([]);
    expect(passwordInput()).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(passwordInput()).toHaveFocus();
  });

  it('a success signs in (the router then leaves /login for /activation)', async () => {
    const { user, session } = await renderLogin(async () => ({
      token: 'a',
      refreshToken: 'r',
      user: USER,
      isVerified: true,
    }));
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'correct-horse{Enter}');
    await waitFor(() => expect(isSignedIn(session.getSnapshot())).toBe(true));
    // Until the next page shows, the wait goes on: never the form emptied for the next
    // sign-in, which read as a failed one (QA).
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByLabelText('Email or phone')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Setting up your workspace...');
  });

  it("shows the server's key translated under the form, marks the inputs, and clears it on edit", async () => {
    const { user } = await renderLogin(() =>
      Promise.reject(serverError('server.incorrectEmailOrPassword')),
    );
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'wrong-password{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    // The first marked field takes the focus: read with the refusal.
    expect(emailInput()).toHaveFocus();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    // The typed values stay.
    expect(emailInput()).toHaveValue('marie@example.ca');
    expect(passwordInput()).toHaveValue('wrong-password');

    await user.type(passwordInput(), '!');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(passwordInput()).not.toHaveAttribute('aria-invalid');
  });

  it('"Your password has been changed" is said until the form is sent: a wrong password then is not read beside it', async () => {
    const changed = 'Your password has been changed. Sign in with your new password.';
    const { session } = sessionWith(() =>
      Promise.reject(serverError('server.incorrectEmailOrPassword')),
    );
    await renderScreen(<LoginScreen />, {
      services: { session },
      path: '/login',
      search: '?reset=1',
    });
    const user = userEvent.setup();
    expect(await screen.findByText(changed)).toBeInTheDocument();
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'old-password');
    // Typing alone keeps it.
    expect(screen.getByText(changed)).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(screen.queryByText(changed)).toBeNull();
  });

  it('an unknown server key reads "An unknown error occurred."', async () => {
    const { user } = await renderLogin(() => Promise.reject(serverError('server.somethingNew')));
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'correct-horse{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
    expect(screen.queryByText(/server\.somethingNew/)).toBeNull();
  });

  it('an unverified phone login without an email asks, under the address, to sign in with the email', async () => {
    const { user } = await renderLogin(async () => ({ isVerified: false }));
    await user.type(emailInput(), '514 555 0123');
    await user.type(passwordInput(), 'correct-horse{Enter}');
    // The message is about the address typed: that field is marked, described by it and
    // takes the focus (QA: it was the form's alone, the focus left in the password).
    await waitFor(() => expect(emailInput()).toHaveFocus());
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription(
      'To verify your account, sign in with your email address.',
    );
    expect(passwordInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    // Typing an email instead clears it.
    await user.clear(emailInput());
    await user.type(emailInput(), 'marie@example.ca');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(
      screen.queryByText('To verify your account, sign in with your email address.'),
    ).toBeNull();
  });

  it('the show/hide toggle switches the password between hidden and shown', async () => {
    const { user, loginCalls } = await renderLogin();
    await user.type(emailInput(), 'marie@example.ca');
    await user.type(passwordInput(), 'correct-horse');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    // Its name says what it does: not a toggle button as well ('Hide password, pressed').
    expect(toggle).not.toHaveAttribute('aria-pressed');
    expect(passwordInput()).toHaveAttribute('type', 'password');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(toggle).not.toHaveAttribute('aria-pressed');
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(passwordInput()).toHaveValue('correct-horse');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
    // The toggle is not a submit button.
    expect(loginCalls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('the Sign up link goes to /register', async () => {
    const { user, router } = await renderLogin();
    expect(screen.getByText('New to the club?')).toBeVisible();
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp).toHaveAttribute('href', '/register');
    await user.click(signUp);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('links the terms, the policy, the forgotten password page and the store', async () => {
    await renderLogin();
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/policy');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const store = screen.getByRole('link', { name: /Visit the club store/ });
    expect(store).toHaveAttribute('href', TEST_CONFIG.storeUrl);
    expect(store).toHaveAttribute('target', '_blank');
    expect(store).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('renders in French, server errors included', async () => {
    const { user } = await renderLogin(
      () => Promise.reject(serverError('server.incorrectEmailOrPassword')),
      'fr',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'S’inscrire' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'conditions d’adhésion' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
      'href',
      '/policy',
    );
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeVisible();

    await user.type(screen.getByLabelText('Courriel ou téléphone'), 'marie@example.ca');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais-passe{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Courriel ou mot de passe incorrect',
    );
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  /** A description that is `text` alone, whatever spaces join the empty messages to it. */
  const onlyText = (text: string) =>
    new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);

  /** A member signed in, then signed out for `reason` (none: Logout). */
  async function signedOutSession(reason?: 'deleted') {
    const { session } = createSession({
      actors: { loadUser: fromPromise(async () => USER) },
      hasStoredTokens: true,
    });
    await waitForState(session, (s) => s.matches({ authenticated: { user: 'ready' } }));
    session.send({ type: 'session.signOut', ...(reason ? { reason } : {}) });
    return session;
  }

  it.each([
    ['en', 'Your account has been deleted.'],
    ['fr', 'Votre compte a été supprimé.'],
  ] as const)('after the account was deleted, says so (%s)', async (language, text) => {
    const session = await signedOutSession('deleted');
    await renderScreen(<LoginScreen />, { services: { session }, language, path: '/login' });
    expect(screen.getByText(text)).toHaveRole('status');
    // A status already showing when the page opens is not announced: the title, which
    // takes the focus after a navigation, is read with it.
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleDescription(onlyText(text));
  });

  it('after Logout, says nothing of why', async () => {
    const session = await signedOutSession();
    await renderScreen(<LoginScreen />, { services: { session }, path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveAccessibleDescription(
      onlyText(''),
    );
    expect(screen.queryByText('Your account has been deleted.')).toBeNull();
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
  });
});
