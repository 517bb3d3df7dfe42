import { Logo } from './logo.tsx';
import { Spinner } from './spinner.tsx';

/** Shown for the instant before the first translations arrive (so it has no text). */
export function Splash() {
  return (
    <div className="loading-screen" aria-busy="true">
      <Logo size={56} />
      <Spinner size="lg" />
    </div>
  );
}
