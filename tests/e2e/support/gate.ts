import type { Page } from '@playwright/test';

/**
 * A gate the test opens by hand: a route handler waits on `passed` to hold a
 * request (or its answer) until the test calls `open()`.
 *
 *   const slow = gate();
 *   await page.route('**\/locales/fr/**', async (route) => {
 *     await slow.passed;
 *     await route.continue();
 *   });
 *   …
 *   slow.open();
 */
export function gate(): { passed: Promise<void>; open(): void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

/**
 * Holds the first request to `glob` (a slow network for the first save only)
 * until the test calls `open()`; later ones go through at once.
 */
export async function holdFirstRequest(page: Page, glob: string): Promise<{ open(): void }> {
  const held = gate();
  let first = true;
  await page.route(glob, async (route) => {
    if (first) {
      first = false;
      await held.passed;
    }
    await route.continue();
  });
  return held;
}
