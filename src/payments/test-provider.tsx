/**
 * The offline test payment provider (docs/api.md, "The test payment
 * provider"), used when no Stripe publishable key is configured: its React
 * side. It runs wholly in the browser, calls nothing, and behaves like
 * Stripe's card elements: real, accessible inputs (one table) that report
 * `complete` and the provider's message, test cards with fixed outcomes
 * (test-cards.ts, test-confirm.ts), a 3D Secure dialog, and a test wallet
 * button shown only with `?wallet=test`. Every visible text comes from the
 * `checkout` namespace (`card.*`, `testProvider.*`).
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardField } from '../../machines/payment/payment-gateway.ts';
import { CardFieldFrame, onceAllFieldsReady } from './card-fields.tsx';
import type {
  CardFieldProps,
  ExpressButtonProps,
  PaymentProviderModule,
  PaymentProviderProps,
} from './payment-provider.ts';
import { paymentProviderModule } from './payment-provider.ts';
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  type FieldCheck,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  hasTestWallet,
  type TestErrorKey,
} from './test-cards.ts';
import { createTestGateway, DEFAULT_TEST_LATENCY_MS } from './test-confirm.ts';
import { ThreeDSecureDialog } from './three-d-secure-dialog.tsx';

interface TestProviderValue {
  language: PaymentProviderProps['language'];
  /** What each card field holds now (read when confirming). */
  texts: Record<CardField, string>;
  /** Each card field's input, while mounted (the gateway focuses it). */
  inputs: Partial<Record<CardField, HTMLInputElement | null>>;
  fieldReady(field: CardField): void;
  translate(key: TestErrorKey): string;
}

const TestProviderContext = createContext<TestProviderValue | null>(null);

function useTestProvider(): TestProviderValue {
  const value = useContext(TestProviderContext);
  if (!value) throw new Error('Test payment fields must be rendered inside <TestPaymentProvider>');
  return value;
}

export interface TestPaymentProviderProps extends PaymentProviderProps {
  /** Delay of each confirmation, in ms (tests use 0). */
  latencyMs?: number;
}

/** Hands over its gateway (test-confirm.ts) once the three card fields are mounted. */
export function TestPaymentProvider({
  language,
  children,
  onReady,
  latencyMs = DEFAULT_TEST_LATENCY_MS,
}: TestPaymentProviderProps) {
  const { t } = useTranslation('checkout', { lng: language });
  const translateRef = useRef((key: TestErrorKey): string => key);
  translateRef.current = (key) => t(key);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const latencyRef = useRef(latencyMs);
  latencyRef.current = latencyMs;

  const [challenge, setChallenge] = useState<{ resolve: (passed: boolean) => void } | null>(null);
  const challengeRef = useRef(challenge);
  challengeRef.current = challenge;

  const stable = useMemo<Omit<TestProviderValue, 'language'>>(() => {
    const texts: Record<CardField, string> = { cardNumber: '', cardExpiry: '', cardCvc: '' };
    const inputs: TestProviderValue['inputs'] = {};
    const translate = (key: TestErrorKey) => translateRef.current(key);
    const gateway = createTestGateway({
      texts: () => texts,
      translate,
      latencyMs: () => latencyRef.current,
      input: (field) => inputs[field] ?? null,
      requestChallenge: () =>
        new Promise<boolean>((resolve) => {
          challengeRef.current?.resolve(false);
          setChallenge({
            resolve: (passed) => {
              setChallenge(null);
              resolve(passed);
            },
          });
        }),
    });
    return {
      texts,
      inputs,
      translate,
      fieldReady: onceAllFieldsReady(() => onReadyRef.current?.(gateway)),
    };
  }, []);
  const value = useMemo<TestProviderValue>(() => ({ ...stable, language }), [stable, language]);

  // A challenge still open when the provider goes away fails.
  useEffect(() => () => challengeRef.current?.resolve(false), []);

  return (
    <TestProviderContext.Provider value={value}>
      {children}
      {challenge ? <ThreeDSecureDialog language={language} onDone={challenge.resolve} /> : null}
    </TestProviderContext.Provider>
  );
}

