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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, input['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">
        <input
          {...input}
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
