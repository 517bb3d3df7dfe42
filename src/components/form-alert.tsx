/**
 * A form-level message, announced when it appears: role=alert for errors, status otherwise.
 * An alert is announced when it is shown, so an empty one is hidden. A status is only announced
 * when its text changes inside a region that is already there, so an empty one stays in the page,
 * visually hidden (the `[role="status"]:empty` selector beside `.visually-hidden` in styles.css).
 */
export function FormAlert({
  id,
  tone = 'error',
  children,
}: {
  id?: string;
  tone?: 'error' | 'success' | 'info';
  children?: string | null;
}) {
  const error = tone === 'error';
  return (
    <div
      id={id}
      className={`form-alert form-alert--${tone}`}
      role={error ? 'alert' : 'status'}
      hidden={error && !children}
    >
      {children}
    </div>
  );
}
