import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentProvider } from '../../src/payments/load-payment-provider.ts';
import {
  ACCESS_DENIED,
  createCheckoutKit,
  DECLINED,
  DECLINED_WITH_PM,
  FIELD_LABELS,
  hammerSubscribe,
  NETWORK_ERROR,
  OK,
  RECORD,
  RENEWED_SUBSCRIPTION,
  renderCheckout,
  responseOf,
  SUBSCRIPTION,
  subscribeButton,
  USER,
} from '../support/checkout.kit.tsx';
import { deferred } from '../support/deferred.ts';
import { expectNavigatedTo } from '../support/render.tsx';

/** What the browser's confirm dialog asks when the member leaves mid-payment. */
const LEAVE_WHILE_PAYING =
  'Your card is being processed. If you leave this page now, it may not be saved to your membership. Leave anyway?';
/** What it asks when the card was accepted but its attach failed. */
const LEAVE_BEFORE_SAVED =
  'Your card was accepted but is not saved to your membership yet. If you leave this page now, it will not be saved. Leave anyway?';

/** Navigates to /account. A blocked navigation's promise never settles: it is started, not awaited. */
const startLeaving = (router: Awaited<ReturnType<typeof readyCheckout>>['router']) =>
  act(async () => {
    void router.navigate({ to: '/account' });
  });

/** French amounts use a no-break space before '$'. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

/** The value of a <dt> row in the price summary. */
function summaryValue(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return plain(term.nextElementSibling?.textContent);
}

/** The price summary reads `values`, label by label (a failure shows every row). */
function expectSummary(values: Record<string, string>) {
  const shown = Object.fromEntries(
    Object.keys(values).map((label) => [label, summaryValue(label)]),
  );
  expect(shown).toEqual(values);
}

async function fillCard() {
  for (const label of Object.values(FIELD_LABELS)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value: 'complete' } });
  }
}

/** Renders, loads the subscription and reports the fake fields ready. */
async function readyCheckout(
  kit = createCheckoutKit(),
  options: Parameters<typeof renderCheckout>[1] = {},
  subscription = SUBSCRIPTION,
) {
  const rendered = await renderCheckout(kit, options);
  await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
  await kit.pending.settle('subscriptions.get', { output: responseOf(subscription) });
  await kit.provider.ready();
  return { kit, ...rendered };
}

