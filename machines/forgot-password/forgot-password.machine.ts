import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  createForm,
  type FormState,
  fieldChangeOf,
  fieldOf,
  formAssigners,
  isFormValid,
} from '../forms/form-state.ts';
import { isCompleteOtp, OTP_LENGTH, sanitizeOtp } from '../forms/otp.schema.ts';
import { type ResetPasswordField, resetPasswordSchema } from '../forms/password.schema.ts';
import { emailField } from '../forms/registration.schema.ts';
import { errorKeyOf, statusOf } from '../shared/error-key.ts';
import { errorOf } from '../shared/event-params.ts';

/** Resend stays disabled this long after a code was sent (issue 10: no flood of codes). */
export const RESEND_COOLDOWN_MS = 30_000;

/** The request step's one field: the email the code goes to. */
export const forgotEmailSchema = v.object({ email: emailField });

/**
 * Errors that say no code went out: the server was not reached, took too long,
 * or failed itself (5xx). Shown, and the member stays. Any other answer (a 4xx,
 * such as an unknown address) reads as sent, so nothing reveals who has an account.
 */
export const CONNECTION_ERROR_KEYS: readonly string[] = ['errors.network', 'errors.timeout'];

function isNotDelivered(error: unknown): boolean {
  const status = statusOf(error);
  return (
    CONNECTION_ERROR_KEYS.includes(errorKeyOf(error)) || (status !== undefined && status >= 500)
  );
}

export type ForgotEmailForm = FormState<typeof forgotEmailSchema>;
export type ResetPasswordForm = FormState<typeof resetPasswordSchema>;

export interface ForgotPasswordContext {
  /** Step 1: the email the code goes to (sent trimmed); a failed request is its `errorKey`. */
  request: ForgotEmailForm;
  /** The digits typed so far (at most 6). */
  code: string;
  /** Why the code was refused (`server.incorrectOtp`) or could not be checked or resent. */
  codeErrorKey: string | null;
  /** Codes sent for this code step: 1 after the request, more after each Resend (status message, countdown). */
  codesSent: number;
  /** From check-otp; authorises the reset. */
  resetToken: string | null;
  /** Step 3: the new password and its confirmation; a failed reset is its `errorKey`. */
  newPassword: ResetPasswordForm;
}

export type ForgotPasswordEvent =
  | { type: 'request.change'; field: 'email'; value: string }
  | { type: 'request.blur'; field: 'email' }
  | { type: 'request.submit' }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'code.resend' }
  | { type: 'code.back' }
  | { type: 'reset.change'; field: ResetPasswordField; value: string }
  | { type: 'reset.blur'; field: ResetPasswordField }
  | { type: 'reset.submit' };

function initialContext(): ForgotPasswordContext {
  return {
    request: createForm(forgotEmailSchema, { email: '' }),
    code: '',
    codeErrorKey: null,
    codesSent: 0,
    resetToken: null,
    newPassword: createForm(resetPasswordSchema, { password: '', passwordConfirmation: '' }),
  };
}

const requestForm = formAssigners<ForgotPasswordContext, 'request'>(forgotEmailSchema, {
  slice: 'request',
});
const newPasswordForm = formAssigners<ForgotPasswordContext, 'newPassword'>(resetPasswordSchema, {
  slice: 'newPassword',
});
const resetTokenOf = ({ event }: { event: { output: { resetToken: string } } }) => ({
  resetToken: event.output.resetToken,
});
const codeOf = ({ event }: { event: { code: string } }) => ({ code: event.code });

/** requestReset's input (both the first request and a resend). */
export function requestResetInput({ context }: { context: ForgotPasswordContext }): {
  email: string;
} {
  return { email: context.request.values.email.trim() };
}

/** checkResetOtp's input. */
export function checkResetOtpInput({ context }: { context: ForgotPasswordContext }): {
  email: string;
  otp: string;
} {
  return { email: context.request.values.email.trim(), otp: context.code };
}

