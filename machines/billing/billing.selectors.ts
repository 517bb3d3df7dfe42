import type { SnapshotFrom } from 'xstate';
import { isFormValid } from '../forms/form-state.ts';
import type { BillingForm, BillingMachine } from './billing.machine.ts';

export type BillingSnapshot = SnapshotFrom<BillingMachine>;

export const selectBillingForm = (s: BillingSnapshot): BillingForm => s.context.form;

/** The Finish button is enabled: editing and valid. */
export const canSubmitBilling = (s: BillingSnapshot): boolean =>
  s.matches('editing') && isFormValid(s.context.form);

/** The button says “Saving...” (saving or refreshing). */
export const isBillingBusy = (s: BillingSnapshot): boolean => s.hasTag('busy');
