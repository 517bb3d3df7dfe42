import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deriveMembership } from '../../machines/membership/derive-membership.ts';
import { formatMoney } from '../../machines/payment/pricing.ts';
import type { Membership, User } from '../../machines/shared/domain.ts';
import memberEn from '../../public/locales/en/member.json';
import memberFr from '../../public/locales/fr/member.json';
import { membershipAccessOf } from '../../src/app/membership.ts';
import {
  DashboardScreen,
  formatMembershipDate,
  orderChargerUrl,
} from '../../src/screens/dashboard/dashboard-screen.tsx';
import { RECORD, USER, USER_WITH_ADDRESS } from '../support/activation.kit.tsx';
import { createMembership, createSessionStub } from '../support/fake-services.ts';
import { renderScreen, TEST_CONFIG } from '../support/render.tsx';

const NOW = Date.parse('2025-06-15T12:00:00.000Z');
const FUTURE = '2026-11-22T12:00:00.000Z';
const PAST = '2025-03-01T08:30:00.000Z';
const ORDERED = '2025-04-02T10:00:00.000Z';

interface Flags {
  isActive: boolean;
  isCancelled: boolean;
  hasOrdered: boolean;
}

/**
 * A record with the given flags at NOW. Spec 4 makes "active and cancelled"
 * impossible: any cancelledAt means not active.
 */
function recordWith({ isActive, isCancelled, hasOrdered }: Flags): Membership {
  return {
    ...RECORD,
    validTo: isActive || isCancelled ? FUTURE : PAST,
    cancelledAt: isCancelled ? PAST : null,
    chargerOrderedAt: hasOrdered ? ORDERED : null,
  };
}

const COMBINATIONS: Flags[] = [false, true].flatMap((isActive) =>
  [false, true].flatMap((isCancelled) =>
    [false, true].map((hasOrdered) => ({ isActive, isCancelled, hasOrdered })),
  ),
);

async function renderDashboard(
  record: Membership | null,
  language: 'en' | 'fr' = 'en',
  user: User = USER_WITH_ADDRESS,
) {
  const membership = createMembership(() => new Promise(() => {}), record ?? undefined);
  const navigate = vi.fn();
  const view = await renderScreen(<DashboardScreen now={() => NOW} />, {
    services: {
      membership: membershipAccessOf(membership),
      session: createSessionStub(user).session,
    },
    language,
    path: '/dashboard',
    onNavigate: navigate,
  });
  return { ...view, membership, navigate, ui: userEvent.setup({ delay: null }) };
}

