/**
 * Fakes for the checkout screen tests (tests/views/checkout-*.test.tsx and
 * tests/model/{card,express}-payment.model.test.tsx): a fake payment provider
 * module whose card fields are plain inputs and whose gateway answers with
 * promises the test settles, a fake API, the REAL membership machine with a
 * controllable loader, a stub session, and a renderer for the REAL
 * CheckoutScreen.
 */
import { act, screen } from '@testing-library/react';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
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
import { ApiError } from '../../src/api/api-error.ts';
import type { AppServices, MembershipActor, SessionActor } from '../../src/app/services.tsx';
import type {
  CardFieldProps,
  ExpressButtonProps,
  PaymentProviderModule,
  PaymentProviderProps,
} from '../../src/payments/payment-provider.ts';
import {
  CheckoutScreen,
  type CheckoutScreenProps,
} from '../../src/screens/checkout/checkout-screen.tsx';
import { renderScreen } from '../support/render.tsx';

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

export const RECORD: Membership = {
  _id: 'm_id_1',
  id: 'm_1',
  externalId: 'sub_ext_1',
  validTo: '2026-11-22T12:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};

export const USER: User = {
  _id: 'u_id_1',
  id: 'u_1',
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@example.ca',
  phone: '+15145550123',
  language: 'en',
  isBetaTester: false,
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

export const NETWORK_ERROR = new ApiError({ kind: 'network', key: 'errors.network' });
export const ACCESS_DENIED = new ApiError({
  kind: 'http',
  status: 403,
  key: 'server.accessDenied',
});

// ---------------------------------------------------------------------------
// Calls the test settles by hand
// ---------------------------------------------------------------------------

interface PendingCall {
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

export type Outcome = { output: unknown } | { error: unknown };

/** Every call of a faked async function, each a promise the test settles. */
export class PendingCalls {
  private readonly calls = new Map<string, PendingCall[]>();

  create<T>(name: string, args: unknown[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const list = this.calls.get(name) ?? [];
      list.push({ args, resolve: resolve as (value: unknown) => void, reject, settled: false });
      this.calls.set(name, list);
    });
  }

  count(name: string): number {
    return this.calls.get(name)?.length ?? 0;
  }

  argsOf(name: string): unknown[][] {
    return (this.calls.get(name) ?? []).map((call) => call.args);
  }

  /** Settles the latest unsettled call of `name` (throws when there is none). */
  async settle(name: string, outcome: Outcome): Promise<void> {
    const call = [...(this.calls.get(name) ?? [])].reverse().find((c) => !c.settled);
    if (!call) throw new Error(`No pending ${name} call to settle`);
    call.settled = true;
    await act(async () => {
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
    });
  }
}

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
  /** The provider reports its card fields mounted. */
  ready(): Promise<void>;
  /** The provider reports that it could not load (script blocked). */
  failLoad(error?: unknown): Promise<void>;
  /** The field's latest onChange, to re-report a value the input already holds. */
  report(change: CardFieldChange): Promise<void>;
}

export function createFakeProvider(pending: PendingCalls): FakeProvider {
  const latest: FakeProvider['latest'] = { provider: null, express: null };
  const onChanges: Partial<Record<CardField, (change: CardFieldChange) => void>> = {};

  const gateway: PaymentGateway = {
    confirmCard: (clientSecret) => pending.create<ConfirmResult>('confirmCard', [clientSecret]),
    confirmExpress: (clientSecret) =>
      pending.create<ConfirmResult>('confirmExpress', [clientSecret]),
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

  function fakeField(field: CardField) {
    // biome-ignore lint/correctness/noComponentHookFactories: one fake provider per test, created before rendering, never during a render.
    return function FakeCardField({
      id,
      onChange,
      disabled,
      invalid,
      describedBy,
    }: CardFieldProps) {
      const onChangeRef = useRef(onChange);
      onChangeRef.current = onChange;
      useEffect(() => {
        onChanges[field] = (change) => onChangeRef.current(change);
      }, []);
      return (
        <div className="field">
          <label htmlFor={id}>{FIELD_LABELS[field]}</label>
          <input
            id={id}
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
    };
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
    CardNumberField: fakeField('cardNumber'),
    CardExpiryField: fakeField('cardExpiry'),
    CardCvcField: fakeField('cardCvc'),
    ExpressButton,
    useGateway: () => gateway,
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
      await act(async () => mounted().onReady?.());
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

/** A stand-in for the session actor: the user, and the events it receives. */
const sessionStub = setup({
  types: {
    context: {} as { user: User },
    input: {} as { user: User },
    events: {} as { type: 'session.signOut' },
  },
}).createMachine({
  id: 'sessionStub',
  context: ({ input }) => ({ user: input.user }),
  on: { 'session.signOut': {} },
});

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

  const membership = createActor(
    membershipMachine.provide({
      actors: {
        loadMembership: fromPromise(() => {
          calls.loadMembership += 1;
          return mode === 'auto'
            ? Promise.resolve(record)
            : pending.create<Membership | null>('loadMembership', []);
        }),
      },
    }),
  ) as unknown as MembershipActor;
  membership.start();
  membership.send({ type: 'membership.hydrate', record });

  const session = createActor(sessionStub, { input: { user: options.user ?? USER } });
  session.start();

  const logger = {
    error: vi.fn<(...args: unknown[]) => void>(),
    warn: vi.fn<(...args: unknown[]) => void>(),
    info: vi.fn<(...args: unknown[]) => void>(),
  };
  const navigate = vi.fn<(to: string) => void>();

  const services: Partial<AppServices> = {
    api,
    membership,
    session: session as unknown as SessionActor,
    logger,
    navigate,
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
