import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { RESEND_COOLDOWN_MS } from '../../machines/otp/otp.machine.ts';
import type { Api } from '../../src/api/api.ts';
import { ForgotPasswordScreen } from '../../src/screens/forgot-password/forgot-password-screen.tsx';
import { createVisitorSession } from '../support/fake-services.ts';
import { renderScreen } from '../support/render.tsx';

const EMAIL = 'marie@example.ca';
const apiError = (key: string, kind = 'http', status = 400) =>
  Object.assign(new Error(key), { key, kind, status });

interface Fakes {
  requestPasswordReset?: (body: { email: string }) => Promise<void>;
  checkResetOtp?: (body: { email: string; otp: string }) => Promise<{ resetToken: string }>;
  resetPassword?: (body: { resetToken: string; password: string }) => Promise<void>;
}

async function renderForgot(
  fakes: Fakes = {},
  language: 'en' | 'fr' = 'en',
  /** What the sign-in form holds in its email-or-phone field. */
  typedOnLogin = '',
) {
  const auth = {
    requestPasswordReset: vi.fn(fakes.requestPasswordReset ?? (async () => undefined)),
    checkResetOtp: vi.fn(fakes.checkResetOtp ?? (async () => ({ resetToken: 'token-1' }))),
    resetPassword: vi.fn(fakes.resetPassword ?? (async () => undefined)),
  };
  const navigate = vi.fn();
  const view = await renderScreen(<ForgotPasswordScreen />, {
    services: { api: { auth } as unknown as Api, session: createVisitorSession(typedOnLogin) },
    language,
    path: '/forgot-password',
    onNavigate: navigate,
  });
  return {
    ...view,
    auth,
    navigate,
    // With fake timers (the resend test), user-event's own pauses advance them.
    user: userEvent.setup({
      advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
    }),
  };
}

type Rendered = Awaited<ReturnType<typeof renderForgot>>;

async function requestCode(
  { user }: Rendered,
  email = EMAIL,
  labels = { email: 'Email', send: 'Send the code' },
) {
  await user.type(screen.getByLabelText(labels.email), email);
  await user.click(screen.getByRole('button', { name: labels.send }));
}

async function enterCode({ user }: Rendered, code = '123456', next = 'Next') {
  await user.click(screen.getByRole('textbox', { name: /^(Digit|Chiffre) 1 / }));
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: next }));
}

