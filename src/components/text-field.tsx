import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Translated error text; marks the input invalid and is read with it. */
  error?: string | undefined;
  /** Marks the input invalid without a message of its own (a form-level error names it). */
  invalid?: boolean;
  hint?: string;
  /** Rendered after the input inside the control row (e.g. a show/hide button). */
  addon?: ReactNode;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  error,
  invalid,
  hint,
  addon,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input
        {...input}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByOf(id, hint, error, input['aria-describedby'])}
      />
      {addon}
    </FieldFrame>
  );
}

/**
 * What every field looks like: the label, the hint, the control row, the
 * error (ids `${id}-hint`, `${id}-error`, which the input is described by).
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">{children}</div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field input's aria-describedby: its hint, its error, then any it was given. */
export function describedByOf(
  id: string,
  hint: string | undefined,
  error: string | undefined,
  more?: string,
): string | undefined {
  return (
    [hint && `${id}-hint`, error && `${id}-error`, more].filter(Boolean).join(' ') || undefined
  );
}
