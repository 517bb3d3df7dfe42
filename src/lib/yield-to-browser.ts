/**
 * Gives the main thread back to the browser for a moment (input, painting)
 * before more start-up work: on a slow phone, start-up then runs as several
 * short tasks instead of one long one that blocks the page.
 * Uses `scheduler.yield()` where the browser has it, else a zero-delay timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has painted the current frame: what a click
 * changed shows before heavier work that follows it (a frame, then a task).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
