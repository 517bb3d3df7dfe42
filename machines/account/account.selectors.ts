import type { SnapshotFrom } from 'xstate';
import type { FieldError, FieldErrors } from '../forms/field-error.ts';
import type { ChangePasswordField } from '../forms/password.schema.ts';
import { hasNoErrors } from '../forms/validate.ts';
import type { Language } from '../shared/domain.ts';
import type { ChangePasswordMachine } from './change-password.machine.ts';
import type { DeleteAccountMachine } from './delete-account.machine.ts';
import type { PreferencesMachine } from './preferences.machine.ts';
import {
  hasProfileChanges,
  type ProfileField,
  type ProfileFormMachine,
} from './profile-form.machine.ts';

export type ProfileFormSnapshot = SnapshotFrom<ProfileFormMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<ChangePasswordMachine>;
export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>;
export type DeleteAccountSnapshot = SnapshotFrom<DeleteAccountMachine>;

/** Validation errors of touched fields, overridden by the server's marks. */
function shownErrors<Field extends string>(context: {
  validationErrors: FieldErrors<Field>;
  serverFieldErrors: FieldErrors<Field>;
  touched: Partial<Record<Field, boolean>>;
}): FieldErrors<Field> {
  const shown: FieldErrors<Field> = {};
  for (const [field, error] of Object.entries(context.validationErrors) as [
    Field,
    FieldError | undefined,
  ][]) {
    if (error && context.touched[field]) shown[field] = error;
  }
  return { ...shown, ...context.serverFieldErrors };
}

// Profile

export const isProfileSaving = (s: ProfileFormSnapshot): boolean => s.hasTag('busy');
export const isProfileSaved = (s: ProfileFormSnapshot): boolean => s.matches({ editing: 'saved' });
export const selectProfileErrors = (s: ProfileFormSnapshot): FieldErrors<ProfileField> =>
  shownErrors(s.context);
/** Save is offered once something changed (or the stored values need fixing). */
export const canSaveProfile = (s: ProfileFormSnapshot): boolean =>
  s.matches('editing') &&
  (hasProfileChanges(s.context) || !hasNoErrors(s.context.validationErrors));

// Change password

export const isChangingPassword = (s: ChangePasswordSnapshot): boolean => s.hasTag('busy');
export const isPasswordChanged = (s: ChangePasswordSnapshot): boolean =>
  s.matches({ editing: 'changed' });
export const selectChangePasswordErrors = (
  s: ChangePasswordSnapshot,
): FieldErrors<ChangePasswordField> => shownErrors(s.context);

// Preferences

export const isLanguageSaving = (s: PreferencesSnapshot): boolean =>
  s.matches({ language: 'saving' });
export const isLanguageSaved = (s: PreferencesSnapshot): boolean =>
  s.matches({ language: { ready: 'saved' } });
/** The language shown as chosen: the one being saved, else the profile's. */
export const selectShownLanguage = (s: PreferencesSnapshot): Language =>
  s.context.pendingLanguage ?? s.context.language;

export const isNotificationsSaving = (s: PreferencesSnapshot): boolean =>
  s.matches({ notifications: 'saving' });
export const isNotificationsSaved = (s: PreferencesSnapshot): boolean =>
  s.matches({ notifications: { ready: 'saved' } });
/** The switch position: notifications on unless disabled (the one being saved shows meanwhile). */
export const selectNotificationsOn = (s: PreferencesSnapshot): boolean =>
  !(s.context.pendingDisableNotifications ?? s.context.disableNotifications);

// Delete account

export const isDeleteDialogOpen = (s: DeleteAccountSnapshot): boolean => !s.matches('closed');
export const isDeleting = (s: DeleteAccountSnapshot): boolean =>
  s.matches('deleting') || s.matches('deleted');
