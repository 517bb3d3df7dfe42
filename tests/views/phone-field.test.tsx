import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCountries } from 'libphonenumber-js/min';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  formatAsTyped,
  PhoneField,
  phoneTextOf,
  toPhoneValue,
} from '../../src/components/phone-field.tsx';
import { renderScreen } from '../support/render.tsx';

/** A form that keeps the reported value, as the registration machine does. */
function Harness({
  initial = '',
  onValue,
  error,
}: {
  initial?: string;
  onValue: (value: string) => void;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField
        id="phone"
        value={value}
        error={error}
        onValueChange={(next) => {
          onValue(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

async function renderField(
  props: { initial?: string; error?: string } = {},
  language: 'en' | 'fr' = 'en',
) {
  const onValue = vi.fn();
  await renderScreen(<Harness {...props} onValue={onValue} />, { services: {}, language });
  return {
    onValue,
    user: userEvent.setup({ delay: null }),
    number: () => screen.getByRole('textbox', { name: language === 'fr' ? 'Téléphone' : 'Phone' }),
    country: () =>
      screen.getByRole('combobox', {
        name: language === 'fr' ? 'Indicatif du pays' : 'Country code',
      }) as HTMLSelectElement,
    value: () => screen.getByTestId('value').textContent,
  };
}

describe('phone value helpers', () => {
  it('reports E.164, keeps an extension as ;ext=, and is empty while empty', () => {
    expect(toPhoneValue('', 'CA')).toBe('');
    expect(toPhoneValue('   ', 'CA')).toBe('');
    expect(toPhoneValue('(514) 555-0123', 'CA')).toBe('+15145550123');
    expect(toPhoneValue('514 555 0123 ext. 123', 'CA')).toBe('+15145550123;ext=123');
    expect(toPhoneValue('514 555 0123 x123', 'CA')).toBe('+15145550123;ext=123');
    expect(toPhoneValue('514 555-0123 poste 45', 'CA')).toBe('+15145550123;ext=45');
    expect(toPhoneValue('06 12 34 56 78', 'FR')).toBe('+33612345678');
    // An international number ignores the selected country.
    expect(toPhoneValue('+44 20 7946 0958', 'CA')).toBe('+442079460958');
    // Not a number at all: the text itself (the form calls it invalid).
    expect(toPhoneValue('abc', 'CA')).toBe('abc');
  });

  it('keeps the typed text when letters are part of it: none are dropped to make a shorter number', () => {
    // Read as far as the letters, these were '+1613555' and '+11800'.
    for (const typed of ['613-555-CALL', '1-800-FLOWERS', '514-555-0100 abc', '613 555 O199']) {
      expect(toPhoneValue(typed, 'CA'), typed).toBe(typed);
    }
  });

  it('keeps the typed text (so the form calls it invalid) when the national number is not 2 to 17 digits', () => {
    expect(toPhoneValue('+1 5', 'CA')).toBe('+1 5');
    expect(toPhoneValue('514555012345678901', 'CA')).toBe('514555012345678901');
    expect(toPhoneValue('51455501234567890', 'CA')).toMatch(/^\+1\d{17}$/);
  });

  it('formats as typed, leaving text with an extension alone', () => {
    expect(formatAsTyped('514', 'CA')).toBe('(514)');
    expect(formatAsTyped('5145550123', 'CA')).toBe('(514) 555-0123');
    expect(formatAsTyped('0612345678', 'FR')).toBe('06 12 34 56 78');
    // Not formatted by the library (no leading 0): the spacing typed is kept, not taken away.
    expect(formatAsTyped('6 12 34 56 78', 'FR')).toBe('6 12 34 56 78');
    expect(formatAsTyped('612345678', 'FR')).toBe('612345678');
    expect(formatAsTyped('514 555 0123 ext. 12', 'CA')).toBe('514 555 0123 ext. 12');
  });

  it('shows a stored value in its country’s national format', () => {
    expect(phoneTextOf('', 'CA')).toEqual({ text: '', country: 'CA' });
    expect(phoneTextOf('+15145550123', 'CA')).toEqual({ text: '(514) 555-0123', country: 'CA' });
    expect(phoneTextOf('+15145550123;ext=12', 'CA')).toEqual({
      text: '(514) 555-0123 ext. 12',
      country: 'CA',
    });
    expect(phoneTextOf('+33612345678', 'CA')).toEqual({ text: '06 12 34 56 78', country: 'FR' });
  });

  it('writes a stored extension the French way in French, and reads it back the same', () => {
    const shown = phoneTextOf('+15145550123;ext=12', 'CA', 'fr');
    expect(shown).toEqual({ text: '(514) 555-0123 poste 12', country: 'CA' });
    expect(toPhoneValue(shown.text, shown.country)).toBe('+15145550123;ext=12');
    expect(phoneTextOf('+15145550123', 'CA', 'fr').text).toBe('(514) 555-0123');
  });
});

describe('PhoneField', () => {
  it('a saved extension follows a change of language; an extension the member typed stays as typed', async () => {
    const onValue = vi.fn();
    const r = await renderScreen(<Harness initial="+15145550123;ext=12" onValue={onValue} />, {
      services: {},
    });
    const number = () => screen.getByRole('textbox', { name: /^(Phone|Téléphone)$/ });
    expect(number()).toHaveValue('(514) 555-0123 ext. 12');
    await act(() => r.i18n.changeLanguage('fr'));
    expect(number()).toHaveValue('(514) 555-0123 poste 12');
    await act(() => r.i18n.changeLanguage('en'));
    expect(number()).toHaveValue('(514) 555-0123 ext. 12');

    const user = userEvent.setup({ delay: null });
    await user.clear(number());
    await user.type(number(), '514 555 0123 x 7');
    const typed = (number() as HTMLInputElement).value;
    expect(typed).toMatch(/ x 7$/);
    await act(() => r.i18n.changeLanguage('fr'));
    expect(number()).toHaveValue(typed);
    expect(screen.getByTestId('value')).toHaveTextContent('+15145550123;ext=7');
    expect(onValue).toHaveBeenLastCalledWith('+15145550123;ext=7');
  });

  it('has the Phone label and a Country code selector starting on Canada, sorted by name', async () => {
    const f = await renderField();
    expect(f.number()).toHaveAttribute('type', 'tel');
    expect(f.country()).toHaveValue('CA');
    expect(screen.getByRole('option', { name: 'Canada (+1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'France (+33)' })).toBeInTheDocument();
    const names = [...f.country().options].map((o) => o.textContent ?? '');
    expect(names.length).toBeGreaterThan(200);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names the countries in French when the interface is in French', async () => {
    const f = await renderField({}, 'fr');
    expect(screen.getByRole('option', { name: 'Allemagne (+49)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'États-Unis (+1)' })).toBeInTheDocument();
    expect(f.country()).toHaveValue('CA');
  });

  it('lists the countries from the texts, never asking the browser for region names', async () => {
    // The browser's region data blocks a slow phone's first render for 200 ms or more.
    const regionNames = vi.spyOn(Intl, 'DisplayNames');
    const f = await renderField({}, 'fr');
    expect(regionNames).not.toHaveBeenCalled();
    const names = [...f.country().options].map((o) => o.textContent ?? '');
    expect(names).toEqual([...names].sort(new Intl.Collator('fr-CA').compare));
    // Canadian French names (the browser's French says "Venezuela", "Biélorussie").
    expect(screen.getByRole('option', { name: 'Vénézuéla (+58)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Bélarus (+375)' })).toBeInTheDocument();
  });

  it('names the countries the Canadian English way in English', async () => {
    await renderField();
    // The browser's English says "St. Lucia", "Trinidad & Tobago".
    expect(screen.getByRole('option', { name: 'Saint Lucia (+1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Trinidad and Tobago (+1)' })).toBeInTheDocument();
  });

  it('shows the French names once they arrive after the English fallback', async () => {
    const r = await renderScreen(<Harness onValue={() => {}} />, { services: {} });
    const french = r.i18n.getResourceBundle('fr', 'countries');
    r.i18n.removeResourceBundle('fr', 'countries');
    await act(() => r.i18n.changeLanguage('fr'));
    const select = () => screen.getByRole('combobox', { name: 'Indicatif du pays' });
    expect(within(select()).getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument();
    // The French file comes (a Try again); the next render lists its names.
    r.i18n.addResourceBundle('fr', 'countries', french);
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('textbox', { name: 'Téléphone' }), '5');
    expect(within(select()).getByRole('option', { name: 'Allemagne (+49)' })).toBeInTheDocument();
  });

  it('lists a country the texts do not name yet last, by its code', async () => {
    const r = await renderScreen(<Harness onValue={() => {}} />, { services: {} });
    // French texts written before the phone library knew any country but France.
    r.i18n.removeResourceBundle('fr', 'countries');
    r.i18n.addResourceBundle('fr', 'countries', { FR: 'France' });
    await act(() => r.i18n.changeLanguage('fr'));
    const select = screen.getByRole('combobox', { name: 'Indicatif du pays' }) as HTMLSelectElement;
    const names = [...select.options].map((o) => o.textContent ?? '');
    expect(names[0]).toBe('France (+33)');
    expect(names).toContain('CA (+1)');
    expect(names).toHaveLength(getCountries().length);
    expect(select).toHaveValue('CA');
  });

  it('lets Backspace remove formatting characters and reports empty when cleared', async () => {
    const f = await renderField();
    await f.user.type(f.number(), '514');
    expect(f.number()).toHaveValue('(514)');
    await f.user.keyboard('{Backspace}');
    expect(f.number()).toHaveValue('(514');
    expect(f.value()).toBe('+1514');
    await f.user.keyboard('{Backspace}');
    expect(f.number()).toHaveValue('(51');
    await f.user.clear(f.number());
    expect(f.number()).toHaveValue('');
    expect(f.onValue).toHaveBeenLastCalledWith('');
  });

  // What the member types (in the country chosen first), what the field then
  // shows, and the value it reports.
  it.each([
    [
      'formats the number as it is typed and reports it in E.164',
      'CA',
      '5145550123',
      '(514) 555-0123',
      '+15145550123',
    ],
    // With an extension the number is formatted; what was typed after it stays as typed.
    [
      'keeps an extension typed as “514 555 0123 ext. 123”',
      'CA',
      '514 555 0123 ext. 123',
      '(514) 555-0123 ext. 123',
      '+15145550123;ext=123',
    ],
    [
      'keeps an extension typed as “5145550123 x123”',
      'CA',
      '5145550123 x123',
      '(514) 555-0123 x123',
      '+15145550123;ext=123',
    ],
    [
      'reads the number for the chosen country (France)',
      'FR',
      '0612345678',
      '06 12 34 56 78',
      '+33612345678',
    ],
    [
      'keeps the spacing typed where the library cannot format (France, no leading 0)',
      'FR',
      '6 12 34 56 78',
      '6 12 34 56 78',
      '+33612345678',
    ],
    ['reports the typed text when it is no phone number', 'CA', 'abc', 'abc', 'abc'],
  ])('%s', async (_case, country, typed, shown, value) => {
    const f = await renderField();
    if (country !== 'CA') await f.user.selectOptions(f.country(), country);
    await f.user.type(f.number(), typed);
    expect(f.number()).toHaveValue(shown);
    expect(f.value()).toBe(value);
    expect(f.onValue).toHaveBeenLastCalledWith(value);
  });

  it('re-reads what was typed when the country changes', async () => {
    const f = await renderField();
    await f.user.type(f.number(), '0612345678');
    expect(f.value()).not.toBe('+33612345678');
    await f.user.selectOptions(f.country(), 'FR');
    expect(f.value()).toBe('+33612345678');
    expect(f.number()).toHaveValue('06 12 34 56 78');
  });

  it('shows the country a number typed or pasted with its calling code names, as it is saved', async () => {
    const f = await renderField();
    expect(f.country()).toHaveValue('CA');
    await f.user.type(f.number(), '+44 20 7946 0468');
    expect(f.country()).toHaveValue('GB');
    expect(f.value()).toBe('+442079460468');

    await f.user.clear(f.number());
    await f.user.selectOptions(f.country(), 'FR');
    await f.user.click(f.number());
    await f.user.paste('+1 613 212 6011 poste 12');
    expect(f.country()).toHaveValue('CA');
    expect(f.value()).toBe('+16132126011;ext=12');
  });

  it('keeps the country shown when the typed calling code is its own (+1 for a US number with Canada shown)', async () => {
    const f = await renderField();
    await f.user.type(f.number(), '+1 212 555 0123');
    expect(f.country()).toHaveValue('CA');
    expect(f.value()).toBe('+12125550123');
  });

  it('shows a stored value with its country, and follows a reset from outside', async () => {
    const f = await renderField({ initial: '+33612345678' });
    expect(f.country()).toHaveValue('FR');
    expect(f.number()).toHaveValue('06 12 34 56 78');
    await f.user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(f.number()).toHaveValue('');
  });

  it('ties an error to the number input', async () => {
    const f = await renderField({ error: 'Phone is invalid' });
    expect(f.number()).toHaveAttribute('aria-invalid', 'true');
    expect(f.number()).toHaveAccessibleDescription('Phone is invalid');
  });
});
