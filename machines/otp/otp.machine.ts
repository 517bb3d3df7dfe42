import { assign, fromPromise, setup } from 'xstate';
import { isCompleteOtp, OTP_LENGTH, sanitizeOtp } from '../forms/otp.schema.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import type { Tokens } from '../shared/domain.ts';
import { errorKeyOf, isNoVerdict, mayNotHaveActed } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

/** What a right code gets: tokens (sign-in's verify-user) or a reset token (forgot password's check-otp). */
export type OtpVerified = Tokens | { resetToken: string };

/** What the server answers to a code (or a reset token) it does not take. */
const INCORRECT_OTP_KEY = 'server.incorrectOtp';
/**
 * Said instead after a check with no verdict (a time-out, a lost answer, a
 * 5xx): that check may have used the code (the server takes a code once). Sign-in's
 * account is then verified, so signing in again works; forgot password needs a new code.
 */
export const CODE_MAYBE_USED_KEYS = {
  signIn: 'auth:otp.maybeUsedSignIn',
  reset: 'auth:otp.maybeUsedReset',
} as const;

/** Resend stays disabled this long after a code was sent (no flood of codes). */
export const RESEND_COOLDOWN_MS = 30_000;

export interface OtpInput {
  /** Where the codes go (and what check sends with the code). */
  email: string;
  /** Codes already sent before this step (forgot password's request): 0 asks for one at once. */
  sentCount: number;
  /**
   * Reveal nothing (forgot password): a refusal of the server to send a code
   * (a 4xx, e.g. an unknown address) reads as sent, so nothing tells whether
   * the address has an account. Only forgot password's step reveals nothing,
   * so it also tells the two steps apart where their texts differ
   * (`CODE_MAYBE_USED_KEYS`): one flag rather than a second input, which the
   * session's chart, loaded by /login, would have to pass too.
   */
  revealNothing: boolean;
}

export interface OtpContext extends OtpInput {
  /** The digits typed so far (at most 6). */
  code: string;
  /** Why the code was refused (`server.incorrectOtp`), or could not be checked or sent. */
  errorKey: string | null;
  /**
   * A code the member asked for again (Resend): `asked`, then `sent` when it
   * went out, which the step tells; `none` before, and once a failure showed
   * (the news is not told again when the member then edits the code).
   */
  newCode: 'none' | 'asked' | 'sent';
  /** verifyCode's answer, the machine's output. */
  verified?: OtpVerified;
  /** The code whose check got no verdict: the server may have used it (null: none since the last code sent). */
  uncertainCode: string | null;
}

export type OtpEvent =
  | { type: 'otp.change'; code: string }
  | { type: 'otp.submit' }
  | { type: 'otp.resend' };

/** requestCode's input. */
export const requestCodeInput = ({ context }: { context: OtpContext }) => ({
  email: context.email,
});

/** verifyCode's input: the email and the code typed. */
export const verifyCodeInput = ({ context }: { context: OtpContext }) => ({
  email: context.email,
  otp: context.code,
});

const codeOf = ({ event }: { event: { code: string } }) => ({ code: event.code });
const verifiedOf = ({ context }: { context: OtpContext }) => context.verified ?? null;
const verifyOutputOf = ({ event }: { event: { output: OtpVerified } }) => ({
  output: event.output,
});

/**
 * The one-time-code step, invoked by the session (sign-in of an unverified
 * account) and by forgot password: six digits checked by `verifyCode`, codes
 * sent by `requestCode` at most one every 30 s. It ends (final) with
 * `verifyCode`'s output.
 */
