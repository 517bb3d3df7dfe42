import { assign, fromPromise, setup } from 'xstate';
import { loginSchema } from '../forms/login.schema.ts';
import { isCompleteOtp, OTP_LENGTH, sanitizeOtp } from '../forms/otp.schema.ts';
import { hasNoErrors, validate } from '../forms/validate.ts';
import { EMPTY_USER, type LoginResponse, type Tokens, type User } from '../shared/domain.ts';
import { errorKeyOf } from '../shared/error-key.ts';
import type { LoginValues, SessionContext, SessionEvent } from './session.types.ts';

/** Placeholder effects: the app provides the real ones with `.provide()`. */
function notProvided(name: string) {
  return () => Promise.reject(new Error(`${name} not provided`));
}

/** Shown when an unverified account signed in with a phone number and the server gave no email. */
export const OTP_EMAIL_NEEDED_KEY = 'errors.verifyWithEmail';

const EMPTY_LOGIN: SessionContext['login'] = {
  values: { emailOrPhone: '', password: '' },
  changed: false,
  errorKey: null,
};
const EMPTY_OTP: SessionContext['otp'] = { email: '', code: '', errorKey: null, codeSent: false };

// Named parameter mappers (kept out of the chart config so it stays plain data).
const tokensOf = ({ event }: { event: { output: Pick<Tokens, 'token' | 'refreshToken'> } }) => ({
  token: event.output.token,
  refreshToken: event.output.refreshToken,
});
const loginTokensOf = ({ event }: { event: { output: LoginResponse } }) => ({
  token: event.output.token ?? '',
  refreshToken: event.output.refreshToken ?? event.output.token ?? '',
});
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const loginInputOf = ({ context }: { context: SessionContext }) => context.login.values;
const otpRequestOf = ({ context }: { context: SessionContext }) => ({ email: context.otp.email });
const otpVerifyOf = ({ context }: { context: SessionContext }) => ({
  email: context.otp.email,
  otp: context.otp.code,
});

