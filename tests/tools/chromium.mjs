/**
 * How every browser run of this repository starts Debian's Chromium: the
 * Playwright configs (tests/e2e, tests/hosting) and the measuring scripts
 * (size, INP, Lighthouse). One list of flags, so a run measures what the
 * tests see.
 *
 *   chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
 */

/** The binary tests/tools/browser-env.sh found (npm test and the e2e scripts export it); Debian's full browser otherwise. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox (containers), no GPU, no QUIC, and none of the browser's own background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The flags of a headless run (the Playwright configs and the size count). */
export const HEADLESS_ARGS = ['--headless', ...CHROMIUM_FLAGS];
