/**
 * What a member does to a form field with user-event, and how a field shows
 * its error, for screen and model suites.
 */
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

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
