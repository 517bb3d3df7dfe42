/**
 * What a member does to a form field with user-event, and how a field shows
 * its error, for screen and model suites; what a form shows of its state (its
 * errors, message and confirmation, in the English catalogue's words), and a
 * form's steps as the model suites say and name them.
 */
import { fireEvent, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { english, fieldErrorText } from './i18n.ts';

export type UserApi = ReturnType<typeof userEvent.setup>;

/** Empties the field, then types `value` key by key (nothing for ''). */
export async function retype(user: UserApi, input: HTMLElement, value: string): Promise<void> {
  await user.clear(input);
  if (value) await user.type(input, value);
}

/**
 * For the model suites: the field gets `value` as a browser's autofill gives
 * it, without the focus moving. Typing would first leave the field the focus
 * was in, which shows that field's error (errors wait until a field is left),
 * a step the model did not take: there, leaving a field is a step of its own
 * (`leave`).
 */
export function setValue(input: HTMLElement, value: string): void {
  // Emptied first, as a member would select it all: a phone number is then formatted whole.
  fireEvent.change(input, { target: { value: '' } });
  if (value) fireEvent.change(input, { target: { value } });
}

/** For the model suites: the focus goes into the field, then nowhere in particular. */
export async function leave(user: UserApi, input: HTMLElement): Promise<void> {
  await user.click(input);
  await user.click(document.body);
}

/** The field's error: aria-invalid and read with the field (its description), or neither. */
export function expectFieldError(input: HTMLElement, message: string | null): void {
  if (message) {
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  } else {
    expect(input).not.toHaveAttribute('aria-invalid');
  }
}

/**
 * What a form shows of its state (a FormState): under each field its shown
 * error (shownFieldErrors) or none, and the form's message (errorKey) as the
 * alert of `area`, or no alert; the texts are the English catalogue's.
 */
export function expectFormErrors<F extends string>(
  form: Parameters<typeof shownFieldErrors<F>>[0] & { errorKey: string | null },
  fields: readonly F[],
  input: (field: F) => HTMLElement,
  area: Pick<typeof screen, 'getByRole' | 'queryByRole'> = screen,
): void {
  const shown = shownFieldErrors(form);
  for (const field of fields) {
    const error = shown[field];
    expectFieldError(input(field), error ? fieldErrorText(field, error) : null);
  }
  expectFormMessage(form.errorKey, area);
}

/** The form's message: the English text of `errorKey` as the alert of `area`, or no alert. */
export function expectFormMessage(
  errorKey: string | null,
  area: Pick<typeof screen, 'getByRole' | 'queryByRole'> = screen,
): void {
  if (errorKey) expect(area.getByRole('alert')).toHaveTextContent(english(errorKey));
  else expect(area.queryByRole('alert')).toBeNull();
}

/** How the steps of one form of a machine are said (see sayFormStep). */
export interface FormWords<F extends string> {
  /** The events' prefix: 'password' for password.change, password.blur, password.submit. */
  form: string;
  /** Each field's label. */
  labels: Record<F, string>;
  /** The submit button's name. */
  submit: string;
  /** The field in which Enter submits while the button is disabled (the step says so). */
  enterIn?: F;
  /** How a field is left: Tab (default), or a click elsewhere on the page. */
  leave?: 'tab' | 'click elsewhere';
  /** What the member types for a value (default: the value), e.g. a phone number's digits. */
  typed?(field: F, value: string): string | undefined;
  /** What is special about a value, as a member would put it (' (too short)'). */
  note?(field: F, value: string): string | undefined;
}

/**
 * A form's step in plain English, for the path scripts: `<form>.change` types
 * a value in a field (an empty value clears it), `<form>.blur` clicks in the
 * field then leaves it, `<form>.submit` presses the button; undefined for any
 * other event.
 */
export function sayFormStep<F extends string>(
  event: { type: string },
  words: FormWords<F>,
): string | undefined {
  const { field, value } = event as { field?: F; value?: string };
  const label = field === undefined ? '' : words.labels[field];
  switch (event.type) {
    case `${words.form}.change`: {
      if (field === undefined || value === undefined) return undefined;
      if (!value) return `Clear “${label}”`;
      const typed = words.typed?.(field, value) ?? value;
      return `Type “${typed}” in “${label}”${words.note?.(field, value) ?? ''}`;
    }
    case `${words.form}.blur`:
      return field === undefined
        ? undefined
        : `Click in “${label}”, then ${words.leave === 'click elsewhere' ? 'elsewhere on the page' : 'press Tab'}`;
    case `${words.form}.submit`:
      return words.enterIn
        ? `Press “${words.submit}” (or Enter in “${words.labels[words.enterIn]}” while the button is disabled)`
        : `Press “${words.submit}”`;
    default:
      return undefined;
  }
}

/**
 * A form's confirmation (e.g. 'Your profile was saved.'): the status of
 * `area` says it while `shown`; otherwise it is nowhere on the screen.
 */
export function expectConfirmation(
  text: string,
  shown: boolean,
  area: Pick<typeof screen, 'getByRole'> = screen,
): void {
  if (shown) expect(area.getByRole('status')).toHaveTextContent(text);
  else expect(screen.queryByText(text)).toBeNull();
}

/**
 * A form step's short name in test titles, where the form's events need no
 * prefix: 'change(city)', 'change(postalCode invalid)' (`note` of the value),
 * 'blur(city)', 'submit'; undefined for any other event.
 */
export function nameFormStep(
  event: { type: string },
  form: string,
  note: (value: string) => string = () => '',
): string | undefined {
  const { field, value } = event as { field?: string; value?: string };
  if (event.type === `${form}.change`) return `change(${field}${note(value ?? '')})`;
  if (event.type === `${form}.blur`) return `blur(${field})`;
  return event.type === `${form}.submit` ? 'submit' : undefined;
}
