import * as v from 'valibot';
import type { FieldError, FieldErrors } from './field-error.ts';

/** The generic length keys that carry `{ number, field }` values (common `validation.*`). */
export const MIN_SYMBOLS_KEY = 'validation.minSymbols';
export const MAX_SYMBOLS_KEY = 'validation.maxSymbols';

/** Any valibot object schema (possibly piped) whose input is a record of form fields. */
export type FormSchema = v.GenericSchema<Record<string, unknown>, unknown>;

/** The field names of a form schema. */
export type FieldOf<TSchema extends FormSchema> = keyof v.InferInput<TSchema> & string;

function toFieldError(issue: v.BaseIssue<unknown>, field: string): FieldError {
  const key = issue.message;
  if (
    (key === MIN_SYMBOLS_KEY || key === MAX_SYMBOLS_KEY) &&
    typeof issue.requirement === 'number'
  ) {
    return { key, values: { number: issue.requirement, field: `fields.${field}` } };
  }
  return { key };
}

/**
 * Validates form values against a schema and returns the first issue of each
 * field as a translation key (common `validation.*`). An empty object means
 * the values are valid. Every schema in machines/forms puts the key in the
 * issue message; min/max length issues keyed `validation.minSymbols` /
 * `validation.maxSymbols` also carry `{ number, field: 'fields.<name>' }`.
 */
export function validate<TSchema extends FormSchema>(
  schema: TSchema,
  values: v.InferInput<TSchema>,
): FieldErrors<FieldOf<TSchema>> {
  const result = v.safeParse(schema, values);
  const errors: FieldErrors<FieldOf<TSchema>> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string') continue;
    const field = key as FieldOf<TSchema>;
    if (errors[field] === undefined) errors[field] = toFieldError(issue, field);
  }
  return errors;
}

/** True when a `validate` result (or any field-error map) holds no error. */
export function hasNoErrors(errors: Partial<Record<string, FieldError | undefined>>): boolean {
  return Object.values(errors).every((error) => error === undefined);
}
