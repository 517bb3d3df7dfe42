import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import { type ResetPasswordField, resetPasswordSchema } from '../forms/password.schema.ts';
import { emailField } from '../forms/registration.schema.ts';
import { type OtpInput, type OtpVerified, otpMachine } from '../otp/otp.machine.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import { errorKeyIs, mayNotHaveActed } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The request step's one field: the email the code goes to. */
export const forgotEmailSchema = v.object({ email: emailField });

export type ForgotEmailForm = kit.FormState<typeof forgotEmailSchema>;
export type ResetPasswordForm = kit.FormState<typeof resetPasswordSchema>;

export interface ForgotPasswordContext {
  /** Step 1: the email the code goes to (sent trimmed); a failed request is its `errorKey`. */
  request: ForgotEmailForm;
  /** From check-otp; authorises the reset. */
  resetToken: string | null;
  /** Step 3: the new password and its confirmation; a failed reset is its `errorKey`. */
  newPassword: ResetPasswordForm;
}

export type ForgotPasswordEvent =
  | kit.FormEvent<'request', 'email'>
  | { type: 'code.back' }
  | kit.FormEvent<'reset', ResetPasswordField>;

/**
 * What the app knows when the page opens: the email whose code went out, when
 * the page was left (reloaded, or discarded by a phone) at the code step.
 */
export interface ForgotPasswordInput {
  resumeEmail: string | null;
}

function initialContext({ input }: { input: ForgotPasswordInput }): ForgotPasswordContext {
  return {
    request: kit.createForm(forgotEmailSchema, { email: input.resumeEmail ?? '' }),
    resetToken: null,
    newPassword: kit.createForm(resetPasswordSchema, { newPassword: '', passwordConfirmation: '' }),
  };
}

const requestForm = kit.formAssigners<ForgotPasswordContext, 'request'>(forgotEmailSchema, {
  slice: 'request',
});
const newPasswordForm = kit.formAssigners<ForgotPasswordContext, 'newPassword'>(
  resetPasswordSchema,
  {
    slice: 'newPassword',
    // A password the server's own rules refuse marks the field, as in sign-up and change password.
    rule: {
      fields: {
        'server.passwordTooWeak': 'newPassword',
        'server.invalidPassword': 'newPassword',
      },
    },
  },
);
/**
 * What the server answers to a reset token it no longer takes (used by a reset
 * whose answer was lost, or expired). The otp chart names the same key for a
 * code: not imported from it, as a lazy chunk's import of a first-paint module
 * costs /login an export (12 bytes gzip, over the size budget).
 */
const INCORRECT_OTP_KEY = 'server.incorrectOtp';
/** Said instead: the password may already be changed; else a new code is needed. */
export const CODE_SPENT_KEY = 'auth:forgot.newPassword.codeSpent';

/** check-otp's answer, the otp machine's output. */
const resetTokenOf = ({ event }: { event: { output: OtpVerified | null } }) => ({
  resetToken: event.output && 'resetToken' in event.output ? event.output.resetToken : null,
});

/** The address the code goes to: the email typed, trimmed. */
export function requestedEmail(context: ForgotPasswordContext): string {
  return context.request.values.email.trim();
}

/** requestReset's input (both the first request and a resend). */
export function requestedEmailOf({ context }: { context: ForgotPasswordContext }): {
  email: string;
} {
  return { email: requestedEmail(context) };
}

/**
 * The code step (the otp machine): the code went out with the request, so
 * Resend waits first; and it reveals nothing about the address.
 */
export function otpInput({ context }: { context: ForgotPasswordContext }): OtpInput {
  return { email: requestedEmail(context), sentCount: 1, revealNothing: true };
}

