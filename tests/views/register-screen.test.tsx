import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import { EMPTY_USER, type SignUpPayload } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { RegisterScreen } from '../../src/screens/register/register-screen.tsx';
import { PendingCalls } from '../support/deferred.ts';
import { createSession, createVisitorSession, httpError } from '../support/fake-services.ts';
import { renderScreen } from '../support/render.tsx';

const EN = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  password: 'Password',
  submit: 'Create Account',
};
const FR = {
  firstName: 'Prénom',
  lastName: 'Nom de famille',
  phone: 'Téléphone',
  email: 'Courriel',
  password: 'Mot de passe',
  submit: 'Créer mon compte',
};

async function renderRegister(language: 'en' | 'fr' = 'en', session = createVisitorSession()) {
  const pending = new PendingCalls();
  const signUp = pending.fn<void>('signUp');
  const view = await renderScreen(<RegisterScreen />, {
    services: { api: { auth: { signUp } } as unknown as Api, session },
    language,
    path: '/register',
  });
  const labels = language === 'fr' ? FR : EN;
  const input = (name: keyof typeof EN) =>
    screen.getByLabelText(labels[name], { selector: 'input' }) as HTMLInputElement;
  const user = userEvent.setup({ delay: null });
  const fill = async (values: Partial<Record<keyof typeof EN, string>> = {}) => {
    const all = {
      firstName: 'Marie',
      lastName: 'Tremblay',
      phone: '514 555 0123',
      email: 'marie@example.ca',
      password: 'Secret-pass-1',
      ...values,
    };
    // The phone is typed key by key (it is formatted as typed); the other values are pasted.
    for (const [name, value] of Object.entries(all) as Array<[keyof typeof EN, string]>) {
      await user.clear(input(name));
      if (!value) continue;
      if (name === 'phone') await user.type(input(name), value);
      else await user.paste(value);
    }
  };
  return { ...view, pending, signUp, input, user, fill, labels };
}