describe('checkout screen: layout and price summary', () => {
  it('has its own header: product name, Store, Support, Log out (signs out), and one h1', async () => {
    const kit = createCheckoutKit();
    const send = vi.spyOn(kit.session, 'send');
    await renderCheckout(kit);

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('EV Charger Club Membership')).toBeVisible();
    expect(within(banner).getByRole('link', { name: /Store/ })).toHaveAttribute(
      'href',
      'https://store.example.ca',
    );
    expect(within(banner).getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      'https://help.example.ca',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Complete your membership');

    const logOut = within(banner).getByRole('button', { name: 'Log out' });
    await userEvent.click(logOut);
    // The click shows at once (busy); the session signs out once that is painted.
    expect(logOut).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(send).toHaveBeenCalledWith({ type: 'session.signOut' }));
  });

  it('shows the price summary in English from the defaults of spec 9', async () => {
    await renderCheckout(createCheckoutKit());

    expectSummary({
      'Club membership fee': '$120.00 per year',
      Subtotal: '$120.00',
      Tax: '$0.00',
      Total: '$0.00',
      Discount: '-$120.00',
      Email: 'marie@example.ca',
    });
    const promo = screen.getByLabelText('Promo code');
    expect(promo).toHaveValue('CANADA');
    expect(promo).toBeDisabled();
    expect(summaryValue('Billing information')).toContain('H2X 1Y4, QC');
  });

  it('shows the price summary in French', async () => {
    await renderCheckout(createCheckoutKit(), { language: 'fr' });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finalisez votre adhésion');
    expectSummary({
      'Cotisation d’adhésion au club': '120,00 $ par année',
      'Sous-total': '120,00 $',
      Taxes: '0,00 $',
      Total: '0,00 $',
      Rabais: '-120,00 $',
      Courriel: 'marie@example.ca',
    });
    expect(screen.getByLabelText('Code promo')).toHaveValue('CANADA');
    expect(summaryValue('Renseignements de facturation')).toContain('H2X 1Y4, QC');
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  });

  it('says so when there is no billing address yet', async () => {
    await renderCheckout(createCheckoutKit({ user: { ...USER, billingAddress: {} } }));
    expect(summaryValue('Billing information')).toContain('No billing address yet');
  });

  it("'Update information' goes to /billing", async () => {
    const { router } = await renderCheckout(createCheckoutKit());
    await userEvent.click(screen.getByRole('link', { name: 'Update information' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
  });

  it('asks for the membership again 500 ms after the page opens', async () => {
    const kit = createCheckoutKit({ mode: 'auto' });
    const send = vi.spyOn(kit.membership, 'send');
    await renderCheckout(kit);

    expect(send).toHaveBeenCalledWith({ type: 'membership.refetchLater' });
    expect(kit.calls.loadMembership).toBe(0);
    await waitFor(() => expect(kit.calls.loadMembership).toBe(1), { timeout: 1500 });
  });
});

/** A date before the kit's subscription validTo (22 November 2026): its anniversary is ahead. */
const BEFORE_VALID_TO = () => new Date(2026, 2, 5, 15, 30).getTime();

/** The free year: a setup intent (the card is saved for the anniversary), no validTo yet. */
const FREE_YEAR = { ...SUBSCRIPTION, kind: 'setup', validTo: null } as const;

describe('checkout screen: terms note and renewal date', () => {
  it('renews one year after the subscription validTo; a payment intent is charged today', async () => {
    await readyCheckout(createCheckoutKit(), { now: BEFORE_VALID_TO });
    expect(
      screen.getByText(
        'By subscribing, you authorize EV Charger Club to charge your card $120.00 today, then $120.00 per year from 22 November 2027. You can cancel at any time.',
      ),
    ).toBeVisible();
  });

  it('renews one year from today when the subscription has no validTo (free year)', async () => {
    const kit = createCheckoutKit();
    await renderCheckout(kit, { now: BEFORE_VALID_TO });
    await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
    await kit.pending.settle('subscriptions.get', { output: responseOf(FREE_YEAR) });
    await kit.provider.ready();
    expect(screen.getByText(/starting on 5 March 2027\./)).toBeVisible();
  });

  it('a page left open past midnight renews from the new day (the clock read again each minute)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const clock = { now: new Date(2027, 11, 31, 23, 59, 30).getTime() };
      const kit = createCheckoutKit();
      await renderCheckout(kit, { now: () => clock.now });
      await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
      await kit.pending.settle('subscriptions.get', { output: responseOf(FREE_YEAR) });
      await kit.provider.ready();
      expect(screen.getByText(/starting on 31 December 2028\./)).toBeVisible();
      clock.now = new Date(2028, 0, 1, 0, 0, 30).getTime();
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText(/starting on 1 January 2029\./)).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes the date in French', async () => {
    await readyCheckout(createCheckoutKit(), { language: 'fr', now: BEFORE_VALID_TO });
    expect(
      screen.getByText(
        (text) =>
          plain(text) ===
          'En vous abonnant, vous autorisez EV Charger Club à débiter votre carte de 120,00 $ aujourd’hui, puis de 120,00 $ par année à compter du 22 novembre 2027. Vous pouvez résilier votre adhésion en tout temps.',
      ),
    ).toBeVisible();
  });

  it('the free year: the promo discounts the whole fee, the card is charged from the anniversary', async () => {
    await readyCheckout(createCheckoutKit(), { now: BEFORE_VALID_TO }, FREE_YEAR);
    expectSummary({ Subtotal: '$120.00', Total: '$0.00', Discount: '-$120.00' });
    expect(screen.getByText('Canada promo applied')).toBeVisible();
    expect(
      screen.getByText(/charge your card \$120\.00 per year, starting on 5 March 2027\./),
    ).toBeVisible();
  });

  it('a fee due now (a lapsed membership renewed: a payment intent): the total is the fee, no discount', async () => {
    await readyCheckout();
    expectSummary({ Subtotal: '$120.00', Tax: '$0.00', Total: '$120.00', Discount: '$0.00' });
    expect(
      screen.getByText('The Canada promo covers the first year only: the yearly fee is due now.'),
    ).toBeVisible();
  });

  it('a fee due now, in French', async () => {
    await readyCheckout(createCheckoutKit(), { language: 'fr', now: BEFORE_VALID_TO });
    expectSummary({ Total: '120,00 $', Rabais: '0,00 $' });
    expect(
      // getByText reads the text with its non-breaking spaces as plain ones.
      screen.getByText(
        'La promotion Canada ne couvre que la première année : la cotisation annuelle est due maintenant.',
      ),
    ).toBeVisible();
  });
});

