import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  type ForgotPasswordEvent,
  forgotPasswordMachine,
} from '../../../machines/forgot-password/forgot-password.machine.ts';
import {
  type ForgotPasswordSnapshot,
  isRequesting,
  isResetting,
  selectForgotEmailForm,
  selectForgotOtpActor,
  selectRequestedEmail,
  selectResetPasswordForm,
  selectStep,
} from '../../../machines/forgot-password/forgot-password.selectors.ts';
import { isEmail } from '../../../machines/forms/login.schema.ts';
import { isCodeBusy } from '../../../machines/otp/otp.selectors.ts';
import { selectLoginForm } from '../../../machines/session/session.selectors.ts';
import { awaitedCodeEmail, forgetAwaitedCode } from '../../app/awaited-code.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { FocusedTitle } from '../../components/focused-title.tsx';
import {
  EMAIL_KEYBOARD,
  type FieldSpec,
  FormFields,
  FormFooter,
} from '../../components/form-fields.tsx';
import { OneTimeCode, type OtpActor } from '../../components/one-time-code.tsx';
import { AccountUsername, NEW_PASSWORD } from '../../components/password-field.tsx';
import { type FormBinding, useFormFields } from '../../components/use-form-fields.ts';
import { reloadedAt } from '../../lib/address-opened.ts';

type Send = (event: ForgotPasswordEvent) => void;

interface StepProps {
  snapshot: ForgotPasswordSnapshot;
  send: Send;
  /** Not the step the page opened on: a new step is a new page for a screen reader, its title takes the focus. */
  announce: boolean;
}

/**
 * The address whose code this tab awaits, when this page is the code step
 * loaded again (a reload, a phone's discarded tab). Any other visit starts at
 * step 1, for whoever makes it: the step may have been left by typing an
 * address, which unmounts nothing, so nothing forgot the code then.
 */
function resumedCodeEmail(): string | null {
  if (reloadedAt('/forgot-password')) return awaitedCodeEmail('forgotPassword');
  forgetAwaitedCode('forgotPassword');
  return null;
}

/**
 * /forgot-password: request a code by email, enter it, choose a new password.
 * A page the browser keeps in its back/forward cache is kept at step 1, with
 * no code awaited: Back, whoever presses it, starts over there, as on a page
 * loaded anew, never on the last person's code step and address.
 */
export function ForgotPasswordScreen() {
  const [visit, setVisit] = useState(0);
  useEffect(() => {
    const keepStepOne = (event: PageTransitionEvent) => {
      // Drawn before the browser freezes the page: what it keeps is step 1.
      if (event.persisted) flushSync(() => setVisit((n) => n + 1));
    };
    addEventListener('pagehide', keepStepOne);
    return () => removeEventListener('pagehide', keepStepOne);
  }, []);
  return <ForgotPassword key={visit} resume={visit === 0} />;
}

