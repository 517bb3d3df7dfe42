/**
 * The offline test payment provider (docs/api.md, "Payment provider in
 * test mode"), used when no Stripe publishable key is configured. It runs
 * wholly in the browser, calls nothing, and behaves like Stripe's card
 * elements: real, accessible inputs that report `complete` and the provider's
 * message, test cards with fixed outcomes, a 3D Secure dialog, and a test
 * wallet button shown only with `?wallet=test`. Every visible text comes from
 * the `checkout` namespace (`card.*`, `testProvider.*`).
 */
import {
  type ChangeEvent,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { intentIdOf } from '../../machines/payment/intent.ts';
import type {
  CardField,
  ConfirmResult,
  PaymentGateway,
} from '../../machines/payment/payment-gateway.ts';
import type {
  CardFieldProps,
  ExpressButtonProps,
  PaymentProviderModule,
  PaymentProviderProps,
} from './payment-provider.ts';
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  type FieldCheck,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  hasTestWallet,
  outcomeOf,
  TEST_ERROR_KEYS,
  type TestErrorKey,
  testPaymentMethodId,
} from './test-cards.ts';

/** How long a confirmation takes by default, so the busy state is visible as with a real provider. */
export const DEFAULT_TEST_LATENCY_MS = 400;

type Translate = (key: TestErrorKey) => string;

interface FieldValue {
  text: string;
  check: FieldCheck;
}

interface TestProviderValue {
  language: PaymentProviderProps['language'];
  /** The latest value of each card field (read when confirming). */
  values: Record<CardField, FieldValue>;
  fieldReady(field: CardField): void;
  translate: Translate;
  gateway: PaymentGateway;
}

const TestProviderContext = createContext<TestProviderValue | null>(null);

