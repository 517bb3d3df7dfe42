import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import {
  type OtpVerified,
  otpMachine,
  RESEND_COOLDOWN_MS,
} from '../../machines/otp/otp.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import type { LoginValues } from '../../machines/session/session.types.ts';
import { EMPTY_USER, type LoginResponse, type Tokens } from '../../machines/shared/domain.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { OtpStep } from '../../src/screens/login/otp-step.tsx';
import { renderScreen } from '../support/render.tsx';

const EMAIL = 'marie@example.ca';
const TOKENS: Tokens = {
  token: 'access-1',
  refreshToken: 'refresh-1',
  user: { ...EMPTY_USER, _id: 'u1', id: 'u1', email: EMAIL },
};

interface Fakes {
  /** The code asked for on entering the step (default: sent). */
  firstRequest?: () => Promise<void>;
  requestOtp?: (input: { email: string }) => Promise<void>;
  verifyOtp?: (input: { email: string; otp: string }) => Promise<Tokens>;
  /** The resend cooldown (30 s in the app; 0 lets a test resend at once). */
  cooldownMs?: number;
}

/** A real session actor brought to the code step: an unverified login for EMAIL, a code sent. */
async function sessionOnOtpStep({
  firstRequest,
  requestOtp = async () => undefined,
  verifyOtp = () => new Promise<Tokens>(() => {}),
  cooldownMs = RESEND_COOLDOWN_MS,
}: Fakes = {}) {
  const calls = {
    requestOtp: [] as Array<{ email: string }>,
    verifyOtp: [] as Array<{ email: string; otp: string }>,
  };
  const storeTokens = vi.fn();
  let requests = 0;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise<LoginResponse, LoginValues>(async () => ({ isVerified: false })),
        otp: otpMachine.provide({
          actors: {
            requestCode: fromPromise<void, { email: string }>(({ input }) => {
              calls.requestOtp.push(input);
              requests += 1;
              // The first code goes out; later ones use the test's fake.
              if (requests > 1) return requestOtp(input);
              return firstRequest ? firstRequest() : Promise.resolve();
            }),
            verifyCode: fromPromise<OtpVerified, { email: string; otp: string }>(({ input }) => {
              calls.verifyOtp.push(input);
              return verifyOtp(input);
            }),
          },
          delays: { RESEND_COOLDOWN: cooldownMs },
        }),
      },
      actions: { storeTokens },
      guards: { hasStoredTokens: () => false },
    }),
  );
  session.start();
  session.send({ type: 'login.change', field: 'emailOrPhone', value: EMAIL });
  session.send({ type: 'login.change', field: 'password', value: 'correct-horse' });
  session.send({ type: 'login.submit' });
  const otp = (await waitForState(session, (s) => s.children.otp !== undefined)).children.otp;
  if (otp && !firstRequest) await waitForState(otp, (s) => s.context.sentCount === 1);
  return { session: session as SessionActor, calls, storeTokens };
}

async function renderOtp(fakes: Fakes = {}, language: 'en' | 'fr' = 'en') {
  const harness = await sessionOnOtpStep(fakes);
  const view = await renderScreen(<LoginScreen />, {
    services: { session: harness.session },
    language,
    path: '/login',
  });
  // The code step loads on demand (a lazy chunk): wait for its six boxes.
  await waitFor(() => expect(screen.queryAllByRole('textbox')).toHaveLength(6));
  return { ...harness, ...view, user: userEvent.setup() };
}

const box = (n: number) =>
  screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement;
const boxes = () => [1, 2, 3, 4, 5, 6].map(box);
const code = () =>
  boxes()
    .map((b) => b.value)
    .join('');
const next = () => screen.getByRole('button', { name: 'Next' });

