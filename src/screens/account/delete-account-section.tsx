import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeleteAccountSnapshot,
  isDeleteDialogOpen,
  isDeleting,
  selectDeleteAccountForm,
} from '../../../machines/account/account.selectors.ts';
import {
  type DeleteAccountEvent,
  deleteAccountMachine,
} from '../../../machines/account/delete-account.machine.ts';
import { shownFieldErrors } from '../../../machines/forms/form-state.ts';
import { useFlow } from '../../app/use-flow.ts';
import { useSignOut } from '../../app/use-sign-out.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useRefusedFocus } from '../../components/use-form-fields.ts';
import { useErrorText } from '../../i18n/translate.ts';
import { AccountSection } from './account-section.tsx';

/** Delete account: a confirmation dialog asks for the password; then signed out, and told so on /login. */
export function DeleteAccountSection() {
  const { t } = useTranslation(['account', 'common']);
  const signOut = useSignOut();
  // /login then says the account was deleted, or may have been.
  const [snapshot, send] = useFlow(deleteAccountMachine, 'deleteAccount', {
    view: { signOut: (_args, { reason }) => signOut(reason) },
  });
  const open = isDeleteDialogOpen(snapshot);

  // Closing the dialog gives the focus back to the button that opened it.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <AccountSection name="delete" danger>
      <p>{t('account:delete.text')}</p>
      <button
        ref={opener}
        type="button"
        className="button button--danger"
        aria-haspopup="dialog"
        onClick={() => send({ type: 'delete.open' })}
      >
        {t('account:delete.open')}
      </button>
      {open ? <DeleteDialog snapshot={snapshot} send={send} /> : null}
    </AccountSection>
  );
}

function DeleteDialog({
  snapshot,
  send,
}: {
  snapshot: DeleteAccountSnapshot;
  send: (event: DeleteAccountEvent) => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const { keyText, fieldText } = useErrorText();
  const dialog = useRef<HTMLDialogElement>(null);
  const deleting = isDeleting(snapshot);
  const form = selectDeleteAccountForm(snapshot);
  const { errorKey } = form;
  const passwordError = shownFieldErrors(form).password;

  // A native modal dialog where the browser has one (focus kept inside, Escape cancels).
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal();
    } else {
      element.setAttribute('open', '');
    }
    element.querySelector<HTMLInputElement>('input')?.focus();
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
    };
  }, []);

  const { formRef, said, submitted } = useRefusedFocus(deleting);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
    send({ type: 'delete.submit' });
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby="account-delete-dialog-title"
      aria-describedby="account-delete-dialog-text"
      onCancel={(event) => {
        // Escape: cancel, unless the deletion is under way.
        event.preventDefault();
        if (!deleting) send({ type: 'delete.cancel' });
      }}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-describedby={errorKey ? 'account-delete-error' : undefined}
      >
        <h2 id="account-delete-dialog-title">{t('account:delete.dialogTitle')}</h2>
        <p id="account-delete-dialog-text">{t('account:delete.dialogText')}</p>
        <PasswordField
          id="account-delete-password"
          label={t('common:fields.password')}
          value={form.values.password}
          onValueChange={(value) => send({ type: 'delete.change', value })}
          error={passwordError ? fieldText(passwordError) : undefined}
          readOnly={deleting}
          autoComplete="current-password"
          required
        />
        <FormAlert id="account-delete-error">{errorKey ? keyText(errorKey) : null}</FormAlert>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={deleting}
            onClick={() => send({ type: 'delete.cancel' })}
          >
            {t('account:delete.cancel')}
          </button>
          <SubmitButton
            busy={deleting}
            busyLabel={t('account:delete.deleting')}
            said={said}
            className="button--danger"
          >
            {t('account:delete.confirm')}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
