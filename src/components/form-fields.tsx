import type { ComponentType, FormEvent, KeyboardEvent } from 'react';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';
import type { FieldBinding } from './use-form-fields.ts';

/** What a field spec renders: TextField, PasswordField or PhoneField. */
export type FieldComponent = ComponentType<
  Pick<TextFieldProps, 'id' | 'label' | 'value' | 'onValueChange'>
>;
/** Every field takes the input's attributes; PhoneField alone has a label of its own. */
type AnyField = ComponentType<Omit<TextFieldProps, 'label'> & { label?: string | undefined }>;

/**
 * One field of a form's table: the machine's field name, the input's id and
 * label, and any input attribute (autoComplete, type, required, a hint, an
 * onBlur of its own). `as` is the component (TextField unless named): a form
 * imports only the fields it shows, so /login never loads the phone field's library.
 */
export interface FieldSpec<F extends string>
  extends Omit<TextFieldProps, 'value' | 'onValueChange' | 'label' | 'type'> {
  name: F;
  label?: string;
  as?: FieldComponent;
  type?: string;
}

/**
 * A form's fields, in the table's order, each bound to the machine by `bind`
 * (useFormFields' `field`): value, change, blur, error (aria-invalid and
 * aria-describedby follow), readOnly while busy. The spec's own attributes come last.
 */
export function FormFields<F extends string>({
  fields,
  bind,
}: {
  fields: ReadonlyArray<FieldSpec<F>>;
  bind(name: F): Partial<FieldBinding> & Pick<FieldBinding, 'value' | 'onValueChange'>;
}) {
  return fields.map(({ name, as = TextField, label, ...input }) => {
    const Field = as as AnyField;
    return <Field key={name} label={label} {...bind(name)} {...input} />;
  });
}

/**
 * The end of a form: the message under it (tied to the form by `errorId`),
 * an optional success status, and the submit button with its busy label.
 */
export function FormFooter({
  errorId,
  errorText,
  success,
  busy,
  busyLabel,
  disabled,
  className,
  children,
}: {
  errorId: string;
  errorText: string | null;
  success?: string | null;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
  children: string;
}) {
  return (
    <>
      <FormAlert id={errorId}>{errorText}</FormAlert>
      {success === undefined ? null : <FormAlert tone="success">{success}</FormAlert>}
      <SubmitButton busy={busy} busyLabel={busyLabel} disabled={disabled} className={className}>
        {children}
      </SubmitButton>
    </>
  );
}

/**
 * A form's onKeyDown where Enter in an input submits (spec 5), also before
 * the form is valid (the errors then show), but not while `busy`.
 */
export function enterSubmits(busy: boolean, submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!busy) submit();
  };
}

/** A form's onSubmit: no page load, the machine's submit event instead. */
export function submitWith(submit: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
}
