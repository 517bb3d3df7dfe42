/**
 * The app's forms filled the way a member fills them, by their accessible
 * names (English): sign-up, the billing address, the one-time code.
 *
 *   await fillSignUp(page, { email, phone: uniqueFrenchMobile() });
 *   await page.getByRole('button', { name: 'Create Account' }).click();
 */
import { expect, type Page } from '@playwright/test';
import type { BillingAddress } from './api.ts';
import { PASSWORD } from './members.ts';

/** Fills each field, found by its label, with its value. */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Each field, found by its label, holds its value (nothing typed was lost). */
export async function expectFieldValues(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
}

export interface SignUpFields {
  email: string;
  /** Default 'Kim'. */
  firstName?: string;
  /** Default 'Tremblay'. */
  lastName?: string;
  /** Default PASSWORD. */
  password?: string;
}

/** What a member types into the sign-up form, by label (the phone apart: it is typed key by key). */
export function signUpValues({
  email,
  firstName = 'Kim',
  lastName = 'Tremblay',
  password = PASSWORD,
}: SignUpFields): Record<string, string> {
  return { 'First name': firstName, 'Last name': lastName, Email: email, Password: password };
}

/**
 * Fills the sign-up form (/register) without submitting it; the phone's digits
 * typed one by one, after choosing its country when given.
 */
export async function fillSignUp(
  page: Page,
  { phone, ...fields }: SignUpFields & { phone?: { typed: string; country?: string } },
): Promise<void> {
  await fillFields(page, signUpValues(fields));
  if (phone?.country) {
    await page.getByLabel('Country code').selectOption({ label: phone.country });
  }
  if (phone) await page.getByLabel('Phone', { exact: true }).pressSequentially(phone.typed);
}

/** Fills the billing form (/billing) with `address`. */
export async function fillBillingAddress(page: Page, address: BillingAddress): Promise<void> {
  await page.getByLabel('Address line 1').fill(address.address_1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postal code').fill(address.postal_code);
  await page.getByLabel('Province or territory').selectOption(address.province);
}

/** Fills the billing form (/billing) with `address` and clicks Finish. */
export async function submitBillingAddress(page: Page, address: BillingAddress): Promise<void> {
  await fillBillingAddress(page, address);
  await page.getByRole('button', { name: 'Finish' }).click();
}

/** Types the one-time code into its boxes (from the first one) and clicks Next (`texts` in another language). */
export async function enterCode(
  page: Page,
  code: string,
  texts: { digit1: string; next: string } = { digit1: 'Digit 1 of 6', next: 'Next' },
): Promise<void> {
  await page.getByRole('textbox', { name: texts.digit1, exact: true }).fill(code);
  await page.getByRole('button', { name: texts.next, exact: true }).click();
}

/** Each of the six one-time-code boxes holds its digit of `code`. */
export async function expectCode(page: Page, code: string): Promise<void> {
  for (const [index, digit] of [...code].entries()) {
    await expect(page.getByRole('textbox', { name: `Digit ${index + 1} of 6` })).toHaveValue(digit);
  }
}

/** Clicks the button whose name is exactly `name`. */
export function click(page: Page, name: string): Promise<void> {
  return page.getByRole('button', { name, exact: true }).click();
}
