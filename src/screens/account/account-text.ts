import { useTranslation } from 'react-i18next';
import type account from '../../../public/locales/en/account.json';

/** Every key path of the account namespace, e.g. `profile.saved` (checked against the English file). */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type AccountKey = KeyPaths<typeof account>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The account page's texts (namespace `account`, loaded with `common`). The
 * namespace is typed here from the English file, so a wrong key fails tsc.
 */
export function useAccountText() {
  // `account` is requested at run time so the HTTP backend loads it.
  const { t, i18n } = useTranslation(['account', 'common'] as unknown as ['common']);
  const translate = t as unknown as Translate;
  const at = (key: AccountKey, options?: Record<string, unknown>) =>
    translate(`account:${key}`, options);
  return { at, t, i18n };
}