/** resetPassword's input: the token from check-otp and the new password as typed. */
export function resetPasswordInput({ context }: { context: ForgotPasswordContext }): {
  resetToken: string;
  password: string;
} {
  return {
    resetToken: context.resetToken ?? '',
    password: context.newPassword.values.newPassword,
  };
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    children: {} as { otp: 'otp' },
    input: {} as ForgotPasswordInput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST client/auth/reset-password/request { email }: 204, also for an unknown address. */
    requestReset: fromPromise<void, { email: string }>(notProvided('requestReset')),
    /** The code step; the app provides its requestCode (reset-password/request again) and verifyCode (reset-password/check-otp). */
    otp: otpMachine,
    /** POST client/auth/reset-password/reset { resetToken, password }. */
    resetPassword: fromPromise<void, { resetToken: string; password: string }>(
      notProvided('resetPassword'),
    ),
  },
  actions: {
    changeEmail: assign(requestForm.change),
    touchEmail: assign(requestForm.touch),
    touchAllRequest: assign(requestForm.touchAll),
    clearRequestError: assign(requestForm.clearServerErrors),
    assignRequestError: assign(requestForm.serverError),
    assignResetToken: assign((_args, params: { resetToken: string | null }) => params),
    changePassword: assign(newPasswordForm.change),
    touchPassword: assign(newPasswordForm.touch),
    touchAllPasswords: assign(newPasswordForm.touchAll),
    assignResetError: assign(newPasswordForm.serverError),
    assignCodeSpent: assign(({ context }) =>
      newPasswordForm.serverError({ context }, { error: { key: CODE_SPENT_KEY } }),
    ),
    /** Provided by the app: /login?reset=1, where the success message shows, the form ready for the address. */
    goToLoginWithSuccess: (_args, _params: { email: string }) => {},
    /** Provided by the app: this tab keeps the email while its code is awaited (a reload comes back to the code step). */
    rememberAwaitedCode: (_args, _params: { email: string }) => {},
    /** Provided by the app: the tab forgets it (back to step 1, or the password changed). */
    forgetAwaitedCode: () => {},
  },
  guards: {
    /** The page opened with the email of a code awaited before a reload. */
    isResuming: ({ context }) => context.request.values.email !== '',
    isEmailValid: ({ context }) => kit.isFormValid(context.request),
    /** No code went out (network, time-out, 5xx, a rate limit, a page not the API's): say so and stay. Any other answer goes on: reveal nothing. */
    isNotDelivered: (_args, params: { error: unknown }) => mayNotHaveActed(params.error),
    canReset: ({ context }) => kit.isFormValid(context.newPassword),
    isCodeSpent: errorKeyIs(INCORRECT_OTP_KEY),
  },
}).createMachine({
  id: 'forgotPassword',
  description:
    'Forgot password: ask for a code by email, enter the 6-digit code, choose a new password, then back to sign in with a success message. The request step never reveals whether an address has an account.',
  context: initialContext,
  initial: 'opening',
  states: {
    opening: {
      description:
        'The page opens: back at the code step when this tab was awaiting a code (a reload, or a phone that discarded the tab meanwhile), else at step 1.',
      always: [
        {
          guard: 'isResuming',
          target: 'code',
          description: 'A code went out to the email this tab kept: enter it (or ask for another).',
        },
        { target: 'request' },
      ],
    },
    request: {
      description: 'Step 1: the member gives the email address the code goes to.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing the email; its error shows once it is left or submitted.',
          on: {
            'request.change': kit.changeWith('changeEmail', {
              description: 'Typing clears the last error.',
            }),
            'request.blur': kit.touchOnBlur('touchEmail'),
            'request.submit': [
              {
                guard: 'isEmailValid',
                target: 'requesting',
                actions: ['touchAllRequest', 'clearRequestError'],
              },
              {
                actions: 'touchAllRequest',
                description: 'Not a valid email: show why.',
              },
            ],
          },
        },
        requesting: busyInvoking('requestReset', {
          description: 'Asking the server to email a code (POST reset-password/request).',
          input: requestedEmailOf,
          onDone: {
            target: '#forgotPassword.code',
            description: 'A code was sent if the address has an account.',
          },
          onError: [
            {
              guard: { type: 'isNotDelivered', params: errorOf },
              ...errorTo('editing', 'assignRequestError', {
                description:
                  'No code went out (network, time-out, server error, a rate limit, an answer not the server’s): say so; the email is kept.',
              }),
            },
            {
              target: '#forgotPassword.code',
              description:
                'Any answer of the server goes on to the code step, so nothing tells whether the address exists.',
            },
          ],
        }),
      },
    },
    code: {
      description:
        'Step 2: the 6-digit code from the email, as the otp machine (the same step as sign-in); it reveals nothing about the address either.',
      entry: { type: 'rememberAwaitedCode', params: requestedEmailOf },
      invoke: {
        id: 'otp',
        src: 'otp',
        input: otpInput,
        onDone: {
          target: '#forgotPassword.newPassword',
          actions: [{ type: 'assignResetToken', params: resetTokenOf }, 'forgetAwaitedCode'],
          description:
            'The code is right: the reset token authorises the new password. No code is awaited any more (the server has used it), so the tab forgets the email: a reload starts at step 1, not at a code step for a used code.',
        },
      },
      on: {
        'code.back': {
          target: '#forgotPassword.request',
          actions: 'forgetAwaitedCode',
          description: 'Use another email address: the typed email is kept.',
        },
      },
    },
    newPassword: {
      description: 'Step 3: a new password (8 to 32 characters) and its confirmation.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing the passwords; errors show for fields left, or all once submitted.',
          on: {
            'reset.change': kit.changeWith('changePassword', {
              description: 'Typing clears the last error.',
            }),
            'reset.blur': kit.touchOnBlur('touchPassword'),
            'reset.submit': [
              { guard: 'canReset', target: 'resetting' },
              {
                actions: 'touchAllPasswords',
                description: 'Not valid: show every field’s error.',
              },
            ],
          },
        },
        resetting: busyInvoking('resetPassword', {
          description: 'Saving the new password (POST reset-password/reset).',
          input: resetPasswordInput,
          onDone: { target: '#forgotPassword.done' },
          onError: [
            {
              guard: { type: 'isCodeSpent', params: errorOf },
              target: 'editing',
              actions: 'assignCodeSpent',
              description:
                'The server no longer takes the code (a reset whose answer was lost used it, or it expired): the member is told the password may already be changed, or to ask for a new code, not “Incorrect OTP” on a page without a code.',
            },
            errorTo('editing', 'assignResetError', {
              description: 'The error shows under the form; the passwords are kept.',
            }),
          ],
        }),
      },
    },
    done: {
      type: 'final',
      description: 'The password is changed: back to /login with the success message.',
      entry: ['forgetAwaitedCode', { type: 'goToLoginWithSuccess', params: requestedEmailOf }],
    },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
