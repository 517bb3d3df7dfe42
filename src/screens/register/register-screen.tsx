import { Link } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationField } from '../../../machines/forms/registration.schema.ts';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import {
  canSubmit,
  isSubmitting,
  isSucceeded,
  selectFieldErrors,
  selectServerErrorKey,
  selectSubmittedEmail,
} from '../../../machines/registration/registration.selectors.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useErrorText } from '../../i18n/translate.ts';

const ERROR_ID = 'register-error';

/**
 * The registration route: the form (spec 2, 5), then the confirmation view
 * showing the entered email. A thin view over the registration machine.
 */
export function RegisterScreen() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { keyText, fieldText } = useErrorText();
  const [snapshot, send] = useFlow(registrationMachine, 'registration');

  if (isSucceeded(snapshot)) {
    return <Confirmation email={selectSubmittedEmail(snapshot) ?? ''} />;
  }

  const { values } = snapshot.context;
  const errors = selectFieldErrors(snapshot);
  const serverErrorKey = selectServerErrorKey(snapshot);
  const busy = isSubmitting(snapshot);

  const change = (field: RegistrationField) => (value: string) =>
    send({ type: 'registration.change', field, value });
  const blur = (field: RegistrationField) => () => send({ type: 'registration.blur', field });
  const errorOf = (field: RegistrationField) =>
    errors[field] ? fieldText(errors[field]) : undefined;
  // The language is the interface's at the moment of submitting (spec 3).
  const submit = () => send({ type: 'registration.submit', language: currentLanguage(i18n) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  // Enter submits (spec 5), also before the form is valid: the errors then show.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!busy) submit();
  };

  return (
    <section className="auth-form" aria-labelledby="register-title">
      <div className="auth-form__corner">
        <span>{t('auth:register.haveAccount')}</span>{' '}
        <Link to="/login">{t('auth:register.signIn')}</Link>
      </div>
      <h1 id="register-title">{t('auth:register.title')}</h1>
      <p className="auth-form__subtitle">{t('auth:register.subtitle')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        aria-describedby={serverErrorKey ? ERROR_ID : undefined}
      >
        <TextField
          id="register-first-name"
          label={t('common:fields.firstName')}
          value={values.firstName}
          onValueChange={change('firstName')}
          onBlur={blur('firstName')}
          error={errorOf('firstName')}
          readOnly={busy}
          autoComplete="given-name"
          required
        />
        <TextField
          id="register-last-name"
          label={t('common:fields.lastName')}
          value={values.lastName}
          onValueChange={change('lastName')}
          onBlur={blur('lastName')}
          error={errorOf('lastName')}
          readOnly={busy}
          autoComplete="family-name"
          required
        />
        <PhoneField
          id="register-phone"
          value={values.phone}
          onValueChange={change('phone')}
          onBlur={blur('phone')}
          error={errorOf('phone')}
          hint={t('auth:register.phoneHint')}
          readOnly={busy}
          required
        />
        <TextField
          id="register-email"
          label={t('common:fields.email')}
          value={values.email}
          onValueChange={change('email')}
          onBlur={blur('email')}
          error={errorOf('email')}
          readOnly={busy}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordField
          id="register-password"
          label={t('common:fields.password')}
          value={values.password}
          onValueChange={change('password')}
          onBlur={blur('password')}
          error={errorOf('password')}
          readOnly={busy}
          autoComplete="new-password"
          required
        />
        <FormAlert id={ERROR_ID}>{serverErrorKey ? keyText(serverErrorKey) : null}</FormAlert>
        <SubmitButton
          busy={busy}
          busyLabel={t('auth:register.submitting')}
          disabled={!canSubmit(snapshot)}
        >
          {t('auth:register.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** After the sign-up: the entered email, and the way on to sign in and verify. */
function Confirmation({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'common']);
  // The view replaces the form (whose button had the focus): its title takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="auth-form register-done" aria-labelledby="register-done-title">
      <h1 id="register-done-title" tabIndex={-1} ref={heading}>
        {t('auth:register.success.title')}
      </h1>
      <p role="status">{t('auth:register.success.body', { email })}</p>
      <p>{t('auth:register.success.next')}</p>
      <p>
        <Link to="/login" className="button button--primary">
          {t('auth:register.success.signIn')}
        </Link>
      </p>
    </section>
  );
}