describe('OtpStep', () => {
  it('shows six boxes for the code sent to the email, Next disabled', async () => {
    await renderOtp();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
    expect(screen.getByText(`We sent a 6-digit code to ${EMAIL}. Enter it below.`)).toBeVisible();
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeVisible();
    expect(boxes()).toHaveLength(6);
    expect(next()).toBeDisabled();
    // The subtitle tells of the first code: no status calls it new.
    expect(screen.queryByText(/A new code was sent/)).toBeNull();
  });

  it('says a code was sent only once one was: on its way, then none could be sent', async () => {
    let refuse: (error: unknown) => void = () => {};
    const firstRequest = () =>
      new Promise<void>((_resolve, reject) => {
        refuse = reject;
      });
    await renderOtp({ firstRequest });
    expect(screen.getByText(`We are sending a 6-digit code to ${EMAIL}.`)).toBeVisible();
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();

    refuse(Object.assign(new Error('refused'), { key: 'server.userNotExist', status: 404 }));
    expect(await screen.findByText(`We could not send a code to ${EMAIL}.`)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent("User doesn't exist");
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled();
  });

  it('offers the code to the browser (one-time-code on the first box, numeric keyboard)', async () => {
    await renderOtp();
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    for (const b of boxes().slice(1)) expect(b).toHaveAttribute('autocomplete', 'off');
    for (const b of boxes()) expect(b).toHaveAttribute('inputmode', 'numeric');
  });

  it('typing moves from box to box and Next is enabled only at 6 digits', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('12345');
    expect(code()).toBe('12345');
    expect(box(6)).toHaveFocus();
    expect(next()).toBeDisabled();
    await user.keyboard('6');
    expect(code()).toBe('123456');
    expect(next()).toBeEnabled();
  });

  it('retyping a code over one that starts the same keeps every digit (same digit in a selected box)', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('089786');
    expect(code()).toBe('089786');
    await user.click(box(1));
    await user.keyboard('089785');
    expect(code()).toBe('089785');
    expect(next()).toBeEnabled();
  });

  it('a typo mended in one box keeps the digits after it', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('123456');
    await user.click(box(3));
    await user.keyboard('9');
    expect(code()).toBe('129456');
    expect(box(4)).toHaveFocus();
    expect(next()).toBeEnabled();
    // Digits pasted into a box fill the boxes from there on.
    await user.paste('07');
    expect(code()).toBe('12907');
    expect(box(6)).toHaveFocus();
  });

  it('a digit typed past the last one goes next to it (no gap in the code)', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(5));
    await user.keyboard('3');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '', '', '']);
    expect(box(4)).toHaveFocus();
  });

  it('pasting 123456 into the first box fills all six', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.paste('123456');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(next()).toBeEnabled();
  });

  it('a whole code pasted into any box replaces the code there was (a new code after a wrong one)', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('000000');
    await user.click(box(6));
    await user.paste('285282');
    expect(code()).toBe('285282');
    await user.click(box(4));
    await user.paste('123 456');
    expect(code()).toBe('123456');
    expect(next()).toBeEnabled();
  });

  it('a pasted code with spaces or dashes keeps its digits', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.paste(' 123-456 ');
    expect(code()).toBe('123456');
    expect(screen.queryByText('Only digits allowed')).toBeNull();
    await user.click(box(1));
    await user.paste('654 321');
    expect(code()).toBe('654321');
    expect(screen.queryByText('Only digits allowed')).toBeNull();
    expect(box(1)).not.toHaveAttribute('aria-invalid');
  });

  it('full-width digits (a Chinese or Japanese input method) are digits, typed or pasted', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.paste('０５７００');
    expect(code()).toBe('05700');
    await user.click(box(6));
    await user.keyboard('６');
    expect(code()).toBe('057006');
    expect(screen.queryByText('Only digits allowed')).toBeNull();
    expect(next()).toBeEnabled();
  });

  it('a pasted message holding the code fills the boxes without a complaint', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.paste('Your code is 482913');
    expect(code()).toBe('482913');
    expect(screen.queryByText('Only digits allowed')).toBeNull();
    expect(next()).toBeEnabled();
  });

  it("a letter is refused with 'Only digits allowed'", async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('a');
    expect(screen.getByRole('alert')).toHaveTextContent('Only digits allowed');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('1');
    expect(screen.queryByText('Only digits allowed')).toBeNull();
    expect(code()).toBe('1');
  });

  it('Backspace, Delete and the arrows move and clear like a member expects', async () => {
    const { user } = await renderOtp();
    await user.click(box(1));
    await user.paste('123456');
    expect(box(6)).toHaveFocus();

    // Backspace on a filled box clears it and stays.
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12345');
    expect(box(6)).toHaveFocus();
    // Backspace on an empty box clears the one before and moves there.
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1234');
    expect(box(5)).toHaveFocus();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(box(4)).toHaveFocus();
    // Delete clears the box under the cursor.
    await user.keyboard('{Delete}');
    expect(code()).toBe('123');
    expect(box(4)).toHaveFocus();
    // The arrows stop at the ends.
    await user.click(box(1));
    await user.keyboard('{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    expect(next()).toBeDisabled();
  });

  it('Next verifies the code for the email and signs in (the router then goes to /activation)', async () => {
    const { user, calls, session, storeTokens } = await renderOtp({
      verifyOtp: async () => TOKENS,
    });
    await user.click(box(1));
    await user.paste('123456');
    await user.click(next());
    expect(calls.verifyOtp).toEqual([{ email: EMAIL, otp: '123456' }]);
    await waitFor(() => expect(isSignedIn(session.getSnapshot())).toBe(true));
    expect(storeTokens.mock.calls[0]?.[1]).toEqual({
      token: 'access-1',
      refreshToken: 'refresh-1',
    });
  });

  it('Enter in a box submits; while verifying the boxes are disabled and Next reads Verifying...', async () => {
    const { user, calls } = await renderOtp();
    await user.click(box(1));
    await user.paste('654321');
    await user.keyboard('{Enter}');
    expect(calls.verifyOtp).toEqual([{ email: EMAIL, otp: '654321' }]);
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    for (const b of boxes()) expect(b).toBeDisabled();
  });

  it('Enter on a short code sends nothing, says “Enter the 6-digit code” and gives the first empty box the focus', async () => {
    const { user, calls } = await renderOtp();
    await user.click(box(1));
    await user.keyboard('123{Enter}');
    expect(calls.verifyOtp).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    for (const b of boxes()) expect(b).toHaveAttribute('aria-invalid', 'true');
    expect(box(4)).toHaveAccessibleDescription('Enter the 6-digit code');
    expect(box(4)).toHaveFocus();
    // Typing on clears it; the whole code then goes out with Enter.
    await user.keyboard('4');
    expect(screen.queryByText('Enter the 6-digit code')).toBeNull();
    await user.keyboard('56{Enter}');
    expect(calls.verifyOtp).toEqual([{ email: EMAIL, otp: '123456' }]);
  });

  it('a wrong code shows the server key translated and marks the boxes', async () => {
    const { user } = await renderOtp({
      verifyOtp: () =>
        Promise.reject(Object.assign(new Error('x'), { key: 'server.incorrectOtp' })),
    });
    await user.click(box(1));
    await user.paste('000000');
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect OTP');
    for (const b of boxes()) expect(b).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeEnabled();
  });

  it("after a code is sent, 'Resend it' is disabled for 30 s with the seconds left shown", async () => {
    // The countdown reads the time that passed (performance.now), held still here:
    // a loaded machine may take over a second to get from the code sent to the check.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const { user, calls } = await renderOtp();
      const resend = screen.getByRole('button', { name: 'Resend it' });
      expect(resend).toBeDisabled();
      expect(resend).toHaveAccessibleDescription('You can ask for a new code in 30 s.');
      for (let i = 0; i < 6; i += 1) await user.click(resend);
      expect(calls.requestOtp).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the seconds left follow the time that passed, not the wall clock (which can jump)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      await renderOtp();
      const resend = screen.getByRole('button', { name: 'Resend it' });
      // A network time correction moves the wall clock back ten minutes.
      vi.setSystemTime(Date.now() - 600_000);
      act(() => vi.advanceTimersByTime(1_000));
      expect(resend).toHaveAccessibleDescription(/You can ask for a new code in (29|30) s\./);
    } finally {
      vi.useRealTimers();
    }
  });

  it("'Resend it' asks for a new code, shows Sending..., then says it was sent", async () => {
    let release: () => void = () => {};
    const { user, calls } = await renderOtp({
      cooldownMs: 0,
      requestOtp: () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Resend it' }));
    expect(calls.requestOtp).toEqual([{ email: EMAIL }, { email: EMAIL }]);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText(`A new code was sent to ${EMAIL}.`)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled());
  });

  it('the news of a new code is not told again once a failure showed and the member edits the code', async () => {
    const { user } = await renderOtp({
      cooldownMs: 0,
      verifyOtp: () =>
        Promise.reject(Object.assign(new Error('x'), { key: 'server.incorrectOtp' })),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Resend it' }));
    expect(await screen.findByText(`A new code was sent to ${EMAIL}.`)).toBeVisible();
    await user.click(box(1));
    await user.paste('000000');
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect OTP');
    await user.click(box(6));
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/A new code was sent/)).toBeNull();
  });

  it('a failed resend is shown like a verification failure', async () => {
    const { user } = await renderOtp({
      cooldownMs: 0,
      requestOtp: () =>
        Promise.reject(Object.assign(new Error('x'), { key: 'server.userNotExist' })),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Resend it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("User doesn't exist");
  });

  it('a failed resend after Enter on a short code shows the failure, not the older hint', async () => {
    const { user } = await renderOtp({
      cooldownMs: 0,
      requestOtp: () =>
        Promise.reject(Object.assign(new Error('x'), { key: 'server.userNotExist' })),
    });
    await user.click(box(1));
    await user.keyboard('12{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend it' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Resend it' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("User doesn't exist"));
  });

  it("'Back to sign in' returns to the form with the typed email", async () => {
    const { user } = await renderOtp();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(screen.getByLabelText('Email or phone')).toHaveValue(EMAIL);
  });

  it('renders in French', async () => {
    await renderOtp({}, 'fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Vérifiez votre compte' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Renvoyer le code' })).toHaveAccessibleDescription(
      'Vous pourrez demander un nouveau code dans 30\u00a0s.',
    );
    expect(screen.getByRole('button', { name: 'Retour à la connexion' })).toBeVisible();
  });

  it('OtpStep can be rendered on its own for a session on the code step', async () => {
    const { session } = await sessionOnOtpStep();
    await renderScreen(<OtpStep />, { services: { session }, path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  });
});
