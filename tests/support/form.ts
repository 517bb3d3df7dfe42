/**
 * What a member does to a form field with user-event, and how a field shows
 * its error, for screen and model suites.
 */
import { screen } from '@testing-library/react';
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