describe('checkout screen: payment column', () => {
  it('shows a spinner with a status text until the provider and the subscription are ready', async () => {
    const kit = createCheckoutKit();
    await renderCheckout(kit);
    expect(screen.getByRole('status')).toHaveTextContent('Loading secure payment form...');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(kit.calls.getSubscription).toEqual(['sub_ext_1']);

    await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
    await kit.provider.ready();
    expect(screen.getByRole('status')).toHaveTextContent('Loading secure payment form...');

    await kit.pending.settle('subscriptions.get', { output: responseOf(SUBSCRIPTION) });
    expect(screen.queryByRole('status')).toBeNull();
    expect(subscribeButton()).toBeDisabled();
  });

  it('enables Subscribe only when number, expiry and CVC are all complete', async () => {
    await readyCheckout();
    const button = subscribeButton();
    fireEvent.change(screen.getByLabelText(FIELD_LABELS.cardNumber), {
      target: { value: 'complete' },
    });
    fireEvent.change(screen.getByLabelText(FIELD_LABELS.cardExpiry), {
      target: { value: 'complete' },
    });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText(FIELD_LABELS.cardCvc), {
      target: { value: 'complete' },
    });
    expect(button).toBeEnabled();
    fireEvent.change(screen.getByLabelText(FIELD_LABELS.cardExpiry), { target: { value: '' } });
    expect(button).toBeDisabled();
  });

  it('a double click and Enter during a payment confirm once and attach once, then /dashboard', async () => {
    const { kit } = await readyCheckout(createCheckoutKit());
    await fillCard();

    await hammerSubscribe();
    expect(subscribeButton()).toHaveTextContent('Subscribing...');
    expect(subscribeButton()).toBeDisabled();
    expect(kit.pending.argsOf('confirmCard')).toEqual([['pi_123_secret_abc']]);

    await kit.pending.settle('confirmCard', { output: OK });
    await hammerSubscribe();
    expect(kit.pending.count('confirmCard')).toBe(1);
    expect(kit.calls.attach).toEqual([
      [
        'sub_ext_1',
        { paymentMethodId: 'pm_ok', membershipId: 'm_id_1', paymentIntentId: 'pi_123' },
      ],
    ]);
    expect(Object.keys(kit.calls.attach[0]?.[1] ?? {}).sort()).toEqual([
      'membershipId',
      'paymentIntentId',
      'paymentMethodId',
    ]);

    await kit.pending.settle('subscriptions.attachPaymentMethod', { output: undefined });
    expect(kit.navigate).not.toHaveBeenCalled();
    await kit.pending.settle('loadMembership', { output: RECORD });
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(kit.pending.count('confirmCard')).toBe(1);
    expect(kit.calls.attach).toHaveLength(1);
  });

  describe('a membership that lapses while the page is open', () => {
    // The record's last moment, and a clock the page reads each minute (useNow).
    const LAST_MOMENT = Date.parse(RECORD.validTo as string);
    const lapsingClock = () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const clock = { now: LAST_MOMENT - 30_000 };
      const pass = () => {
        clock.now = LAST_MOMENT + 30_000;
        act(() => vi.advanceTimersByTime(60_000));
      };
      return { now: () => clock.now, pass };
    };
    afterEach(() => vi.useRealTimers());

    it('has the router run the guards again (the subscription guard then sends the member to /activation)', async () => {
      const clock = lapsingClock();
      const { router } = await readyCheckout(createCheckoutKit(), { now: clock.now });
      const invalidate = vi.spyOn(router, 'invalidate');
      expect(invalidate).not.toHaveBeenCalled();
      clock.pass();
      expect(invalidate).toHaveBeenCalledTimes(1);
    });

    it('waits while a card payment is on its way, then runs them once it failed', async () => {
      const clock = lapsingClock();
      const { kit, router } = await readyCheckout(createCheckoutKit(), { now: clock.now });
      const invalidate = vi.spyOn(router, 'invalidate');
      await fillCard();
      await userEvent.click(subscribeButton());
      expect(kit.pending.count('confirmCard')).toBe(1);
      clock.pass();
      // A guard's redirect would not ask first: the payment keeps the page.
      expect(invalidate).not.toHaveBeenCalled();
      await kit.pending.settle('confirmCard', { output: DECLINED });
      await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
    });
  });

  // The browser's confirm dialog is a spy in each test (restored after it: restoreMocks).
  it('asks before leaving while the card is charged and the payment attached; stays when the member cancels; /dashboard after it, unasked', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { kit, router } = await readyCheckout();
    const leave = () => startLeaving(router);
    await fillCard();
    await userEvent.click(subscribeButton());
    expect(kit.pending.count('confirmCard')).toBe(1);
    await leave();
    expect(confirm).toHaveBeenCalledExactlyOnceWith(LEAVE_WHILE_PAYING);
    expect(router.state.location.pathname).toBe('/subscription');

    await kit.pending.settle('confirmCard', { output: OK });
    expect(kit.calls.attach).toHaveLength(1);
    await leave();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(router.state.location.pathname).toBe('/subscription');

    await kit.pending.settle('subscriptions.attachPaymentMethod', { output: undefined });
    await kit.pending.settle('loadMembership', { output: RECORD });
    await expectNavigatedTo('/dashboard');
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('a card accepted whose attach failed: leaving asks first (another question), stays when the member cancels, goes when they confirm', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { kit, router } = await readyCheckout();
    const leave = () => startLeaving(router);
    await fillCard();
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: OK });
    await kit.pending.settle('subscriptions.attachPaymentMethod', { error: ACCESS_DENIED });
    // While the subscription is read again after the failure…
    await leave();
    expect(confirm).toHaveBeenCalledExactlyOnceWith(LEAVE_BEFORE_SAVED);
    expect(router.state.location.pathname).toBe('/subscription');

    // …and once Subscribe waits to retry the attach.
    await kit.pending.settle('subscriptions.get', { output: responseOf(SUBSCRIPTION) });
    await waitFor(() => expect(subscribeButton()).toHaveTextContent('Subscribe'));
    await leave();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenLastCalledWith(LEAVE_BEFORE_SAVED);
    expect(router.state.location.pathname).toBe('/subscription');

    confirm.mockReturnValue(true);
    await leave();
    expect(confirm).toHaveBeenCalledTimes(3);
    await expectNavigatedTo('/account');
  });

  it('leaving before paying asks nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = await readyCheckout();
    await fillCard();
    await act(() => router.navigate({ to: '/account' }));
    await expectNavigatedTo('/account');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('leaving mid-payment goes when the member confirms it', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { router } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    await startLeaving(router);
    expect(confirm).toHaveBeenCalledExactlyOnceWith(LEAVE_WHILE_PAYING);
    await expectNavigatedTo('/account');
  });

  it('Log out mid-payment signs out and goes to /login without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { kit } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    expect(kit.pending.count('confirmCard')).toBe(1);
    await userEvent.click(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }),
    );
    await expectNavigatedTo('/login');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('the message under the fields describes the field it is about, not another one marked invalid', async () => {
    const { kit } = await readyCheckout();
    await kit.provider.report({
      field: 'cardNumber',
      complete: false,
      error: 'Your card number is incomplete.',
    });
    await kit.provider.report({
      field: 'cardExpiry',
      complete: false,
      error: 'Your card’s expiration date is incomplete.',
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your card number is incomplete.');
    const number = screen.getByLabelText(FIELD_LABELS.cardNumber);
    const expiry = screen.getByLabelText(FIELD_LABELS.cardExpiry);
    expect(number).toHaveAttribute('aria-describedby', alert.id);
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(expiry).not.toHaveAccessibleDescription('Your card number is incomplete.');

    // Once the number is right, the message is the expiry's, and describes it.
    await kit.provider.report({ field: 'cardNumber', complete: true, error: null });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your card’s expiration date is incomplete.',
    );
    expect(expiry).toHaveAccessibleDescription('Your card’s expiration date is incomplete.');
    expect(number).not.toHaveAttribute('aria-describedby');
  });

  it('shows a decline as-is in red under the fields, logs it, and clears it when expiry or CVC changes', async () => {
    const { kit } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: DECLINED });

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('form-alert--error');
    expect(screen.getByLabelText(FIELD_LABELS.cardNumber)).toHaveAttribute(
      'aria-describedby',
      alert.id,
    );
    expect(kit.logger.error).toHaveBeenCalledWith(expect.any(String), DECLINED.error);
    expect(kit.calls.attach).toEqual([]);
    expect(subscribeButton()).toHaveTextContent('Subscribe');
    expect(subscribeButton()).toBeEnabled();

    // A change of the card number keeps it; a change of expiry clears it.
    await kit.provider.report({ field: 'cardNumber', complete: true, error: null });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    await kit.provider.report({ field: 'cardExpiry', complete: true, error: null });
    expect(screen.queryByRole('alert')).toBeNull();

    // And so does a change of CVC.
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: DECLINED });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    await kit.provider.report({ field: 'cardCvc', complete: true, error: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('attach-on-error: a decline that still carries a payment method is attached, the message stays, no redirect', async () => {
    const { kit } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: DECLINED_WITH_PM });

    expect(kit.calls.attach).toEqual([
      [
        'sub_ext_1',
        { paymentMethodId: 'pm_declined', membershipId: 'm_id_1', paymentIntentId: 'pi_123' },
      ],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(subscribeButton()).toBeDisabled();

    await kit.pending.settle('subscriptions.attachPaymentMethod', { output: undefined });
    await kit.pending.settle('loadMembership', { output: RECORD });
    // The server used the intent: the subscription is read again, with a new one.
    await kit.pending.settle('subscriptions.get', { output: responseOf(RENEWED_SUBSCRIPTION) });
    await waitFor(() => expect(subscribeButton()).toHaveTextContent('Subscribe'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(kit.navigate).not.toHaveBeenCalled();
    expect(kit.logger.error).toHaveBeenCalledWith(expect.any(String), DECLINED_WITH_PM.error);

    // The next card is confirmed with the new intent's secret, and attached with its id.
    await kit.provider.report({ field: 'cardNumber', complete: true, error: null });
    await userEvent.click(subscribeButton());
    expect(kit.pending.argsOf('confirmCard').at(-1)?.[0]).toBe(RENEWED_SUBSCRIPTION.clientSecret);
    await kit.pending.settle('confirmCard', { output: OK });
    expect(kit.calls.attach.at(-1)?.[1]).toEqual({
      paymentMethodId: 'pm_ok',
      membershipId: 'm_id_1',
      paymentIntentId: RENEWED_SUBSCRIPTION.intentId,
    });
  });

  it('a failed attach shows its translated error; Subscribe then only retries the attach', async () => {
    const { kit } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: OK });
    await kit.pending.settle('subscriptions.attachPaymentMethod', { error: ACCESS_DENIED });
    // The subscription is read again: the same intent, so the card was not attached.
    await kit.pending.settle('subscriptions.get', { output: responseOf(SUBSCRIPTION) });

    expect(screen.getByRole('alert')).toHaveTextContent('Access denied');
    await waitFor(() => expect(subscribeButton()).toHaveTextContent('Subscribe'));
    await userEvent.click(subscribeButton());
    expect(kit.pending.count('confirmCard')).toBe(1);
    expect(kit.calls.attach).toHaveLength(2);
    expect(kit.calls.attach[1]?.[1]).toEqual({
      paymentMethodId: 'pm_ok',
      membershipId: 'm_id_1',
      paymentIntentId: 'pi_123',
    });
  });

  it('an attach whose answer was lost, when the server has used the intent: on to the dashboard', async () => {
    const { kit } = await readyCheckout();
    await fillCard();
    await userEvent.click(subscribeButton());
    await kit.pending.settle('confirmCard', { output: OK });
    await kit.pending.settle('subscriptions.attachPaymentMethod', { error: NETWORK_ERROR });
    await kit.pending.settle('subscriptions.get', { output: responseOf(RENEWED_SUBSCRIPTION) });
    await kit.pending.settle('loadMembership', { output: RECORD });
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(kit.calls.attach).toHaveLength(1);
  });
});

