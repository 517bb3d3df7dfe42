import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isDeleteDialogOpen } from '../../machines/account/account.selectors.ts';
import { deleteAccountMachine } from '../../machines/account/delete-account.machine.ts';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import { flushPromises } from '../support/deferred.ts';

const apiError = (key: string) => Object.assign(new Error(key), { key });
function start(
  deleteAccount: (body: { password: string }) => Promise<void> = async () => undefined,
) {
  const remove = vi.fn(deleteAccount);
  const signOut = vi.fn();
  const actor = createActor(
    deleteAccountMachine.provide({
      actors: { deleteAccount: fromPromise(({ input }) => remove(input)) },
      actions: { signOut },
    }),
  );
  actor.start();
  return { actor, remove, signOut };
}

describe('delete-account machine', () => {
  it('opens a confirmation that requires the password', () => {
    const { actor, remove } = start();
    expect(isDeleteDialogOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'delete.open' });
    expect(isDeleteDialogOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'delete.submit' });
    expect(shownFieldErrors(actor.getSnapshot().context.form).password).toEqual({
      key: 'validation.passwordRequired',
    });
    expect(remove).not.toHaveBeenCalled();
  });

  it('hides “required” while typing; it shows again only on submit', () => {
    const { actor } = start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.submit' });
    actor.send({ type: 'delete.change', value: 'a' });
    actor.send({ type: 'delete.change', value: '' });
    expect(shownFieldErrors(actor.getSnapshot().context.form)).toEqual({});
    actor.send({ type: 'delete.submit' });
    expect(shownFieldErrors(actor.getSnapshot().context.form).password).toEqual({
      key: 'validation.passwordRequired',
    });
  });

  it('deletes with the password, then signs out', async () => {
    const { actor, remove, signOut } = start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.change', value: 'my-password' });
    actor.send({ type: 'delete.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches('deleting')).toBe(true);
    await flushPromises();
    expect(remove).toHaveBeenCalledWith({ password: 'my-password' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('marks the password field on server.incorrectPassword and keeps it', async () => {
    const { actor, signOut } = start(() => Promise.reject(apiError('server.incorrectPassword')));
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.change', value: 'wrong' });
    actor.send({ type: 'delete.submit' });
    await flushPromises();
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.form.serverFieldErrors.password).toEqual({
      key: 'server.incorrectPassword',
    });
    expect(actor.getSnapshot().context.form.values.password).toBe('wrong');
    expect(signOut).not.toHaveBeenCalled();
    actor.send({ type: 'delete.change', value: 'wrong2' });
    expect(actor.getSnapshot().context.form.serverFieldErrors).toEqual({});
  });

  it('shows another error in the dialog', async () => {
    const { actor } = start(() => Promise.reject(apiError('errors.rateLimited')));
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.change', value: 'pw' });
    actor.send({ type: 'delete.submit' });
    await flushPromises();
    expect(actor.getSnapshot().context.form.errorKey).toBe('errors.rateLimited');
    expect(actor.getSnapshot().context.form.serverFieldErrors).toEqual({});
  });

  it.each([
    ['no answer', apiError('errors.network')],
    ['none in time', apiError('errors.timeout')],
    ['a server failure', Object.assign(apiError('errors.server'), { status: 503 })],
  ])(
    '%s: says the account may already be deleted, keeps the password, and Delete asks again',
    async (_name, error) => {
      const deleteAccount = vi
        .fn<() => Promise<void>>()
        .mockRejectedValueOnce(error)
        .mockResolvedValueOnce(undefined);
      const { actor, signOut } = start(deleteAccount);
      actor.send({ type: 'delete.open' });
      actor.send({ type: 'delete.change', value: 'pw' });
      actor.send({ type: 'delete.submit' });
      await flushPromises();
      expect(actor.getSnapshot().matches('confirming')).toBe(true);
      expect(actor.getSnapshot().context.form.errorKey).toBe('account:delete.maybeDeleted');
      expect(actor.getSnapshot().context.form.values.password).toBe('pw');
      expect(signOut).not.toHaveBeenCalled();

      actor.send({ type: 'delete.submit' });
      await flushPromises();
      expect(deleteAccount).toHaveBeenCalledTimes(2);
      expect(signOut).toHaveBeenCalledTimes(1);
    },
  );

  describe('the server refusing the session (401, 403: the client’s refresh was refused)', () => {
    const refused = (status: number) => Object.assign(apiError('server.unauthorized'), { status });

    it.each([401, 403])(
      'after a try that got no verdict (%i): that try deleted the account, signed out as a deletion',
      async (status) => {
        const deleteAccount = vi
          .fn<() => Promise<void>>()
          .mockRejectedValueOnce(apiError('errors.network'))
          .mockRejectedValueOnce(refused(status));
        const { actor, signOut } = start(deleteAccount);
        actor.send({ type: 'delete.open' });
        actor.send({ type: 'delete.change', value: 'pw' });
        actor.send({ type: 'delete.submit' });
        await flushPromises();
        // Typing again (which hides the dialog's message) does not forget the lost try.
        actor.send({ type: 'delete.change', value: 'pw2' });
        expect(actor.getSnapshot().context.form.errorKey).toBeNull();
        actor.send({ type: 'delete.submit' });
        await flushPromises();
        expect(actor.getSnapshot().status).toBe('done');
        expect(signOut).toHaveBeenCalledTimes(1);
        expect(signOut.mock.calls[0]?.[1]).toEqual({ reason: 'deleted' });
      },
    );

    it.each([401, 403])(
      'on a first try (%i): signed out, and /login says the account may have been deleted (a try the browser sent again itself, its first answer lost, finds the account gone)',
      async (status) => {
        const { actor, signOut } = start(() => Promise.reject(refused(status)));
        actor.send({ type: 'delete.open' });
        actor.send({ type: 'delete.change', value: 'pw' });
        actor.send({ type: 'delete.submit' });
        await flushPromises();
        expect(actor.getSnapshot().status).toBe('done');
        expect(actor.getSnapshot().matches('refused')).toBe(true);
        expect(signOut).toHaveBeenCalledTimes(1);
        expect(signOut.mock.calls[0]?.[1]).toEqual({ reason: 'maybeDeleted' });
      },
    );

    it('after the dialog was closed and opened again since the lost try, too', async () => {
      const deleteAccount = vi
        .fn<() => Promise<void>>()
        .mockRejectedValueOnce(apiError('errors.timeout'))
        .mockRejectedValueOnce(refused(401));
      const { actor, signOut } = start(deleteAccount);
      actor.send({ type: 'delete.open' });
      actor.send({ type: 'delete.change', value: 'pw' });
      actor.send({ type: 'delete.submit' });
      await flushPromises();
      actor.send({ type: 'delete.cancel' });
      actor.send({ type: 'delete.open' });
      expect(actor.getSnapshot().context.form.values.password).toBe('');
      actor.send({ type: 'delete.change', value: 'pw' });
      actor.send({ type: 'delete.submit' });
      await flushPromises();
      expect(actor.getSnapshot().status).toBe('done');
      expect(signOut).toHaveBeenCalledTimes(1);
    });
  });

  it('forgets the password when cancelled', () => {
    const { actor } = start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.change', value: 'secret' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.form.values.password).toBe('');
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().context.form.values.password).toBe('');
  });
});