function useTestProvider(): TestProviderValue {
  const value = useContext(TestProviderContext);
  if (!value) throw new Error('Test payment fields must be rendered inside <TestPaymentProvider>');
  return value;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

const EMPTY_VALUE: FieldValue = { text: '', check: { complete: false, errorKey: null } };

export interface TestPaymentProviderProps extends PaymentProviderProps {
  /** Delay of each confirmation, in ms (tests use 0). */
  latencyMs?: number;
}

export function TestPaymentProvider({
  language,
  children,
  onReady,
  latencyMs = DEFAULT_TEST_LATENCY_MS,
}: TestPaymentProviderProps) {
  const { t } = useTranslation('checkout', { lng: language });
  const translateRef = useRef<Translate>((key) => key);
  translateRef.current = (key) => t(key);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const latencyRef = useRef(latencyMs);
  latencyRef.current = latencyMs;

  const [challenge, setChallenge] = useState<{ resolve: (passed: boolean) => void } | null>(null);
  const challengeRef = useRef(challenge);
  challengeRef.current = challenge;

  const stable = useMemo<Omit<TestProviderValue, 'language'>>(() => {
    const values: Record<CardField, FieldValue> = {
      cardNumber: EMPTY_VALUE,
      cardExpiry: EMPTY_VALUE,
      cardCvc: EMPTY_VALUE,
    };
    const ready = new Set<CardField>();
    let reported = false;
    const translate: Translate = (key) => translateRef.current(key);

    const requestChallenge = () =>
      new Promise<boolean>((resolve) => {
        challengeRef.current?.resolve(false);
        setChallenge({
          resolve: (passed) => {
            setChallenge(null);
            resolve(passed);
          },
        });
      });

    const failure = (
      errorKey: TestErrorKey,
      intentId: string | null,
      paymentMethodId: string | null = null,
    ): ConfirmResult => ({ paymentMethodId, intentId, error: { message: translate(errorKey) } });

    const success = (intentId: string | null): ConfirmResult => ({
      paymentMethodId: testPaymentMethodId(),
      intentId,
      error: null,
    });

    const gateway: PaymentGateway = {
      async confirmCard(clientSecret) {
        await wait(latencyRef.current);
        const intentId = intentIdOf(clientSecret);
        const number = checkCardNumber(values.cardNumber.text, true);
        const expiry = checkExpiry(values.cardExpiry.text, true);
        const cvc = checkCvc(values.cardCvc.text, true);
        const checks = [
          [number, TEST_ERROR_KEYS.numberIncomplete],
          [expiry, TEST_ERROR_KEYS.expiryIncomplete],
          [cvc, TEST_ERROR_KEYS.cvcIncomplete],
        ] as const;
        for (const [check, emptyKey] of checks) {
          // An empty field has no message of its own: the provider says it is incomplete.
          if (!check.complete) return failure(check.errorKey ?? emptyKey, intentId);
        }
        const outcome = outcomeOf(values.cardNumber.text.replace(/\D/g, ''));
        if (outcome.kind === 'succeeds') return success(intentId);
        if (outcome.kind === 'threeDSecure') {
          const passed = await requestChallenge();
          return passed
            ? success(intentId)
            : failure(TEST_ERROR_KEYS.authenticationFailed, intentId);
        }
        return failure(
          outcome.errorKey,
          intentId,
          outcome.carriesPaymentMethod ? testPaymentMethodId() : null,
        );
      },
      async confirmExpress(clientSecret) {
        await wait(latencyRef.current);
        return success(intentIdOf(clientSecret));
      },
    };

    return {
      values,
      translate,
      gateway,
      fieldReady(field) {
        ready.add(field);
        if (!reported && ready.size === 3) {
          reported = true;
          onReadyRef.current?.();
        }
      },
    };
  }, []);
  const value = useMemo<TestProviderValue>(() => ({ ...stable, language }), [stable, language]);

  // A challenge still open when the provider goes away fails.
  useEffect(() => () => challengeRef.current?.resolve(false), []);

  return (
    <TestProviderContext.Provider value={value}>
      {children}
      {challenge
        ? createPortal(
            <ThreeDSecureDialog language={language} onDone={challenge.resolve} />,
            document.body,
          )
        : null}
    </TestProviderContext.Provider>
  );
}

/** The gateway of the enclosing `<TestPaymentProvider>` (stable identity). */
export function useTestGateway(): PaymentGateway {
  return useTestProvider().gateway;
}

interface FieldSpec {
  field: CardField;
  defaultId: string;
  labelKey: 'card.number' | 'card.expiry' | 'card.cvc';
  placeholderKey: 'card.numberPlaceholder' | 'card.expiryPlaceholder' | 'card.cvcPlaceholder';
  autoComplete: string;
  name: string;
  format(text: string): string;
  check(text: string, blurred: boolean): FieldCheck;
}

function TestCardInput({
  spec,
  id,
  onChange,
  disabled,
  invalid,
  describedBy,
}: CardFieldProps & { spec: FieldSpec }) {
  const provider = useTestProvider();
  const { t } = useTranslation('checkout', { lng: provider.language });
  const [text, setText] = useState('');
  const inputId = id ?? spec.defaultId;

  const { fieldReady } = provider;
  useEffect(() => {
    fieldReady(spec.field);
  }, [fieldReady, spec.field]);

  const report = (next: string, blurred: boolean) => {
    const check = spec.check(next, blurred);
    provider.values[spec.field] = { text: next, check };
    onChange({
      field: spec.field,
      complete: check.complete,
      error: check.errorKey ? provider.translate(check.errorKey) : null,
    });
    return check;
  };
  const [errorShown, setErrorShown] = useState(false);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = spec.format(event.currentTarget.value);
    setText(next);
    setErrorShown(report(next, false).errorKey !== null);
  };
  const handleBlur = () => {
    setErrorShown(report(text, true).errorKey !== null);
  };

  return (
    <div className="field card-field">
      <label className="field__label" htmlFor={inputId}>
        {t(spec.labelKey)}
      </label>
      <div className="field__control">
        <input
          id={inputId}
          className="field__input"
          name={spec.name}
          type="text"
          inputMode="numeric"
          autoComplete={spec.autoComplete}
          spellCheck={false}
          placeholder={t(spec.placeholderKey)}
          value={text}
          disabled={disabled}
          onChange={handleChange}
          onBlur={handleBlur}
          aria-invalid={invalid || errorShown ? true : undefined}
          aria-describedby={describedBy}
        />
      </div>
    </div>
  );
}

