import { describe, expect, it } from 'vitest';
import {
  type BillingValues,
  billingSchema,
  billingValuesFromAddress,
  EMPTY_BILLING_VALUES,
  isCanadianPostalCode,
  normalizePostalCode,
  PROVINCE_CODES,
  toBillingAddress,
} from '../../../machines/forms/billing.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';

const VALID: BillingValues = {
  countryCode: 'CA',
  address1: '1234 rue Saint-Denis',
  address2: '',
  city: 'Montréal',
  postalCode: 'H2X 1Y4',
  province: 'QC',
};

const check = (overrides: Partial<BillingValues>) =>
  validate(billingSchema, { ...VALID, ...overrides });

describe('billing schema', () => {
  it('requires address line 1, city, postal code and province; line 2 is optional', () => {
    expect(check({})).toEqual({});
    expect(validate(billingSchema, EMPTY_BILLING_VALUES)).toEqual({
      address1: { key: 'validation.address1Required' },
      city: { key: 'validation.cityRequired' },
      postalCode: { key: 'validation.postalCodeRequired' },
      province: { key: 'validation.provinceRequired' },
    });
    expect(check({ address1: '  ', city: ' ' })).toEqual({
      address1: { key: 'validation.address1Required' },
      city: { key: 'validation.cityRequired' },
    });
  });

  it('composes what it checks and sends: a line of 100 characters typed with combining accents is 100, and the API gets them composed', () => {
    const decomposed = `12 rue de l’E\u0301glise ${'x'.repeat(81)}`;
    expect(decomposed.normalize('NFC')).toHaveLength(100);
    expect(decomposed).toHaveLength(101);
    expect(check({ address1: decomposed })).toEqual({});
    const sent = toBillingAddress({ ...VALID, address1: decomposed, city: 'I\u0302le-Perrot' });
    expect(sent.address_1).toBe(decomposed.normalize('NFC'));
    expect(sent.city).toBe('\u00cele-Perrot');
  });

  it('takes a line that shows nothing (zero-width space, word joiner) for an empty one, and sends none of it', () => {
    expect(check({ address1: '\u200b', city: '\u2060\u200b' })).toEqual({
      address1: { key: 'validation.address1Required' },
      city: { key: 'validation.cityRequired' },
    });
    const sent = toBillingAddress({
      ...VALID,
      address1: '\u200b12 rue Roy\u200e',
      address2: '\u200b',
    });
    expect(sent.address_1).toBe('12 rue Roy');
    expect(sent).not.toHaveProperty('address_2');
  });

  it('limits address line 1, line 2 and the city to 100 characters, as servers do', () => {
    const line = 'x'.repeat(100);
    expect(check({ address1: line, address2: line, city: line })).toEqual({});
    const over = `${line}y`;
    const max = (field: string) => ({
      key: 'validation.maxSymbols',
      values: { number: 100, field: `fields.${field}` },
    });
    expect(check({ address1: over, address2: over, city: over })).toEqual({
      address1: max('address1'),
      address2: max('address2'),
      city: max('city'),
    });
  });

  it('fixes the country to CA', () => {
    expect(check({ countryCode: 'US' as 'CA' })).toEqual({
      countryCode: { key: 'validation.countryRequired' },
    });
  });

  it('knows the 13 provinces and territories', () => {
    expect(PROVINCE_CODES.join(' ')).toBe('AB BC MB NB NL NS NT NU ON PE QC SK YT');
    for (const province of PROVINCE_CODES) expect(check({ province })).toEqual({});
    for (const province of ['', 'qc', 'Quebec', 'PQ', 'NF']) {
      expect(check({ province }), province).toEqual({
        province: { key: 'validation.provinceRequired' },
      });
    }
  });

  it('normalises postal codes to upper case with one space', () => {
    expect(normalizePostalCode('h2x1y4')).toBe('H2X 1Y4');
    expect(normalizePostalCode(' h2x  1y4 ')).toBe('H2X 1Y4');
    expect(normalizePostalCode('H2X-1Y4')).toBe('H2X 1Y4');
    expect(normalizePostalCode('h2x')).toBe('H2X');
    // Only a code of six characters is split: a US ZIP is not made to look like half a code.
    expect(normalizePostalCode('90210')).toBe('90210');
    expect(normalizePostalCode('h2x 1y4 5')).toBe('H2X1Y45');
    expect(check({ postalCode: '90210' })).toEqual({
      postalCode: { key: 'validation.postalCodeInvalid' },
    });
    expect(check({ postalCode: 'h2x1y4' })).toEqual({});
    expect(check({ postalCode: 'k1a 0b1' })).toEqual({});
  });

  it('rejects the letters D F I O Q U anywhere, and W Z first', () => {
    for (const code of ['D2X 1Y4', 'H2D 1Y4', 'H2X 1F4', 'I2X 1Y4', 'H2O 1Y4', 'Q2X 1Y4']) {
      expect(isCanadianPostalCode(code), code).toBe(false);
    }
    expect(check({ postalCode: 'U2X 1Y4' })).toEqual({
      postalCode: { key: 'validation.postalCodeInvalid' },
    });
    expect(isCanadianPostalCode('W2X 1Y4')).toBe(false);
    expect(isCanadianPostalCode('Z2X 1Y4')).toBe(false);
    expect(isCanadianPostalCode('H2W 1Z4')).toBe(true);
    for (const code of ['H2X1Y', 'H2X 1Y45', '12345', 'HH2 1Y4', 'H2X 1Y4 A']) {
      expect(isCanadianPostalCode(code), code).toBe(false);
    }
  });

  it('maps the values to the API address, omitting a blank line 2', () => {
    expect(
      toBillingAddress({ ...VALID, address1: ' 1234 rue Saint-Denis ', postalCode: 'h2x1y4' }),
    ).toEqual({
      country_code: 'CA',
      address_1: '1234 rue Saint-Denis',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H2X 1Y4',
    });
    expect(toBillingAddress({ ...VALID, address2: '   ' })).not.toHaveProperty('address_2');
    expect(toBillingAddress({ ...VALID, address2: ' App. 3 ' }).address_2).toBe('App. 3');
  });

  it('reads form values back from a stored address', () => {
    expect(billingValuesFromAddress({})).toEqual(EMPTY_BILLING_VALUES);
    expect(
      billingValuesFromAddress({
        country_code: 'CA',
        address_1: '10 King St W',
        city: 'Toronto',
        province: 'ON',
        postal_code: 'M5H 1A1',
      }),
    ).toEqual({
      countryCode: 'CA',
      address1: '10 King St W',
      address2: '',
      city: 'Toronto',
      postalCode: 'M5H 1A1',
      province: 'ON',
    });
  });
});
