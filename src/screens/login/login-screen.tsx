import { Link, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '../../../machines/forms/login.schema.ts';
import { validate } from '../../../machines/forms/validate.ts';
import {
  canSubmitLogin,
  isLoginBusy,
  isOnOtpStep,
  selectSignOutReason,
} from '../../../machines/session/session.selectors.ts';
import type { LoginField } from '../../../machines/session/session.types.ts';
import { useServices } from '../../app/services.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { FormAlert } from '../../components/form-alert.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useErrorText } from '../../i18n/translate.ts';

/** Only accounts that are not verified see the code step: it loads when it is needed. */
const OtpStep = lazy(() => import('./otp-step.tsx').then(({ OtpStep }) => ({ default: OtpStep })));

/** /login: email or phone and password; an unverified account continues with a code. */
export function LoginScreen() {
  const { session } = useServices();
  const onOtp = useSelector(session, isOnOtpStep);
  return onOtp ? (
    <Suspense fallback={<Spinner size="lg" />}>
      <OtpStep />
    </Suspense>
  ) : (
    <LoginForm />
  );
}

function LoginForm() {
  const { t } = useTranslation(['auth', 'common']);
  const { session, config } = useServices();
  const { keyText, fieldText } = useErrorText();
  const values = useSelector(session, (s) => s.context.login.values);
  const errorKey = useSelector(session, (s) => s.context.login.errorKey);
  const busy = useSelector(session, isLoginBusy);
  const canSubmit = useSelector(session, canSubmitLogin);
  const expired = useSelector(session, selectSignOutReason) === 'expired';
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const afterReset = useSearch({ strict: false }).reset === 1;
  const fieldErrors = validate(loginSchema, values);

  const change = (field: LoginField) => (value: string) =>
    session.send({ type: 'login.change', field, value });
  const blur = (field: LoginField) => () => setTouched((x) => ({ ...x, [field]: true }));
  const shownError = (field: LoginField) =>
    touched[field] && values[field] !== '' ? fieldText(fieldErrors[field]) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ emailOrPhone: true, password: true });
    session.send({ type: 'login.submit' });
  };

  return (
    <section className="auth-form" aria-labelledby="login-title">
      <div className="auth-form__corner">
        <span>{t('auth:login.noAccount')}</span>{' '}
        <Link to="/register">{t('auth:login.signUp')}</Link>
      </div>
      <h1 id="login-title">{t('auth:login.title')}</h1>
      <p className="auth-form__subtitle">{t('auth:login.subtitle')}</p>
      <FormAlert tone="success">{afterReset ? t('auth:forgot.success') : null}</FormAlert>
      <FormAlert tone="info">{expired ? t('common:errors.sessionExpired') : null}</FormAlert>
      <form noValidate onSubmit={submit} aria-describedby={errorKey ? 'login-error' : undefined}>
        <TextField
          id="login-email-or-phone"
          label={t('common:fields.emailOrPhone')}
          value={values.emailOrPhone}
          onValueChange={change('emailOrPhone')}
          onBlur={blur('emailOrPhone')}
          error={shownError('emailOrPhone')}
          invalid={Boolean(errorKey)}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordField
          id="login-password"
          label={t('common:fields.password')}
          value={values.password}
          onValueChange={change('password')}
          onBlur={blur('password')}
          error={shownError('password')}
          invalid={Boolean(errorKey)}
          autoComplete="current-password"
          required
        />
        <p className="auth-form__aside">
          <Link to="/forgot-password">{t('auth:login.forgotPassword')}</Link>
        </p>
        <FormAlert id="login-error">{errorKey ? keyText(errorKey) : null}</FormAlert>
        <SubmitButton busy={busy} busyLabel={t('auth:login.submitting')} disabled={!canSubmit}>
          {t('auth:login.submit')}
        </SubmitButton>
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
