/**
 * The app's forms filled the way a member fills them, by their accessible
 * names (English): sign-up, the billing address, the one-time code.
 *
 *   await fillSignUp(page, { email, phone: uniqueFrenchMobile() });
 *   await page.getByRole('button', { name: 'Create Account' }).click();
 */
import type { Page } from '@playwright/test';
import type { BillingAddress } from './api.ts';
import { PASSWORD } from './members.ts';

export interface SignUpFields {
  email: string;
  /** Default 'Kim'. */
  firstName?: string;
  /** Default 'Tremblay'. */
  lastName?: string;
  /** Default PASSWORD. */
  password?: string;
  /** Digits typed one by one, after choosing the country (label of the country code list) when given. */
  phone?: { typed: string; country?: string };
}

/** Fills the sign-up form (/register) without submitting it. */
export async function fillSignUp(
  page: Page,
  { email, firstName = 'Kim', lastName = 'Tremblay', password = PASSWORD, phone }: SignUpFields,
): Promise<void> {
  await page.getByLabel('First name', { exact: true }).fill(firstName);
  await page.getByLabel('Last name', { exact: true }).fill(lastName);
  if (phone?.country) {
    await page.getByLabel('Country code').selectOption({ label: phone.country });
  }
  if (phone) await page.getByLabel('Phone', { exact: true }).pressSequentially(phone.typed);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Fills the billing form (/billing) with `address` and clicks Finish. */
export async function submitBillingAddress(page: Page, address: BillingAddress): Promise<void> {
  await page.getByLabel('Address line 1').fill(address.address_1);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Postal code').fill(address.postal_code);
  await page.getByLabel('Province or territory').selectOption(address.province);
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
