import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ForgotPasswordEvent,
  forgotPasswordMachine,
  RESEND_COOLDOWN_MS,
} from '../../../machines/forgot-password/forgot-password.machine.ts';
import {
  canSubmitCode,
  type ForgotPasswordSnapshot,
  isChecking,
  isForgotPasswordBusy,
  isForgotResendCoolingDown,
  isRequesting,
  isResending,
  isResetting,
  selectForgotEmailForm,
  selectResetPasswordForm,
  selectStep,
} from '../../../machines/forgot-password/forgot-password.selectors.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { OtpInput } from '../../components/otp-input.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ResendButton } from '../../components/resend-button.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useFormFields } from '../../components/use-form-fields.ts';
import { useErrorText } from '../../i18n/translate.ts';

type Send = (event: ForgotPasswordEvent) => void;

interface StepProps {
  snapshot: ForgotPasswordSnapshot;
  send: Send;
}

/** /forgot-password: request a code by email, enter it, choose a new password. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [snapshot, send] = useFlow(forgotPasswordMachine, 'forgotPassword', {
    view: {
      // The login screen then says the password changed (`?reset=1`).
      goToLoginWithSuccess: () =>
        void navigate({ to: '/login', search: { reset: 1 }, replace: true }),
    },
  });
  const step = selectStep(snapshot);

  // A new step is a new page for a screen reader: its title takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) heading.current?.focus();
  }, [step]);

  const props = { snapshot, send };
  return (
    <section className="auth-form forgot" aria-labelledby="forgot-title">
      {step === 'request' ? <RequestStep {...props} heading={heading} /> : null}
      {step === 'code' ? <CodeStep {...props} heading={heading} /> : null}
      {step === 'newPassword' || step === 'done' ? (
        <NewPasswordStep {...props} heading={heading} />
      ) : null}
      <BackToSignIn />
    </section>
  );
}

function BackToSignIn() {
  const { t } = useTranslation('auth');
  return (
    <p className="auth-form__aside">
      <Link to="/login">{t('forgot.back')}</Link>
    </p>
  );
}

type HeadingRef = { heading: RefObject<HTMLHeadingElement | null> };

function RequestStep({ snapshot, send, heading }: StepProps & HeadingRef) {
  const { t } = useTranslation(['auth', 'common']);
  const requesting = isRequesting(snapshot);
  const { field, formProps, errorText } = useFormFields(
    'request',
    selectForgotEmailForm(snapshot),
    send,
    { errorId: 'forgot-error', busy: requesting },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'request.submit' });
  };

  return (
    <>
      <h1 id="forgot-title" tabIndex={-1} ref={heading}>
        {t('auth:forgot.request.title')}
      </h1>
      <p className="auth-form__subtitle">{t('auth:forgot.request.subtitle')}</p>
      <form {...formProps} onSubmit={submit}>
        <TextField
          id="forgot-email"
          label={t('common:fields.email')}
          type="email"
          {...field('email')}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <FormAlert id="forgot-error">{errorText}</FormAlert>
        <SubmitButton busy={requesting} busyLabel={t('auth:forgot.request.submitting')}>
          {t('auth:forgot.request.submit')}
        </SubmitButton>
      </form>
    </>
  );
}

function CodeStep({ snapshot, send, heading }: StepProps & HeadingRef) {
  const { t } = useTranslation(['auth', 'common']);
  const { keyText } = useErrorText();
  const { code, codeErrorKey, codesSent } = snapshot.context;
  const { email } = selectForgotEmailForm(snapshot).values;
  const checking = isChecking(snapshot);
  const resending = isResending(snapshot);
  const coolingDown = isForgotResendCoolingDown(snapshot);
  const busy = isForgotPasswordBusy(snapshot);
  const shownEmail = email.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    send({ type: 'code.submit' });
  };

  return (
    <>
      <h1 id="forgot-title" tabIndex={-1} ref={heading}>
        {t('auth:forgot.code.title')}
      </h1>
      <p className="auth-form__subtitle">{t('auth:forgot.code.subtitle', { email: shownEmail })}</p>
      <form noValidate onSubmit={submit}>
        <OtpInput
          id="forgot-code"
          label={t('common:fields.otp')}
          value={code}
          onChange={(next) => send({ type: 'code.change', code: next })}
          onComplete={() => submit()}
          error={codeErrorKey ? keyText(codeErrorKey) : undefined}
          disabled={checking}
        />
        <FormAlert tone="success">
          {codesSent > 1 && !codeErrorKey && !resending
            ? t('auth:forgot.code.resent', { email: shownEmail })
            : null}
        </FormAlert>
        <SubmitButton
          busy={checking}
          busyLabel={t('auth:forgot.code.checking')}
          disabled={!canSubmitCode(snapshot)}
        >
          {t('auth:forgot.code.submit')}
        </SubmitButton>
      </form>
      <p className="auth-form__aside">
        {t('auth:forgot.code.noCode')}{' '}
        <ResendButton
          label={t('auth:forgot.code.resend')}
          busyLabel={t('auth:forgot.code.resending')}
          busy={resending}
          coolingDown={coolingDown}
          sentCount={codesSent}
          cooldownSeconds={RESEND_COOLDOWN_MS / 1000}
          onResend={() => send({ type: 'code.resend' })}
        />
      </p>
      <p className="auth-form__aside">
        <button
          type="button"
          className="button button--link"
          disabled={busy}
          onClick={() => send({ type: 'code.back' })}
        >
          {t('auth:forgot.code.otherEmail')}
        </button>
      </p>
    </>
  );
}

function NewPasswordStep({ snapshot, send, heading }: StepProps & HeadingRef) {
  const { t } = useTranslation(['auth', 'common']);
  const resetting = isResetting(snapshot) || snapshot.matches('done');
  const { field, formProps, errorText } = useFormFields(
    'reset',
    selectResetPasswordForm(snapshot),
    send,
    { errorId: 'forgot-reset-error', busy: resetting },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'reset.submit' });
  };

  return (
    <>
      <h1 id="forgot-title" tabIndex={-1} ref={heading}>
        {t('auth:forgot.newPassword.title')}
      </h1>
      <p className="auth-form__subtitle">{t('auth:forgot.newPassword.subtitle')}</p>
      <form {...formProps} onSubmit={submit}>
        <PasswordField
          id="forgot-new-password"
          label={t('common:fields.newPassword')}
          {...field('password')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id="forgot-password-confirmation"
          label={t('common:fields.passwordConfirmation')}
          {...field('passwordConfirmation')}
          autoComplete="new-password"
          required
        />
        <FormAlert id="forgot-reset-error">{errorText}</FormAlert>
        <SubmitButton busy={resetting} busyLabel={t('auth:forgot.newPassword.submitting')}>
          {t('auth:forgot.newPassword.submit')}
        </SubmitButton>
      </form>
    </>
  );
}
