import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import {
  canSubmitRegistration,
  isEmailTaken,
  isMaybeCreatedAlready,
  isRegistered,
  isRegistering,
  selectDraft,
  selectRegistrationForm,
  selectSubmittedEmail,
  selectTakenEmail,
} from '../../../machines/registration/registration.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { AuthFormHeader } from '../../components/auth-form-header.tsx';
import { FocusedTitle } from '../../components/focused-title.tsx';
import { EMAIL_KEYBOARD, FormFields, FormFooter } from '../../components/form-fields.tsx';
import { NEW_PASSWORD } from '../../components/password-field.tsx';
import { personFields } from '../../components/person-fields.ts';
import { useFormFields } from '../../components/use-form-fields.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { draftOf, keepDraft } from './registration-draft.ts';

/**
 * The registration route: the form (spec 2, 5), then the confirmation view
 * showing the entered email. A thin view over the registration machine.
 */
export function RegisterScreen() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const services = useServices();
  const [snapshot, send, actor] = useFlow(registrationMachine, 'registration', {
    input: { draft: draftOf(services) },
  });
  // Left unfinished (a link, Back): what was typed waits for the next visit.
  useEffect(() => () => keepDraft(services, selectDraft(actor.getSnapshot())), [services, actor]);
  const busy = isRegistering(snapshot);
  const { field, formProps, footer } = useFormFields(
    'registration',
    selectRegistrationForm(snapshot),
    send,
    {
      busy,
      // The language is the interface's at the moment of submitting (spec 3).
      submit: () => send({ type: 'registration.submit', language: currentLanguage(i18n) }),
      submitOnEnter: true,
    },
  );

  if (isRegistered(snapshot)) {
    return <Confirmation email={selectSubmittedEmail(snapshot) ?? ''} />;
  }
  return (
    <section className="auth-form" aria-labelledby="register-title">
      <AuthFormHeader form="register" />
      <form {...formProps}>
        <FormFields
          bind={field}
          fields={[
            ...personFields('register', { phoneHint: t('auth:register.phoneHint') }),
            {
              name: 'email',
              id: 'register-email',
              autoComplete: 'email',
              ...EMAIL_KEYBOARD,
            },
            { name: 'password', id: 'register-password', ...NEW_PASSWORD },
          ]}
        />
        <FormFooter {...footer} texts="auth:register" disabled={!canSubmitRegistration(snapshot)} />
      </form>
      {/* In the page from the start (empty), so its text is announced when it comes. */}
      <p className="auth-form__notice" role="status">
        {isEmailTaken(snapshot) ? (
          <>
            {isMaybeCreatedAlready(snapshot)
              ? t('auth:register.maybeCreated')
              : t('auth:register.existsHint')}{' '}
            <Link to="/login" state={signInWith(selectTakenEmail(snapshot))}>
              {t('auth:register.signInInstead')}
            </Link>
          </>
        ) : null}
      </p>
    </section>
  );
}

/** /login's history entry: the sign-in form starts over with this address (WCAG 3.3.7). */
function signInWith(email: string | null | undefined) {
  return email ? { signInAs: email } : undefined;
}

/** After the sign-up: the entered email, and the way on to sign in and verify. */
function Confirmation({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <section className="auth-form register-done" aria-labelledby="register-done-title">
      {/* The view replaces the form (whose button had the focus): its title takes the focus. */}
      <FocusedTitle id="register-done-title">{t('auth:register.success.title')}</FocusedTitle>
      <p role="status">{t('auth:register.success.body', { email })}</p>
      <p>{t('auth:register.success.next')}</p>
      <p>
        <Link to="/login" state={signInWith(email)} className="button button--primary">
          {t('auth:register.success.signIn')}
        </Link>
      </p>
    </section>
  );
}