describe('RegisterScreen', () => {
  it('keeps Create Account disabled until the form is changed and valid', async () => {
    const r = await renderRegister();
    const button = screen.getByRole('button', { name: 'Create Account' });
    expect(button).toBeDisabled();
    await r.fill({ email: 'marie@' });
    expect(button).toBeDisabled();
    await r.user.clear(r.input('email'));
    await r.user.type(r.input('email'), 'marie@example.ca');
    expect(button).toBeEnabled();
  });

  it('shows a field’s error once it is left, then as it changes, with the length rules of spec 5', async () => {
    const r = await renderRegister();
    await r.user.click(r.input('firstName'));
    expect(r.input('firstName')).not.toHaveAttribute('aria-invalid');
    await r.user.click(document.body);
    expect(r.input('firstName')).toHaveAccessibleDescription('First name is required');
    // No error while a field is typed in for the first time, too long or too short…
    await r.user.type(r.input('lastName'), 'x'.repeat(33));
    expect(r.input('lastName')).not.toHaveAttribute('aria-invalid');
    await r.user.type(r.input('password'), 'short');
    expect(r.input('password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    // …its error shows once it is left (Tab, a click elsewhere),
    await r.user.tab();
    expect(r.input('password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(r.input('lastName')).toHaveAccessibleDescription('Max 32 symbols in Last name');
    await r.user.type(r.input('phone'), '5');
    await r.user.click(document.body);
    expect(r.input('phone')).toHaveAccessibleDescription(
      expect.stringContaining('Phone is invalid'),
    );
    // …and then follows the typing: gone once the field is right.
    await r.user.type(r.input('password'), '-pass-1');
    expect(r.input('password')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the phone in E.164 (with an extension) and the interface language, then confirms', async () => {
    const r = await renderRegister();
    await r.fill({ phone: '514 555 0123 ext. 12', email: '  marie@example.ca ' });
    await r.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(r.signUp).toHaveBeenCalledTimes(1);
    expect(r.signUp).toHaveBeenCalledWith({
      firstName: 'Marie',
      lastName: 'Tremblay',
      phone: '+15145550123;ext=12',
      email: 'marie@example.ca',
      password: 'Secret-pass-1',
      language: 'en',
    } satisfies SignUpPayload);
    await r.pending.settle('signUp', { output: undefined });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account has been created' }),
    ).toBeVisible();
    expect(
      screen.getByText('Your account for marie@example.ca is ready to be verified.'),
    ).toBeVisible();
    await r.user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/login');
  });

  it('sends language fr when the interface is in French, and speaks French', async () => {
    const r = await renderRegister('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('combobox', { name: 'Indicatif du pays' })).toHaveValue('CA');
    await r.fill();
    await r.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByRole('button', { name: 'Création du compte…' })).toBeDisabled();
    expect(r.signUp).toHaveBeenCalledWith(
      expect.objectContaining({ language: 'fr', phone: '+15145550123' }),
    );
    await r.pending.settle('signUp', { error: httpError(409, 'server.sameEmailUserExists') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Un compte existe déjà avec cette adresse courriel',
    );
  });

  it('takes the language of the interface at the moment of submitting', async () => {
    const r = await renderRegister('en');
    await r.fill();
    await act(() => r.i18n.changeLanguage('fr'));
    await r.user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(r.signUp).toHaveBeenCalledWith(expect.objectContaining({ language: 'fr' }));
  });

  it('submits with Enter, and Enter on an unfinished form shows every error instead', async () => {
    const r = await renderRegister();
    await r.user.type(r.input('firstName'), 'Marie{Enter}');
    expect(r.signUp).not.toHaveBeenCalled();
    expect(r.input('lastName')).toHaveAccessibleDescription('Last name is required');
    expect(r.input('phone')).toHaveAccessibleDescription(
      expect.stringContaining('Phone is required'),
    );
    expect(r.input('email')).toHaveAccessibleDescription('Email is required');
    expect(r.input('password')).toHaveAccessibleDescription('Password is required');
    // The first field in error takes the focus: a screen reader reads it with its message.
    expect(r.input('lastName')).toHaveFocus();
    await r.fill();
    await r.user.type(r.input('password'), '{Enter}');
    expect(r.signUp).toHaveBeenCalledTimes(1);
  });

  it('the Enter that ends an input method’s composition (a name typed in Japanese) only commits it', async () => {
    const r = await renderRegister();
    await r.fill();
    fireEvent.keyDown(r.input('lastName'), { key: 'Enter', isComposing: true });
    expect(r.signUp).not.toHaveBeenCalled();
    fireEvent.keyDown(r.input('lastName'), { key: 'Enter' });
    expect(r.signUp).toHaveBeenCalledTimes(1);
  });

  it('marks the field a server code names, and any change clears the marks; nothing typed is lost', async () => {
    const r = await renderRegister();
    await r.fill();
    await r.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await r.pending.settle('signUp', { error: httpError(409, 'server.samePhoneUserExists') });

    const message = 'User with the same phone number already exists';
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(r.input('phone')).toHaveAttribute('aria-invalid', 'true');
    expect(r.input('phone')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(r.input('email')).not.toHaveAttribute('aria-invalid');
    expect(r.input('firstName')).toHaveValue('Marie');
    expect(r.input('phone')).toHaveValue('(514) 555-0123');
    expect(r.input('password')).toHaveValue('Secret-pass-1');

    // Changing another field clears the server's mark and message.
    await r.user.type(r.input('lastName'), 's');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(r.input('phone')).not.toHaveAttribute('aria-invalid');
    expect(r.input('lastName')).toHaveValue('Tremblays');
  });

  it('shows any other code translated under the form only', async () => {
    const r = await renderRegister();
    await r.fill();
    await r.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await r.pending.settle('signUp', { error: httpError(500, 'server.somethingNew') });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred.'),
    );
    for (const name of Object.keys(EN).filter((n) => n !== 'submit') as Array<keyof typeof EN>) {
      expect(r.input(name)).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('keeps what was typed but the password when the member leaves and comes back (a link, Back)', async () => {
    const r = await renderRegister();
    await r.fill({ phone: '514 555 0123 ext. 12' });
    await r.user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/login');

    act(() => r.router.history.back());
    expect(await screen.findByLabelText('First name', { selector: 'input' })).toHaveValue('Marie');
    expect(r.input('lastName')).toHaveValue('Tremblay');
    expect(r.input('phone')).toHaveValue('(514) 555-0123 ext. 12');
    expect(r.input('email')).toHaveValue('marie@example.ca');
    // Never the password; and nothing says the form is wrong before it is left again.
    expect(r.input('password')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    for (const name of ['firstName', 'lastName', 'phone', 'email', 'password'] as const) {
      expect(r.input(name)).not.toHaveAttribute('aria-invalid');
    }

    // The password typed again, the account is created with the kept values.
    await r.user.type(r.input('password'), 'Secret-pass-2{Enter}');
    expect(r.signUp).toHaveBeenLastCalledWith(
      expect.objectContaining({
        firstName: 'Marie',
        phone: '+15145550123;ext=12',
        email: 'marie@example.ca',
        password: 'Secret-pass-2',
      }),
    );
    await r.pending.settle('signUp', { output: undefined });
    await r.user.click(await screen.findByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/login');

    // Once the account exists, the form opens empty again.
    act(() => r.router.history.back());
    expect(await screen.findByLabelText('First name', { selector: 'input' })).toHaveValue('');
    expect(r.input('email')).toHaveValue('');
  });

  it('forgets what was typed at a sign-in: whoever signs up after the sign-out finds an empty form', async () => {
    const { session } = createSession({
      actors: {
        login: fromPromise(async () => ({
          token: 'a',
          refreshToken: 'r',
          user: { ...EMPTY_USER, _id: 'u1', id: 'u1', email: 'marie@example.ca' },
          isVerified: true,
        })),
      },
      hasStoredTokens: false,
    });
    const r = await renderRegister('en', session);
    await r.fill();
    await r.user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent('/login');

    // Signed in (the sign-in page), then out again.
    session.send({ type: 'login.change', field: 'emailOrPhone', value: 'marie@example.ca' });
    session.send({ type: 'login.change', field: 'password', value: 'Secret-pass-1' });
    session.send({ type: 'login.submit' });
    await waitFor(() => expect(isSignedIn(session.getSnapshot())).toBe(true));
    session.send({ type: 'session.signOut' });
    expect(isSignedIn(session.getSnapshot())).toBe(false);

    act(() => r.router.history.back());
    expect(await screen.findByLabelText('First name', { selector: 'input' })).toHaveValue('');
    expect(r.input('email')).toHaveValue('');
  });

  it('links back to /login', async () => {
    await renderRegister();
    expect(screen.getByText('Already a member?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
