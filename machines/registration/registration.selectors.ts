import type { SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../forms/field-error.ts';
import type { RegistrationField, RegistrationValues } from '../forms/registration.schema.ts';
import { hasNoErrors } from '../forms/validate.ts';
import type { RegistrationMachine } from './registration.machine.ts';

export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

/** The Create Account button is enabled: editing, changed, valid (spec 5). */
export function canSubmit(snapshot: RegistrationSnapshot): boolean {
  return (
    snapshot.matches('editing') &&
    snapshot.context.changed &&
    hasNoErrors(snapshot.context.validationErrors)
  );
}

export function isSubmitting(snapshot: RegistrationSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function isSucceeded(snapshot: RegistrationSnapshot): boolean {
  return snapshot.matches('succeeded');
}

export function selectValues(snapshot: RegistrationSnapshot): RegistrationValues {
  return snapshot.context.values;
}

/**
 * The errors to show per field: the server's mark first, else the validation
 * error of a touched field.
 */
export function selectFieldErrors(snapshot: RegistrationSnapshot): FieldErrors<RegistrationField> {
  const { validationErrors, serverFieldErrors, touched } = snapshot.context;
  const shown: FieldErrors<RegistrationField> = {};
  for (const [field, error] of Object.entries(validationErrors)) {
    if (error && touched[field as RegistrationField]) shown[field as RegistrationField] = error;
  }
  return { ...shown, ...serverFieldErrors };
}

export function selectServerErrorKey(snapshot: RegistrationSnapshot): string | null {
  return snapshot.context.serverErrorKey;
}

export function selectSubmittedEmail(snapshot: RegistrationSnapshot): string | null {
  return snapshot.context.submittedEmail;
}
