import { type KeyboardEvent, type FormEvent as SubmitEvent, useId } from 'react';
import type { FieldErrors } from '../../machines/forms/field-error.ts';
import {
  type FieldEvent,
  type FormEvent,
  shownFieldErrors,
} from '../../machines/forms/form-state.ts';
import { useErrorText } from '../i18n/translate.ts';

/** The form slice a machine keeps (machines/forms/form-state.ts), as a view reads it. */
export interface FormView<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, boolean>>;
  validationErrors: FieldErrors<F>;
  serverFieldErrors: FieldErrors<F>;
  errorKey: string | null;
}

export interface FieldBinding {
  value: string;
  onValueChange(value: string): void;
  onBlur(): void;
  /** The translated error the field shows (aria-invalid and aria-describedby follow). */
  error: string | undefined;
  readOnly: boolean;
}

export interface FormFieldsOptions {
  /** While true, the fields are read-only and the button shows its busy label. */
  busy?: boolean;
  /** Enter in a field submits even while the button is disabled, to show the errors (spec 5). */
  submitOnEnter?: boolean;
}

/** What useFormFields gives a view: `field(name)`, the <form> props and the footer's. */
export interface FormBinding<F extends string> {
  field(name: F): FieldBinding;
  /** Spread on the <form>: no browser validation, the message under it described, submit wired. */
  formProps: {
    noValidate: true;
    'aria-describedby': string | undefined;
    onSubmit(event: SubmitEvent): void;
    onKeyDown?(event: KeyboardEvent<HTMLFormElement>): void;
  };
  /** Spread on <FormFooter>: the message's id (React's useId) and text, and whether the form is busy. */
  footer: { errorId: string; errorText: string | null; busy: boolean };
}

/**
 * Binds a form machine's fields to TextField, PasswordField, PhoneField or a
 * select: `field('email')` gives value, change, blur, the translated error and
 * readOnly (while `busy`). `formProps`, spread on the <form>, sends the
 * machine's `<prefix>.submit` instead of loading a page (or calls `submit`,
 * for a submit event that carries more than the values), and ties the
 * message under the form (`<FormFooter {...footer}>`) to it.
 */
export function useFormFields<P extends string, F extends string>(
  prefix: P,
  form: FormView<F>,
  send: (event: FormEvent<P, F>) => void,
  options?: FormFieldsOptions,
): FormBinding<F>;
export function useFormFields<P extends string, F extends string>(
  prefix: P,
  form: FormView<F>,
  send: (event: FieldEvent<P, F>) => void,
  options: FormFieldsOptions & { submit(): void },
): FormBinding<F>;
export function useFormFields<P extends string, F extends string>(
  prefix: P,
  form: FormView<F>,
  send: (event: FieldEvent<P, F>) => void,
  {
    busy = false,
    submitOnEnter = false,
    // Without `submit`, the first signature holds: `send` takes the plain submit event.
    submit = () => (send as (event: FormEvent<P, F>) => void)({ type: `${prefix}.submit` }),
  }: FormFieldsOptions & { submit?(): void } = {},
): FormBinding<F> {
  const { keyText, fieldText } = useErrorText();
  const errorId = useId();
  const errors = shownFieldErrors(form);
  const errorText = form.errorKey ? keyText(form.errorKey) : null;
  const field = (name: F): FieldBinding => ({
    value: form.values[name],
    onValueChange: (value) => send({ type: `${prefix}.change`, field: name, value }),
    onBlur: () => send({ type: `${prefix}.blur`, field: name }),
    error: errors[name] ? fieldText(errors[name]) : undefined,
    readOnly: busy,
  });
  return {
    field,
    formProps: {
      noValidate: true,
      'aria-describedby': form.errorKey ? errorId : undefined,
      onSubmit: (event) => {
        event.preventDefault();
        submit();
      },
      ...(submitOnEnter ? { onKeyDown: enterSubmits(busy, submit) } : {}),
    },
    footer: { errorId, errorText, busy },
  };
}

/**
 * A form's onKeyDown where Enter in an input submits (spec 5), also before
 * the form is valid (the errors then show), but not while `busy`.
 */
function enterSubmits(busy: boolean, submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!busy) submit();
  };
}
