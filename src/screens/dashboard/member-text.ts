import { useTranslation } from 'react-i18next';
import type member from '../../../public/locales/en/member.json';

/** Every key path of the member namespace, e.g. `dashboard.title` (checked against the English file). */
type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type MemberKey = KeyPaths<typeof member>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The texts of the member screens (activation, billing, dashboard), namespace
 * `member`, loaded with `common`. Typed here from the English file, so a wrong
 * key fails tsc (the app's i18next types list the other namespaces only).
 */
export function useMemberText() {
  // `member` is requested at run time so the HTTP backend loads it.
  const { t, i18n } = useTranslation(['member', 'common'] as unknown as ['common']);
  const translate = t as unknown as Translate;
  const mt = (key: MemberKey, options?: Record<string, unknown>) =>
    translate(`member:${key}`, options);
  return { mt, t, i18n };
}
