import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canSubmitLogin,
  isLoginBusy,
  isOnOtpStep,
  isSignedIn,
  selectLoginForm,
  selectSignOutReason,
} from '../../../machines/session/session.selectors.ts';
import type { LoginField, SessionEvent } from '../../../machines/session/session.types.ts';
import { useServices } from '../../app/services.tsx';
import { AuthFormHeader } from '../../components/auth-form-header.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { EMAIL_KEYBOARD, FormFields, FormFooter } from '../../components/form-fields.tsx';
import { lazyScreen } from '../../components/lazy-screen.ts';
import { CURRENT_PASSWORD } from '../../components/password-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFormFields } from '../../components/use-form-fields.ts';
import { LoadingScreen } from '../loading/loading-screen.tsx';

/** Only accounts that are not verified see the code step: it loads when it is needed. */
const OtpStep = lazyScreen(() => import('./otp-step.tsx'), 'OtpStep');

/** /login: email or phone and password; an unverified account continues with a code. */
export function LoginScreen() {
  const { session } = useServices();
  const onOtp = useSelector(session, isOnOtpStep);
  const signedIn = useSelector(session, isSignedIn);
  // Back from the code step, the form's title takes the focus ("Back to sign in" is gone).
  const [leftForCode, setLeftForCode] = useState(false);
  if (onOtp && !leftForCode) setLeftForCode(true);
  // Signed in, until the next page shows: the loading view (a status a screen reader
  // hears), not the form emptied for the next sign-in (QA: it flashed back empty, as if
  // the sign-in had failed).
  if (signedIn) return <LoadingScreen />;
  return onOtp ? (
    <Suspense fallback={<Spinner size="lg" />}>
      <OtpStep />
    </Suspense>
  ) : (
    <LoginForm focusTitle={leftForCode} />
  );
}

/**
 * What /login was opened with, used once. `?reset=1` (after a password reset)
 * says the password changed; the history entry's `signInAs` (after a sign-up or
 * a reset) starts the form over with the address just used, so the member does
 * not type it again (WCAG 3.3.7). The entry loses both at once: a reload, Back
 * and Forward or a bookmark neither say it again nor wipe what was typed since,
 * and the address is not kept in the browser's history. This form keeps saying
 * it until the member sends it (`busy`), like the reason for a sign-out: a
 * wrong password then is not read beside "Your password was changed".
 */
function useArrival(send: (event: SessionEvent) => void, busy: boolean): { afterReset: boolean } {
  const askedReset = useSearch({ strict: false }).reset === 1;
  const signInAs = useLocation({ select: (location) => location.state.signInAs });
  const [afterReset, setAfterReset] = useState(askedReset);
  if (busy && afterReset) setAfterReset(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (signInAs) send({ type: 'login.start', emailOrPhone: signInAs });
    if (askedReset || signInAs) void navigate({ to: '/login', search: {}, replace: true });
  }, [askedReset, signInAs, send, navigate]);
  return { afterReset };
}

function LoginForm({ focusTitle }: { focusTitle: boolean }) {
  const { t } = useTranslation(['auth', 'common']);
  const { session, config } = useServices();
  const form = useSelector(session, selectLoginForm);
  const busy = useSelector(session, isLoginBusy);
  const canSubmit = useSelector(session, canSubmitLogin);
  // Why the member was signed out, when /login says it.
  const signedOutBecause = useSelector(session, selectSignOutReason);
  const { afterReset } = useArrival(session.send, busy);
  const { field, formProps, footer } = useFormFields('login', form, session.send, {
    busy,
    // Enter submits even while the button is disabled, to show the errors (spec 5).
    submitOnEnter: true,
  });
  // A field's error shows once it is left (a required one too). The server refusing what
  // was typed (a server.* key) marks both inputs, which are then described by it; a network
  // or server failure says nothing about them.
  const refused = form.errorKey?.startsWith('server.') ?? false;
  const loginField = (name: LoginField) => ({
    ...field(name),
    invalid: refused,
    'aria-describedby': refused ? footer.errorId : undefined,
  });

  return (
    <section className="auth-form" aria-labelledby="login-title">
      {/* Why the page opened here (a status already showing is not announced): read with
          the title, which takes the focus after a navigation. Empty, they describe nothing. */}
      <AuthFormHeader form="login" focusTitle={focusTitle} describedBy="login-reset login-out" />
      <FormAlert id="login-reset" tone="success">
        {afterReset ? t('auth:forgot.success') : null}
      </FormAlert>
      <FormAlert id="login-out" tone="info">
        {signedOutBecause ? t(`common:errors.signedOut.${signedOutBecause}`) : null}
      </FormAlert>
      <form {...formProps}>
        <FormFields
          bind={loginField}
          fields={[
            {
              name: 'emailOrPhone',
              id: 'login-email-or-phone',
              autoComplete: 'username',
              ...EMAIL_KEYBOARD,
            },
            { name: 'password', id: 'login-password', ...CURRENT_PASSWORD },
          ]}
        />
        <p className="auth-form__aside">
          <Link to="/forgot-password">{t('auth:login.forgotPassword')}</Link>
        </p>
        <FormFooter {...footer} busy={busy} texts="auth:login" disabled={!canSubmit} />
      </form>
      <p className="auth-form__notice">
        {t('auth:login.noticeBefore')} <Link to="/terms">{t('auth:login.terms')}</Link>{' '}
        {t('auth:login.noticeAnd')} <Link to="/policy">{t('auth:login.policy')}</Link>
        {t('auth:login.noticeAfter')}
      </p>
      <p className="auth-form__store">
        <ExternalLink href={config.storeUrl}>{t('auth:login.visitStore')}</ExternalLink>
      </p>
    </section>
  );
}
