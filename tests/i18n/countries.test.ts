import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCountries } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';

/**
 * The phone field lists the countries as public/locales/<lng>/countries.json
 * gives them (tests/tools/countries.mjs writes them): every country the phone
 * library knows, named, in the order the language sorts them (Canadian usage).
 * After an upgrade of libphonenumber-js or of Node (its collation data), a
 * failure here is fixed by `npm run countries`, which adds, drops and re-sorts.
 */
const LOCALES = { en: 'en-CA', fr: 'fr-CA' } as const;

function namesOf(language: keyof typeof LOCALES): Record<string, string> {
  const file = join(import.meta.dirname, `../../public/locales/${language}/countries.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe.each(Object.entries(LOCALES) as [keyof typeof LOCALES, string][])(
  'the country names in %s',
  (language, locale) => {
    const names = namesOf(language);

    it('name exactly the countries of the phone library (else run `npm run countries`)', () => {
      expect(Object.keys(names).sort()).toEqual([...getCountries()].sort());
    });

    it('come in the order the language sorts them, each a capitalised name', () => {
      const list = Object.values(names);
      const collator = new Intl.Collator(locale);
      expect(list).toEqual([...list].sort(collator.compare));
      for (const name of list) {
        expect(name.trim()).toBe(name);
        // A non-breaking hyphen sorts after every plain one: 'Saint‑Kitts‑et‑Nevis'
        // came after 'Saint-Vincent-et-les Grenadines' in French.
        expect(name).not.toContain('\u2011');
        expect(name.charAt(0)).toBe(name.charAt(0).toLocaleUpperCase(locale));
      }
    });
  },
);