/** resetPassword's input: the token from check-otp and the new password as typed. */
export function resetPasswordInput({ context }: { context: ForgotPasswordContext }): {
  resetToken: string;
  password: string;
} {
  return {
    resetToken: context.resetToken ?? '',
    password: context.newPassword.values.password,
  };
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST client/auth/reset-password/request { email }: 204, also for an unknown address. */
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestReset not provided');
    }),
    /** POST client/auth/reset-password/check-otp { email, otp } → { resetToken }. */
    checkResetOtp: fromPromise<{ resetToken: string }, { email: string; otp: string }>(async () => {
      throw new Error('checkResetOtp not provided');
    }),
    /** POST client/auth/reset-password/reset { resetToken, password }. */
    resetPassword: fromPromise<void, { resetToken: string; password: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
  },
  actions: {
    changeEmail: assign(requestForm.change),
    touchEmail: assign(requestForm.touch),
    touchAllRequest: assign(requestForm.touchAll),
    clearRequestError: assign(requestForm.clearServerErrors),
    assignRequestError: assign(requestForm.serverError),
    /** A fresh code step: nothing typed, no message. */
    resetCodeStep: assign({ code: '', codeErrorKey: null, codesSent: 0 }),
    assignCode: assign((_args, params: { code: string }) => ({
      code: sanitizeOtp(params.code, OTP_LENGTH),
      codeErrorKey: null,
    })),
    assignCodeError: assign((_args, params: { error: unknown }) => ({
      codeErrorKey: errorKeyOf(params.error),
    })),
    countCodeSent: assign({
      codesSent: ({ context }) => context.codesSent + 1,
      codeErrorKey: null,
    }),
    assignResetToken: assign((_args, params: { resetToken: string }) => params),
    changePassword: assign(newPasswordForm.change),
    touchPassword: assign(newPasswordForm.touch),
    touchAllPasswords: assign(newPasswordForm.touchAll),
    assignResetError: assign(newPasswordForm.serverError),
    /** Provided by the app: /login?reset=1, where the success message shows. */
    goToLoginWithSuccess: () => {},
  },
  guards: {
    isEmailValid: ({ context }) => isFormValid(context.request),
    /** No code went out (network, time-out, 5xx): say so and stay. */
    isNotDelivered: (_args, params: { error: unknown }) => isNotDelivered(params.error),
    isCodeComplete: ({ context }) => isCompleteOtp(context.code),
    canReset: ({ context }) => isFormValid(context.newPassword),
  },
  delays: {
    RESEND_COOLDOWN: RESEND_COOLDOWN_MS,
  },
}).createMachine({
  id: 'forgotPassword',
  description:
    'Forgot password: ask for a code by email, enter the 6-digit code, choose a new password, then back to sign in with a success message. The request step never reveals whether an address has an account.',
  context: initialContext,
  initial: 'request',
  states: {
    request: {
      description: 'Step 1: the member gives the email address the code goes to.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing the email; its error shows once typed in, left or submitted.',
          on: {
            'request.change': {
              actions: { type: 'changeEmail', params: fieldChangeOf },
              description: 'Typing clears the last error.',
            },
            'request.blur': {
              actions: { type: 'touchEmail', params: fieldOf },
              description: 'A field left shows its validation error.',
            },
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
        requesting: {
          description: 'Asking the server to email a code (POST reset-password/request).',
          tags: ['busy'],
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: requestResetInput,
            onDone: {
              target: '#forgotPassword.code',
              actions: ['resetCodeStep', 'countCodeSent'],
              description: 'A code was sent if the address has an account.',
            },
            onError: [
              {
                guard: { type: 'isNotDelivered', params: errorOf },
                target: 'editing',
                actions: { type: 'assignRequestError', params: errorOf },
                description:
                  'No code went out (network, time-out, server error): say so; the email is kept.',
              },
              {
                target: '#forgotPassword.code',
                actions: ['resetCodeStep', 'countCodeSent'],
                description:
                  'Any answer of the server goes on to the code step, so nothing tells whether the address exists.',
              },
            ],
          },
        },
      },
    },
    code: {
      description:
        'Step 2: the 6-digit code from the email (same input as sign-in). Checking the code and asking for another run side by side.',
      type: 'parallel',
      on: {
        'code.back': {
          target: '#forgotPassword.request',
          actions: 'resetCodeStep',
          description: 'Use another email address: the typed email is kept.',
        },
      },
      states: {
        entry: {
          description: 'The code the member types or pastes.',
          initial: 'entering',
          states: {
            entering: {
              description: 'Typing or pasting the code; the button is enabled at 6 digits.',
              on: {
                'code.change': {
                  actions: { type: 'assignCode', params: codeOf },
                  description: 'Typing clears the last error.',
                },
                'code.submit': { guard: 'isCodeComplete', target: 'checking' },
              },
            },
            checking: {
              description: 'Checking the code (POST reset-password/check-otp).',
              tags: ['busy'],
              invoke: {
                id: 'checkResetOtp',
                src: 'checkResetOtp',
                input: checkResetOtpInput,
                onDone: {
                  target: '#forgotPassword.newPassword',
                  actions: { type: 'assignResetToken', params: resetTokenOf },
                  description: 'The code is right: the reset token authorises the new password.',
                },
                onError: {
                  target: 'entering',
                  actions: { type: 'assignCodeError', params: errorOf },
                  description:
                    'A wrong code (server.incorrectOtp) shows under the boxes; it can be resent.',
                },
              },
            },
          },
        },
        sending: {
          description:
            'Asking for another code: at most one every 30 s, the first 30 s counted from the request step.',
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'A code was just sent: Resend is disabled with a countdown.',
              after: {
                RESEND_COOLDOWN: { target: 'canResend', description: '30 s have passed.' },
              },
            },
            canResend: {
              description: 'Resend is enabled.',
              on: { 'code.resend': { target: 'resending' } },
            },
            resending: {
              description: 'Asking for a new code (POST reset-password/request again).',
              tags: ['busy'],
              invoke: {
                id: 'resendCode',
                src: 'requestReset',
                input: requestResetInput,
                onDone: { target: 'coolingDown', actions: 'countCodeSent' },
                onError: [
                  {
                    guard: { type: 'isNotDelivered', params: errorOf },
                    target: 'canResend',
                    actions: { type: 'assignCodeError', params: errorOf },
                    description:
                      'No code went out (network, time-out, server error): say so; Resend is available at once.',
                  },
                  {
                    target: 'coolingDown',
                    actions: 'countCodeSent',
                    description: 'Any answer of the server reads as sent (reveals nothing).',
                  },
                ],
              },
            },
          },
        },
      },
    },
    newPassword: {
      description: 'Step 3: a new password (8 to 32 characters) and its confirmation.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing the passwords; errors show for fields typed in, left or submitted.',
          on: {
            'reset.change': {
              actions: { type: 'changePassword', params: fieldChangeOf },
              description: 'Typing clears the last error.',
            },
            'reset.blur': {
              actions: { type: 'touchPassword', params: fieldOf },
              description: 'A field left shows its validation error.',
            },
            'reset.submit': [
              { guard: 'canReset', target: 'resetting' },
              {
                actions: 'touchAllPasswords',
                description: 'Not valid: show every field’s error.',
              },
            ],
          },
        },
        resetting: {
          description: 'Saving the new password (POST reset-password/reset).',
          tags: ['busy'],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: resetPasswordInput,
            onDone: { target: '#forgotPassword.done' },
            onError: {
              target: 'editing',
              actions: { type: 'assignResetError', params: errorOf },
              description: 'The error shows under the form; the passwords are kept.',
            },
          },
        },
      },
    },
    done: {
      type: 'final',
      description: 'The password is changed: back to /login with the success message.',
      entry: 'goToLoginWithSuccess',
    },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
