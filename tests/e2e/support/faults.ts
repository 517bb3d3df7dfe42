/**
 * The fault suite's kit: the stand-in fails a call the way real
 * networks and servers do (`__dev/faults`), and each case checks what a member
 * would: a clear message, nothing they typed lost, a way on, the session kept
 * unless the server refused it, and no uncaught error in the page.
 *
 * Every case is tallied through the test's annotations; fault-reporter.ts
 * prints `faults: N injected, N survived, 0 data lost` at the end of the run.
 *
 *   test('login', async ({ page, api, faults }) => {
 *     await faults.survive('POST login 503', {
 *       inject: { path: '/client/auth/login', kind: 'status', email },
 *       act: () => click('Sign in'),
 *       shown: MESSAGES.server,
 *       kept: () => expectValues(…),
 *     });
 *   });
 */
import { test as base, expect, type Page, type Request } from '@playwright/test';
import type { Fault } from './api.ts';
import { test as withApi } from './fixtures.ts';
import { storedTokens } from './members.ts';

export { expect };

/** What a member reads for each way a call can fail (common:errors.*). */
export const MESSAGES = {
  network: 'We could not reach the server. Check your connection and try again.',
  timeout: 'The server took too long to answer. Please try again.',
  server: 'The server could not answer just now. Please try again in a moment.',
  unreadable: 'The server sent an answer we could not read. Please try again.',
  unknown: 'An unknown error occurred.',
  rateLimited: 'Too many tries in a short time. Please wait a moment, then try again.',
  expired: 'Your session has expired. Please sign in again.',
} as const;

/** The four ways every call of the journey is failed. */
export const KINDS = ['status', 'drop', 'hang', 'malformed'] as const;
export type Kind = (typeof KINDS)[number];

/** What the member reads when a call that reads its answer fails this way. */
export const MESSAGE_FOR: Record<Kind, string> = {
  status: MESSAGES.server,
  drop: MESSAGES.network,
  hang: MESSAGES.timeout,
  malformed: MESSAGES.unreadable,
};

/** For calls whose answer is not read, a malformed 200 is a success: it is left out. */
export const FAILING: readonly Kind[] = ['status', 'drop', 'hang'];

/** The client waits 15 s for an answer; the clock jumps past it. */
const PAST_CLIENT_TIMEOUT_MS = 16_000;

export interface FaultCase {
  /** The fault; `times` defaults to what defeats the client's own retries (3 for a GET). */
  inject: Fault;
  /** What the member does that makes the call. */
  act: () => Promise<void>;
  /** The message shown, or a check of its own (a page the flow goes on to). */
  shown: string | RegExp | (() => Promise<void>);
  /** Nothing typed is lost (counted as data lost when it fails). */
  kept?: () => Promise<void>;
  /** The member is still signed in afterwards (default true when tokens were stored). */
  signedIn?: boolean;
}

/** One call failed each way of `kinds` in turn (see `faults.surviveEach`). */
export interface EachCase extends Omit<FaultCase, 'inject' | 'shown'> {
  /** The call and whose it is; the kind comes from `kinds`. */
  inject: Omit<Fault, 'kind'>;
  /** Default: all four (KINDS). */
  kinds?: readonly Kind[];
  /** The message shown; default: what each kind reads as (MESSAGE_FOR). */
  shown?: string;
  /**
   * With the faults cleared, the member does `act` once more and it goes
   * through: this checks where it led.
   */
  goesOn?: () => Promise<void>;
  /**
   * For a call whose answer is not read: after the `kinds` (then the three
   * FAILING ones by default), a malformed 200 sent once the stand-in has
   * handled the call is a success, and this checks where it led.
   */
  unreadGoesOn?: () => Promise<void>;
}

/**
 * How many calls a fault must fail to reach the member: the client tries a GET
 * three times (two retries) after a 503 or a drop, and Chrome itself sends a
 * request again when a kept-alive connection drops without an answer (so a
 * drop fails every call until the case clears its faults).
 */
function defaultTimes(fault: Fault): number {
  if (fault.kind === 'drop') return 20;
  return fault.method === 'GET' && fault.kind === 'status' ? 3 : 1;
}

/**
 * Lets time pass (the automatic retries' pauses) until `done` holds: the
 * clock jumps a second at a time, with the real network in between.
 */
export async function skipTimeUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.fastForward(1_000);
        return done();
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(true);
}

/**
 * The page's API calls on their way other than the one `fault` names, from now
 * on: `answered()` waits until none is left (each answered or failed).
 */
