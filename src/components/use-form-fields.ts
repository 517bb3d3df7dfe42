import {
  type KeyboardEvent,
  type RefObject,
  type FormEvent as SubmitEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
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
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    'aria-describedby': string | undefined;
    onSubmit(event: SubmitEvent): void;
    /** Takes away the refused field's message said beside the button, once a field changes. */
    onChange(): void;
    onKeyDown?(event: KeyboardEvent<HTMLFormElement>): void;
  };
  /**
   * Spread on <FormFooter>: the message's id (React's useId) and text, whether
   * the form is busy, and a refused field's message to say (useRefusedFocus).
   */
  footer: { errorId: string; errorText: string | null; busy: boolean; said: string | null };
}

/**
 * Binds a form machine's fields to TextField, PasswordField, PhoneField or a
 * select: `field('email')` gives value, change, blur, the translated error and
 * readOnly (while `busy`). `formProps`, spread on the <form>, sends the
 * machine's `<prefix>.submit` instead of loading a page (or calls `submit`,
 * for a submit event that carries more than the values), and ties the
 * message under the form (`<FormFooter {...footer}>`) to it. A submit the
 * form refuses, or the server refuses field by field, puts the focus on the
 * first field in error, so a screen reader reads it with its message
 * (useRefusedFocus).
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
  const { formRef, said, mended, submitted } = useRefusedFocus(busy);
  const submitAndWatch = () => {
    submitted();
    submit();
  };
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
      ref: formRef,
      noValidate: true,
      // React's change event (it bubbles), in the same render as the field's own:
      // a native 'input' listener here would render a select before its change
      // is read, and put its old value back.
      onChange: mended,
      'aria-describedby': form.errorKey ? errorId : undefined,
      onSubmit: (event) => {
        event.preventDefault();
        submitAndWatch();
      },
      ...(submitOnEnter ? { onKeyDown: enterSubmits(busy, submitAndWatch) } : {}),
    },
    footer: { errorId, errorText, busy, said },
  };
}

/**
 * A form's onKeyDown where Enter in an input or a select (billing's province,
 * the phone's country) submits (spec 5), also before the form is valid (the
 * errors then show), but not while `busy`. Enter on a button or a link keeps
 * its own meaning. (A browser submits from an input by itself, never from a select.)
 */
export function enterSubmits(busy: boolean, submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    // The Enter that ends an input method's composition (Japanese, Chinese…) only commits the text.
    if (
      event.key !== 'Enter' ||
      event.nativeEvent.isComposing ||
      !(event.target as Element).matches('input,select')
    )
      return;
    event.preventDefault();
    if (!busy) submit();
  };
}

/**
 * After a submit, once the form is not busy: the focus goes to the first
 * field marked invalid (the form's own check, or the server's refusal of a
 * field), if any. Without it, Enter in the last field of a form with an error
 * three fields up, or a current password the server refused, said nothing to a
 * screen reader (WCAG 3.3.1). When that field has the focus already (Enter in
 * it), focusing it fires nothing: its message is `said` instead, by the live
 * region beside the submit button (SubmitButton's `said`). A submit that leads
 * on keeps the focus where it is.
 * For a form that does not go through useFormFields: put `formRef` on it and
 * `mended` as its onChange, call `submitted()` in its submit handler and give
 * `said` to its SubmitButton.
 */
export function useRefusedFocus(busy: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const awaiting = useRef(false);
  // A render after each submit, even one that changes nothing the form shows.
  const [submits, setSubmits] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: submits: each submit is looked at once rendered
  useEffect(() => {
    if (!awaiting.current || busy) return;
    awaiting.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first === document.activeElement)
      setSaid(document.getElementById(`${first?.id}-error`)?.textContent ?? null);
    else first?.focus();
  }, [busy, submits]);
  return {
    formRef,
    said,
    // Said once: the next change in the form takes it away (in the same render as
    // the change), so a screen reader browsing the page later does not find a
    // message about a field since mended.
    mended: () => setSaid(null),
    submitted: () => {
      awaiting.current = true;
      setSaid(null);
      setSubmits((count) => count + 1);
    },
  };
}
