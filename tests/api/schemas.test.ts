import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BillingAddressSchema,
  LoginResponseSchema,
  MembershipSchema,
  ResetTokenSchema,
  SubscriptionResponseSchema,
  TokensSchema,
  UserSchema,
  VerifyResponseSchema,
} from '../../src/api/schemas.ts';
import { membershipJson, userJson } from '../support/api.kit.ts';

const address = {
  country_code: 'CA',
  address_1: '123 rue Principale',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1Y4',
};

const ok = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success;

describe('UserSchema', () => {
  it('drops unknown fields', () => {
    const user = v.parse(UserSchema, userJson({ password: 'hash', __v: 3 }));
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('__v');
  });

  it('reads another language as en', () => {
    expect(v.parse(UserSchema, userJson({ language: 'de' })).language).toBe('en');
    expect(v.parse(UserSchema, userJson({ language: 'fr' })).language).toBe('fr');
    for (const language of [null, 42, '']) {
      expect(v.parse(UserSchema, userJson({ language })).language).toBe('en');
    }
    const { language: _dropped, ...withoutLanguage } = userJson();
    expect(v.parse(UserSchema, withoutLanguage).language).toBe('en');
  });

  it('reads French however the server spells it (FR, fr-CA): a French member is not switched to English', () => {
    for (const language of ['FR', 'fr-CA', 'fr_CA', ' fr ']) {
      expect(v.parse(UserSchema, userJson({ language })).language, language).toBe('fr');
    }
  });

  it('defaults isBetaTester to false when absent', () => {
    const { isBetaTester: _dropped, ...withoutFlag } = userJson();
    expect(v.parse(UserSchema, withoutFlag).isBetaTester).toBe(false);
  });

  it('reads a flag never set (null) as its default, not as an unreadable user', () => {
    const user = v.parse(UserSchema, userJson({ isBetaTester: null, disableNotifications: null }));
    expect(user.isBetaTester).toBe(false);
    expect(user.disableNotifications).toBeUndefined();
    expect(ok(UserSchema, userJson({ isBetaTester: 'false' }))).toBe(false);
  });

  it('takes a billing address, {} for none, and reads null or absent as {}', () => {
    expect(v.parse(UserSchema, userJson({ billingAddress: address })).billingAddress).toEqual(
      address,
    );
    expect(v.parse(UserSchema, userJson({ billingAddress: {} })).billingAddress).toEqual({});
    expect(v.parse(UserSchema, userJson({ billingAddress: null })).billingAddress).toEqual({});
    const { billingAddress: _dropped, ...withoutAddress } = userJson();
    expect(v.parse(UserSchema, withoutAddress).billingAddress).toEqual({});
  });

  it('reads an empty address with fields of its own (a database’s { _id }) as none, like {}', () => {
    for (const billingAddress of [
      { _id: '6650f0c2a1b2c3d4e5f60718' },
      { _id: 'x', address_2: null },
      { address_2: '' },
      { _id: 'x', country_code: 'CA' },
    ]) {
      expect(v.parse(UserSchema, userJson({ billingAddress })).billingAddress).toEqual({});
    }
  });

  it('rejects a partial billing address rather than pretending there is none', () => {
    expect(ok(UserSchema, userJson({ billingAddress: { address_1: '1 rue X' } }))).toBe(false);
    expect(ok(UserSchema, userJson({ billingAddress: { _id: 'x', city: 'Laval' } }))).toBe(false);
    expect(ok(UserSchema, userJson({ billingAddress: 'none' }))).toBe(false);
    // A list is no object, empty or holding an address.
    expect(ok(UserSchema, userJson({ billingAddress: [] }))).toBe(false);
    expect(ok(UserSchema, userJson({ billingAddress: [address] }))).toBe(false);
  });

  it('reads a whole-number id as its digits (the contract does not say strings)', () => {
    const user = v.parse(UserSchema, userJson({ id: 48213, _id: 7 }));
    expect([user.id, user._id]).toEqual(['48213', '7']);
    expect(ok(UserSchema, userJson({ id: 1.5 }))).toBe(false);
    expect(ok(UserSchema, userJson({ id: null }))).toBe(false);
  });

  it('rejects a missing or mistyped required field', () => {
    const { email: _dropped, ...withoutEmail } = userJson();
    expect(ok(UserSchema, withoutEmail)).toBe(false);
    expect(ok(UserSchema, userJson({ firstName: 42 }))).toBe(false);
    expect(ok(UserSchema, null)).toBe(false);
  });
});

describe('BillingAddressSchema', () => {
  it('needs country CA and reads a null or empty address_2 as absent', () => {
    expect(ok(BillingAddressSchema, { ...address, country_code: 'US' })).toBe(false);
    expect(
      v.parse(BillingAddressSchema, { ...address, address_2: null }).address_2,
    ).toBeUndefined();
    expect(v.parse(BillingAddressSchema, { ...address, address_2: '' }).address_2).toBeUndefined();
    expect(v.parse(BillingAddressSchema, { ...address, address_2: 'App. 4' }).address_2).toBe(
      'App. 4',
    );
  });
});

