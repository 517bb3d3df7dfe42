import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type common from '../../public/locales/en/common.json';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';
import type { FieldBinding } from './use-form-fields.ts';

/** What a field spec renders: TextField, PasswordField or PhoneField. */
export type FieldComponent = ComponentType<
  Pick<TextFieldProps, 'id' | 'label' | 'value' | 'onValueChange'>
>;
/** Each of them takes a TextField's props (PhoneField all but `type` and `addon`). */
type AnyField = ComponentType<TextFieldProps>;

/** A field's label: a key under common `fields.` ('firstName' → 'First name'). */
export type FieldLabel = keyof (typeof common)['fields'];

/** Typed as is: no capital letter put first, no spelling check (emails, user names). */
export const AS_TYPED = { autoCapitalize: 'none', spellCheck: false } as const;

/**
 * Typed as is, on the phone's email keyboard (email, email or phone). A text
 * field, not `type="email"`: Chrome's email field turns a domain typed in its
 * own script into its xn-- form, in the field itself, where the member no
 * longer recognises their address ('marie@exämple.ca' became
 * 'marie@xn--exmple-cua.ca'). The API gets that form all the same
 * (src/api/ascii-email.ts).
 */
export const EMAIL_KEYBOARD = { inputMode: 'email', ...AS_TYPED } as const;

/**
 * One field of a form's table: the machine's field name, the input's id and
 * any input attribute (autoComplete, type, a hint, an onBlur of its own).
 * The label is common `fields.<name>` unless `label` names another key; the
 * field is required unless `optional`. `as` is the component (TextField
 * unless named): a form imports only the fields it shows, so /login never
 * loads the phone field's library.
 */
export interface FieldSpec<F extends string>
  extends Omit<TextFieldProps, 'value' | 'onValueChange' | 'label' | 'type' | 'required'> {
  name: F;
  label?: FieldLabel;
  optional?: boolean;
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
  const { t } = useTranslation('common');
  return fields.map(({ name, as = TextField, label, optional, ...input }) => {
    const Field = as as AnyField;
    const text = t(`fields.${label ?? (name as string as FieldLabel)}`);
    return <Field key={name} label={text} {...bind(name)} {...input} required={!optional} />;
  });
}

/**
 * A form's button texts: the translation group holding its `submit` and
 * `submitting` (`'account:profile'` → account `profile.submit`), or the two
 * texts themselves.
 */
export type SubmitTexts =
  | 'auth:login'
  | 'auth:register'
  | 'auth:forgot.request'
  | 'auth:forgot.newPassword'
  | 'member:billing'
  | 'account:profile'
  | 'account:password'
  | { submit: string; submitting: string };

/**
 * The end of a form: the message under it (tied to the form by `errorId`),
 * an optional success status, and the submit button, which says `submitting`
 * while busy.
 */
export function FormFooter({
  errorId,
  errorText,
  success,
  busy,
  said,
  texts,
  disabled,
  className,
}: {
  errorId: string;
  errorText: string | null;
  success?: string | null;
  busy: boolean;
  /** A field's message to say, the focus being in that field already (useRefusedFocus). */
  said?: string | null;
  texts: SubmitTexts;
  disabled?: boolean;
  className?: string;
}) {
  // The screen has loaded the group's namespace; naming it here must not load another.
  const t = useTranslation().i18n.getFixedT(null, ['auth', 'member', 'account']);
  const { submit, submitting } =
    typeof texts === 'string'
      ? { submit: t(`${texts}.submit`), submitting: t(`${texts}.submitting`) }
      : texts;
  return (
    <>
      <FormAlert id={errorId}>{errorText}</FormAlert>
      {success === undefined ? null : <FormAlert tone="success">{success}</FormAlert>}
      <SubmitButton
        busy={busy}
        busyLabel={submitting}
        said={said}
        disabled={disabled}
        className={className}
      >
        {submit}
      </SubmitButton>
    </>
  );
}
