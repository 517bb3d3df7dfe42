import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectOtpActor } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { OneTimeCode } from '../../components/one-time-code.tsx';

/** The one-time-code step of login (spec 2): 6 digits, Next, 'Resend it' (the otp machine the session invokes). */
export function OtpStep() {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useServices();
  const otp = useSelector(session, selectOtpActor);
  const email = useSelector(session, (s) => s.context.otpEmail);
  // The step replaces the login form on the same page: its title takes the
  // focus, so a screen reader announces it and Tab goes on to the first box.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="auth-form" aria-labelledby="otp-title">
      <h1 id="otp-title" tabIndex={-1} ref={heading}>
        {t('auth:otp.title')}
      </h1>
      <p className="auth-form__subtitle">{t('auth:otp.subtitle', { email })}</p>
      {otp ? (
        <OneTimeCode
          actor={otp}
          id="otp-code"
          texts={{
            submit: t('auth:otp.next'),
            checking: t('auth:otp.verifying'),
            noCode: t('auth:otp.noCode'),
            resend: t('auth:otp.resend'),
            resending: t('auth:otp.resending'),
          }}
          sentNote={(sentCount) => (sentCount > 0 ? t('auth:otp.sent', { email }) : null)}
        />
      ) : null}
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
