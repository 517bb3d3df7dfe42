import type { SnapshotFrom } from 'xstate';
import { isSubmittable } from '../forms/form-state.ts';
import type {
  RegistrationDraft,
  RegistrationForm,
  RegistrationMachine,
} from './registration.machine.ts';

export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;

export const selectRegistrationForm = (s: RegistrationSnapshot): RegistrationForm => s.context.form;

/** The Create Account button is enabled: editing, changed, valid (spec 5). */
export const canSubmitRegistration = (s: RegistrationSnapshot): boolean =>
  s.matches('editing') && isSubmittable(s.context.form);

export const isRegistering = (s: RegistrationSnapshot): boolean => s.hasTag('busy');

export const isRegistered = (s: RegistrationSnapshot): boolean => s.matches('succeeded');

export const selectSubmittedEmail = (s: RegistrationSnapshot): string | null =>
  s.context.submittedEmail;

/**
 * "This email already has an account" right after a sign-up with the same
 * email got no answer: that sign-up most likely created it.
 */
export const isMaybeCreatedAlready = (s: RegistrationSnapshot): boolean =>
  isEmailTaken(s) &&
  s.context.unansweredEmail?.toLowerCase() === s.context.form.values.email.trim().toLowerCase();

/** The address the server says already has an account (any edit clears that), else null. */
export const selectTakenEmail = (s: RegistrationSnapshot): string | null =>
  isEmailTaken(s) ? s.context.form.values.email.trim() : null;

/** The server says the email already has an account (which may well be the member's own). */
export const isEmailTaken = (s: RegistrationSnapshot): boolean =>
  s.context.form.errorKey === 'server.sameEmailUserExists';

/**
 * What to keep when the form is left (Back, a link) for the next visit in this
 * tab: the values typed but the password; none once the account is created or
 * while it is being created (it most likely is).
 */
export const selectDraft = (s: RegistrationSnapshot): RegistrationDraft | undefined => {
  if (isRegistered(s) || isRegistering(s)) return undefined;
  const { password: _password, ...draft } = s.context.form.values;
  return draft;
};
