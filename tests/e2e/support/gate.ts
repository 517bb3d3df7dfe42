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