describe('checkout screen: failures never leave an endless spinner', () => {
  it('a provider that cannot be loaded shows a translated error; Try again loads it again', async () => {
    const kit = createCheckoutKit();
    const loadProvider = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(kit.provider.module);
    await renderCheckout(kit, { loadProvider });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment form could not be loaded. Check your connection and reload the page.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(kit.logger.error).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loadProvider).toHaveBeenCalledTimes(2);
    // The button went with the column it replaced: the keyboard goes on from the column's title.
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toHaveFocus();
    await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
    await kit.pending.settle('subscriptions.get', { output: responseOf(SUBSCRIPTION) });
    await kit.provider.ready();
    expect(subscribeButton()).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a provider whose fields never get ready fails after the time-out', async () => {
    const kit = createCheckoutKit();
    await renderCheckout(kit, { providerTimeoutMs: 50 });
    expect(screen.getByRole('status')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment form could not be loaded.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a membership refetch that finds no membership says so instead of waiting', async () => {
    const kit = createCheckoutKit();
    await renderCheckout(kit);
    await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
    await act(async () => kit.membership.send({ type: 'membership.refetch' }));
    await kit.pending.settle('loadMembership', { output: null });

    expect(screen.getByRole('alert')).toHaveTextContent('You have no membership yet.');
    expect(screen.queryByRole('status')).toBeNull();
    expect(kit.provider.latest.provider).toBeNull();
  });

  it('a subscription that cannot be loaded shows its translated error and can be retried', async () => {
    const kit = createCheckoutKit();
    await renderCheckout(kit);
    await waitFor(() => expect(kit.provider.latest.provider).not.toBeNull());
    await kit.pending.settle('subscriptions.get', { error: NETWORK_ERROR });

    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(kit.calls.getSubscription).toEqual(['sub_ext_1', 'sub_ext_1']);
  });
});

