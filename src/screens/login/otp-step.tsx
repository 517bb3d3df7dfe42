import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectCodeDelivery } from '../../../machines/otp/otp.selectors.ts';
import { selectOtpActor, selectOtpEmail } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { FocusedTitle } from '../../components/focused-title.tsx';
import {
  OneTimeCode,
  type OneTimeCodeTexts,
  type OtpActor,
} from '../../components/one-time-code.tsx';

/** The one-time-code step of login (spec 2): 6 digits, Next, 'Resend it' (the otp machine the session invokes). */
export function OtpStep() {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useServices();
  const otp = useSelector(session, selectOtpActor);
  const email = useSelector(session, selectOtpEmail);
  // The code's texts in this step's words (forgot password's are its own).
  const texts: OneTimeCodeTexts = {
    submit: t('auth:otp.next'),
    checking: t('auth:otp.verifying'),
    noCode: t('auth:otp.noCode'),
    resend: t('auth:otp.resend'),
    resending: t('auth:otp.resending'),
  };

  return (
    <section className="auth-form" aria-labelledby="otp-title">
      {/* The step replaces the login form on the same page: its title takes the focus. */}
      <FocusedTitle id="otp-title">{t('auth:otp.title')}</FocusedTitle>
      {otp ? <CodeSubtitle otp={otp} email={email} /> : null}
      {otp ? (
        <OneTimeCode
          actor={otp}
          id="otp-code"
          texts={texts}
          newCodeNote={t('auth:otp.sent', { email })}
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

const SUBTITLES = {
  sent: 'otp.subtitle',
  sending: 'otp.subtitleSending',
  notSent: 'otp.subtitleNotSent',
} as const;

/** Says a code was sent only once one was: while it is on its way, or when none could be sent, it says that. */
function CodeSubtitle({ otp, email }: { otp: OtpActor; email: string }) {
  const { t } = useTranslation('auth');
  const delivery = useSelector(otp, selectCodeDelivery);
  return <p className="auth-form__subtitle">{t(SUBTITLES[delivery], { email })}</p>;
}
