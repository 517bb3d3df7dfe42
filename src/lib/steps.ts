import { yieldToBrowser } from './yield-to-browser.ts';

/**
 * Work written as a generator of steps, each `yield` a point where it may
 * pause: run at once (tests, callers in no hurry) or as one task per step
 * (start-up on a slow phone).
 */
export type Steps<T> = Generator<void, T>;

/** All the steps now, in one go. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
  }
}

/** One step per task: the browser gets the main thread back between steps. */
export async function runInTasks<T>(steps: Steps<T>): Promise<T> {
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await yieldToBrowser();
  }
}
