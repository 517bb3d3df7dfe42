/** A form-level message, announced when it appears (role=alert for errors, status otherwise). */
export function FormAlert({
  id,
  tone = 'error',
  children,
}: {
  id?: string;
  tone?: 'error' | 'success' | 'info';
  children?: string | null;
}) {
  return (
    <div
      id={id}
      className={`form-alert form-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      hidden={!children}
    >
      {children}
    </div>
  );
}
