#!/usr/bin/env node
// Writes the phone field's country names, public/locales/{en,fr}/countries.json:
// one name per country the phone library knows, in the order the language sorts
// them, so the page shows the list as it comes instead of asking the browser
// for region names and sorting them (on a slow phone the browser's region data
// blocks the page for 200 ms or more the first time).
//
// Names already in a file are kept (a translator's wording wins); a country the
// phone library added is named from Node's region names in Canadian English or
// French, first letter capitalised as a list item, plain hyphens; one it dropped
// is removed.
// Run it after upgrading libphonenumber-js: `npm run countries`.
// tests/i18n/countries.test.ts fails until it has been run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCountries } from 'libphonenumber-js/min';

/** The app's languages and the locale their names and order follow. */
const COUNTRY_LOCALES = { en: 'en-CA', fr: 'fr-CA' };

const locales = join(import.meta.dirname, '../../public/locales');

/** The names a file holds, none when it does not exist yet (a broken file stops the run). */
function read(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

for (const [language, locale] of Object.entries(COUNTRY_LOCALES)) {
  const file = join(locales, language, 'countries.json');
  const kept = read(file);
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  const named = getCountries().map((code) => {
    if (kept[code]) return [code, kept[code]];
    // ICU writes some names with non-breaking hyphens (fr: 'Saint‑Kitts‑et‑Nevis'),
    // which sort after every plain one: the list uses plain hyphens throughout.
    const name = (regions.of(code) ?? code).replaceAll('\u2011', '-');
    return [code, name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)];
  });
  named.sort(([, a], [, b]) => collator.compare(a, b));
  writeFileSync(file, `${JSON.stringify(Object.fromEntries(named), null, 2)}\n`);
  console.info(`${file}: ${named.length} countries`);
}
