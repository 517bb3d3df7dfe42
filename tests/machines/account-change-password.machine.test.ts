import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isPasswordChanged } from '../../machines/account/account.selectors.ts';
import {
  changePasswordMachine,
  MAYBE_CHANGED_KEY,
} from '../../machines/account/change-password.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { flushPromises } from '../support/deferred.ts';
import { httpError, timeoutError } from '../support/fake-services.ts';

const apiError = (key: string) => Object.assign(new Error(key), { key });
function start(
  changePassword: (body: {
    currentPassword: string;
    newPassword: string;
  }) => Promise<void> = async () => undefined,
) {
  const change = vi.fn(changePassword);
  const actor = createActor(
    changePasswordMachine.provide({
      actors: { changePassword: fromPromise(({ input }) => change(input)) },
    }),
  );
  actor.start();
  return { actor, change };
}

function fill(actor: ReturnType<typeof start>['actor'], values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'password.change', field: field as never, value });
  }
}

/** Fills a valid form (new password new-pass-22, confirmed) with `currentPassword` and submits it. */
function submitChange(actor: ReturnType<typeof start>['actor'], currentPassword = 'old-pass-1') {
  fill(actor, { currentPassword, newPassword: 'new-pass-22', passwordConfirmation: 'new-pass-22' });
  actor.send({ type: 'password.submit' });
}

describe('change-password machine', () => {
  it('asks for every field on an empty submit', () => {
    const { actor, change } = start();
    actor.send({ type: 'password.submit' });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      currentPassword: { key: 'validation.currentPasswordRequired' },
      newPassword: { key: 'validation.newPasswordRequired' },
      passwordConfirmation: { key: 'validation.passwordConfirmationRequired' },
    });
    expect(change).not.toHaveBeenCalled();
  });

  it('checks the new password’s length and its confirmation', () => {
    const { actor } = start();
    fill(actor, {
      currentPassword: 'old-pass-1',
      newPassword: 'short',
      passwordConfirmation: 'shorter',
    });
    // Nothing shows before a field is left.
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    actor.send({ type: 'password.blur', field: 'newPassword' });
    actor.send({ type: 'password.blur', field: 'passwordConfirmation' });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      newPassword: { key: 'validation.passwordMin' },
      passwordConfirmation: { key: 'validation.passwordMismatch' },
    });
    fill(actor, { newPassword: 'p'.repeat(33) });
    expect(shownFieldErrors(actor.getSnapshot().context.form).newPassword).toEqual({
      key: 'validation.maxSymbols',
      values: { number: 32, field: 'fields.newPassword' },
    });
  });

  it('changes the password, then clears the form and says so', async () => {
    const { actor, change } = start();
    submitChange(actor);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flushPromises();
    expect(change).toHaveBeenCalledWith({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-22',
    });
    expect(isPasswordChanged(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.form.values).toEqual({
      currentPassword: '',
      newPassword: '',
      passwordConfirmation: '',
    });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
  });

  it('after the change, the emptied fields say nothing when left; typing, or Enter, checks again', async () => {
    const { actor } = start();
    submitChange(actor);
    await flushPromises();
    // The focus was in the form (Enter in the confirmation) when it was emptied.
    for (const field of ['passwordConfirmation', 'currentPassword', 'newPassword'] as const) {
      actor.send({ type: 'password.blur', field });
    }
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    expect(isPasswordChanged(actor.getSnapshot())).toBe(true);

    fill(actor, { newPassword: 'short' });
    actor.send({ type: 'password.blur', field: 'newPassword' });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      newPassword: { key: 'validation.passwordMin' },
    });

    const again = start();
    submitChange(again.actor);
    await flushPromises();
    again.actor.send({ type: 'password.submit' });
    expect(Object.keys(shownFieldErrors(again.actor.getSnapshot().context.form))).toHaveLength(3);
  });

  it('maps server.incorrectPassword to the current-password field, keeping every value', async () => {
    const { actor } = start(() => Promise.reject(apiError('server.incorrectPassword')));
    submitChange(actor, 'wrong-pass');
    await flushPromises();
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      currentPassword: { key: 'server.incorrectPassword' },
    });
    expect(actor.getSnapshot().context.form.errorKey).toBeNull();
    expect(actor.getSnapshot().context.form.values.currentPassword).toBe('wrong-pass');
    fill(actor, { currentPassword: 'old-pass-1' });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
  });

  it('shows another code under the form', async () => {
    const { actor } = start(() => Promise.reject(apiError('errors.unknown')));
    submitChange(actor);
    await flushPromises();
    expect(actor.getSnapshot().context.form.errorKey).toBe('errors.unknown');
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
  });

  it('a try whose answer was lost may have changed the password: the refusal of the next says so, not "Incorrect password"', async () => {
    // The server changes the password; its answer is lost (a time-out). The retry sends the old one.
    const { actor, change } = start(() => Promise.reject(timeoutError()));
    submitChange(actor);
    await flushPromises();
    expect(actor.getSnapshot().context.form.errorKey).toBe('errors.timeout');
    expect(actor.getSnapshot().context.form.values.currentPassword).toBe('old-pass-1');

    change.mockImplementation(() => Promise.reject(httpError(400, 'server.incorrectPassword')));
    actor.send({ type: 'password.submit' });
    await flushPromises();
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      currentPassword: { key: MAYBE_CHANGED_KEY },
    });
    expect(actor.getSnapshot().context.form.errorKey).toBeNull();
  });

  it('another current password typed after such a try is checked afresh: its refusal is "Incorrect password"', async () => {
    const { actor, change } = start(() => Promise.reject(timeoutError()));
    submitChange(actor);
    await flushPromises();
    change.mockImplementation(() => Promise.reject(httpError(400, 'server.incorrectPassword')));
    fill(actor, { currentPassword: 'other-pass-3' });
    actor.send({ type: 'password.submit' });
    await flushPromises();
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      currentPassword: { key: 'server.incorrectPassword' },
    });
  });

  it('after a 5xx too; after a change that went through, a wrong password is "Incorrect password" again', async () => {
    const { actor, change } = start(() => Promise.reject(httpError(502, 'errors.server')));
    submitChange(actor);
    await flushPromises();
    change.mockImplementation(() => Promise.reject(httpError(400, 'server.incorrectPassword')));
    actor.send({ type: 'password.submit' });
    await flushPromises();
    expect(shownFieldErrors(actor.getSnapshot().context.form).currentPassword).toEqual({
      key: MAYBE_CHANGED_KEY,
    });

    change.mockImplementation(async () => undefined);
    submitChange(actor, 'new-pass-22');
    await flushPromises();
    expect(isPasswordChanged(actor.getSnapshot())).toBe(true);
    change.mockImplementation(() => Promise.reject(httpError(400, 'server.incorrectPassword')));
    submitChange(actor, 'wrong-pass');
    await flushPromises();
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({
      currentPassword: { key: 'server.incorrectPassword' },
    });
  });
});