const card = (name: string) => screen.getByRole('region', { name });
const orderButton = () => screen.queryByRole('button', { name: /^Order charger/ });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DashboardScreen: every combination of the membership flags', () => {
  const possible = COMBINATIONS.filter((f) => !(f.isActive && f.isCancelled));

  it('covers every combination; "active and cancelled" cannot happen (spec 4)', () => {
    expect(COMBINATIONS).toHaveLength(8);
    for (const flags of possible) {
      expect(deriveMembership(recordWith(flags), NOW)).toEqual({
        isMembershipExist: true,
        ...flags,
      });
    }
    // Cancelled with a validTo still ahead: never active.
    const cancelled = recordWith({ isActive: true, isCancelled: true, hasOrdered: false });
    expect(deriveMembership(cancelled, NOW).isActive).toBe(false);
  });

  it.each(
    possible.map(
      (flags) =>
        [
          `${flags.isActive ? 'active' : 'inactive'}, ${flags.isCancelled ? 'cancelled' : 'not cancelled'}, ${flags.hasOrdered ? 'ordered' : 'not ordered'}`,
          flags,
        ] as const,
    ),
  )('%s', async (_, flags) => {
    const record = recordWith(flags);
    const d = await renderDashboard(record);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Membership card: id in upper case, badge, dates.
    const membership = card('Membership');
    expect(within(membership).getByText('MBR-7F3A')).toBeVisible();
    expect(within(membership).getByText(flags.isActive ? 'Active' : 'Inactive')).toHaveClass(
      'badge',
    );
    if (flags.isActive) {
      expect(within(membership).getByText('Next payment due')).toBeVisible();
      expect(within(membership).getByText('2026-11-22')).toBeVisible();
    } else {
      expect(within(membership).queryByText('Next payment due')).toBeNull();
      expect(within(membership).queryByText('2026-11-22')).toBeNull();
    }
    if (flags.isCancelled) {
      expect(within(membership).getByText('Cancelled on')).toBeVisible();
      expect(within(membership).getByText('2025-03-01')).toBeVisible();
    } else {
      expect(within(membership).queryByText('Cancelled on')).toBeNull();
    }
    const activate = within(membership).queryByRole('button', { name: 'Activate membership' });
    if (flags.isActive) {
      expect(activate).toBeNull();
    } else {
      expect(activate).toBeEnabled();
    }
    // The lead above the button: a cancelled member has no charger card to order from.
    const inactiveText =
      'Your membership is not active. Activate it to order your charger and earn points.';
    const cancelledText =
      'Your membership has been cancelled. Activate it again to rejoin the club.';
    expect(within(membership).queryByText(inactiveText)).toEqual(
      !flags.isActive && !flags.isCancelled ? expect.anything() : null,
    );
    expect(within(membership).queryByText(cancelledText)).toEqual(
      flags.isCancelled ? expect.anything() : null,
    );

    // Charger card: only while not cancelled.
    if (flags.isCancelled) {
      expect(screen.queryByRole('region', { name: 'Your free charger' })).toBeNull();
      expect(orderButton()).toBeNull();
    } else {
      const charger = card('Your free charger');
      if (flags.hasOrdered) {
        expect(within(charger).getByText('Your charger will be added soon.')).toBeVisible();
        expect(orderButton()).toBeNull();
      } else {
        expect(within(charger).getByText(/Order your free Level 2 home charger/)).toBeVisible();
        const button = orderButton() as HTMLButtonElement;
        expect(button).toHaveAccessibleName('Order charger (opens in a new tab)');
        if (flags.isActive) {
          expect(button).toBeEnabled();
          await d.ui.click(button);
          expect(open).toHaveBeenCalledTimes(1);
          expect(open).toHaveBeenCalledWith(
            `${TEST_CONFIG.storeUrl}/collections/charger?membership=64f0c0ffee00000000000001&member=mbr-7f3a`,
            '_blank',
            'noopener',
          );
        } else {
          expect(button).toBeDisabled();
          expect(button).toHaveAccessibleDescription(
            'Activate your membership to order your charger.',
          );
          await d.ui.click(button);
          expect(open).not.toHaveBeenCalled();
        }
      }
    }

    // Right column: the balance placeholder.
    const balance = card('Club balance');
    expect(within(balance).getByText('$0.00')).toBeVisible();
    expect(within(balance).getByText('No data yet')).toBeVisible();

    // Last, as it leaves the page: Activate membership opens /subscription.
    if (activate) {
      await d.ui.click(activate);
      expect(d.navigate).toHaveBeenCalledWith('/subscription');
    }
  });
});