function otherCallsOnTheirWay(page: Page, fault: Fault) {
  const open = new Set<Request>();
  const sent = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/') && !isCall(request, fault)) {
      open.add(request);
    }
  };
  const ended = (request: Request) => open.delete(request);
  page.on('request', sent);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    answered: () => expect.poll(() => open.size, { timeout: 15_000 }).toBe(0),
    stop() {
      page.off('request', sent);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/** The request is the call a fault names (method, and the path with `*` for one segment). */
function isCall(request: Request, fault: Fault): boolean {
  if (fault.method && request.method() !== fault.method) return false;
  const pattern = fault.path
    .split('/')
    .map((part) => (part === '*' ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`/api${pattern}$`).test(new URL(request.url()).pathname);
}

/** A message is shown to the member (an alert, or status) and nothing is left busy. */
export async function expectShown(page: Page, message: string | RegExp): Promise<void> {
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

interface FaultFixtures {
  /** Uncaught errors of the page; the test fails if there is any. */
  pageErrors: Error[];
  faults: {
    /** Injects one fault, does what the member does, and checks the case. */
    survive(name: string, fault: FaultCase): Promise<void>;
    /**
     * `survive` once for each kind of fault on one call, each case named
     * `${name} (${kind})`: the same act, message and kept check every time;
     * then, with `goesOn`, the next try without a fault goes on.
     */
    surviveEach(name: string, fault: EachCase): Promise<void>;
    /**
     * A fault the test brings about itself (bad input, a hostile answer, many
     * clicks): `run` does it and checks what is shown; `kept` that nothing
     * typed was lost.
     */
    check(name: string, run: () => Promise<void>, kept?: () => Promise<void>): Promise<void>;
  };
}

export const test = withApi.extend<FaultFixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      // Fake timers that run at normal speed: a hang can jump past the client's time-out.
      await page.clock.install();
      await use(errors);
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  faults: async ({ page, api }, use) => {
    const faults: FaultFixtures['faults'] = {
      async survive(name, fault) {
        const info = base.info();
        info.annotations.push({ type: 'fault', description: name });
        await base.step(`fault: ${name}`, async () => {
          const before = await storedTokens(page);
          const times = fault.inject.times ?? defaultTimes(fault.inject);
          await api.injectFaults({ ...fault.inject, times });
          const sent = page.waitForRequest((request) => isCall(request, fault.inject));
          const others = otherCallsOnTheirWay(page, fault.inject);
          try {
            await fault.act();
            await sent;
            if (fault.inject.kind === 'hang') {
              // Only the hung call may time out: a call sent beside it (the start-up's
              // profile, beside the membership) is answered first, however slow the machine.
              await others.answered();
              await page.clock.fastForward(PAST_CLIENT_TIMEOUT_MS);
            }
          } finally {
            others.stop();
          }
          if (typeof fault.shown === 'function') await fault.shown();
          else await expectShown(page, fault.shown);
          if (fault.kept) {
            try {
              await fault.kept();
            } catch (error) {
              info.annotations.push({ type: 'fault-data-lost', description: name });
              throw error;
            }
          }
          const signedIn = fault.signedIn ?? before.refreshToken !== null;
          if (signedIn) {
            expect(await storedTokens(page), 'the session is kept').toEqual(
              expect.objectContaining({ refreshToken: expect.any(String) }),
            );
            await expect(page).not.toHaveURL(/\/login(\?|$)/);
          }
          await api.clearFaults();
        });
        info.annotations.push({ type: 'fault-survived', description: name });
      },
      async surviveEach(name, { inject, kinds, shown, goesOn, unreadGoesOn, ...rest }) {
        for (const kind of kinds ?? (unreadGoesOn ? FAILING : KINDS)) {
          await faults.survive(`${name} (${kind})`, {
            ...rest,
            inject: { ...inject, kind },
            shown: shown ?? MESSAGE_FOR[kind],
          });
        }
        if (unreadGoesOn) {
          await faults.survive(`${name} (malformed: the body is not read)`, {
            inject: { ...inject, kind: 'malformed', after: true },
            act: rest.act,
            shown: unreadGoesOn,
          });
        }
        if (goesOn) {
          await rest.act();
          await goesOn();
        }
      },
      async check(name, run, kept) {
        const info = base.info();
        info.annotations.push({ type: 'fault', description: name });
        await base.step(`fault: ${name}`, async () => {
          await run();
          if (!kept) return;
          try {
            await kept();
          } catch (error) {
            info.annotations.push({ type: 'fault-data-lost', description: name });
            throw error;
          }
        });
        info.annotations.push({ type: 'fault-survived', description: name });
      },
    };
    await use(faults);
  },
});
