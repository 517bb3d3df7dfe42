/**
 * Fakes for the checkout screen tests (tests/views/checkout-*.test.tsx and
 * tests/model/checkout.model.test.tsx): a fake payment provider
 * module whose card fields are plain inputs and whose gateway answers with
 * promises the test settles, a fake API, the REAL membership machine with a
 * controllable loader, a stub session, and a renderer for the REAL
 * CheckoutScreen; for the model suites, how outcomes read in test names and
 * the check of what the gateway and the API received.
 */
import { act, screen } from '@testing-library/react';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { vi } from 'vitest';
import type { EventObject } from 'xstate';
import type { LoadedSubscription } from '../../machines/payment/intent.ts';
import type {
  CardField,
  CardFieldChange,
  ConfirmResult,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import type {
  AttachPaymentMethodPayload,
  Membership,
  SubscriptionResponse,
  User,
} from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import type { AppServices } from '../../src/app/services.tsx';
import type {
  CardFieldProps,
  ExpressButtonProps,
  PaymentProviderModule,
  PaymentProviderProps,
} from '../../src/payments/payment-provider.ts';
import { CheckoutLayout } from '../../src/routes/layouts/checkout-layout.tsx';
import {
  CheckoutScreen,
  type CheckoutScreenProps,
} from '../../src/screens/checkout/checkout-screen.tsx';
import { PendingCalls } from './deferred.ts';
import {
  createMembership,
  createSessionStub,
  fakeLogger,
  httpError,
  networkError,
} from './fake-services.ts';
import { MARIE } from './fixtures.ts';
import { createTestI18n } from './i18n.ts';
import { parseOutcome } from './model.ts';
import { renderScreen } from './render.tsx';

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

/** An active membership (far from its end, whatever the test's clock: one that lapses leaves the page). */
export const RECORD: Membership = {
  _id: 'm_id_1',
  id: 'm_1',
  externalId: 'sub_ext_1',
  validTo: '2099-11-22T12:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};

export const USER: User = {
  ...MARIE,
  billingAddress: {
    country_code: 'CA',
    address_1: '123 rue Saint-Denis',
    city: 'Montréal',
    province: 'QC',
    postal_code: 'H2X 1Y4',
  },
};

export const SUBSCRIPTION: LoadedSubscription = {
  clientSecret: 'pi_123_secret_abc',
  intentId: 'pi_123',
  kind: 'payment',
  validTo: '2026-11-22T12:00:00.000Z',
};

/**
 * The subscription once the server has used the intent above (an attach went
 * through): a new setup intent for the next card.
 */
export const RENEWED_SUBSCRIPTION: LoadedSubscription = {
  clientSecret: 'seti_456_secret_def',
  intentId: 'seti_456',
  kind: 'setup',
  validTo: SUBSCRIPTION.validTo,
};

/** The GET club/subscriptions/{externalId} answer that loads as `subscription`. */
export function responseOf(subscription: LoadedSubscription): SubscriptionResponse {
  const intent = { id: subscription.intentId, client_secret: subscription.clientSecret };
  return {
    subscription: { validTo: subscription.validTo },
    paymentIntent: subscription.kind === 'payment' ? intent : null,
    setupIntent: subscription.kind === 'setup' ? intent : null,
  };
}

export const OK: ConfirmResult = { paymentMethodId: 'pm_ok', intentId: 'pi_123', error: null };
export const DECLINED: ConfirmResult = {
  paymentMethodId: null,
  intentId: 'pi_123',
  error: { message: 'Your card was declined.' },
};
export const DECLINED_WITH_PM: ConfirmResult = {
  paymentMethodId: 'pm_declined',
  intentId: 'pi_123',
  error: { message: 'Your card has insufficient funds.' },
};
export const DECLINED_NO_MESSAGE: ConfirmResult = {
  paymentMethodId: null,
  intentId: 'pi_123',
  error: { message: null },
};

export const NETWORK_ERROR = networkError();
export const ACCESS_DENIED = httpError(403, 'server.accessDenied');

// ---------------------------------------------------------------------------
// The fake payment provider
// ---------------------------------------------------------------------------

/** What the fake card inputs report: '' → empty, 'complete' → complete, anything else → that error. */
export function inputValueOf(change: Pick<CardFieldChange, 'complete' | 'error'>): string {
  if (change.complete) return 'complete';
  return change.error ?? '';
}

function changeOf(field: CardField, value: string): CardFieldChange {
  if (value === 'complete') return { field, complete: true, error: null };
  return { field, complete: false, error: value === '' ? null : value };
}

export const FIELD_LABELS: Record<CardField, string> = {
  cardNumber: 'Fake card number',
  cardExpiry: 'Fake expiry',
  cardCvc: 'Fake CVC',
};

export const WALLET_BUTTON = 'Pay with fake wallet';

export interface FakeProvider {
  module: PaymentProviderModule;
  gateway: PaymentGateway;
  /** The latest props of the mounted PaymentProvider and ExpressButton. */
  latest: { provider: PaymentProviderProps | null; express: ExpressButtonProps | null };
  /** The provider reports its card fields mounted, handing over its gateway. */
  ready(): Promise<void>;
  /** The provider reports that it could not load (script blocked). */
  failLoad(error?: unknown): Promise<void>;
  /** The field's latest onChange, to re-report a value the input already holds. */
  report(change: CardFieldChange): Promise<void>;
}

export function createFakeProvider(pending: PendingCalls): FakeProvider {
  const latest: FakeProvider['latest'] = { provider: null, express: null };
  const onChanges: Partial<Record<CardField, (change: CardFieldChange) => void>> = {};
  const inputs: Partial<Record<CardField, HTMLInputElement | null>> = {};

  const gateway: PaymentGateway = {
    confirmCard: (clientSecret) => pending.create<ConfirmResult>('confirmCard', [clientSecret]),
    confirmExpress: (clientSecret) =>
      pending.create<ConfirmResult>('confirmExpress', [clientSecret]),
    focusField: (field) => inputs[field]?.focus(),
  };

  // biome-ignore lint/correctness/noComponentHookFactories: one fake provider per test, created before rendering, never during a render.
  function PaymentProvider(props: PaymentProviderProps) {
    latest.provider = props;
    useEffect(
      () => () => {
        latest.provider = null;
      },
      [],
    );
    return <div data-testid="fake-provider">{props.children}</div>;
  }

  /** Plain inputs standing in for the provider's card fields. */
  // biome-ignore lint/correctness/noComponentHookFactories: one fake provider per test, created before rendering, never during a render.
  function CardField({ field, id, onChange, disabled, invalid, describedBy }: CardFieldProps) {
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;
    useEffect(() => {
      onChanges[field] = (change) => onChangeRef.current(change);
    }, [field]);
    return (
      <div className="field">
        <label htmlFor={id}>{FIELD_LABELS[field]}</label>
        <input
          id={id}
          ref={(input) => {
            inputs[field] = input;
          }}
          defaultValue=""
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) =>
            onChange(changeOf(field, event.currentTarget.value))
          }
        />
      </div>
    );
  }

  /** Always renders its button: the screen decides whether it is shown. */
  // biome-ignore lint/correctness/noComponentHookFactories: one fake provider per test, created before rendering, never during a render.
  function ExpressButton(props: ExpressButtonProps) {
    latest.express = props;
    return (
      <button type="button" onClick={props.onConfirm} disabled={props.disabled}>
        {WALLET_BUTTON}
      </button>
    );
  }

  const module: PaymentProviderModule = {
    name: 'test',
    PaymentProvider,
    CardField,
    ExpressButton,
  };

  const mounted = () => {
    if (!latest.provider) throw new Error('The fake PaymentProvider is not mounted');
    return latest.provider;
  };

  return {
    module,
    gateway,
    latest,
    async ready() {
      await act(async () => mounted().onReady?.(gateway));
    },
    async failLoad(error = new Error('Provider script blocked')) {
      await act(async () => mounted().onLoadError?.(error));
    },
    async report(change) {
      const onChange = onChanges[change.field];
      if (!onChange) throw new Error(`The fake ${change.field} field is not mounted`);
      await act(async () => onChange(change));
    },
  };
}

