import { Link } from '@tanstack/react-router';

/**
 * The top of the sign-in and sign-up forms: the way to the other one in the
 * corner ('No account? Sign up'), the title the section is labelled by, the subtitle.
 */
export function AuthFormHeader({
  titleId,
  title,
  subtitle,
  other,
}: {
  titleId: string;
  title: string;
  subtitle: string;
  other: { question: string; link: string; to: '/login' | '/register' };
}) {
  return (
    <>
      <div className="auth-form__corner">
        <span>{other.question}</span> <Link to={other.to}>{other.link}</Link>
      </div>
      <h1 id={titleId}>{title}</h1>
      <p className="auth-form__subtitle">{subtitle}</p>
    </>
  );
}
