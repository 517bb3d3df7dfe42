import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_MS } from '../../../machines/session/session.machine.ts';
import {
  canSubmitOtp,
  isResendCoolingDown,
  isResendingOtp,
  isVerifyingOtp,
} from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { OtpInput } from '../../components/otp-input.tsx';
import { ResendButton } from '../../components/resend-button.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';

/** The one-time-code step of login (spec 2): 6 digits, Next, 'Resend it'. */
export function OtpStep() {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useServices();
  const { keyText } = useErrorText();
  const otp = useSelector(session, (s) => s.context.otp);
  const verifying = useSelector(session, isVerifyingOtp);
  const resending = useSelector(session, isResendingOtp);
  const coolingDown = useSelector(session, isResendCoolingDown);
  const canSubmit = useSelector(session, canSubmitOtp);
  // The step replaces the login form on the same page: its title takes the
  // focus, so a screen reader announces it and Tab goes on to the first box.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    session.send({ type: 'otp.submit' });
  };

  return (
    <section className="auth-form" aria-labelledby="otp-title">
      <h1 id="otp-title" tabIndex={-1} ref={heading}>
        {t('auth:otp.title')}
      </h1>
      <p className="auth-form__subtitle">{t('auth:otp.subtitle', { email: otp.email })}</p>
      <form noValidate onSubmit={submit}>
        <OtpInput
          id="otp-code"
          label={t('common:fields.otp')}
          value={otp.code}
          onChange={(code) => session.send({ type: 'otp.change', code })}
          onComplete={() => submit()}
          error={otp.errorKey ? keyText(otp.errorKey) : undefined}
          disabled={verifying}
        />
        <FormAlert tone="success">
          {otp.sentCount > 0 && !otp.errorKey && !resending
            ? t('auth:otp.sent', { email: otp.email })
            : null}
        </FormAlert>
        <SubmitButton busy={verifying} busyLabel={t('auth:otp.verifying')} disabled={!canSubmit}>
          {t('auth:otp.next')}
        </SubmitButton>
      </form>
      <p className="auth-form__aside">
        {t('auth:otp.noCode')}{' '}
        <ResendButton
          label={t('auth:otp.resend')}
          busyLabel={t('auth:otp.resending')}
          busy={resending}
          coolingDown={coolingDown}
          sentCount={otp.sentCount}
          cooldownSeconds={RESEND_COOLDOWN_MS / 1000}
          onResend={() => session.send({ type: 'otp.resend' })}
        />
      </p>
      <p>
        <button
          type="button"
          className="button button--link"
          onClick={() => session.send({ type: 'otp.cancel' })}
        >
          {t('auth:otp.back')}
        </button>
      </p>
    </section>
  );
}
