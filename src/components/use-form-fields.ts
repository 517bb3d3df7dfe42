import type { FormEvent, KeyboardEvent } from 'react';
import type { FieldErrors } from '../../machines/forms/field-error.ts';
import { type FieldEvent, shownFieldErrors } from '../../machines/forms/form-state.ts';
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

/**
 * Binds a form machine's fields to TextField, PasswordField, PhoneField or a
 * select: `field('email')` gives value, change, blur, the translated error and
 * readOnly (while `busy`). `formProps`, spread on the <form>, sends the
 * machine's submit event (`submit`) instead of loading a page, and ties the
 * message under the form (`<FormAlert id={errorId}>{errorText}</FormAlert>`)
 * to it.
 */
export function useFormFields<P extends string, F extends string>(
  prefix: P,
  form: FormView<F>,
  send: (event: FieldEvent<P, F>) => void,
  {
    errorId,
    busy = false,
    submit,
    submitOnEnter = false,
  }: {
    errorId: string;
    busy?: boolean;
    /** Sends the machine's submit event. */
    submit: () => void;
    /** Enter in a field submits even while the button is disabled, to show the errors (spec 5). */
    submitOnEnter?: boolean;
  },
) {
  const { keyText, fieldText } = useErrorText();
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
    /** Spread on the <form>: no browser validation, the message under it described, submit wired. */
    formProps: {
      noValidate: true,
      'aria-describedby': form.errorKey ? errorId : undefined,
      onSubmit: (event: FormEvent) => {
        event.preventDefault();
        submit();
      },
      ...(submitOnEnter ? { onKeyDown: enterSubmits(busy, submit) } : {}),
    },
    /** The message under the form, translated (null when there is none). */
    errorText,
    /** Spread on <FormFooter>: the message's id and text, and whether the form is busy. */
    footer: { errorId, errorText, busy },
  };
}

/** What useFormFields gives a view: `field(name)`, the <form> props and the footer's. */
export type FormBinding<F extends string> = ReturnType<typeof useFormFields<string, F>>;

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
