import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { type Language, toLanguage } from '../../machines/shared/domain.ts';

export const LANGUAGES = ['en', 'fr'] as const satisfies readonly Language[];
export const FALLBACK_LANGUAGE: Language = 'en';

/** One namespace per area, so a route only downloads the texts it shows. */
export const NAMESPACES = [
  'common',
  'auth',
  'member',
  'checkout',
  'legal',
  'account',
  'countries',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Spec 9: detection order, cached in local storage. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;

/**
 * The app's i18next instance: translations read over HTTP from
 * /locales/{lng}/{ns}.json (spec 9: 10 parallel reads, 5 retries from 350 ms),
 * `<html lang>` kept in step with the language. `ready`: settled once the
 * language is detected and the common texts were tried (see texts.ts).
 */
export function createI18n(): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = toLanguage(lng);
  });
  // The language chosen in another tab (it stores it under this key): follow it.
  globalThis.addEventListener?.('storage', ({ key, newValue }) => {
    if (
      key === LANGUAGE_STORAGE_KEY &&
      newValue &&
      toLanguage(newValue) !== currentLanguage(instance)
    ) {
      void instance.changeLanguage(toLanguage(newValue));
    }
  });
  const ready = instance.init({
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: [...DETECTION_ORDER],
      lookupQuerystring: 'lng',
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    backend: { loadPath: `${import.meta.env.BASE_URL}locales/{{lng}}/{{ns}}.json` },
    react: { useSuspense: true },
  });
  return { i18n: instance, ready };
}

/** The current interface language as the API expects it. */
export function currentLanguage(instance: I18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}
