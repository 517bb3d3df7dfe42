import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A password input with a show/hide toggle (spec 2). The toggle's name says
 * what it does next ('Show password', 'Hide password'); it is not also a
 * pressed/not-pressed button, which a screen reader read as 'Hide password,
 * toggle button, pressed'.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  // Emptied by the app (a password changed, a form reset), not by the member's
  // own Backspace: the next password typed there is hidden again.
  const emptied = props.value === '';
  useEffect(() => {
    if (emptied && document.activeElement?.id !== props.id) setVisible(false);
  }, [emptied, props.id]);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="field__toggle"
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          {/* Seen: 'Show' (one line beside the box, in French too); named 'Show password'. */}
          <span aria-hidden="true">{visible ? t('fields.hide') : t('fields.show')}</span>
          <span className="visually-hidden">
            {visible ? t('fields.hidePassword') : t('fields.showPassword')}
          </span>
        </button>
      }
    />
  );
}

/** A field spec's password that the member types to prove it is them (FormFields). */
export const CURRENT_PASSWORD = { as: PasswordField, autoComplete: 'current-password' } as const;

/** A field spec's password being chosen, so a password manager offers a new one. */
export const NEW_PASSWORD = { as: PasswordField, autoComplete: 'new-password' } as const;

/**
 * The account a password form is for, for password managers (Chromium's
 * guidance for change-password forms): the new password is saved under the
 * right address. Never shown, never read out, never sent.
 */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" autoComplete="username" value={email} readOnly hidden />;
}
