import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const LOCALES = join(import.meta.dirname, '../../public/locales');

/** Every namespace of one language, read from public/locales (what the app downloads). */
export function loadResources(language: 'en' | 'fr'): Record<string, Record<string, unknown>> {
  const dir = join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(dir, file), 'utf8')),
      ]),
  );
}

/** A real i18next instance with the app's translations inline (no HTTP, no Suspense). */
export function createTestI18n(language: 'en' | 'fr' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    defaultNS: 'common',
    fallbackNS: 'common',
    ns: Object.keys(loadResources('en')),
    resources: { en: loadResources('en'), fr: loadResources('fr') },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

const I18N_EN = createTestI18n('en');

/** The English text of a key of the common namespace, with its values filled in. */
export function english(key: string, values?: Record<string, unknown>): string {
  return String(I18N_EN.t(key as never, { ns: 'common', ...values } as never));
}

/**
 * The English text of a field's error as the member reads it: the error's
 * key, its `field` value (a key) or else the field's label filled in.
 */
export function fieldErrorText(
  field: string,
  error: { key: string; values?: Record<string, unknown> },
): string {
  const named = error.values?.field;
  return english(error.key, {
    ...error.values,
    field: typeof named === 'string' ? english(named) : english(`fields.${field}`),
  });
}