describe('ForgotPasswordScreen', () => {
  it('resumes the code step on the page loaded again (a reload), not on a visit since (a link, an address typed)', async () => {
    const opened = (address: string, type: NavigationTimingType) =>
      vi
        .spyOn(performance, 'getEntriesByType')
        .mockReturnValue([{ name: address, type }] as unknown as PerformanceEntryList);
    sessionStorage.setItem('evclub.forgotPasswordCodeEmail', EMAIL);
    opened('https://club.example/forgot-password', 'reload');
    const reloaded = await renderForgot();
    expect(screen.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    reloaded.unmount();

    for (const [address, type] of [
      ['https://club.example/forgot-password', 'navigate'], // typed by whoever comes next
      ['https://club.example/login', 'navigate'], // the tab's page opened elsewhere, a link since
      ['https://club.example/forgot-password', 'back_forward'],
    ] as const) {
      sessionStorage.setItem('evclub.forgotPasswordCodeEmail', EMAIL);
      opened(address, type);
      const visit = await renderForgot();
      expect(
        screen.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
      ).toBeVisible();
      expect(screen.queryByText(EMAIL, { exact: false })).toBeNull();
      expect(sessionStorage.getItem('evclub.forgotPasswordCodeEmail')).toBeNull();
      visit.unmount();
    }
  });

  it('shows exactly the same thing for an unknown address as for a known one', async () => {
    const known = await renderForgot();
    await requestCode(known);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    const knownText = known.container.textContent;
    known.unmount();
    // The other address in a tab of its own (a tab keeps the address whose code it awaits).
    sessionStorage.clear();

    const unknown = await renderForgot({
      requestPasswordReset: () => Promise.reject(apiError('server.userNotExist', 'http', 404)),
    });
    await requestCode(unknown);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(unknown.container.textContent).toBe(knownText);
    expect(screen.queryByText("User doesn't exist")).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText(
        `If an account exists for ${EMAIL}, we have sent it a 6-digit code. Enter it below.`,
      ),
    ).toBeVisible();
  });

  it('stays on the request step with the email kept when the server cannot be reached', async () => {
    const view = await renderForgot({
      requestPasswordReset: () => Promise.reject(apiError('errors.network', 'network')),
    });
    await requestCode(view);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  });

  it('refuses an invalid email with the registration messages', async () => {
    const view = await renderForgot();
    await view.user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    await requestCode(view, 'marie@');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
    expect(view.auth.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('shows a wrong code, and resends a code on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const view = await renderForgot({
      checkResetOtp: () => Promise.reject(apiError('server.incorrectOtp')),
    });
    await requestCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await enterCode(view, '999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect OTP');
    // The code just went out: Resend waits 30 s, and says so.
    const resend = screen.getByRole('button', { name: 'Resend the code' });
    expect(resend).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(/You can ask for a new code in \d+ s\./);
    await act(() => vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS));
    expect(resend).toBeEnabled();
    await view.user.click(resend);
    expect(
      await screen.findByText(`If an account exists for ${EMAIL}, a new code is on its way.`),
    ).toBeVisible();
    expect(view.auth.requestPasswordReset).toHaveBeenCalledTimes(2);
  });

  it('shows the password messages of spec 5, including the 32-character limit', async () => {
    const view = await renderForgot();
    await requestCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    await enterCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const { user } = view;
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // Named by its label, as on the account page.
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'New password is required',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Password confirmation is required',
    );
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    await user.type(screen.getByLabelText('New password'), 'x'.repeat(28));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'Max 32 symbols in New password',
    );
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Password do not match',
    );
    expect(view.auth.resetPassword).not.toHaveBeenCalled();
  });

  it('keeps the passwords and shows the error when the reset fails', async () => {
    const view = await renderForgot({
      resetPassword: () => Promise.reject(apiError('errors.unknown', 'http', 500)),
    });
    await requestCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    await enterCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await view.user.type(screen.getByLabelText('New password'), 'N3w-secret-pass');
    await view.user.type(screen.getByLabelText('Confirm password'), 'N3w-secret-pass');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unknown error occurred.');
    expect(screen.getByLabelText('New password')).toHaveValue('N3w-secret-pass');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('N3w-secret-pass');
    expect(view.navigate).not.toHaveBeenCalled();
  });

  it('marks the new password, with the focus on it, when the server’s own rules refuse it', async () => {
    const view = await renderForgot({
      resetPassword: () => Promise.reject(apiError('server.passwordTooWeak', 'http', 400)),
    });
    await requestCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Enter the code' });
    await enterCode(view);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const password = screen.getByLabelText('New password');
    await view.user.type(password, 'N3w-secret-pass');
    await view.user.type(screen.getByLabelText('Confirm password'), 'N3w-secret-pass');
    await view.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Password is too weak'));
    expect(password).toHaveFocus();
    expect(password).toHaveValue('N3w-secret-pass');
    expect(view.navigate).not.toHaveBeenCalled();
  });

  it('links back to sign in', async () => {
    const view = await renderForgot();
    await view.user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/login');
  });

  it('speaks French throughout', async () => {
    const view = await renderForgot({}, 'fr');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié\u202f?' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(screen.getByLabelText('Courriel')).toHaveAccessibleDescription(
      'Le courriel est obligatoire',
    );
    await requestCode(view, EMAIL, { email: 'Courriel', send: 'Envoyer le code' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saisissez le code' }),
    ).toBeVisible();
    expect(
      // getByText reads the text with its non-breaking spaces as plain ones.
      screen.getByText(
        `Si un compte est associé à ${EMAIL}, nous avons envoyé un code à 6 chiffres à cette adresse. Saisissez-le ci-dessous.`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toBeVisible();
    await enterCode(view, '123456', 'Suivant');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }),
    ).toBeVisible();
    await view.user.type(screen.getByLabelText('Nouveau mot de passe'), 'court');
    await view.user.tab();
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      'Le mot de passe doit comporter au moins 8\u00a0caractères',
    );
    await view.user.type(screen.getByLabelText('Confirmer le mot de passe'), 'autre');
    await view.user.tab();
    expect(screen.getByLabelText('Confirmer le mot de passe')).toHaveAccessibleDescription(
      'Les mots de passe ne correspondent pas',
    );
    expect(screen.getByRole('button', { name: 'Changer le mot de passe' })).toBeEnabled();
  });
});