describe('MembershipSchema', () => {
  it('reads whole-number ids as their digits, which the membership calls put in their paths', () => {
    expect(
      v.parse(MembershipSchema, { ...membershipJson(), externalId: 901, id: 12 }),
    ).toMatchObject({
      externalId: '901',
      id: '12',
    });
  });

  it('reads absent dates as null', () => {
    const { cancelledAt: _a, chargerOrderedAt: _b, ...rest } = membershipJson();
    expect(v.parse(MembershipSchema, rest)).toMatchObject({
      cancelledAt: null,
      chargerOrderedAt: null,
    });
  });

  it('reads an empty date as no date', () => {
    expect(
      v.parse(MembershipSchema, membershipJson({ chargerOrderedAt: '', cancelledAt: '' })),
    ).toMatchObject({ chargerOrderedAt: null, cancelledAt: null });
  });

  it('takes ISO 8601 dates, with a time and a zone or alone', () => {
    for (const validTo of [
      '2027-06-10',
      '2027-06-10T02:00:00Z',
      '2027-06-10T02:00:00.123Z',
      '2027-06-10T23:00:00-05:00',
      '2027-06-10T23:00',
      '2027-06-10 23:00:00+0100',
      '2027-06-10T12:00:00z',
      '2027-06-10t12:00:00z',
      '2028-02-29',
    ]) {
      expect(ok(MembershipSchema, membershipJson({ validTo })), validTo).toBe(true);
    }
  });

  it('reads a lower-case t and z (RFC 3339 allows them) as the moment they name, written in upper case', () => {
    const { validTo } = v.parse(
      MembershipSchema,
      membershipJson({ validTo: '2027-06-10t12:00:00z' }),
    );
    expect(validTo).toBe('2027-06-10T12:00:00Z');
  });

  it('reads an hours-only zone (+05) as the moment it names', () => {
    const { validTo } = v.parse(
      MembershipSchema,
      membershipJson({ validTo: '2027-06-10T12:00:00+05' }),
    );
    expect(Date.parse(validTo ?? '')).toBe(Date.parse('2027-06-10T07:00:00Z'));
  });

  it('rejects what the browser would guess a date from: "12", "0", an epoch, the 30th of February', () => {
    for (const validTo of [
      '12',
      '0',
      '1830000000000',
      '2027-02-30',
      '2027-13-01',
      '2027-06-10T24:00',
    ]) {
      expect(ok(MembershipSchema, membershipJson({ validTo })), validTo).toBe(false);
    }
  });

  it('rejects a date that is not a date, and a missing externalId', () => {
    expect(ok(MembershipSchema, membershipJson({ validTo: 'soon' }))).toBe(false);
    const { externalId: _dropped, ...rest } = membershipJson();
    expect(ok(MembershipSchema, rest)).toBe(false);
  });
});

describe('token answers', () => {
  it('Tokens needs both tokens and a user', () => {
    expect(ok(TokensSchema, { token: 'a', refreshToken: 'r', user: userJson() })).toBe(true);
    expect(ok(TokensSchema, { token: 'a', user: userJson() })).toBe(false);
    expect(ok(TokensSchema, { token: '', refreshToken: 'r', user: userJson() })).toBe(false);
  });

  it('a token is what the token store keeps: a large JWT is one; a token with spaces or over 16 KB makes the answer unreadable (never a sign-in that stores nothing)', () => {
    const user = userJson();
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(8000)}.sig`;
    expect(v.parse(LoginResponseSchema, { token: jwt, refreshToken: jwt, user })).toMatchObject({
      token: jwt,
    });
    for (const bad of ['a b', 'x'.repeat(16_385), 'undefined']) {
      expect(ok(LoginResponseSchema, { token: bad, refreshToken: 'r', user })).toBe(false);
      expect(ok(TokensSchema, { token: 'a', refreshToken: bad, user })).toBe(false);
      expect(ok(VerifyResponseSchema, { token: 'a', refreshToken: bad, user })).toBe(false);
    }
  });

  it('a login answer may carry only isVerified', () => {
    expect(v.parse(LoginResponseSchema, { isVerified: false })).toEqual({ isVerified: false });
  });

  it('verify falls back to the token for an absent, null or empty refreshToken', () => {
    for (const refreshToken of [undefined, null, '']) {
      expect(
        v.parse(VerifyResponseSchema, { token: 't', refreshToken, user: userJson() }).refreshToken,
      ).toBe('t');
    }
  });

  it('a reset token must be a non-empty string', () => {
    expect(ok(ResetTokenSchema, { resetToken: '' })).toBe(false);
    expect(v.parse(ResetTokenSchema, { resetToken: 'x', other: 1 })).toEqual({ resetToken: 'x' });
  });
});

describe('SubscriptionResponseSchema', () => {
  it('reads absent intents as null', () => {
    expect(
      v.parse(SubscriptionResponseSchema, {
        subscription: { validTo: '2026-01-01T00:00:00.000Z' },
        paymentIntent: { id: 'pi_1', client_secret: 'pi_1_secret' },
      }),
    ).toEqual({
      subscription: { validTo: '2026-01-01T00:00:00.000Z' },
      paymentIntent: { id: 'pi_1', client_secret: 'pi_1_secret' },
      setupIntent: null,
    });
  });

  it('rejects an intent without its client secret', () => {
    expect(
      ok(SubscriptionResponseSchema, {
        subscription: { validTo: null },
        paymentIntent: { id: 'pi_1' },
        setupIntent: null,
      }),
    ).toBe(false);
  });
});
