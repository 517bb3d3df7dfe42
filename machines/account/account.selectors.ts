import type { SnapshotFrom } from 'xstate';
import { isFormValid } from '../forms/form-state.ts';
import type { Language } from '../shared/domain.ts';
import type { ChangePasswordForm, ChangePasswordMachine } from './change-password.machine.ts';
import type { DeleteAccountForm, DeleteAccountMachine } from './delete-account.machine.ts';
import type { PreferencesMachine } from './preferences.machine.ts';
import {
  hasProfileChanges,
  type ProfileForm,
  type ProfileFormMachine,
} from './profile-form.machine.ts';
import * as setting from './setting.ts';

export type ProfileFormSnapshot = SnapshotFrom<ProfileFormMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<ChangePasswordMachine>;
export type PreferencesSnapshot = SnapshotFrom<PreferencesMachine>;
export type DeleteAccountSnapshot = SnapshotFrom<DeleteAccountMachine>;

// Profile

export const selectProfileForm = (s: ProfileFormSnapshot): ProfileForm => s.context.form;
export const isProfileSaving = (s: ProfileFormSnapshot): boolean => s.hasTag('busy');
export const isProfileSaved = (s: ProfileFormSnapshot): boolean => s.matches({ editing: 'saved' });
/** Save is offered once something changed (or the stored values need fixing). */
export const canSaveProfile = (s: ProfileFormSnapshot): boolean =>
  s.matches('editing') && (hasProfileChanges(s.context) || !isFormValid(s.context.form));

// Change password

export const selectChangePasswordForm = (s: ChangePasswordSnapshot): ChangePasswordForm =>
  s.context.form;
export const isChangingPassword = (s: ChangePasswordSnapshot): boolean => s.hasTag('busy');
export const isPasswordChanged = (s: ChangePasswordSnapshot): boolean =>
  s.matches({ editing: 'changed' });

// Preferences

export const isLanguageSaving = (s: PreferencesSnapshot): boolean =>
  s.matches({ language: 'saving' });
export const isLanguageSaved = (s: PreferencesSnapshot): boolean =>
  s.matches({ language: { ready: 'saved' } });
/** The language shown as chosen: the one being saved, else the profile's. */
export const selectShownLanguage = (s: PreferencesSnapshot): Language =>
  setting.shown(s.context.language);

export const isNotificationsSaving = (s: PreferencesSnapshot): boolean =>
  s.matches({ notifications: 'saving' });
export const isNotificationsSaved = (s: PreferencesSnapshot): boolean =>
  s.matches({ notifications: { ready: 'saved' } });
/** The switch position: notifications on unless disabled (the one being saved shows meanwhile). */
export const selectNotificationsOn = (s: PreferencesSnapshot): boolean =>
  !setting.shown(s.context.disableNotifications);

// Delete account

export const selectDeleteAccountForm = (s: DeleteAccountSnapshot): DeleteAccountForm =>
  s.context.form;
export const isDeleteDialogOpen = (s: DeleteAccountSnapshot): boolean => !s.matches('closed');
export const isDeleting = (s: DeleteAccountSnapshot): boolean =>
  s.matches('deleting') || s.matches('deleted');
