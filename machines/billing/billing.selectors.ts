import type { SnapshotFrom } from 'xstate';
import type { BillingField, BillingValues } from '../forms/billing.schema.ts';
import type { FieldErrors } from '../forms/field-error.ts';
import { hasNoErrors } from '../forms/validate.ts';
import type { BillingMachine } from './billing.machine.ts';

export type BillingSnapshot = SnapshotFrom<BillingMachine>;

/** The Finish button is enabled: editing and valid. */
export function canSubmit(snapshot: BillingSnapshot): boolean {
  return snapshot.matches('editing') && hasNoErrors(snapshot.context.validationErrors);
}

/** The button says “Saving...” (saving or refreshing). */
export function isBusy(snapshot: BillingSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function selectValues(snapshot: BillingSnapshot): BillingValues {
  return snapshot.context.values;
}

/** Validation errors of touched fields. */
export function selectFieldErrors(snapshot: BillingSnapshot): FieldErrors<BillingField> {
  const { validationErrors, touched } = snapshot.context;
  const shown: FieldErrors<BillingField> = {};
  for (const [field, error] of Object.entries(validationErrors)) {
    if (error && touched[field as BillingField]) shown[field as BillingField] = error;
  }
  return shown;
}

export function selectErrorKey(snapshot: BillingSnapshot): string | null {
  return snapshot.context.errorKey;
}
