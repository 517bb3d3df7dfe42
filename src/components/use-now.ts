import { useEffect, useState } from 'react';

/** How often a page that shows time-bound facts looks at the clock again. */
export const NOW_REFRESH_MS = 60_000;

/**
 * The current time, read again every minute, when the tab is shown again and
 * when the browser restores the page (Back after leaving the site): a page
 * left open past a boundary (a membership's last day, midnight) shows what
 * is true now, not what was true when it rendered.
 */
export function useNow(now: () => number): number {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const tick = () => setTime(now());
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    const id = window.setInterval(tick, NOW_REFRESH_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', tick);
    };
  }, [now]);
  return time;
}
