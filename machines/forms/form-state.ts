/**
 * The form kit: one slice of context for a form, pure reducers over it, the
 * assigners a form machine wraps in `assign` (each taking typed `params`,
 * mapped from the event by `fieldChangeOf` / `fieldOf` / `errorOf`), for a
 * machine with one form its five actions (`formActions`) and events (`FormEvent`),
 * and the named transitions of those events (`changeWith`, `touchOnBlur`,
 * `submitWhenValid`).
 *
 * One vocabulary for errors, everywhere:
 * - `validationErrors`: the schema's verdict on every field, live;
 * - `serverFieldErrors`: fields the server refused (cleared by any change);
 * - `errorKey`: the message under the form (a translation key), or null.
 * What a field shows is `shownFieldErrors`: the validation error once the field
 * is touched (left, or the form submitted), the server's mark first.
 */
import type * as v from 'valibot';
import { assign, type EventObject } from 'xstate';
import type { Described } from '../shared/described.ts';
import { errorKeyOf } from '../shared/error-key.ts';
import type { FieldErrors } from './field-error.ts';
import { type FieldOf, type FormSchema, hasNoErrors, validate } from './validate.ts';

export interface FormState<S extends FormSchema> {
  values: v.InferInput<S>;
  /** Some field was changed since the form opened or was last reset. */
  changed: boolean;
  /** Fields left, or all once submitted: their validation errors show. */
  touched: Partial<Record<FieldOf<S>, boolean>>;
  /** Live validation of `values`, every field. */
  validationErrors: FieldErrors<FieldOf<S>>;
  /** Fields the server refused; cleared by any change. */
  serverFieldErrors: FieldErrors<FieldOf<S>>;
  /** The message under the form (a translation key); cleared by any change. */
  errorKey: string | null;
}

/** A fresh form: nothing touched, nothing from the server. */
export function createForm<S extends FormSchema>(schema: S, values: v.InferInput<S>): FormState<S> {
  return {
    values,
    changed: false,
    touched: {},
    validationErrors: validate(schema, values),
    serverFieldErrors: {},
    errorKey: null,
  };
}

/**
 * What typing does to the validation errors shown: 'waits' until the field is
 * left (then a left field's error follows its changes), or 'hides' them all
 * until the next submit.
 */
export type Typing = 'waits' | 'hides';

/**
 * A field changed: revalidate, update what is touched as `typing` says (by
 * default nothing new shows before the field is left: a first letter is not
 * "too short" yet), forget what the server said.
 */
export function changeField<S extends FormSchema>(
  schema: S,
  form: FormState<S>,
  field: FieldOf<S>,
  value: string,
  typing: Typing = 'waits',
): FormState<S> {
  const values = { ...form.values, [field]: value };
  return {
    values,
    changed: true,
    touched: typing === 'hides' ? {} : form.touched,
    validationErrors: validate(schema, values),
    serverFieldErrors: {},
    errorKey: null,
  };
}

/** A field was left: its validation error shows. */
export function touchField<S extends FormSchema>(
  form: FormState<S>,
  field: FieldOf<S>,
): FormState<S> {
  return { ...form, touched: { ...form.touched, [field]: true } };
}

/** A submit attempt: every field's validation error shows. */
export function touchAllFields<S extends FormSchema>(form: FormState<S>): FormState<S> {
  const fields = Object.keys(form.values) as FieldOf<S>[];
  const touched: FormState<S>['touched'] = {};
  for (const field of fields) touched[field] = true;
  return { ...form, touched };
}

export function clearServerErrors<S extends FormSchema>(form: FormState<S>): FormState<S> {
  return { ...form, serverFieldErrors: {}, errorKey: null };
}

/**
 * How a server's error key lands on a form: `fields` maps the codes that mark
 * one field; `underForm` says whether such a code also shows under the form
 * ('always') or only a code that names no field does ('unmatched').
 */
export interface ServerErrorRule<F extends string> {
  fields?: Readonly<Partial<Record<string, F>>>;
  underForm?: 'always' | 'unmatched';
}

/** The server refused the form with `key`. */
export function withServerError<S extends FormSchema>(
  form: FormState<S>,
  key: string,
  { fields = {}, underForm = 'unmatched' }: ServerErrorRule<FieldOf<S>> = {},
): FormState<S> {
  const field = fields[key];
  const serverFieldErrors: FieldErrors<FieldOf<S>> = {};
  if (field) serverFieldErrors[field] = { key };
  return {
    ...form,
    serverFieldErrors,
    errorKey: field && underForm === 'unmatched' ? null : key,
  };
}

/** Every field valid. */
export function isFormValid<S extends FormSchema>(form: FormState<S>): boolean {
  return hasNoErrors(form.validationErrors);
}

/** Its button is enabled: changed since the form opened, and every field valid (spec 5). */
export function isSubmittable<S extends FormSchema>(form: FormState<S>): boolean {
  return form.changed && isFormValid(form);
}

/** The errors fields show: validation errors of touched fields, the server's marks first. */
export function shownFieldErrors<F extends string>(form: {
  touched: Partial<Record<F, boolean>>;
  validationErrors: FieldErrors<F>;
  serverFieldErrors: FieldErrors<F>;
}): FieldErrors<F> {
  const shown: FieldErrors<F> = {};
  for (const field of Object.keys(form.validationErrors) as F[]) {
    const error = form.validationErrors[field];
    if (error && form.touched[field]) shown[field] = error;
  }
  return { ...shown, ...form.serverFieldErrors };
}

/** The field events of a form whose fields are `F`, named after its prefix `P`: `<P>.change` (a field's new value), `<P>.blur` (a field left). */
export type FieldEvent<P extends string, F extends string> =
  | { type: `${P}.change`; field: F; value: string }
  | { type: `${P}.blur`; field: F };