// ---------------------------------------------------------------------------
// Services
// ---------------------------------------------------------------------------

export interface CheckoutKitOptions {
  user?: User;
  record?: Membership;
  /** 'manual': every call waits for the test (model suites); 'auto': answers at once. */
  mode?: 'manual' | 'auto';
  subscription?: LoadedSubscription;
}

export function createCheckoutKit(options: CheckoutKitOptions = {}) {
  const mode = options.mode ?? 'manual';
  const record = options.record ?? RECORD;
  const subscription = options.subscription ?? SUBSCRIPTION;
  const pending = new PendingCalls();
  const provider = createFakeProvider(pending);

  const calls = {
    getSubscription: [] as string[],
    attach: [] as Array<[string, AttachPaymentMethodPayload]>,
    loadMembership: 0,
  };

  const api = {
    subscriptions: {
      get(externalId: string) {
        calls.getSubscription.push(externalId);
        return mode === 'auto'
          ? Promise.resolve(responseOf(subscription))
          : pending.create<SubscriptionResponse>('subscriptions.get', [externalId]);
      },
      attachPaymentMethod(externalId: string, body: AttachPaymentMethodPayload) {
        calls.attach.push([externalId, body]);
        return mode === 'auto'
          ? Promise.resolve()
          : pending.create<void>('subscriptions.attachPaymentMethod', [externalId, body]);
      },
      confirmPayment() {
        return Promise.reject(new Error('confirmPayment is not used by the checkout'));
      },
    },
  } as unknown as Api;

  const membership = createMembership(() => {
    calls.loadMembership += 1;
    return mode === 'auto'
      ? Promise.resolve(record)
      : pending.create<Membership | null>('loadMembership', []);
  }, record);

  const { session } = createSessionStub(options.user ?? USER);
  const logger = fakeLogger();
  const navigate = vi.fn<(to: string) => void>();

  const services: Partial<AppServices> = {
    api,
    membership: membershipAccessOf(membership),
    session,
    logger,
  };

  return { pending, provider, calls, api, membership, session, logger, navigate, services };
}

