import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { canSaveProfile, isProfileSaved } from '../../machines/account/account.selectors.ts';
import {
  type ProfileValues,
  profileFormMachine,
} from '../../machines/account/profile-form.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import type { User } from '../../machines/shared/domain.ts';
import { flushPromises } from '../support/deferred.ts';
import { MARIE } from '../support/fixtures.ts';

const USER: User = MARIE;

const apiError = (key: string) => Object.assign(new Error(key), { key });
function start(
  updateProfile: (body: ProfileValues) => Promise<User> = async (body) => ({
    ...USER,
    ...body,
  }),
) {
  const update = vi.fn(updateProfile);
  const notifyUserUpdated = vi.fn();
  const actor = createActor(
    profileFormMachine.provide({
      actors: { updateProfile: fromPromise(({ input }) => update(input)) },
      actions: { notifyUserUpdated: (_, params) => notifyUserUpdated(params.user) },
    }),
    { input: { firstName: USER.firstName, lastName: USER.lastName, phone: USER.phone } },
  );
  actor.start();
  return { actor, update, notifyUserUpdated };
}

describe('profile form machine', () => {
  it('starts with the user’s values and nothing to save', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.form.values).toEqual({
      firstName: 'Marie',
      lastName: 'Tremblay',
      phone: '+15145550123',
    });
    expect(canSaveProfile(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('follows a profile changed elsewhere: fields not edited show it, edits stay, Save sends both', async () => {
    const { actor, update } = start();
    // Another tab changed the first name; here the member has edited the last name.
    actor.send({ type: 'profile.change', field: 'lastName', value: 'Roy' });
    actor.send({
      type: 'profile.userChanged',
      firstName: 'Bob',
      lastName: USER.lastName,
      phone: USER.phone,
    });
    expect(actor.getSnapshot().context.form.values).toEqual({
      firstName: 'Bob',
      lastName: 'Roy',
      phone: '+15145550123',
    });
    actor.send({ type: 'profile.submit' });
    await flushPromises();
    expect(update).toHaveBeenCalledWith({
      firstName: 'Bob',
      lastName: 'Roy',
      phone: '+15145550123',
    });

    // Untouched, the form simply follows, with nothing to save.
    actor.send({
      type: 'profile.userChanged',
      firstName: 'Bo',
      lastName: 'Roy',
      phone: USER.phone,
    });
    expect(actor.getSnapshot().context.form.values.firstName).toBe('Bo');
    expect(canSaveProfile(actor.getSnapshot())).toBe(false);
  });

  it('applies the registration rules to names and phone', () => {
    const { actor, update } = start();
    actor.send({ type: 'profile.change', field: 'firstName', value: 'M' });
    actor.send({ type: 'profile.change', field: 'lastName', value: '' });
    actor.send({ type: 'profile.change', field: 'phone', value: '+1' });
    // Nothing shows before a field is left.
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    for (const field of ['firstName', 'lastName', 'phone'] as const) {
      actor.send({ type: 'profile.blur', field });
    }
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      firstName: { key: 'validation.minSymbols', values: { number: 2, field: 'fields.firstName' } },
      lastName: { key: 'validation.lastNameRequired' },
      phone: { key: 'validation.phoneInvalid' },
    });
    actor.send({ type: 'profile.change', field: 'lastName', value: 'x'.repeat(33) });
    expect(shownFieldErrors(actor.getSnapshot().context.form).lastName).toEqual({
      key: 'validation.maxSymbols',
      values: { number: 32, field: 'fields.lastName' },
    });
    actor.send({ type: 'profile.submit' });
    expect(update).not.toHaveBeenCalled();
  });

  it('shows every error on an invalid submit, even of fields not touched', () => {
    const { actor } = start();
    actor.send({ type: 'profile.change', field: 'phone', value: '' });
    actor.send({ type: 'profile.blur', field: 'firstName' });
    // The phone was emptied but not left: its error waits.
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    actor.send({ type: 'profile.submit' });
    expect(shownFieldErrors(actor.getSnapshot().context.form).phone).toEqual({
      key: 'validation.phoneRequired',
    });
  });

  it('saves trimmed values, hands the returned user to the session and says so', async () => {
    const { actor, update, notifyUserUpdated } = start();
    actor.send({ type: 'profile.change', field: 'firstName', value: '  Émilie ' });
    expect(canSaveProfile(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'profile.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flushPromises();
    expect(update).toHaveBeenCalledWith({
      firstName: 'Émilie',
      lastName: 'Tremblay',
      phone: '+15145550123',
    });
    expect(notifyUserUpdated).toHaveBeenCalledWith({ ...USER, firstName: 'Émilie' });
    expect(isProfileSaved(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.form.values.firstName).toBe('Émilie');
    expect(canSaveProfile(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'profile.change', field: 'lastName', value: 'Roy' });
    expect(isProfileSaved(actor.getSnapshot())).toBe(false);
  });

  it.each([['server.samePhoneUserExists'], ['server.invalidPhoneNumber']])(
    'marks the phone field with %s and keeps the values',
    async (key) => {
      const { actor, notifyUserUpdated } = start(() => Promise.reject(apiError(key)));
      actor.send({ type: 'profile.change', field: 'phone', value: '+15145550199' });
      actor.send({ type: 'profile.submit' });
      await flushPromises();
      expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({ phone: { key } });
      expect(actor.getSnapshot().context.form.errorKey).toBeNull();
      expect(actor.getSnapshot().context.form.values.phone).toBe('+15145550199');
      expect(notifyUserUpdated).not.toHaveBeenCalled();
      actor.send({ type: 'profile.change', field: 'phone', value: '+15145550198' });
      expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    },
  );

  it('shows any other code under the form', async () => {
    const { actor } = start(() => Promise.reject(apiError('errors.network')));
    actor.send({ type: 'profile.change', field: 'lastName', value: 'Roy' });
    actor.send({ type: 'profile.submit' });
    await flushPromises();
    expect(actor.getSnapshot().context.form.errorKey).toBe('errors.network');
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    expect(actor.getSnapshot().context.form.values.lastName).toBe('Roy');
  });
});