/** The events of a form: its field events and `<P>.submit` (carrying `Submit`, if the form sends more than its values). */
export type FormEvent<P extends string, F extends string, Submit extends object = object> =
  | FieldEvent<P, F>
  | ({ type: `${P}.submit` } & Submit);

// Params of the form actions, from the events.

export interface FieldChange<F extends string> {
  field: F;
  value: string;
}

/** `{ field, value }` of a `*.change` event. */
export const fieldChangeOf = <F extends string>({ event }: { event: FieldChange<F> }) => ({
  field: event.field,
  value: event.value,
});

/** `{ field }` of a `*.blur` event. */
export const fieldOf = <F extends string>({ event }: { event: { field: F } }) => ({
  field: event.field,
});

// Named transitions of the form events, plain config for the machine (its
// actions named in its `setup`, their params mapped from the event; their
// chart texts are `Described` properties, see machines/shared/described.ts).

/**
 * The `*.change` transition of a form whose action `action` wraps `change`
 * (`changeField` in a machine with `formActions`): `description` says what a
 * change clears; `target` (a child such as '.idle') also drops a shown message.
 */
export function changeWith<const A extends string, const T extends string | undefined = undefined>(
  action: A,
  { target, description }: Described & { target?: T },
) {
  return { target, actions: { type: action, params: fieldChangeOf }, description } as const;
}

/** The `*.blur` transition of a form whose action `action` wraps `touch`. */
export function touchOnBlur<const A extends string>(action: A) {
  return {
    actions: { type: action, params: fieldOf },
    description: 'A field left shows its validation error.',
  } as const;
}

/** The `*.blur` transition of a form whose `touchField` action wraps `touch`. */
export const TOUCH_FIELD_ON_BLUR = touchOnBlur('touchField');

/**
 * The `*.submit` transitions of a machine with `formActions`: when `guard`
 * (every field valid) passes, on to `target` with the server's errors cleared;
 * otherwise every field's error shows (`invalid` describes that on the chart).
 */
export function submitWhenValid<const G extends string, const T extends string>(
  guard: G,
  target: T,
  invalid: Described = { description: 'Not valid: show every field’s error.' },
) {
  return [
    { guard, target, actions: 'clearServerErrors' },
    { actions: 'touchAllFields', description: invalid.description },
  ] as const;
}

/** The schema of the form kept under `K` in a context `C`. */
type SchemaAt<C, K extends keyof C> = C[K] extends FormState<infer S> ? S : never;

/**
 * The assigners of the form kept under `slice` of a machine's context `C`
 * (given explicitly: `formAssigners<RegistrationContext>(registrationSchema)`),
 * for `assign(...)` in the machine's `setup`: `change` (params
 * `{ field, value }`), `touch` (`{ field }`), `touchAll`, `clearServerErrors`,
 * `serverError` (`{ error }`, read with `rule`).
 */
export function formAssigners<
  C extends { [P in K]: FormState<FormSchema> },
  K extends keyof C & string = 'form' & keyof C,
>(
  schema: SchemaAt<C, K>,
  options: {
    slice?: K;
    rule?: ServerErrorRule<FieldOf<SchemaAt<C, K>>>;
    /** What typing does to the errors shown (`Typing`; by default it 'waits' until a field is left). */
    typing?: Typing;
  } = {},
): FormAssigners<C, FieldOf<SchemaAt<C, K>>> {
  type S = SchemaAt<C, K>;
  type Field = FieldOf<S>;
  const slice = (options.slice ?? 'form') as K;
  const formIn = (context: C) => context[slice] as FormState<S>;
  const put = (form: FormState<S>) => ({ [slice]: form }) as Partial<C>;
  return {
    change: ({ context }: { context: C }, params: FieldChange<Field>) =>
      put(changeField(schema, formIn(context), params.field, params.value, options.typing)),
    touch: ({ context }: { context: C }, params: { field: Field }) =>
      put(touchField(formIn(context), params.field)),
    touchAll: ({ context }: { context: C }) => put(touchAllFields(formIn(context))),
    clearServerErrors: ({ context }: { context: C }) => put(clearServerErrors(formIn(context))),
    serverError: ({ context }: { context: C }, params: { error: unknown }) =>
      put(withServerError(formIn(context), errorKeyOf(params.error), options.rule)),
  };
}

/**
 * The five form actions of a machine with one form, under the same names in
 * every such machine, for its `setup`: `actions: { ...kit.formActions<Context, Event>(form), … }`.
 * `changeField` ({ field, value }), `touchField` ({ field }), `touchAllFields`,
 * `clearServerErrors`, `assignServerError` ({ error }).
 */
export function formActions<C extends object, E extends EventObject, F extends string = string>(
  assigners: FormAssigners<C, F>,
) {
  return {
    changeField: assign<C, E, FieldChange<F>, E, never>(assigners.change),
    touchField: assign<C, E, { field: F }, E, never>(assigners.touch),
    touchAllFields: assign<C, E, undefined, E, never>(assigners.touchAll),
    clearServerErrors: assign<C, E, undefined, E, never>(assigners.clearServerErrors),
    assignServerError: assign<C, E, { error: unknown }, E, never>(assigners.serverError),
  };
}

/** What `formAssigners` returns, for a context `C` whose form has the fields `F`. */
export interface FormAssigners<C, F extends string> {
  change(args: { context: C }, params: FieldChange<F>): Partial<C>;
  touch(args: { context: C }, params: { field: F }): Partial<C>;
  touchAll(args: { context: C }): Partial<C>;
  clearServerErrors(args: { context: C }): Partial<C>;
  serverError(args: { context: C }, params: { error: unknown }): Partial<C>;
}