const NUMBER_SPEC: FieldSpec = {
  field: 'cardNumber',
  defaultId: 'card-number',
  labelKey: 'card.number',
  placeholderKey: 'card.numberPlaceholder',
  autoComplete: 'cc-number',
  name: 'cardnumber',
  format: formatCardNumber,
  check: checkCardNumber,
};
const EXPIRY_SPEC: FieldSpec = {
  field: 'cardExpiry',
  defaultId: 'card-expiry',
  labelKey: 'card.expiry',
  placeholderKey: 'card.expiryPlaceholder',
  autoComplete: 'cc-exp',
  name: 'exp-date',
  format: formatExpiry,
  check: (text, blurred) => checkExpiry(text, blurred),
};
const CVC_SPEC: FieldSpec = {
  field: 'cardCvc',
  defaultId: 'card-cvc',
  labelKey: 'card.cvc',
  placeholderKey: 'card.cvcPlaceholder',
  autoComplete: 'cc-csc',
  name: 'cvc',
  format: formatCvc,
  check: checkCvc,
};

export function CardNumberField(props: CardFieldProps) {
  return <TestCardInput spec={NUMBER_SPEC} {...props} />;
}

export function CardExpiryField(props: CardFieldProps) {
  return <TestCardInput spec={EXPIRY_SPEC} {...props} />;
}

export function CardCvcField(props: CardFieldProps) {
  return <TestCardInput spec={CVC_SPEC} {...props} />;
}

/** The test wallet: shown only with `?wallet=test`; reports Apple Pay and Google Pay; its confirmation succeeds. */
export function TestExpressButton({
  onAvailable,
  onUnavailable,
  onConfirm,
  disabled,
}: ExpressButtonProps) {
  const { language } = useTestProvider();
  const { t } = useTranslation('checkout', { lng: language });
  const [enabled] = useState(() => hasTestWallet(window.location.search));
  const callbacks = useRef({ onAvailable, onUnavailable });
  callbacks.current = { onAvailable, onUnavailable };

  useEffect(() => {
    if (enabled) callbacks.current.onAvailable(['applePay', 'googlePay']);
    else callbacks.current.onUnavailable();
  }, [enabled]);

  if (!enabled) return null;
  return (
    <button
      type="button"
      className="button button--primary express-button"
      onClick={onConfirm}
      disabled={disabled}
    >
      {t('testProvider.wallet.button')}
    </button>
  );
}

const BACKDROP_STYLE = {
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(0, 0, 0, 0.5)',
  zIndex: 1000,
} as const;
const DIALOG_STYLE = { maxWidth: '24rem', background: '#fff', padding: '1.5rem' } as const;

/** The test 3D Secure check: a modal dialog; Escape fails the check. */
function ThreeDSecureDialog({
  language,
  onDone,
}: {
  language: PaymentProviderProps['language'];
  onDone: (passed: boolean) => void;
}) {
  const { t } = useTranslation('checkout', { lng: language });
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const completeRef = useRef<HTMLButtonElement>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    completeRef.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onDoneRef.current(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  // Keep Tab inside the dialog.
  const trapTab = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const buttons = Array.from(dialogRef.current.querySelectorAll('button'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  return (
    <div style={BACKDROP_STYLE}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="card"
        style={DIALOG_STYLE}
        onKeyDown={trapTab}
      >
        <h2 id={titleId}>{t('testProvider.threeDSecure.title')}</h2>
        <p id={textId}>{t('testProvider.threeDSecure.text')}</p>
        <button
          ref={completeRef}
          type="button"
          className="button button--primary"
          onClick={() => onDone(true)}
        >
          {t('testProvider.threeDSecure.complete')}
        </button>{' '}
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('testProvider.threeDSecure.fail')}
        </button>
      </div>
    </div>
  );
}

/** The test provider with a given confirmation latency (tests use 0). */
export function createTestPaymentProvider(
  options: { latencyMs?: number } = {},
): PaymentProviderModule {
  const latencyMs = options.latencyMs ?? DEFAULT_TEST_LATENCY_MS;
  // biome-ignore lint/correctness/noComponentHookFactories: bound once per configuration at module level, never created during a render.
  function PaymentProvider(props: PaymentProviderProps) {
    return <TestPaymentProvider {...props} latencyMs={latencyMs} />;
  }
  return {
    name: 'test',
    PaymentProvider,
    CardNumberField,
    CardExpiryField,
    CardCvcField,
    ExpressButton: TestExpressButton,
    useGateway: useTestGateway,
  };
}

export const testPaymentProvider: PaymentProviderModule = createTestPaymentProvider();
