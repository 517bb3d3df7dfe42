import type { i18n as I18n } from 'i18next';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import {
  type ChangeEvent,
  type InputHTMLAttributes,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../machines/shared/domain.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { DEFAULT_PHONE_COUNTRY, parseTypedPhone as parseTyped } from '../lib/phone.ts';
import { describedByOf, FieldFrame } from './text-field.tsx';

/** Only what a phone number is typed with: formatting applies to these. */
const PHONE_CHARACTERS = /^[+\d\s().-]*$/;

/** How libphonenumber writes an extension ('(514) 555-0123 ext. 12'). */
const ENGLISH_EXTENSION = / ext\. /;

/** Spec 9: the national number has 2 to 17 digits. */
export const NATIONAL_NUMBER_DIGITS = { min: 2, max: 17 } as const;

/**
 * The value a form keeps for what was typed: E.164 ('+15145550123'), with an
 * extension typed as 'ext. 123', 'x123' or 'poste 123' kept as the RFC 3966
 * suffix ';ext=123'; '' while empty; the typed text itself when it is not
 * wholly a phone number (letters in it too) with a national number of 2 to 17
 * digits (the form's validation then calls it invalid).
 */
export function toPhoneValue(text: string, country: CountryCode): string {
  const typed = text.trim();
  if (typed === '') return '';
  const phone = parseTyped(typed, country);
  const digits = phone?.nationalNumber.length ?? 0;
  if (!phone || digits < NATIONAL_NUMBER_DIGITS.min || digits > NATIONAL_NUMBER_DIGITS.max) {
    return typed;
  }
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number;
}

/**
 * The country to show for a whole number written with its calling code, when
 * that code is not the one of the country shown: '+44 20 7946 0468' typed with
 * Canada (+1) shown → GB. Undefined when the shown country's code is the
 * number's ('+1 212…' keeps Canada: +1 either way), while the number is not
 * whole, or when it is written without a calling code.
 */
export function countryOfInternational(text: string, shown: CountryCode): CountryCode | undefined {
  if (!text.trimStart().startsWith('+')) return undefined;
  const phone = parseTyped(text.trim());
  if (!phone?.country || phone.countryCallingCode === getCountryCallingCode(shown))
    return undefined;
  return phone.country;
}

/** The number formatted for the country as it is being typed ('5145550' → '(514) 555-0'). */
export function formatAsTyped(text: string, country: CountryCode): string {
  if (!PHONE_CHARACTERS.test(text)) return text;
  const formatted = new AsYouType(country).input(text);
  if (formatted === '' && /\d/.test(text)) return text;
  // Bare digits where the member typed separators: the library could not format the
  // number (a French one typed without its leading 0), so their own spacing stays.
  return /^\+?\d+$/.test(formatted) && /[^+\d]/.test(text) ? text : formatted;
}

/**
 * The text and country to show for a stored value (E.164, maybe with ';ext='),
 * its extension written as the language does ('ext. 12', 'poste 12').
 */
export function phoneTextOf(
  value: string,
  fallback: CountryCode,
  language: Language = 'en',
): { text: string; country: CountryCode } {
  if (value === '') return { text: '', country: fallback };
  const phone = parsePhoneNumberFromString(value, fallback);
  if (!phone) return { text: value, country: fallback };
  const text = phone.country ? phone.formatNational() : phone.formatInternational();
  return {
    text: language === 'fr' ? text.replace(ENGLISH_EXTENSION, ' poste ') : text,
    country: phone.country ?? fallback,
  };
}

interface CountryOption {
  code: CountryCode;
  label: string;
}

/**
 * The countries in the order of the interface language, each with its calling
 * code. The names and their order come from the `countries` texts (written by
 * tests/tools/countries.mjs): asking the browser for region names and sorting
 * them blocks a slow phone's first render of the form for 200 ms or more.
 */
function countryOptions(i18n: I18n): CountryOption[] {
  // The interface language's names, else its fallback's (i18n.languages, in that order).
  const names: Partial<Record<string, string>> =
    i18n.languages.map((lng) => i18n.getResourceBundle(lng, 'countries')).find(Boolean) ?? {};
  // (A lambda: isSupportedCountry's second parameter is the library's metadata.)
  const named = Object.keys(names).filter((code) => isSupportedCountry(code));
  // A country the phone library added since the texts were written comes last, by its code.
  const unnamed = getCountries().filter((code) => !names[code]);
  return [...named, ...unnamed].map((code) => ({
    code,
    label: `${names[code] ?? code} (+${getCountryCallingCode(code)})`,
  }));
}

export interface PhoneFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'type'> {
  id: string;
  /** Defaults to common `fields.phone`. */
  label?: string;
  /** The stored value: E.164 (with ';ext=…'), or '' (see toPhoneValue). */
  value: string;
  /** Called with the new stored value whenever the number or the country changes. */
  onValueChange(value: string): void;
  /** Translated error text; marks the input invalid and is read with it. */
  error?: string | undefined;
  /** Marks the input invalid without a message of its own. */
  invalid?: boolean;
  hint?: string;
  /** The country selector's label; defaults to auth `register.countryCode` ('Country code'). */
  countryLabel?: string;
  defaultCountry?: CountryCode;
}

/**
 * A phone number with a country selector (spec 5): the number is formatted
 * for the chosen country as it is typed, and reported in E.164. What the
 * member typed stays in the field: only a digit typed at the end reformats
 * it, so Backspace over a formatting character, an edit in the middle and an
 * extension ('ext. 12') are left as typed.
 */
export function PhoneField({
  id,
  label,
  hint,
  countryLabel,
  value,
  onValueChange,
  error,
  invalid,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
  className,
  readOnly,
  disabled,
  ...input
}: PhoneFieldProps) {
  const { t, i18n } = useTranslation(['common', 'auth', 'countries']);
  const language = currentLanguage(i18n);
  const [initial] = useState(() => phoneTextOf(value, defaultCountry, language));
  const [text, setText] = useState(initial.text);
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const reported = useRef(value);
  // Built again when the language changes, and when its names arrive after the fallback's.
  const named = i18n.hasResourceBundle(language, 'countries');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and `named` say which names countryOptions finds.
  const options = useMemo(() => countryOptions(i18n), [i18n, language, named]);

  // A value set from outside (a reset, a saved profile) replaces the text.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    const next = phoneTextOf(value, defaultCountry, language);
    setText(next.text);
    setCountry(next.country);
  }, [value, defaultCountry, language]);

  // A text the app wrote (a saved number's 'ext. 12') follows a change of language
  // ('poste 12'); what the member typed stays as typed.
  const writtenIn = useRef(language);
  useEffect(() => {
    if (writtenIn.current === language) return;
    const before = phoneTextOf(reported.current, defaultCountry, writtenIn.current).text;
    writtenIn.current = language;
    const after = phoneTextOf(reported.current, defaultCountry, language).text;
    setText((shown) => (shown === before ? after : shown));
  }, [language, defaultCountry]);

  // The latest callback, for the country list that is not built again with every render.
  const onValueChangeNow = useRef(onValueChange);
  useLayoutEffect(() => {
    onValueChangeNow.current = onValueChange;
  });
  const report = (next: string) => {
    reported.current = next;
    onValueChangeNow.current(next);
  };

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const raw = field.value;
    // Only a digit typed at the end is formatted: spaces, 'ext.' and edits in the middle stay as typed.
    const digitAtEnd =
      raw.length > text.length && field.selectionStart === raw.length && /\d$/.test(raw);
    const next = digitAtEnd ? formatAsTyped(raw, country) : raw;
    // A number typed or pasted with its calling code ('+44 20…') names its country:
    // the selector shows that one, never a country the number is not saved in.
    const named = countryOfInternational(next, country);
    if (named) setCountry(named);
    setText(next);
    report(toPhoneValue(next, named ?? country));
  };

  const onCountryChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.currentTarget.value as CountryCode;
    const formatted = formatAsTyped(text, next);
    setCountry(next);
    setText(formatted);
    report(toPhoneValue(formatted, next));
  };

  const countryId = `${id}-country`;
  const locked = disabled || readOnly;
  // Some 245 countries: the list is built again only when what it shows changes, so a
  // key typed in another field of the form does not walk it (INP on a slow phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: onCountryChange changes with text and country, both listed.
  const countrySelect = useMemo(
    () => (
      <select
        id={countryId}
        className="field__select phone-field__country"
        value={country}
        onChange={onCountryChange}
        disabled={locked}
        autoComplete="tel-country-code"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
    ),
    [countryId, country, text, locked, options],
  );
  return (
    <FieldFrame
      id={id}
      label={label ?? t('common:fields.phone')}
      hint={hint}
      error={error}
      className={['phone-field', className].filter(Boolean).join(' ')}
    >
      <label className="visually-hidden" htmlFor={countryId}>
        {countryLabel ?? t('auth:register.countryCode')}
      </label>
      {countrySelect}
      <input
        {...input}
        id={id}
        className="field__input phone-field__number"
        type="tel"
        inputMode="tel"
        autoComplete={input.autoComplete ?? 'tel'}
        value={text}
        readOnly={readOnly}
        disabled={disabled}
        onChange={onTextChange}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByOf(id, hint, error, input['aria-describedby'])}
      />
    </FieldFrame>
  );
}