/** How each card field of the test provider formats and checks what is typed. */
const TEST_FIELDS: Record<
  CardField,
  {
    placeholderKey: 'card.numberPlaceholder' | 'card.expiryPlaceholder' | 'card.cvcPlaceholder';
    autoComplete: string;
    name: string;
    format(text: string): string;
    check(text: string, blurred: boolean): FieldCheck;
  }
> = {
  cardNumber: {
    placeholderKey: 'card.numberPlaceholder',
    autoComplete: 'cc-number',
    name: 'cardnumber',
    format: formatCardNumber,
    check: checkCardNumber,
  },
  cardExpiry: {
    placeholderKey: 'card.expiryPlaceholder',
    autoComplete: 'cc-exp',
    name: 'exp-date',
    format: formatExpiry,
    check: (text, blurred) => checkExpiry(text, blurred),
  },
  cardCvc: {
    placeholderKey: 'card.cvcPlaceholder',
    autoComplete: 'cc-csc',
    name: 'cvc',
    format: formatCvc,
    check: checkCvc,
  },
};

/** What a card field reports, as one string to compare: its text, whether complete, its error. */
const saying = (text: string, check: FieldCheck) => `${text}|${check.complete}|${check.errorKey}`;

/** A card field of the test provider: number, expiry or CVC, from the table above. */
export function TestCardField({
  field,
  id,
  onChange,
  disabled,
  invalid,
  describedBy,
}: CardFieldProps) {
  const provider = useTestProvider();
  const { t } = useTranslation('checkout', { lng: provider.language });
  const spec = TEST_FIELDS[field];
  const [text, setText] = useState('');
  const [errorShown, setErrorShown] = useState(false);

  const { fieldReady } = provider;
  useEffect(() => {
    fieldReady(field);
  }, [fieldReady, field]);

  // What the field last said, at first as an empty field. Leaving it reports
  // only what leaving changes (an incomplete value becomes an error), as
  // Stripe's change event comes only with a change: a report clears a
  // payment's error, and the message going away moved Subscribe from under a
  // phone's tap (QA).
  const reported = useRef(saying('', spec.check('', false)));
  const report = (next: string, blurred: boolean) => {
    const check = spec.check(next, blurred);
    const said = saying(next, check);
    if (blurred && said === reported.current) return;
    reported.current = said;
    provider.texts[field] = next;
    onChange({
      field,
      complete: check.complete,
      error: check.errorKey ? provider.translate(check.errorKey) : null,
    });
    setErrorShown(check.errorKey !== null);
  };

  const change = (typed: string) => {
    const next = spec.format(typed);
    setText(next);
    report(next, false);
  };

  return (
    <CardFieldFrame id={id} field={field} language={provider.language}>
      <input
        id={id}
        ref={(input) => {
          provider.inputs[field] = input;
        }}
        className="field__input"
        name={spec.name}
        type="text"
        inputMode="numeric"
        autoComplete={spec.autoComplete}
        spellCheck={false}
        placeholder={t(spec.placeholderKey)}
        value={text}
        disabled={disabled}
        onChange={(event) => change(event.currentTarget.value)}
        onBlur={() => report(text, true)}
        aria-invalid={invalid || errorShown ? true : undefined}
        aria-describedby={describedBy}
      />
    </CardFieldFrame>
  );
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

/** The test provider with a given confirmation latency (tests use 0). */
export function createTestPaymentProvider(
  options: { latencyMs?: number } = {},
): PaymentProviderModule {
  return paymentProviderModule('test', {
    Provider: TestPaymentProvider,
    settings: { latencyMs: options.latencyMs ?? DEFAULT_TEST_LATENCY_MS },
    CardField: TestCardField,
    ExpressButton: TestExpressButton,
  });
}

export const testPaymentProvider: PaymentProviderModule = createTestPaymentProvider();
