/**
 * A validation or server error tied to one form field, as a translation key
 * (namespace `common`, e.g. `validation.emailRequired`) with its values.
 * `values.field` is itself a key under `common:fields.*`, translated first.
 */
export interface FieldError {
  key: string;
  values?: { number?: number; field?: string };
}

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldError>>;
