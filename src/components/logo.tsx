/** The club mark. Decorative unless given a label. */
export function Logo({ label, size = 32 }: { label?: string; size?: number }) {
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#fff" />
    </svg>
  );
}
