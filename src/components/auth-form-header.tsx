import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FocusedTitle } from './focused-title.tsx';

/** Each form's title id and texts, and the way to the other form. */
const HEADERS = {
  login: {
    titleId: 'login-title',
    title: 'login.title',
    subtitle: 'login.subtitle',
    question: 'login.noAccount',
    link: 'login.signUp',
    to: '/register',
  },
  register: {
    titleId: 'register-title',
    title: 'register.title',
    subtitle: 'register.subtitle',
    question: 'register.haveAccount',
    link: 'register.signIn',
    to: '/login',
  },
} as const;

/**
 * The top of the sign-in and sign-up forms: the way to the other one in the
 * corner ('No account? Sign up'), the title the section is labelled by, the subtitle.
 * `focusTitle` when the form comes back in place of another view (sign-in
 * after the code step): its title takes the focus.
 */
export function AuthFormHeader({
  form,
  focusTitle = false,
  describedBy,
}: {
  form: keyof typeof HEADERS;
  focusTitle?: boolean;
  /** The message the form opened with (why /login shows), read with the title. */
  describedBy?: string;
}) {
  const { t } = useTranslation('auth');
  const header = HEADERS[form];
  return (
    <>
      <div className="auth-form__corner">
        <span>{t(header.question)}</span> <Link to={header.to}>{t(header.link)}</Link>
      </div>
      <FocusedTitle id={header.titleId} focus={focusTitle} describedBy={describedBy}>
        {t(header.title)}
      </FocusedTitle>
      <p className="auth-form__subtitle">{t(header.subtitle)}</p>
    </>
  );
}