export const otpMachine = setup({
  types: {
    context: {} as OtpContext,
    events: {} as OtpEvent,
    input: {} as OtpInput,
    output: {} as OtpVerified | null,
    tags: {} as 'busy',
  },
  actors: {
    /** Sends a code to the email (resend-otp, or reset-password/request). */
    requestCode: fromPromise<void, { email: string }>(notProvided('requestCode')),
    /** Checks the code (verify-user → tokens, or reset-password/check-otp → { resetToken }). */
    verifyCode: fromPromise<OtpVerified, { email: string; otp: string }>(notProvided('verifyCode')),
  },
  actions: {
    assignCode: assign((_args, params: { code: string }) => ({
      code: sanitizeOtp(params.code, OTP_LENGTH),
      errorKey: null,
    })),
    /** A new code went out: an earlier failure is no longer current. */
    countCodeSent: assign(({ context }) => ({
      sentCount: context.sentCount + 1,
      errorKey: null,
      uncertainCode: null,
      newCode: context.newCode === 'asked' ? ('sent' as const) : ('none' as const),
    })),
    /** The member asked for a code again (Resend). */
    askNewCode: assign({ newCode: 'asked' as const }),
    /** No code went out: nothing new to announce. */
    assignError: assign((_args, params: { error: unknown }) => ({
      errorKey: errorKeyOf(params.error),
      newCode: 'none' as const,
    })),
    /**
     * The code was refused, or could not be checked: a code the member asked
     * for and still on its way is announced when it goes out. The server takes
     * a code once, so a check with no verdict may have used it: that code is
     * remembered, and a refusal of it then says it may have been used
     * (sign-in: the account is verified; forgot password: a new code is needed).
     */
    assignVerifyError: assign(({ context }, { error }: { error: unknown }) => {
      const key = errorKeyOf(error);
      const maybeUsed = key === INCORRECT_OTP_KEY && context.uncertainCode === context.code;
      return {
        errorKey: maybeUsed
          ? CODE_MAYBE_USED_KEYS[context.revealNothing ? 'reset' : 'signIn']
          : key,
        uncertainCode: isNoVerdict(error) ? context.code : context.uncertainCode,
        newCode: context.newCode === 'asked' ? ('asked' as const) : ('none' as const),
      };
    }),
    assignVerified: assign((_args, params: { output: OtpVerified }) => ({
      verified: params.output,
    })),
  },
  guards: {
    hasSentCode: ({ context }) => context.sentCount > 0,
    isCodeComplete: ({ context }) => isCompleteOtp(context.code),
    /** Reveal nothing: the server answered about the address (not a network, time-out, 5xx, rate-limit or unreadable failure) and the flow hides refusals. */
    isRefusalHidden: ({ context }, params: { error: unknown }) =>
      context.revealNothing && !mayNotHaveActed(params.error),
  },
  delays: {
    RESEND_COOLDOWN: RESEND_COOLDOWN_MS,
  },
}).createMachine({
  id: 'otp',
  description:
    'The one-time code: 6 digits checked by the server, codes sent at most one every 30 s. Invoked by the session (an unverified sign-in) and by forgot password (which reveals nothing about the address).',
  context: ({ input }) => ({
    ...input,
    code: '',
    errorKey: null,
    newCode: 'none' as const,
    uncertainCode: null,
  }),
  initial: 'active',
  output: verifiedOf,
  states: {
    active: {
      description:
        'Entering the code and asking for codes run side by side: a code can be checked while another is on its way.',
      type: 'parallel',
      states: {
        code: {
          description: 'The code the member types or pastes.',
          initial: 'entering',
          states: {
            entering: {
              description: 'Typing or pasting the code; Next is enabled at 6 digits.',
              on: {
                'otp.change': {
                  actions: { type: 'assignCode', params: codeOf },
                  description: 'Typing clears the last error.',
                },
                'otp.submit': { guard: 'isCodeComplete', target: 'verifying' },
              },
            },
            verifying: busyInvoking('verifyCode', {
              description: 'The server checks the email and the code.',
              input: verifyCodeInput,
              onDone: {
                target: '#otp.verified',
                actions: { type: 'assignVerified', params: verifyOutputOf },
                description: 'The code is right: the step ends with the server’s answer.',
              },
              onError: errorTo('entering', 'assignVerifyError', {
                description:
                  'The error shows under the boxes; the code is kept. A check with no verdict (network, time-out, 5xx) may have used the code: a refusal of that same code then says so, not “Incorrect OTP”.',
              }),
            }),
          },
        },
        sending: {
          description:
            'Codes going out: one at once unless one was just sent, then one per Resend, at most one every 30 s.',
          initial: 'starting',
          states: {
            starting: {
              description:
                'A code was already sent (forgot password) or is asked for now (sign-in).',
              always: [{ guard: 'hasSentCode', target: 'coolingDown' }, { target: 'requesting' }],
            },
            requesting: busyInvoking('requestCode', {
              description: 'Asking the server to send a code to the email.',
              input: requestCodeInput,
              onDone: { target: 'coolingDown', actions: 'countCodeSent' },
              onError: [
                {
                  guard: { type: 'isRefusalHidden', params: errorOf },
                  target: 'coolingDown',
                  actions: 'countCodeSent',
                  description:
                    'Reveal nothing: any answer of the server reads as sent, so nothing tells whether the address exists.',
                },
                errorTo('canResend', 'assignError', {
                  description: 'No code went out: say so (spec 8); Resend is available at once.',
                }),
              ],
            }),
            coolingDown: {
              description: 'A code was just sent: Resend is disabled with a countdown.',
              after: {
                RESEND_COOLDOWN: { target: 'canResend', description: '30 s have passed.' },
              },
            },
            canResend: {
              description: 'Resend is enabled.',
              on: { 'otp.resend': { target: 'requesting', actions: 'askNewCode' } },
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      description: 'The code was right: the invoking flow goes on with the server’s answer.',
    },
  },
});

export type OtpMachine = typeof otpMachine;