function emailForOtp(values: LoginValues, response: LoginResponse): string {
  if (response.user?.email) return response.user.email;
  const typed = values.emailOrPhone.trim();
  return typed.includes('@') ? typed : '';
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadUser: fromPromise<User>(notProvided('loadUser')),
    login: fromPromise<LoginResponse, LoginValues>(notProvided('login')),
    requestOtp: fromPromise<void, { email: string }>(notProvided('requestOtp')),
    verifyOtp: fromPromise<Tokens, { email: string; otp: string }>(notProvided('verifyOtp')),
    refreshTokens: fromPromise<Tokens>(notProvided('refreshTokens')),
  },
  actions: {
    // Effects, provided by the app.
    storeTokens: (_args, _params: { token: string; refreshToken: string }) => {},
    clearTokens: () => {},
    startMembership: () => {},
    clearMembership: () => {},
    notifyServerLogout: () => {},
    goToActivation: () => {},
    goToLogin: () => {},
    logError: (_args, _params: { error: unknown }) => {},

    // Context updates.
    assignUserFromOutput: assign({
      user: ({ event }) => (event as unknown as { output: { user: User } }).output.user,
    }),
    /** loadUser outputs the User itself (GET client/auth/profile), not `{ user }`. */
    assignLoadedUser: assign({
      user: ({ event }) => (event as unknown as { output: User }).output,
    }),
    assignUser: assign({
      user: ({ context, event }) =>
        event.type === 'session.userUpdated' ? event.user : context.user,
    }),
    resetUser: assign({ user: EMPTY_USER }),
    changeLoginValue: assign({
      login: ({ context, event }) =>
        event.type === 'login.change'
          ? {
              values: { ...context.login.values, [event.field]: event.value },
              changed: true,
              errorKey: null,
            }
          : context.login,
    }),
    assignLoginError: assign({
      login: ({ context, event }) => ({
        ...context.login,
        errorKey: errorKeyOf((event as unknown as { error: unknown }).error),
      }),
    }),
    resetLogin: assign({ login: EMPTY_LOGIN, otp: EMPTY_OTP }),
    rememberOtpEmail: assign({
      // The credentials were right: an earlier failure must not reappear after 'Back to sign in'.
      login: ({ context }) => ({ ...context.login, errorKey: null }),
      otp: ({ context, event }) => ({
        ...EMPTY_OTP,
        email: emailForOtp(
          context.login.values,
          (event as unknown as { output: LoginResponse }).output,
        ),
      }),
    }),
    assignOtpEmailNeeded: assign({
      login: ({ context }) => ({ ...context.login, errorKey: OTP_EMAIL_NEEDED_KEY }),
    }),
    changeOtpCode: assign({
      otp: ({ context, event }) =>
        event.type === 'otp.change'
          ? { ...context.otp, code: sanitizeOtp(event.code).slice(0, OTP_LENGTH), errorKey: null }
          : context.otp,
    }),
    /** A new code went out: an earlier failure is no longer current. */
    markCodeSent: assign({
      otp: ({ context }) => ({ ...context.otp, codeSent: true, errorKey: null }),
    }),
    assignOtpError: assign({
      otp: ({ context, event }) => ({
        ...context.otp,
        errorKey: errorKeyOf((event as unknown as { error: unknown }).error),
      }),
    }),
    recordRefreshed: assign({
      refreshOutcome: 'refreshed',
      refreshCount: ({ context }) => context.refreshCount + 1,
    }),
    recordRefreshRejected: assign({
      refreshOutcome: 'rejected',
      refreshCount: ({ context }) => context.refreshCount + 1,
    }),
    recordRefreshFailed: assign({
      refreshOutcome: 'failed',
      refreshCount: ({ context }) => context.refreshCount + 1,
    }),
  },
  guards: {
    /** Provided by the app: reads the token store (spec 3: authenticated if either token is stored). */
    hasStoredTokens: () => false,
    canSubmitLogin: ({ context }) =>
      context.login.changed && hasNoErrors(validate(loginSchema, context.login.values)),
    isUnverified: ({ event }) =>
      (event as unknown as { output: LoginResponse }).output.isVerified === false,
    hasOtpEmail: ({ context }) => context.otp.email.length > 0,
    isOtpComplete: ({ context }) => isCompleteOtp(context.otp.code),
    /** The server refused the refresh token (a 4xx): the session is over. */
    isRefreshRejected: ({ event }) => {
      const status = statusOf((event as unknown as { error: unknown }).error);
      return status !== undefined && status >= 400 && status < 500;
    },
    isSignedInElsewhere: ({ event }) => event.type === 'session.storageChanged' && event.hasTokens,
    isSignedOutElsewhere: ({ event }) =>
      event.type === 'session.storageChanged' && !event.hasTokens,
  },
}).createMachine({
  id: 'session',
  description:
    'The one long-lived actor of the app: restores the stored session, signs members in (with a one-time code when the account is not verified), shares one token refresh among all callers and signs out.',
  context: {
    user: EMPTY_USER,
    login: EMPTY_LOGIN,
    otp: EMPTY_OTP,
    refreshOutcome: null,
    refreshCount: 0,
  },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Reads the stored tokens once at start: either token counts as a session (spec 3).',
      always: [{ guard: 'hasStoredTokens', target: 'authenticated' }, { target: 'signedOut' }],
    },

    authenticated: {
      description:
        'Tokens are stored. The user is loaded, and, in parallel, one token refresh at a time is run for every request that got a 401.',
      type: 'parallel',
      on: {
        'session.signOut': {
          description:
            'Spec 4: clears both tokens, resets the user to empty defaults, clears the membership, then /login.',
          target: 'signedOut',
          actions: [
            'notifyServerLogout',
            'clearTokens',
            'resetUser',
            'clearMembership',
            'resetLogin',
            'goToLogin',
          ],
        },
        'session.storageChanged': {
          description: 'Another tab signed out: follow it.',
          guard: 'isSignedOutElsewhere',
          target: 'signedOut',
          actions: ['resetUser', 'clearMembership', 'resetLogin', 'goToLogin'],
        },
      },
      states: {
        user: {
          description: 'The current user (GET client/auth/profile).',
          initial: 'loading',
          states: {
            loading: {
              description: "Loading the current user; the router shows 'loading your account'.",
              tags: ['loading'],
              invoke: {
                id: 'loadUser',
                src: 'loadUser',
                onDone: {
                  target: 'ready',
                  actions: ['assignLoadedUser', 'startMembership'],
                },
                onError: {
                  description: 'Spec 2: if loading the current user fails, the user is logged out.',
                  target: '#session.signedOut',
                  actions: [
                    { type: 'logError', params: errorOf },
                    'clearTokens',
                    'resetUser',
                    'clearMembership',
                  ],
                },
              },
            },
            ready: {
              id: 'signedIn',
              description: 'Signed in with a loaded user.',
              tags: ['settled'],
              on: {
                'session.reloadUser': { target: 'reloading' },
                'session.userUpdated': { actions: 'assignUser' },
              },
            },
            reloading: {
              description:
                'Reloading the user after a change (billing address, profile); the old user stays shown, errors are only logged.',
              tags: ['settled'],
              invoke: {
                id: 'reloadUser',
                src: 'loadUser',
                onDone: { target: 'ready', actions: 'assignLoadedUser' },
                onError: { target: 'ready', actions: { type: 'logError', params: errorOf } },
              },
            },
          },
        },
        refresh: {
          description:
            'Token refresh as a state: every 401 asks for it, and all callers wait for the same attempt.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No refresh running.',
              on: { 'session.refresh': { target: 'refreshing' } },
            },
            refreshing: {
              description:
                'One refresh-token call in flight; further refresh requests join it instead of starting another.',
              tags: ['refreshing'],
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'storeTokens', params: tokensOf },
                    'assignUserFromOutput',
                    'recordRefreshed',
                  ],
                },
                onError: [
                  {
                    description:
                      'The server rejected the refresh token (4xx): the session ends, callers get their original error.',
                    guard: 'isRefreshRejected',
                    target: '#session.signedOut',
                    actions: [
                      'recordRefreshRejected',
                      'clearTokens',
                      'resetUser',
                      'clearMembership',
                      'resetLogin',
                      'goToLogin',
                    ],
                  },
                  {
                    description:
                      'A network or server failure: the session is kept, callers get their original error.',
                    target: 'idle',
                    actions: ['recordRefreshFailed', { type: 'logError', params: errorOf }],
                  },
                ],
              },
            },
          },
        },
      },
    },

    signedOut: {
      description: 'No session: the login screen and its one-time-code step.',
      tags: ['settled'],
      initial: 'form',
      on: {
        'session.storageChanged': {
          description: 'Another tab signed in: load the user here too.',
          guard: 'isSignedInElsewhere',
          target: 'authenticated',
        },
        'session.refresh': {
          description: 'Nothing to refresh without a session: answer at once.',
          actions: 'recordRefreshRejected',
        },
      },
      states: {
        form: {
          description:
            'Email or phone and password. Editing clears the shown error; submit only when changed and valid (spec 5).',
          on: {
            'login.change': { actions: 'changeLoginValue' },
            'login.submit': { guard: 'canSubmitLogin', target: 'submitting' },
          },
        },
        submitting: {
          description: 'POST client/auth/login.',
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: loginInputOf,
            onDone: [
              {
                description:
                  'isVerified is false: a one-time code is requested for the entered email.',
                guard: 'isUnverified',
                target: 'otp',
                actions: 'rememberOtpEmail',
              },
              {
                description: 'Spec 4: store the tokens, save the user, go to /activation.',
                target: '#signedIn',
                actions: [
                  { type: 'storeTokens', params: loginTokensOf },
                  'assignUserFromOutput',
                  'startMembership',
                  'resetLogin',
                  'goToActivation',
                ],
              },
            ],
            onError: {
              description:
                "The server's key is shown translated under the form; inputs marked invalid.",
              target: 'form',
              actions: 'assignLoginError',
            },
          },
        },
        otp: {
          description: 'The 6-digit one-time-code screen (Next and Resend it).',
          initial: 'checkingEmail',
          on: {
            'otp.cancel': { description: 'Back to the login form.', target: 'form' },
          },
          states: {
            checkingEmail: {
              description: 'A code can only be sent to an email address.',
              always: [
                { guard: 'hasOtpEmail', target: 'requesting' },
                { target: '#session.signedOut.form', actions: 'assignOtpEmailNeeded' },
              ],
            },
            requesting: {
              description: 'Asking the server to send a code to the email.',
              tags: ['busy'],
              invoke: {
                id: 'requestOtp',
                src: 'requestOtp',
                input: otpRequestOf,
                onDone: { target: 'entering', actions: 'markCodeSent' },
                onError: {
                  description: 'Shown like a verification failure (spec 8); the member can resend.',
                  target: 'entering',
                  actions: 'assignOtpError',
                },
              },
            },
            entering: {
              description: 'Typing or pasting the code; Next is enabled at 6 digits.',
              on: {
                'otp.change': { actions: 'changeOtpCode' },
                'otp.submit': { guard: 'isOtpComplete', target: 'verifying' },
                'otp.resend': { target: 'requesting' },
              },
            },
            verifying: {
              description: 'POST client/auth/verify-user with the email and the code.',
              tags: ['busy'],
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: otpVerifyOf,
                onDone: {
                  description: 'Spec 4: store the tokens, save the user, go to /activation.',
                  target: '#signedIn',
                  actions: [
                    { type: 'storeTokens', params: tokensOf },
                    'assignUserFromOutput',
                    'startMembership',
                    'resetLogin',
                    'goToActivation',
                  ],
                },
                onError: { target: 'entering', actions: 'assignOtpError' },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
