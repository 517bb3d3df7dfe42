/**
 * What a member sees when the network, the server or the browser fails:
 * never a sign-out they did not ask for, never lost input,
 * always a message and a way on.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as waitForState } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import type { LoginValues } from '../../machines/session/session.types.ts';
import type { LoginResponse, Membership, User } from '../../machines/shared/domain.ts';
import { ApiError } from '../../src/api/api-error.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import type { MembershipActor, SessionActor } from '../../src/app/services.tsx';
import { StorageNotice } from '../../src/components/storage-notice.tsx';
import { useErrorText } from '../../src/i18n/translate.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { PendingScreen } from '../../src/routes/pending-screen.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { createMembership, httpError, timeoutError } from '../support/fake-services.ts';
import { MARIE, MEMBERSHIP } from '../support/fixtures.ts';
import { renderScreen } from '../support/render.tsx';

const ACTIVE: Membership = {
  _id: 'm1',
  id: 'm1',
  externalId: 'sub_1',
  validTo: '2099-01-01T00:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};

/** A real session actor; `loadUser` and `login` are the test's. */
function session({
  tokens,
  loadUser = () => new Promise<User>(() => {}),
  login = () => new Promise<LoginResponse>(() => {}),
}: {
  tokens: boolean;
  loadUser?: () => Promise<User>;
  login?: (input: LoginValues) => Promise<LoginResponse>;
}) {
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadUser: fromPromise(loadUser),
        login: fromPromise<LoginResponse, LoginValues>(({ input }) => login(input)),
      },
      guards: { hasStoredTokens: () => tokens },
    }),
  );
  actor.start();
  return actor as SessionActor;
}

describe('the login screen after a fault', () => {
  it('after the server refused the session, /login says it expired, until the next sign-in attempt', async () => {
    const actor = session({
      tokens: true,
      loadUser: () => Promise.reject(httpError(401, 'server.unauthorized')),
    });
    await waitForState(actor, (s) => s.matches('signedOut'));
    await renderScreen(<LoginScreen />, { services: { session: actor }, path: '/login' });
    expect(screen.getByText('Your session has expired. Please sign in again.')).toHaveRole(
      'status',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone'), 'marie@example.ca');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.queryByText('Your session has expired. Please sign in again.')).toBeNull(),
    );
  });

  it('a 200 answer that breaks the contract keeps everything typed and says the answer was unreadable', async () => {
    const actor = session({
      tokens: false,
      login: () => Promise.reject(new ApiError({ kind: 'parse', key: 'errors.unreadable' })),
    });
    await renderScreen(<LoginScreen />, { services: { session: actor }, path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone'), 'marie@example.ca');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server sent an answer we could not read. Please try again.',
    );
    expect(screen.getByLabelText('Email or phone')).toHaveValue('marie@example.ca');
    expect(screen.getByLabelText('Password')).toHaveValue('correct-horse');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('the pending view when the server cannot be reached', () => {
  it('says so with Try again (the session is kept), in English and French', async () => {
    let calls = 0;
    const actor = session({
      tokens: true,
      loadUser: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(timeoutError()) : new Promise<User>(() => {});
      },
    });
    await waitForState(actor, (s) => s.matches({ authenticated: { user: 'unreachable' } }));
    // The membership's loads: the copy kept from an earlier visit is asked for again on Try again.
    const membershipLoads = vi.fn(() => new Promise<Membership | null>(() => {}));
    const membership = createMembership(membershipLoads, MEMBERSHIP);
    const { i18n } = await renderScreen(<PendingScreen />, {
      services: { session: actor, membership: membershipAccessOf(membership) },
      path: '/dashboard',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the server');
    expect(screen.getByRole('alert')).toHaveTextContent('You are still signed in.');
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeVisible();
    await i18n.changeLanguage('en');
    expect(membershipLoads).not.toHaveBeenCalled();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(calls).toBe(2);
    expect(membershipLoads).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Loading your account...')).toBeVisible();
  });

  it('a server that answers but not with the user (a 5xx, an unreadable answer) is not called unreachable', async () => {
    const actor = session({
      tokens: true,
      loadUser: () => Promise.reject(httpError(400, 'server.invalidRequest')),
    });
    await waitForState(actor, (s) => s.matches({ authenticated: { user: 'unreachable' } }), {
      timeout: 10_000,
    });
    const membership = createActor(membershipMachine).start() as MembershipActor;
    await renderScreen(<PendingScreen />, {
      services: { session: actor, membership: membershipAccessOf(membership) },
      path: '/dashboard',
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load your account');
    expect(alert).toHaveTextContent(
      'You are still signed in. The server could not give an answer we can use',
    );
    expect(alert).not.toHaveTextContent('could not reach the server');
    expect(alert).not.toHaveTextContent('Check your connection');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    // Try again may not help: the page (which has no header) offers the way out.
    const logout = screen.getByRole('button', { name: 'Logout' });
    await userEvent.setup().click(logout);
    expect(logout).toHaveAttribute('aria-busy', 'true');
    await waitForState(actor, (s) => s.matches('signedOut'));
  });

  it('a membership that cannot be loaded says so with Try again, which loads it again', async () => {
    const actor = session({ tokens: true, loadUser: async () => MARIE });
    await waitForState(actor, (s) => s.hasTag('settled'));
    const load = vi
      .fn<() => Promise<Membership | null>>()
      .mockRejectedValueOnce(httpError(503, 'errors.server'))
      .mockResolvedValue(ACTIVE);
    const membership = createActor(
      membershipMachine.provide({ actors: { loadMembership: fromPromise(load) } }),
    ).start() as MembershipActor;
    membership.send({ type: 'membership.refetch' });
    await renderScreen(<PendingScreen />, {
      services: { session: actor, membership: membershipAccessOf(membership) },
      path: '/dashboard',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your membership');
    // A 5xx is an answer: not a matter of the member's connection.
    expect(alert).toHaveTextContent('The server could not give an answer we can use just now');
    expect(alert).not.toHaveTextContent('Check your connection');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Activate membership' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitForState(membership, (s) => s.matches('loaded'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('storage the browser blocks', () => {
  it('a notice says the member stays signed in in this tab only; its empty status region is there from the start, so the notice is announced', async () => {
    const working = createSafeStorage(() => localStorage);
    const { unmount } = await renderScreen(<StorageNotice />, { services: { storage: working } });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    unmount();

    const full = createSafeStorage(() => ({
      ...localStorage,
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    }));
    await renderScreen(<StorageNotice />, { services: { storage: full } });
    const notice = screen.getByRole('status');
    expect(notice).toBeEmptyDOMElement();
    full.setItem('evclub.accessToken', 'a');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'Your browser blocks storage for this site: you stay signed in in this tab only, until you close or reload it.',
      ),
    );
  });
});

/** Shows keyText() of each key, as a view would. */
function Probe({ keys }: { keys: string[] }) {
  const { keyText } = useErrorText();
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>{keyText(key)}</li>
      ))}
    </ul>
  );
}

describe('server error keys', () => {
  it('only a key that names a finished sentence is shown; a section, a template or an unknown key reads as unknown', async () => {
    await renderScreen(
      <Probe
        keys={['server.incorrectOtp', 'server', 'errors', 'validation.minSymbols', 'server.nope']}
      />,
      { services: {} },
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Incorrect OTP',
      'An unknown error occurred.',
      'An unknown error occurred.',
      'An unknown error occurred.',
      'An unknown error occurred.',
    ]);
  });
});
