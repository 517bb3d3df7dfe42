import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../machines/forms/field-error.ts';
import { UNKNOWN_ERROR_KEY } from '../../machines/shared/error-key.ts';

/**
 * Machines hand the views translation keys (`server.incorrectOtp`,
 * `validation.minSymbols`). These turn them into text; a key we do not know
 * becomes 'An unknown error occurred.', never the raw key (docs/api.md).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('common');
  // Keys from machines and servers are plain strings: checked here at run time instead.
  const tr = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  const exists = (key: string, ns: string) => i18n.exists(key, { ns } as never);

  /** A key shows only when it names a finished sentence: not a section, not a template. */
  const sentence = (key: string, ns: string): string | null => {
    if (!exists(key, ns)) return null;
    const text: unknown = (t as unknown as (k: string, o: object) => unknown)(`${ns}:${key}`, {
      returnObjects: true,
    });
    return typeof text === 'string' && !text.includes('{{') ? text : null;
  };

  const keyText = (key: string | null | undefined): string => {
    if (!key) return '';
    const [ns, bare] = key.includes(':')
      ? (key.split(':', 2) as [string, string])
      : ['common', key];
    return sentence(bare, ns) ?? tr(UNKNOWN_ERROR_KEY);
  };

  const fieldText = (error: FieldError | null | undefined): string => {
    if (!error) return '';
    const values: Record<string, unknown> = {};
    if (error.values?.number !== undefined) values.number = error.values.number;
    if (error.values?.field) values.field = keyText(error.values.field);
    if (!exists(error.key, 'common')) return tr(UNKNOWN_ERROR_KEY);
    return tr(error.key, values);
  };

  return { keyText, fieldText };
}