describe('checkout screen with the real offline test provider', () => {
  /**
   * Opens the checkout on the offline test provider and, once its fields are
   * ready, types card `cardNumber`, expiry 12 / 34 and CVC 123.
   */
  async function typeTestCard(cardNumber: string) {
    const kit = createCheckoutKit({ mode: 'auto' });
    await renderCheckout(kit, { loadProvider: () => loadPaymentProvider({}) });
    const user = userEvent.setup();

    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await user.type(number, cardNumber);
    await user.type(screen.getByRole('textbox', { name: 'Expiry date' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    return { kit, user, number };
  }

  it('4242 4242 4242 4242, 12 / 34, 123 → Subscribe → a pm_test_ payment method is attached', async () => {
    const { kit, user, number } = await typeTestCard('4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByRole('textbox', { name: 'Expiry date' })).toHaveValue('12 / 34');

    // The attach is held until the busy button was seen: on a busy machine the whole
    // payment could otherwise end within the click.
    const attached = deferred<void>();
    const subscriptions = kit.api.subscriptions as unknown as {
      attachPaymentMethod: (...args: unknown[]) => Promise<void>;
    };
    const attachAtOnce = subscriptions.attachPaymentMethod;
    subscriptions.attachPaymentMethod = (...args) => {
      void attachAtOnce(...args);
      return attached.promise;
    };
    await user.click(subscribeButton());
    await waitFor(() => expect(kit.calls.attach).toHaveLength(1));
    expect(subscribeButton()).toHaveTextContent('Subscribing...');
    expect(subscribeButton()).toBeDisabled();
    attached.resolve();
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/dashboard'), {
      timeout: 3000,
    });
    expect(kit.calls.attach).toEqual([
      [
        'sub_ext_1',
        {
          paymentMethodId: expect.stringMatching(/^pm_test_/),
          membershipId: 'm_id_1',
          paymentIntentId: 'pi_123',
        },
      ],
    ]);
  });

  it('a declined test card shows the provider message as-is', async () => {
    const { kit, user } = await typeTestCard('4000000000000002');
    await user.click(subscribeButton());

    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Your card was declined.',
    );
    expect(kit.calls.attach).toEqual([]);
    expect(kit.navigate).not.toHaveBeenCalled();
    await act(async () => {});
  });

  /** The field's message, read as a screen reader reads it with the field. */
  const descriptionOf = (field: HTMLElement) =>
    document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

  it('Enter on a card not complete sends nothing, says what is missing and puts the focus there, field after field', async () => {
    const kit = createCheckoutKit({ mode: 'auto' });
    await renderCheckout(kit, { loadProvider: () => loadPaymentProvider({}) });
    const user = userEvent.setup();
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const expiry = screen.getByRole('textbox', { name: 'Expiry date' });
    const cvc = screen.getByRole('textbox', { name: 'CVC' });
    expect(subscribeButton()).toBeDisabled();

    await user.click(cvc);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the card number.');
    expect(number).toHaveFocus();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(descriptionOf(number)).toBe('Enter the card number.');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(cvc).toHaveAttribute('aria-invalid', 'true');

    await user.type(number, '4242424242424242{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the expiry date.');
    expect(expiry).toHaveFocus();
    expect(number).not.toHaveAttribute('aria-invalid');
    expect(descriptionOf(expiry)).toBe('Enter the expiry date.');

    await user.type(expiry, '1234{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the CVC.');
    expect(cvc).toHaveFocus();
    expect(kit.calls.attach).toEqual([]);

    // Complete: Enter pays, as Subscribe does.
    await user.type(cvc, '123{Enter}');
    await waitFor(() => expect(kit.calls.attach).toHaveLength(1), { timeout: 3000 });
    expect(screen.queryByText('Enter the CVC.')).toBeNull();
    await waitFor(() => expect(kit.navigate).toHaveBeenCalledWith('/dashboard'), {
      timeout: 3000,
    });
  });

  it('says what is missing in French', async () => {
    const kit = createCheckoutKit({ mode: 'auto' });
    await renderCheckout(kit, { language: 'fr', loadProvider: () => loadPaymentProvider({}) });
    const user = userEvent.setup();
    const number = await screen.findByRole('textbox', { name: 'Numéro de carte' });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    await user.type(number, '4242424242424242{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez la date d’expiration.');
    expect(screen.getByRole('textbox', { name: 'Date d’expiration' })).toHaveFocus();
  });
});
