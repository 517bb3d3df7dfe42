import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_FIELDS } from '../../machines/payment/checkout.machine.ts';
import type {
  CardFieldChange,
  ConfirmResult,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import type { Language } from '../../machines/shared/domain.ts';
import enCheckout from '../../public/locales/en/checkout.json';
import frCheckout from '../../public/locales/fr/checkout.json';
import { loadPaymentProvider } from '../../src/payments/load-payment-provider.ts';
import {
  checkExpiry,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
  TEST_CARDS,
} from '../../src/payments/test-cards.ts';
import {
  createTestPaymentProvider,
  TestCardField,
  TestExpressButton,
  TestPaymentProvider,
} from '../../src/payments/test-provider.tsx';

function createI18n(language: Language = 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['checkout'],
    defaultNS: 'checkout',
    resources: { en: { checkout: enCheckout }, fr: { checkout: frCheckout } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

const SECRET = 'pi_3Test_secret_abc';

interface Rendered {
  changes: CardFieldChange[];
  onReady: ReturnType<typeof vi.fn>;
  gateway: () => PaymentGateway;
  user: ReturnType<typeof userEvent.setup>;
}

function renderFields(language: Language = 'en'): Rendered {
  const changes: CardFieldChange[] = [];
  const onChange = (change: CardFieldChange) => changes.push(change);
  // The provider hands over its gateway when its three fields are ready.
  const onReady = vi.fn<(gateway: PaymentGateway) => void>();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <TestPaymentProvider language={language} latencyMs={0} onReady={onReady}>
        <TestCardField
          field="cardNumber"
          id="card-number"
          onChange={onChange}
          describedBy="card-error"
        />
        <TestCardField field="cardExpiry" id="card-expiry" onChange={onChange} />
        <TestCardField field="cardCvc" id="card-cvc" onChange={onChange} />
        <p id="card-error" />
        <button type="button">Subscribe</button>
      </TestPaymentProvider>
    </I18nextProvider>,
  );
  return {
    changes,
    onReady,
    user: userEvent.setup(),
    gateway: () => {
      const gateway = onReady.mock.calls[0]?.[0];
      if (!gateway) throw new Error('no gateway');
      return gateway;
    },
  };
}

const last = (changes: CardFieldChange[], field: CardFieldChange['field']) =>
  changes.filter((change) => change.field === field).at(-1);

/** The field's last reported change: whether it is complete, and its error (null: none). */
function expectLastChange(
  changes: CardFieldChange[],
  field: CardFieldChange['field'],
  complete: boolean,
  error: string | null,
) {
  expect(last(changes, field)).toEqual({ field, complete, error });
}

async function fillCard(user: Rendered['user'], number: string) {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1240');
  await user.type(screen.getByLabelText('CVC'), '123');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('test card helpers', () => {
  it('formats and checks like the provider', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1240')).toBe('12 / 40');
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    const march2030 = new Date(2030, 2, 15);
    expect(checkExpiry('0230', false, march2030).errorKey).toBe(
      'testProvider.errors.expiryDatePast',
    );
    expect(checkExpiry('0330', false, march2030).complete).toBe(true);
    expect(checkExpiry('1329', false, march2030).errorKey).toBe(
      'testProvider.errors.expiryInvalid',
    );
  });
});

describe('test provider card fields', () => {
  it('renders labelled numeric inputs with card autocomplete and reports ready once', () => {
    const { onReady } = renderFields();
    const number = screen.getByLabelText('Card number');
    const expiry = screen.getByLabelText('Expiry date');
    const cvc = screen.getByLabelText('CVC');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(cvc).toHaveAttribute('autocomplete', 'cc-csc');
    for (const input of [number, expiry, cvc])
      expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('aria-describedby', 'card-error');
    expect(expiry).toHaveAttribute('placeholder', 'MM / YY');
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('formats 4242… in groups of four and reports it complete', async () => {
    const { user, changes } = renderFields();
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expectLastChange(changes, 'cardNumber', true, null);
  });

  it('reports an invalid number (Luhn) as soon as it is full length', async () => {
    const { user, changes } = renderFields();
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4242424242424241');
    expectLastChange(changes, 'cardNumber', false, 'Your card number is invalid.');
    expect(number).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports an incomplete number only when the field is left', async () => {
    const { user, changes } = renderFields();
    await user.type(screen.getByLabelText('Card number'), '4242');
    expect(last(changes, 'cardNumber')?.error).toBeNull();
    await user.tab();
    expectLastChange(changes, 'cardNumber', false, 'Your card number is incomplete.');
  });

  it('formats the expiry as MM / YY and reports a year in the past', async () => {
    const { user, changes } = renderFields();
    const expiry = screen.getByLabelText('Expiry date');
    await user.type(expiry, '0120');
    expect(expiry).toHaveValue('01 / 20');
    expectLastChange(changes, 'cardExpiry', false, "Your card's expiration year is in the past.");
    await user.clear(expiry);
    await user.type(expiry, '1240');
    expect(expiry).toHaveValue('12 / 40');
    expectLastChange(changes, 'cardExpiry', true, null);
  });

  it('reports an incomplete expiry and CVC when left', async () => {
    const { user, changes } = renderFields();
    await user.type(screen.getByLabelText('Expiry date'), '12');
    await user.type(screen.getByLabelText('CVC'), '12');
    expect(last(changes, 'cardExpiry')?.error).toBe("Your card's expiration date is incomplete.");
    await user.tab();
    expect(last(changes, 'cardCvc')?.error).toBe("Your card's security code is incomplete.");
    await user.type(screen.getByLabelText('CVC'), '3');
    expectLastChange(changes, 'cardCvc', true, null);
  });

  it('reports nothing when a field is left unchanged, as Stripe: a payment’s error stays', async () => {
    const { user, changes } = renderFields();
    // Tabbing through the fields untouched (a wallet's error may be shown) says nothing.
    await user.click(screen.getByLabelText('Card number'));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(changes).toEqual([]);
    await fillCard(user, TEST_CARDS.succeeds);
    const before = changes.length;
    // Leaving the CVC (a tap on Subscribe) and the others changes nothing.
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await user.click(screen.getByLabelText('Card number'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(changes).toHaveLength(before);
    // Leaving an incomplete one still reports what leaving finds.
    await user.clear(screen.getByLabelText('CVC'));
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.tab();
    expectLastChange(changes, 'cardCvc', false, "Your card's security code is incomplete.");
    const afterError = changes.length;
    await user.click(screen.getByLabelText('CVC'));
    await user.tab();
    expect(changes).toHaveLength(afterError);
  });

  it('accepts digits only', async () => {
    const { user } = renderFields();
    const cvc = screen.getByLabelText('CVC');
    await user.type(cvc, '1a2b3');
    expect(cvc).toHaveValue('123');
  });

  it('speaks French when the app does', async () => {
    const { user, changes } = renderFields('fr');
    expect(screen.getByLabelText('Date d’expiration')).toHaveAttribute('placeholder', 'MM / AA');
    await user.type(screen.getByLabelText('Numéro de carte'), '4242424242424241');
    expect(last(changes, 'cardNumber')?.error).toBe('Le numéro de votre carte n’est pas valide.');
  });
});

describe('test provider confirmCard', () => {
  async function confirmWith(number: string, secret = SECRET): Promise<ConfirmResult> {
    const { user, gateway } = renderFields();
    await fillCard(user, number);
    let result: ConfirmResult | undefined;
    await act(async () => {
      result = await gateway().confirmCard(secret);
    });
    if (!result) throw new Error('no result');
    return result;
  }

  it('4242 4242 4242 4242 succeeds with a pm_test_ payment method and the intent id of the secret', async () => {
    const result = await confirmWith(TEST_CARDS.succeeds);
    expect(result.error).toBeNull();
    expect(result.paymentMethodId).toMatch(/^pm_test_\w+$/);
    expect(result.intentId).toBe('pi_3Test');
  });

  it('a setup intent secret succeeds the same way', async () => {
    const result = await confirmWith(TEST_CARDS.succeeds, 'seti_9_secret_zz');
    expect(result.intentId).toBe('seti_9');
    expect(result.paymentMethodId).toMatch(/^pm_test_/);
  });

  it('4000 0000 0000 0002 is declined without a payment method', async () => {
    expect(await confirmWith(TEST_CARDS.declined)).toEqual({
      paymentMethodId: null,
      intentId: 'pi_3Test',
      error: { message: 'Your card was declined.' },
    });
  });

  it('4000 0000 0000 9995 has insufficient funds', async () => {
    const result = await confirmWith(TEST_CARDS.insufficientFunds);
    expect(result.error).toEqual({ message: 'Your card has insufficient funds.' });
    expect(result.paymentMethodId).toBeNull();
  });

  it('4000 0000 0000 0341 is declined with the error still carrying a payment method', async () => {
    const result = await confirmWith(TEST_CARDS.declinedWithPaymentMethod);
    expect(result.error).toEqual({ message: 'Your card was declined.' });
    expect(result.paymentMethodId).toMatch(/^pm_test_/);
  });

  it('any other valid number is declined, as in Stripe test mode', async () => {
    const result = await confirmWith('4111111111111111');
    expect(result.error).toEqual({ message: 'Your card was declined.' });
  });

  it('an incomplete card is refused with the field message', async () => {
    const { user, gateway } = renderFields();
    await user.type(screen.getByLabelText('Card number'), TEST_CARDS.succeeds);
    let result: ConfirmResult | undefined;
    await act(async () => {
      result = await gateway().confirmCard(SECRET);
    });
    expect(result?.error).toEqual({ message: "Your card's expiration date is incomplete." });
  });
});

describe('test provider 3D Secure (4000 0027 6000 3184)', () => {
  async function startChallenge() {
    const rendered = renderFields();
    await fillCard(rendered.user, TEST_CARDS.threeDSecure);
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    subscribe.focus();
    let result: ConfirmResult | undefined;
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = rendered
        .gateway()
        .confirmCard(SECRET)
        .then((value) => {
          result = value;
        });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Test 3D Secure check' });
    return { ...rendered, dialog, subscribe, done: () => pending, result: () => result };
  }

  it('opens a native modal dialog, named and described, with focus inside it', async () => {
    const { dialog, result } = await startChallenge();
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/asks for authentication/);
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Fail' })).toBeInTheDocument();
    expect(result()).toBeUndefined();
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog, user } = await startChallenge();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Fail' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toHaveFocus();
  });

  it('Complete succeeds, closes the dialog and gives focus back', async () => {
    const { dialog, user, done, result, subscribe } = await startChallenge();
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await act(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(result()?.error).toBeNull();
    expect(result()?.paymentMethodId).toMatch(/^pm_test_/);
    expect(subscribe).toHaveFocus();
  });

  it('Fail declines with the authentication message', async () => {
    const { dialog, user, done, result } = await startChallenge();
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    await act(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(result()).toEqual({
      paymentMethodId: null,
      intentId: 'pi_3Test',
      error: {
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    });
  });

  it('Escape fails the check', async () => {
    const { user, done, result } = await startChallenge();
    await user.keyboard('{Escape}');
    await act(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(result()?.error?.message).toMatch(/^We are unable to authenticate/);
  });
});

describe('test provider express button', () => {
  function renderExpress() {
    const props = {
      intent: { kind: 'payment' as const, amount: 12000, currency: 'cad' },
      onAvailable: vi.fn(),
      onUnavailable: vi.fn(),
      onConfirm: vi.fn(),
      onCancel: vi.fn(),
    };
    const onReady = vi.fn<(gateway: PaymentGateway) => void>();
    render(
      <I18nextProvider i18n={createI18n()}>
        <TestPaymentProvider language="en" latencyMs={0} onReady={onReady}>
          <TestExpressButton {...props} />
          {CARD_FIELDS.map((field) => (
            <TestCardField key={field} field={field} id={field} onChange={() => {}} />
          ))}
        </TestPaymentProvider>
      </I18nextProvider>,
    );
    return {
      props,
      gateway: () => {
        const gateway = onReady.mock.calls[0]?.[0];
        if (!gateway) throw new Error('no gateway');
        return gateway;
      },
    };
  }

  it('is hidden and reports unavailable without ?wallet=test', () => {
    const { props } = renderExpress();
    expect(screen.queryByRole('button', { name: 'Pay with test wallet' })).not.toBeInTheDocument();
    expect(props.onUnavailable).toHaveBeenCalledTimes(1);
    expect(props.onAvailable).not.toHaveBeenCalled();
  });

  it('shows with ?wallet=test, reports Apple Pay and Google Pay, and its confirmation succeeds', async () => {
    window.history.replaceState(null, '', '/subscription?wallet=test');
    const { props, gateway } = renderExpress();
    const button = screen.getByRole('button', { name: 'Pay with test wallet' });
    expect(props.onAvailable).toHaveBeenCalledWith(['applePay', 'googlePay']);
    await userEvent.setup().click(button);
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    let result: ConfirmResult | undefined;
    await act(async () => {
      result = await gateway().confirmExpress('seti_5_secret_w');
    });
    expect(result?.error).toBeNull();
    expect(result?.intentId).toBe('seti_5');
    expect(result?.paymentMethodId).toMatch(/^pm_test_/);
  });
});

describe('loadPaymentProvider', () => {
  it('loads the test provider when no Stripe key is configured', async () => {
    const provider = await loadPaymentProvider({});
    expect(provider.name).toBe('test');
    expect((await loadPaymentProvider({ stripePublishableKey: '  ' })).name).toBe('test');
  });

  it('createTestPaymentProvider gives the module shape the checkout uses', async () => {
    const provider = createTestPaymentProvider({ latencyMs: 0 });
    const onReady = vi.fn();
    const { PaymentProvider, CardField } = provider;
    render(
      <I18nextProvider i18n={createI18n()}>
        <PaymentProvider language="en" onReady={onReady}>
          {CARD_FIELDS.map((field) => (
            <CardField key={field} field={field} id={field} onChange={() => {}} />
          ))}
        </PaymentProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    const gateway = onReady.mock.calls[0]?.[0];
    expect(gateway).toEqual({
      confirmCard: expect.any(Function),
      confirmExpress: expect.any(Function),
      focusField: expect.any(Function),
    });
    for (const label of ['Card number', 'Expiry date', 'CVC']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    // Enter on a card not complete: the checkout asks the gateway to focus what is missing.
    act(() => gateway.focusField('cardExpiry'));
    expect(screen.getByLabelText('Expiry date')).toHaveFocus();
    act(() => gateway.focusField('cardCvc'));
    expect(screen.getByLabelText('CVC')).toHaveFocus();
  });
});