describe('DashboardScreen: details', () => {
  it('does nothing on Order charger unless both _id and id exist', async () => {
    for (const record of [
      { ...RECORD, _id: '' },
      { ...RECORD, id: '' },
    ]) {
      const d = await renderDashboard(record);
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      await d.ui.click(orderButton() as HTMLElement);
      expect(open).not.toHaveBeenCalled();
      d.unmount();
      open.mockRestore();
    }
    expect(orderChargerUrl(TEST_CONFIG.storeUrl, { _id: '', id: 'x' })).toBeNull();
    expect(orderChargerUrl(TEST_CONFIG.storeUrl, { _id: 'x', id: '' })).toBeNull();
    expect(orderChargerUrl(TEST_CONFIG.storeUrl, null)).toBeNull();
  });

  it('builds the store address from the configured URL with the values URL-encoded', () => {
    expect(orderChargerUrl('https://store.example.ca/', { _id: 'a b&c', id: 'm/1?x=2' })).toBe(
      'https://store.example.ca/collections/charger?membership=a%20b%26c&member=m%2F1%3Fx%3D2',
    );
  });

  it('formats dates as YYYY-MM-DD, the member’s calendar day, and ignores missing ones', () => {
    // A date-only value is that calendar day in any zone (never the evening before); an
    // instant is the member's day (the browser test runs in Canadian zones).
    expect(formatMembershipDate('2027-06-10')).toBe('2027-06-10');
    expect(formatMembershipDate('2026-01-05T12:30:00.000Z')).toBe('2026-01-05');
    expect(formatMembershipDate(null)).toBeNull();
    expect(formatMembershipDate('not a date')).toBeNull();
    // Dates a calendar cannot show as four-digit years are no dates to a member.
    expect(formatMembershipDate('+010000-06-01T12:00:00.000Z')).toBeNull();
    expect(formatMembershipDate('0999-12-31T12:00:00.000Z')).toBe('0999-12-31');
  });

  it('speaks French, keeping the dates in year-month-day', async () => {
    await renderDashboard(
      recordWith({ isActive: true, isCancelled: false, hasOrdered: false }),
      'fr',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    expect(screen.getByText('Bienvenue, Marie')).toBeVisible();
    const membership = card('Adhésion');
    expect(within(membership).getByText('Active')).toHaveClass('badge');
    expect(within(membership).getByText('Date du prochain paiement')).toBeVisible();
    expect(within(membership).getByText('2026-11-22')).toBeVisible();
    expect(
      within(card('Votre borne gratuite')).getByRole('button', { name: /^Commander ma borne/ }),
    ).toBeEnabled();
    const balance = card('Solde au club');
    // fr-CA puts a no-break space before the dollar sign.
    expect(
      balance.querySelector('.dashboard-balance__amount')?.textContent?.replace(/\s/g, ' '),
    ).toBe('0,00 $');
    expect(within(balance).getByText('Aucune donnée pour l’instant')).toBeVisible();
  });

  it('writes the balance placeholder (a text, no number formatted on the page) as the checkout writes money', () => {
    expect(memberEn.dashboard.balance.amount).toBe(formatMoney(0, 'en'));
    expect(memberFr.dashboard.balance.amount).toBe(formatMoney(0, 'fr'));
  });

  it('shows the way to activation when there is no membership record', async () => {
    await renderDashboard(null);
    expect(screen.getByText('You have no membership yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Activate your membership' })).toHaveAttribute(
      'href',
      '/activation',
    );
    expect(within(card('Club balance')).getByText('$0.00')).toBeVisible();
  });

  it('says the membership is loading while it is', async () => {
    const d = await renderDashboard(null);
    d.membership.send({ type: 'membership.refetch' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your membership...');
  });
});

describe('DashboardScreen: an active membership without a billing address', () => {
  const ACTIVE = recordWith({ isActive: true, isCancelled: false, hasOrdered: false });
  const complete = () => screen.queryByRole('link', { name: 'Complete your membership' });

  it('asks for the address and a card, with the way to /billing', async () => {
    await renderDashboard(ACTIVE, 'en', USER);
    expect(
      within(card('Membership')).getByText(
        'Your membership has no billing address or card yet: add them now so it renews without a break.',
      ),
    ).toBeVisible();
    expect(complete()).toHaveAttribute('href', '/billing');
  });

  it('says it in French', async () => {
    await renderDashboard(ACTIVE, 'fr', USER);
    expect(
      screen.getByText(
        'Votre adhésion n’a pas encore d’adresse de facturation ni de carte : ajoutez-les dès maintenant pour qu’elle se renouvelle sans interruption.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Finaliser mon adhésion' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('says nothing with an address, nor to an inactive membership (its Activate leads there)', async () => {
    await renderDashboard(ACTIVE, 'en', USER_WITH_ADDRESS);
    expect(complete()).toBeNull();
    cleanup();
    await renderDashboard(
      recordWith({ isActive: false, isCancelled: false, hasOrdered: false }),
      'en',
      USER,
    );
    expect(complete()).toBeNull();
    expect(screen.getByRole('button', { name: 'Activate membership' })).toBeVisible();
  });
});

describe('DashboardScreen: a tab left open past the membership’s end', () => {
  async function renderAt(clock: { now: number }) {
    const record = { ...RECORD, validTo: '2025-06-15T12:01:00.000Z', cancelledAt: null };
    await renderScreen(<DashboardScreen now={() => clock.now} />, {
      services: {
        membership: membershipAccessOf(createMembership(() => new Promise(() => {}), record)),
        session: createSessionStub(USER).session,
      },
      path: '/dashboard',
    });
    const status = () =>
      within(card('Membership')).getByText(/^(Active|Inactive)$/, { selector: '.badge' });
    expect(status()).toHaveTextContent('Active');
    return status;
  }

  it('turns Inactive at the next minute’s look at the clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const clock = { now: NOW };
      const status = await renderAt(clock);
      clock.now = NOW + 2 * 60_000;
      act(() => vi.advanceTimersByTime(60_000));
      expect(status()).toHaveTextContent('Inactive');
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns Inactive at once when the browser restores the page or the tab is shown again', async () => {
    for (const event of ['pageshow', 'visibilitychange'] as const) {
      const clock = { now: NOW };
      const status = await renderAt(clock);
      clock.now = NOW + 2 * 60_000;
      act(() => {
        (event === 'pageshow' ? window : document).dispatchEvent(new Event(event));
      });
      expect(status()).toHaveTextContent('Inactive');
      cleanup();
    }
  });
});

describe('DashboardScreen: a membership whose reload failed', () => {
  const ACTIVE = recordWith({ isActive: true, isCancelled: false, hasOrdered: false });
  const LAPSED = recordWith({ isActive: false, isCancelled: false, hasOrdered: false });

  /** The dashboard on a kept copy of ACTIVE, its reload answered by `answers` in turn. */
  async function renderStale(answers: Array<() => Promise<Membership | null>>, language?: 'fr') {
    const load = vi.fn(() => (answers.shift() ?? (() => new Promise<never>(() => {})))());
    const membership = createMembership(load, ACTIVE);
    await renderScreen(<DashboardScreen now={() => NOW} />, {
      services: {
        membership: membershipAccessOf(membership),
        session: createSessionStub(USER).session,
      },
      ...(language ? { language } : {}),
      path: '/dashboard',
    });
    await act(async () => {
      membership.send({ type: 'membership.refetch' });
    });
    return { load, ui: userEvent.setup({ delay: null }) };
  }
  const failure = () => Promise.reject(new TypeError('Failed to fetch'));
  const membershipCard = () => screen.getByRole('region', { name: /^(Membership|Adhésion)$/ });
  const status = () => within(membershipCard()).getByRole('status');
  const badge = () => within(membershipCard()).getByText(/^(Active|Inactive)$/);

  it('says nothing while the reload succeeds or runs', async () => {
    await renderStale([() => Promise.resolve(ACTIVE)]);
    expect(status()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    await renderStale([]);
    expect(status()).toBeEmptyDOMElement();
  });

  it('says the copy may be out of date; Try again loads it, says so and puts the focus on the card', async () => {
    const d = await renderStale([failure, () => Promise.resolve(LAPSED)]);
    expect(status()).toHaveTextContent(
      'We could not refresh your membership: what you see may be out of date.',
    );
    expect(badge()).toHaveTextContent('Active');
    await d.ui.click(screen.getByRole('button', { name: 'Try again' }));
    expect(d.load).toHaveBeenCalledTimes(2);
    expect(await within(status()).findByText('Your membership is up to date.')).toBeVisible();
    expect(badge()).toHaveTextContent('Inactive');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Membership' })).toHaveFocus();
  });

  it('keeps the notice and gives Try again its focus back when the reload fails again', async () => {
    let answer: (record: Membership) => void = () => {};
    const d = await renderStale([
      failure,
      failure,
      () => new Promise<Membership>((resolve) => (answer = resolve)),
    ]);
    await d.ui.click(screen.getByRole('button', { name: 'Try again' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toBeEnabled());
    expect(retry).toHaveFocus();
    expect(status()).toHaveTextContent('We could not refresh your membership');
    // While the third load runs, the button is busy and the copy still serves.
    await d.ui.click(retry);
    expect(screen.getByRole('button', { name: 'Loading your membership...' })).toBeDisabled();
    expect(status()).toHaveTextContent('We could not refresh your membership');
    await act(async () => answer(ACTIVE));
    expect(status()).toHaveTextContent('Your membership is up to date.');
  });

  it('speaks French', async () => {
    const d = await renderStale([failure, () => Promise.resolve(ACTIVE)], 'fr');
    expect(status()).toHaveTextContent(
      'Nous n’avons pas pu actualiser votre adhésion : ce qui s’affiche n’est peut-être plus à jour.',
    );
    await d.ui.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await within(status()).findByText('Votre adhésion est à jour.')).toBeVisible();
  });
});
