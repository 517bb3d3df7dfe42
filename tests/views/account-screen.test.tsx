import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_KEY } from '../../src/app/language-choice.ts';
import { createAccountHarness, renderAccount, section, USER } from '../support/account.kit.tsx';
import { httpError, networkError } from '../support/fake-services.ts';
import { done, failed } from '../support/model.ts';

type Harness = Awaited<ReturnType<typeof createAccountHarness>>;

async function setup(language: 'en' | 'fr' = 'en') {
  const h = await createAccountHarness();
  const view = await renderAccount(h, language);
  return { h, ...view };
}

/** The page has one title, `title`, and a section per setting titled `sections`, in order. */
function expectHeadings(title: string, sections: string[]) {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(sections);
}

/**
 * The server refuses the pending `call` with `error`; the screen then marks
 * `field` with the message `marked` (read with the field, as its description).
 */
async function refuse(
  h: Harness,
  call: string,
  error: unknown,
  { field, marked }: { field: () => HTMLElement; marked: string },
) {
  await h.settle(failed(call, error));
  await waitFor(() => expect(field()).toHaveAccessibleDescription(marked));
  // The refused field takes the focus: a screen reader reads it with the server's message.
  await waitFor(() => expect(field()).toHaveFocus());
}

describe('AccountScreen', () => {
  it('shows one title and a section per setting, the profile filled in', async () => {
    await setup();
    expectHeadings('Your account', [
      'Profile',
      'Password',
      'Language',
      'Notifications',
      'Delete account',
    ]);
    const profile = within(section('Profile'));
    expect(profile.getByLabelText('First name')).toHaveValue('Marie');
    expect(profile.getByLabelText('Last name')).toHaveValue('Tremblay');
    expect(profile.getByLabelText('Phone')).toHaveValue('(514) 555-0123');
    expect(profile.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(profile.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Receive notifications' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('saves the profile and hands the new user to the session', async () => {
    const { h, user } = await setup();
    const profile = within(section('Profile'));
    await user.clear(profile.getByLabelText('Last name'));
    await user.type(profile.getByLabelText('Last name'), ' Roy ');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(h.auth.updateProfile).toHaveBeenCalledWith({
      firstName: 'Marie',
      lastName: 'Roy',
      phone: USER.phone,
    });
    await h.settle(done('updateProfile', { ...USER, lastName: 'Roy' }));
    expect(await profile.findByRole('status')).toHaveTextContent('Your profile was saved.');
    expect(h.session.getSnapshot().context.user.lastName).toBe('Roy');
  });

  it('marks the phone when the server says another member has it, keeping what was typed', async () => {
    const { h, user } = await setup();
    const profile = within(section('Profile'));
    await user.clear(profile.getByLabelText('Phone'));
    await user.type(profile.getByLabelText('Phone'), '4165550100');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(h.auth.updateProfile).toHaveBeenCalledWith(
      expect.objectContaining({ phone: '+14165550100' }),
    );
    await refuse(h, 'updateProfile', httpError(409, 'server.samePhoneUserExists'), {
      field: () => profile.getByLabelText('Phone'),
      marked: 'User with the same phone number already exists',
    });
    expect(profile.getByLabelText('Phone')).toHaveValue('(416) 555-0100');
  });

  it('asks for the current and new passwords, and maps a wrong current password to its field', async () => {
    const { h, user } = await setup();
    const password = within(section('Password'));
    // The account the new password is for, for password managers (hidden, in the form).
    const username = section('Password').querySelector('form input[autocomplete="username"]');
    expect(username).toHaveValue(USER.email);
    expect(username).not.toBeVisible();
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(password.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(password.getByLabelText('Current password')).toHaveFocus();
    expect(password.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('New password is required'),
    );
    expect(password.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Password confirmation is required',
    );
    await user.type(password.getByLabelText('Current password'), 'wrong-pass');
    await user.type(password.getByLabelText('New password'), 'new-Passw0rd');
    await user.type(password.getByLabelText('Confirm password'), 'new-Passw0rd');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(h.auth.changePassword).toHaveBeenCalledWith({
      currentPassword: 'wrong-pass',
      newPassword: 'new-Passw0rd',
    });
    await refuse(h, 'changePassword', httpError(400, 'server.incorrectPassword'), {
      field: () => password.getByLabelText('Current password'),
      marked: 'Incorrect password',
    });
    expect(password.getByLabelText('New password')).toHaveValue('new-Passw0rd');
  });

  it('saves the language to the profile and switches the interface at once', async () => {
    const { h, user, i18n } = await setup();
    await user.click(screen.getByRole('radio', { name: 'Français' }));
    expect(h.auth.changeLanguage).toHaveBeenCalledWith({ language: 'fr' });
    expect(i18n.language).toBe('en');
    await h.settle(done('changeLanguage', { ...USER, language: 'fr' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre compte' })).toBeVisible();
    expect(i18n.language).toBe('fr');
    expect(h.session.getSnapshot().context.user.language).toBe('fr');
    expect(within(section('Langue')).getByRole('status')).toHaveTextContent('Langue enregistrée.');
  });

  it('a French choice the header could not save: opening the page saves it, and says so when that fails too', async () => {
    // The member clicked FR in the header while offline: the interface is French, the profile English.
    localStorage.setItem(LANGUAGE_CHOICE_KEY, `fr:${USER._id}`);
    const { h } = await setup('fr');
    await waitFor(() => expect(h.auth.changeLanguage).toHaveBeenCalledWith({ language: 'fr' }));
    expect(within(section('Langue')).getByRole('status')).toHaveTextContent(
      'Enregistrement de votre langue…',
    );
    await h.settle(failed('changeLanguage', networkError()));
    const language = within(section('Langue'));
    expect(await language.findByRole('alert')).toHaveTextContent(
      'Impossible de joindre le serveur. Vérifiez votre connexion, puis réessayez.',
    );
    // The profile still has English, and the section says it: it is kept to be saved later.
    expect(language.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe(`fr:${USER._id}`);
    expect(h.auth.changeLanguage).toHaveBeenCalledTimes(1);
  });

  it('a French choice the header could not save, saved on opening: the profile has it, the device forgets it', async () => {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, `fr:${USER._id}`);
    const { h } = await setup('fr');
    await waitFor(() => expect(h.auth.changeLanguage).toHaveBeenCalledWith({ language: 'fr' }));
    await h.settle(done('changeLanguage', { ...USER, language: 'fr' }));
    const language = within(section('Langue'));
    expect(await language.findByRole('status')).toHaveTextContent('Langue enregistrée.');
    expect(language.getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
    expect(h.auth.changeLanguage).toHaveBeenCalledTimes(1);
  });

  it('another member’s choice kept on this device is not theirs to save', async () => {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, 'fr:someone-else');
    const { h } = await setup();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(h.auth.changeLanguage).not.toHaveBeenCalled();
  });

  it('switches notifications off with the switch', async () => {
    const { h, user } = await setup();
    const toggle = screen.getByRole('switch', { name: 'Receive notifications' });
    await user.click(toggle);
    expect(h.auth.setNotifications).toHaveBeenCalledWith({ disableNotifications: true });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await h.settle(done('setNotifications', { ...USER, disableNotifications: true }));
    expect(await within(section('Notifications')).findByRole('status')).toHaveTextContent(
      'Notifications are off.',
    );
    expect(h.session.getSnapshot().context.user.disableNotifications).toBe(true);
  });

  it('deletes the account only with the password, then signs out', async () => {
    const { h, user } = await setup();
    const opener = screen.getByRole('button', { name: 'Delete my account' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(password).toHaveAccessibleDescription('Password is required');
    expect(h.auth.deleteAccount).not.toHaveBeenCalled();

    await user.type(password, 'my-Passw0rd');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(h.auth.deleteAccount).toHaveBeenCalledWith({ password: 'my-Passw0rd' });
    expect(h.session.getSnapshot().matches('authenticated')).toBe(true);
    await h.settle(done('deleteAccount', undefined));
    await waitFor(() => expect(h.session.getSnapshot().matches('signedOut')).toBe(true));
    expect(h.effects.clearTokens).toHaveBeenCalled();
    expect(h.navigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the password and marks it when the server says it is wrong', async () => {
    const { h, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await refuse(h, 'deleteAccount', httpError(400, 'server.incorrectPassword'), {
      field: () => within(dialog).getByLabelText('Password'),
      marked: 'Incorrect password',
    });
    expect(within(dialog).getByLabelText('Password')).toHaveValue('wrong');
    expect(h.session.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('closes the dialog on Escape or Cancel, giving the focus back', async () => {
    const { user } = await setup();
    const opener = screen.getByRole('button', { name: 'Delete my account' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await act(async () => {
      fireEvent(dialog, new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('speaks French throughout', async () => {
    const { user } = await setup('fr');
    expectHeadings('Votre compte', [
      'Profil',
      'Mot de passe',
      'Langue',
      'Notifications',
      'Supprimer le compte',
    ]);
    const profile = within(section('Profil'));
    expect(profile.getByLabelText('Prénom')).toHaveValue('Marie');
    expect(profile.getByLabelText('Nom de famille')).toHaveValue('Tremblay');
    expect(profile.getByLabelText('Téléphone')).toBeVisible();
    expect(profile.getByRole('button', { name: 'Enregistrer le profil' })).toBeDisabled();
    await user.clear(profile.getByLabelText('Prénom'));
    await user.tab();
    expect(profile.getByLabelText('Prénom')).toHaveAccessibleDescription(
      'Le prénom est obligatoire',
    );

    const password = within(section('Mot de passe'));
    await user.click(password.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(password.getByLabelText('Mot de passe actuel')).toHaveAccessibleDescription(
      'Le mot de passe actuel est obligatoire',
    );
    await user.type(password.getByLabelText('Nouveau mot de passe'), 'court');
    expect(password.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(
      expect.stringContaining('Le mot de passe doit comporter au moins 8\u00a0caractères'),
    );
    expect(screen.getByRole('switch', { name: 'Recevoir les notifications' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer votre compte\u202f?' });
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(within(dialog).getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      'Le mot de passe est obligatoire',
    );
  });
});
