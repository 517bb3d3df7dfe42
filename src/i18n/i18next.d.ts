/**
 * Typed translation keys: `t('auth:login.title')` is checked against the
 * English files (the source language); the parity test keeps French in step.
 * Type-only imports: nothing here reaches the bundle.
 */
import 'i18next';
import type account from '../../public/locales/en/account.json';
import type auth from '../../public/locales/en/auth.json';
import type checkout from '../../public/locales/en/checkout.json';
import type common from '../../public/locales/en/common.json';
import type countries from '../../public/locales/en/countries.json';
import type legal from '../../public/locales/en/legal.json';
import type member from '../../public/locales/en/member.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      checkout: typeof checkout;
      legal: typeof legal;
      member: typeof member;
      account: typeof account;
      countries: typeof countries;
    };
  }
}