/** The flow's three steps; `resume`: the page may be the code step loaded again. */
function ForgotPassword({ resume }: { resume: boolean }) {
  const navigate = useNavigate();
  // Read once, as the page opens: the code this page asks for later is remembered for a reload.
  const [resumeEmail] = useState(() => {
    if (resume) return resumedCodeEmail();
    forgetAwaitedCode('forgotPassword');
    return null;
  });
  const [snapshot, send] = useFlow(forgotPasswordMachine, 'forgotPassword', {
    // Reloaded while a code was awaited: back to the code step.
    input: { resumeEmail },
    view: {
      // The login screen then says the password changed (`?reset=1`), the address typed in.
      goToLoginWithSuccess: (_args, { email }) =>
        void navigate({
          to: '/login',
          search: { reset: 1 },
          state: { signInAs: email },
          replace: true,
        }),
    },
  });
  const step = selectStep(snapshot);
  const router = useRouter();
  // Leaving the page (a link, Back, a sign-in) forgets the awaited code: the
  // next visit starts at step 1, for whoever it is. A reload or a discarded
  // tab does not leave it (nothing unmounts), nor does React's development
  // re-mount (the page is still /forgot-password).
  useEffect(
    () => () => {
      if (router.state.location.pathname !== '/forgot-password')
        forgetAwaitedCode('forgotPassword');
    },
    [router],
  );

  // Once the step has changed, each step's title takes the focus, the first one's too
  // ('Use another email address'); the step the page opens on does not.
  const [firstStep] = useState(step);
  const [moved, setMoved] = useState(false);
  if (!moved && step !== firstStep) setMoved(true);

  // An email typed on the sign-in form comes along, as autofill would bring it
  // (QA: "Forgot your password?" asked for it again), before the first paint. A
  // phone number does not: the code goes to an email.
  const { session } = useServices();
  useLayoutEffect(() => {
    const typed = selectLoginForm(session.getSnapshot()).values.emailOrPhone.trim();
    if (firstStep === 'request' && isEmail(typed))
      send({ type: 'request.change', field: 'email', value: typed });
  }, [session, firstStep, send]);

  const props = { snapshot, send, announce: moved };
  return (
    <section className="auth-form forgot" aria-labelledby="forgot-title">
      {step === 'request' ? <RequestStep {...props} /> : null}
      {step === 'code' ? <CodeStep {...props} /> : null}
      {step === 'newPassword' || step === 'done' ? <NewPasswordStep {...props} /> : null}
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

/** A step's title (it takes the focus when the step changes) and the line under it. */
function StepTitle({
  announce,
  title,
  subtitle,
}: {
  announce: boolean;
  title: string;
  subtitle: string;
}) {
  return (
    <>
      <FocusedTitle id="forgot-title" focus={announce}>
        {title}
      </FocusedTitle>
      <p className="auth-form__subtitle">{subtitle}</p>
    </>
  );
}

function RequestStep({ snapshot, send, announce }: StepProps) {
  const form = useFormFields('request', selectForgotEmailForm(snapshot), send, {
    busy: isRequesting(snapshot),
  });
  return (
    <FormStep
      step="request"
      announce={announce}
      form={form}
      fields={[
        {
          name: 'email',
          id: 'forgot-email',
          autoComplete: 'email',
          ...EMAIL_KEYBOARD,
        },
      ]}
    />
  );
}

function CodeStep({ snapshot, send, announce }: StepProps) {
  const { t } = useTranslation(['auth', 'common']);
  const otp = selectForgotOtpActor(snapshot);
  const shownEmail = selectRequestedEmail(snapshot);

  return (
    <>
      <StepTitle
        announce={announce}
        title={t('auth:forgot.code.title')}
        subtitle={t('auth:forgot.code.subtitle', { email: shownEmail })}
      />
      {otp ? (
        <OneTimeCode
          actor={otp}
          id="forgot-code"
          texts={{
            submit: t('auth:forgot.code.submit'),
            checking: t('auth:forgot.code.checking'),
            noCode: t('auth:forgot.code.noCode'),
            resend: t('auth:forgot.code.resend'),
            resending: t('auth:forgot.code.resending'),
          }}
          newCodeNote={t('auth:forgot.code.resent', { email: shownEmail })}
        />
      ) : null}
      {otp ? <OtherEmail otp={otp} send={send} /> : null}
    </>
  );
}

/** 'Use another email address', not while a code is checked or on its way. */
function OtherEmail({ otp, send }: { otp: OtpActor; send: Send }) {
  const { t } = useTranslation('auth');
  const busy = useSelector(otp, isCodeBusy);
  return (
    <p className="auth-form__aside">
      <button
        type="button"
        className="button button--link"
        disabled={busy}
        onClick={() => send({ type: 'code.back' })}
      >
        {t('forgot.code.otherEmail')}
      </button>
    </p>
  );
}

function NewPasswordStep({ snapshot, send, announce }: StepProps) {
  const form = useFormFields('reset', selectResetPasswordForm(snapshot), send, {
    busy: isResetting(snapshot) || snapshot.matches('done'),
  });
  return (
    <FormStep
      step="newPassword"
      announce={announce}
      form={form}
      username={selectRequestedEmail(snapshot)}
      fields={[
        { name: 'newPassword', id: 'forgot-new-password', ...NEW_PASSWORD },
        { name: 'passwordConfirmation', id: 'forgot-password-confirmation', ...NEW_PASSWORD },
      ]}
    />
  );
}

/** A step that is one form: its title, its fields and its button (texts under auth `forgot.<step>`). */
function FormStep<F extends string>({
  step,
  announce,
  form: { field, formProps, footer },
  fields,
  username,
}: {
  step: 'request' | 'newPassword';
  announce: boolean;
  form: FormBinding<F>;
  fields: ReadonlyArray<FieldSpec<F>>;
  /** The account a new password is for (for password managers). */
  username?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <StepTitle
        announce={announce}
        title={t(`forgot.${step}.title`)}
        subtitle={t(`forgot.${step}.subtitle`)}
      />
      <form {...formProps}>
        {username ? <AccountUsername email={username} /> : null}
        <FormFields bind={field} fields={fields} />
        <FormFooter {...footer} texts={`auth:forgot.${step}`} />
      </form>
    </>
  );
}