export type CheckoutKit = ReturnType<typeof createCheckoutKit>;

/** Renders the REAL checkout screen with the kit's fakes at /subscription. */
export async function renderCheckout(
  kit: CheckoutKit,
  { language = 'en', ...props }: CheckoutScreenProps & { language?: 'en' | 'fr' } = {},
) {
  const loadProvider = props.loadProvider ?? (() => Promise.resolve(kit.provider.module));
  const rendered = await renderScreen(<CheckoutScreen {...props} loadProvider={loadProvider} />, {
    services: kit.services,
    language,
    path: '/subscription',
    layout: CheckoutLayout,
    onNavigate: kit.navigate,
  });
  return rendered;
}

/** The Subscribe button, whatever its label (idle or busy). */
export function subscribeButton(): HTMLButtonElement {
  return screen.getByRole('button', {
    name: /^(Subscribe|Subscribing\.\.\.)$/,
  }) as HTMLButtonElement;
}

/**
 * A double click and an Enter in one go, then another Enter once the page
 * shows the payment in progress. Enter submits the form even when Subscribe
 * is disabled (requestSubmit), so only the machine can stop a second payment.
 */
export async function hammerSubscribe(): Promise<void> {
  const button = subscribeButton();
  const form = button.closest('form');
  if (!form) throw new Error('Subscribe is not in a form');
  await act(async () => {
    button.click();
    button.click();
    form.requestSubmit();
  });
  // And an Enter once the page shows the payment in progress.
  await act(async () => {
    form.requestSubmit();
  });
}

// ---------------------------------------------------------------------------
// For the model suites
// ---------------------------------------------------------------------------

const CONFIRM_LABELS = new Map<unknown, string>([
  [OK, 'confirmed'],
  [DECLINED, 'declined'],
  [DECLINED_WITH_PM, 'declined with a payment method'],
  [DECLINED_NO_MESSAGE, 'declined without a message'],
]);

/** An actor outcome in a test name: `confirmCard declined`, `attachPaymentMethod ✗`; null for other events. */
export function describePaymentOutcome(event: EventObject): string | null {
  const outcome = parseOutcome(event);
  if (!outcome) return null;
  if (outcome.kind === 'error') return `${outcome.id} ✗`;
  const variant = CONFIRM_LABELS.get((event as { output?: unknown }).output);
  return variant ? `${outcome.id} ${variant}` : `${outcome.id} ✓`;
}

const i18n = createTestI18n('en');

/** The English text of a translation key. */
export const translate = (key: string) => i18n.t(key as never) as string;

/** The attach body for the payment method a confirmation gave (of `intentId`, by default the subscription's). */
export function attachBodyFor(
  paymentMethodId: string | null,
  intentId: string = SUBSCRIPTION.intentId,
): AttachPaymentMethodPayload {
  return {
    paymentMethodId: paymentMethodId ?? '',
    membershipId: RECORD._id,
    paymentIntentId: intentId,
  };
}
