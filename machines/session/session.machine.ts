import { assign, fromPromise, setup } from 'xstate';
import * as kit from '../forms/form-state.ts';
import { EMPTY_LOGIN_VALUES, loginSchema } from '../forms/login.schema.ts';
import { type OtpInput, type OtpVerified, otpMachine } from '../otp/otp.machine.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import { EMPTY_USER, type LoginResponse, type User } from '../shared/domain.ts';
import { errorKeyOf, isSessionRefusal, statusOf, TIMEOUT_ERROR_KEY } from '../shared/error-key.ts';
import { errorTo } from '../shared/error-transitions.ts';
import { errorOf, userOf } from '../shared/event-params.ts';
import { notProvided } from '../shared/not-provided.ts';
import type {
  LoginValues,
  RefreshFailure,
  RefreshResult,
  SessionContext,
  SessionEvent,
  SessionInput,
  SignOutReason,
} from './session.types.ts';

/** Shown when an unverified account signed in with a phone number and the server gave no email. */
export const OTP_EMAIL_NEEDED_KEY = 'errors.verifyWithEmail';

/** Attempts to load the current user before the 'could not reach the server' view. */
export const MAX_LOAD_ATTEMPTS = 3;
/** The first automatic retry waits this long; each further one twice as long. */
export const LOAD_RETRY_BASE_MS = 1_000;

const EMPTY_LOGIN: SessionContext['login'] = kit.createForm(loginSchema, { ...EMPTY_LOGIN_VALUES });
/** The login form: a field's error waits until the field is left (spec 5). */
const loginForm = kit.formAssigners<SessionContext, 'login'>(loginSchema, { slice: 'login' });

// Named parameter mappers (kept out of the chart config so it stays plain data).
/** `login.start`'s address, as a change of the email-or-phone field. */
const startAddressOf = ({ event }: { event: { emailOrPhone: string } }) => ({
  field: 'emailOrPhone' as const,
  value: event.emailOrPhone,
});
/** The tokens of a sign-in: a verified login's answer, or verify-user's (the otp machine's output). */
type SignInAnswer = LoginResponse | OtpVerified | null;
const signInTokensOf = ({ event }: { event: { output: SignInAnswer } }) =>
  event.output && 'token' in event.output
    ? { token: event.output.token, refreshToken: event.output.refreshToken }
    : { token: '', refreshToken: '' };
const signInUserOf = ({ event }: { event: { output: SignInAnswer } }) => ({
  user: event.output && 'user' in event.output ? (event.output.user ?? null) : null,
});
/** What every sign-out forgets in this tab: the member, their membership, the sign-in form. */
const SIGNED_OUT_ACTIONS = ['resetUser', 'clearMembership', 'resetLogin'] as const;
/** Signing in, after a verified login or a right code (spec 4). */
const SIGN_IN_ACTIONS = [
  { type: 'storeTokens', params: signInTokensOf },
  { type: 'assignUser', params: signInUserOf },
  'startMembership',
  'resetLogin',
] as const;
const refreshResultOf = ({ event }: { event: { output: RefreshResult } }) => ({
  result: event.output,
});
const refreshedUserOf = ({ event }: { event: { output: RefreshResult } }) => ({
  user: event.output.kind === 'refreshed' ? event.output.tokens.user : null,
});
const refreshFailureOf = ({ event }: { event: { error: unknown } }) => ({
  failure: asRefreshFailure(event.error),
});
const refusedTokenOf = ({ event }: { event: { error: unknown } }) => ({
  ifRefreshToken: asRefreshFailure(event.error).refusedRefreshToken,
  reason: 'expired' as const,
});
/** The server refused the session: the other tabs are told it expired. */
const EXPIRED = { reason: 'expired' } as const;
/** Why a sign-out (or another tab's) happened, if /login says it. */
const reasonOf = ({ event }: { event: SessionEvent }) => ({
  reason: ('reason' in event && event.reason) || null,
});
const refreshErrorOf = ({ event }: { event: { error: unknown } }) => ({
  error: asRefreshFailure(event.error).error,
});
const loginOutputOf = ({ event }: { event: { output: LoginResponse } }) => ({
  response: event.output,
});
const loginInputOf = ({ context }: { context: SessionContext }) => context.login.values;
const otpEmailOf = ({ context }: { context: SessionContext }) => ({ email: context.otpEmail });
/** The code goes to the email; one is asked for at once (unless reopened after a reload); a refusal is shown. */
const otpInputOf = ({ context }: { context: SessionContext }): OtpInput => ({
  email: context.otpEmail,
  sentCount: context.otpResumed ? 1 : 0,
  revealNothing: false,
});

/** The refresh actor rejects with a RefreshFailure; anything else is read as a failure without a refusal. */
function asRefreshFailure(error: unknown): RefreshFailure {
  if (typeof error === 'object' && error !== null && 'refusedRefreshToken' in error) {
    return error as RefreshFailure;
  }
  return { error, refusedRefreshToken: null };
}

function emailForOtp(values: LoginValues, response: LoginResponse): string {
  if (response.user?.email) return response.user.email;
  const typed = values.emailOrPhone.trim();
  return typed.includes('@') ? typed : '';
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    // The input may be left out (a start with no code awaited). `undefined` would be
    // dropped from the inferred type, making it required; `void` keeps it optional.
    // biome-ignore lint/suspicious/noConfusingVoidType: see above.
    input: {} as SessionInput | void,
    children: {} as { otp: 'otp' },
  },
  actors: {
    loadUser: fromPromise<User>(notProvided('loadUser')),
    login: fromPromise<LoginResponse, LoginValues>(notProvided('login')),
    /** The one-time-code step (machines/otp); the app provides its requestCode and verifyCode. */
    otp: otpMachine,
    /**
     * Runs under the cross-tab lock and stores the new tokens before releasing
     * it (so the next tab in line sees them); rejects with a RefreshFailure.
     */
    refreshTokens: fromPromise<RefreshResult>(notProvided('refreshTokens')),
  },
  actions: {
    // Effects, provided by the app.
    storeTokens: (_args, _params: { token: string; refreshToken: string }) => {},
    /**
     * With `ifRefreshToken`, only while that is still the stored refresh token
     * (another tab may have signed in since). `reason`: why, which the other
     * tabs' /login says too (the server refused the session, the account was deleted).
     */
    clearTokens: (
      _args,
      _params?: { ifRefreshToken?: string | null; reason?: SignOutReason | null },
    ) => {},
    startMembership: () => {},
    clearMembership: () => {},
    notifyServerLogout: () => {},
    /** Provided by the app: the other tabs of this browser read the user again (this one saved it). */
    announceUserSaved: () => {},
    /** Provided by the app: this tab keeps the email of the awaited sign-in code (a reload reopens the code step). */
    rememberAwaitedCode: (_args, _params: { email: string }) => {},
    forgetAwaitedCode: () => {},
    logError: (_args, _params: { error: unknown }) => {},

    // Context updates.
    assignUser: assign((_args, params: { user: User | null }) =>
      params.user ? { user: params.user } : {},
    ),
    assignUpdatedUser: assign({
      user: ({ context, event }) =>
        event.type === 'session.userUpdated' ? event.user : context.user,
    }),
    resetUser: assign({ user: EMPTY_USER }),
    changeLoginValue: assign(loginForm.change),
    touchLoginField: assign(loginForm.touch),
    touchAllLoginFields: assign(loginForm.touchAll),
    assignLoginError: assign(loginForm.serverError),
    resetLogin: assign({ login: EMPTY_LOGIN, otpEmail: '' }),
    markSessionExpired: assign({ signOutReason: 'expired' }),
    forgetSignOutReason: assign({ signOutReason: null }),
    /** Logout says nothing on /login; a deletion says the account is gone (here, or in another tab). */
    assignSignOutReason: assign({
      signOutReason: ({ event }): SignOutReason | null => reasonOf({ event }).reason,
    }),
    rememberOtpEmail: assign({
      // The credentials were right: an earlier failure must not reappear after 'Back to sign in'.
      login: ({ context }) => kit.clearServerErrors(context.login),
      otpEmail: ({ context }, params: { response: LoginResponse }) =>
        emailForOtp(context.login.values, params.response),
      otpResumed: false,
    }),
    /** The message is about the address typed: it shows under that field, which it marks. */
    assignOtpEmailNeeded: assign({
      login: ({ context }) =>
        kit.withServerError(context.login, OTP_EMAIL_NEEDED_KEY, {
          fields: { [OTP_EMAIL_NEEDED_KEY]: 'emailOrPhone' },
        }),
    }),
    countLoadFailure: assign({
      loadFailures: ({ context }) => context.loadFailures + 1,
      loadErrorKey: (_args, params: { error: unknown }) => errorKeyOf(params.error),
    }),
    forgetLoadFailures: assign({ loadFailures: 0, loadErrorKey: null }),
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
    canSubmitLogin: ({ context }) => kit.isSubmittable(context.login),
    isUnverified: (_args, params: { response: LoginResponse }) =>
      params.response.isVerified === false,
    hasOtpEmail: ({ context }) => context.otpEmail.length > 0,
    /** The server refused the session itself: 401 or 403 (after the client's one refresh). */
    isSessionRefused: (_args, params: { error: unknown }) => isSessionRefusal(params.error),
    /** Network, 5xx or an unreadable answer, with attempts left: try again after a pause. A time-out has made the member wait enough. */
    canRetryLoad: ({ context }, params: { error: unknown }) =>
      context.loadFailures + 1 < MAX_LOAD_ATTEMPTS &&
      errorKeyOf(params.error) !== TIMEOUT_ERROR_KEY,
    wasRotatedElsewhere: (_args, params: { result: RefreshResult }) =>
      params.result.kind === 'rotatedElsewhere',
    /**
     * The server refused the refresh token (a 4xx other than 408 time-out and
     * 429 too many requests, which are temporary): the session is over.
     */
    isRefreshRefused: (_args, params: { failure: RefreshFailure }) => {
      const status = statusOf(params.failure.error);
      return (
        status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
      );
    },
    isSignedInElsewhere: ({ event }) => event.type === 'session.storageChanged' && event.hasTokens,
    isSignedOutElsewhere: ({ event }) =>
      event.type === 'session.storageChanged' && !event.hasTokens,
  },
  delays: {
    LOAD_RETRY_DELAY: ({ context }) =>
      LOAD_RETRY_BASE_MS * 2 ** Math.max(0, context.loadFailures - 1),
  },
}).createMachine({
  id: 'session',
  description:
    'The one long-lived actor of the app: restores the stored session, signs members in (with a one-time code when the account is not verified), shares one token refresh among all callers and all tabs, keeps the session through network trouble and signs out when the member asks or the server refuses the session.',
  context: ({ input }) => ({
    user: EMPTY_USER,
    login: EMPTY_LOGIN,
    otpEmail: input?.awaitedCode ?? '',
    otpResumed: Boolean(input?.awaitedCode),
    signOutReason: null,
    loadFailures: 0,
    loadErrorKey: null,
    refreshOutcome: null,
    refreshCount: 0,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'Reads the stored tokens once at start: either token counts as a session (spec 3).',
      always: [
        {
          description:
            'A session is stored (another tab may have signed in since this one awaited a code): it wins.',
          guard: 'hasStoredTokens',
          target: 'authenticated',
          actions: 'forgetAwaitedCode',
        },
        {
          description:
            'Reloaded at the sign-in’s code step: the code step again, for the same email, without asking for another code.',
          guard: 'hasOtpEmail',
          target: 'signedOut.otp',
        },
        { target: 'signedOut' },
      ],
    },

    authenticated: {
      description:
        'Tokens are stored. The user is loaded, and, in parallel, one token refresh at a time is run for every request that got a 401.',
      type: 'parallel',
      on: {
        'session.signOut': {
          description:
            'Spec 4: clears both tokens, resets the user to empty defaults, clears the membership (the page goes to /login, which says so when the account was deleted).',
          target: 'signedOut',
          actions: [
            'notifyServerLogout',
            { type: 'clearTokens', params: reasonOf },
            ...SIGNED_OUT_ACTIONS,
            'assignSignOutReason',
          ],
        },
        'session.storageChanged': {
          description:
            'Another tab signed out: follow it; /login says why when that tab’s did (the server refused the session, the account was deleted).',
          guard: 'isSignedOutElsewhere',
          target: 'signedOut',
          actions: [...SIGNED_OUT_ACTIONS, 'assignSignOutReason'],
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
                  actions: [
                    { type: 'assignUser', params: userOf },
                    'forgetLoadFailures',
                    'startMembership',
                  ],
                },
                onError: [
                  {
                    description:
                      'Spec 2, read as: the server refused the session (401 or 403 after the refresh). The member is signed out and told the session expired.',
                    guard: { type: 'isSessionRefused', params: errorOf },
                    target: '#session.signedOut',
                    actions: [
                      { type: 'logError', params: errorOf },
                      { type: 'clearTokens', params: EXPIRED },
                      ...SIGNED_OUT_ACTIONS,
                      'markSessionExpired',
                    ],
                  },
                  {
                    description:
                      'Network, server error or an unreadable answer: the tokens are kept and the load is tried again after a pause.',
                    guard: { type: 'canRetryLoad', params: errorOf },
                    target: 'retrying',
                    actions: { type: 'countLoadFailure', params: errorOf },
                  },
                  {
                    description:
                      'Still no answer after the retries (or a time-out): the tokens are kept and the member can try again.',
                    target: 'unreachable',
                    actions: [
                      { type: 'countLoadFailure', params: errorOf },
                      { type: 'logError', params: errorOf },
                    ],
                  },
                ],
              },
            },
            retrying: {
              description:
                'Waiting before the next attempt (1 s, then 2 s); the loading view stays.',
              tags: ['loading'],
              after: {
                LOAD_RETRY_DELAY: { target: 'loading', description: 'Try loading the user again.' },
              },
            },
            unreachable: {
              description:
                "'We could not reach the server' with Try again; the session and its tokens are kept.",
              on: {
                'session.retry': {
                  target: 'loading',
                  description: 'The member asked to try again.',
                },
              },
            },
            ready: {
              id: 'signedIn',
              description: 'Signed in with a loaded user.',
              tags: ['settled'],
              on: {
                'session.reloadUser': { target: 'reloading' },
                'session.userUpdated': {
                  actions: ['assignUpdatedUser', 'announceUserSaved'],
                  description:
                    'A save of the profile answered (name, phone, language, notifications): its user shows, and the other tabs read the user again.',
                },
              },
            },
            reloading: {
              description:
                'Reloading the user after a change (billing address, profile); the old user stays shown, errors are only logged.',
              tags: ['settled'],
              invoke: {
                id: 'reloadUser',
                src: 'loadUser',
                onDone: { target: 'ready', actions: { type: 'assignUser', params: userOf } },
                onError: errorTo('ready', 'logError'),
              },
              on: {
                'session.userUpdated': {
                  target: 'reloading',
                  reenter: true,
                  actions: ['assignUpdatedUser', 'announceUserSaved'],
                  description:
                    'A save answered meanwhile: its user shows at once, and the user is read again, so an answer read before the save cannot replace it.',
                },
              },
            },
          },
        },
        refresh: {
          description:
            'Token refresh as a state: every 401 asks for it, all callers wait for the same attempt, and a lock shared by the tabs lets one tab refresh at a time.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No refresh running.',
              on: { 'session.refresh': { target: 'refreshing' } },
            },
            refreshing: {
              description:
                'One refresh-token call in flight, under the cross-tab lock; further refresh requests join it instead of starting another.',
              tags: ['refreshing'],
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                onDone: [
                  {
                    description:
                      'Another tab had already rotated the refresh token: its stored tokens are used as they are.',
                    guard: { type: 'wasRotatedElsewhere', params: refreshResultOf },
                    target: 'idle',
                    actions: 'recordRefreshed',
                  },
                  {
                    description:
                      'New tokens (spec 7), stored by the refresh before it let the other tabs go; the user the server sent is kept.',
                    target: 'idle',
                    actions: [{ type: 'assignUser', params: refreshedUserOf }, 'recordRefreshed'],
                  },
                ],
                onError: [
                  {
                    description:
                      'The server refused the refresh token: the session is over. Tokens are cleared only if no tab stored newer ones; /login says the session expired.',
                    guard: { type: 'isRefreshRefused', params: refreshFailureOf },
                    target: '#session.signedOut',
                    actions: [
                      'recordRefreshRejected',
                      { type: 'clearTokens', params: refusedTokenOf },
                      ...SIGNED_OUT_ACTIONS,
                      'markSessionExpired',
                    ],
                  },
                  {
                    description:
                      'A network or server failure: the session is kept, callers get a network error.',
                    target: 'idle',
                    actions: ['recordRefreshFailed', { type: 'logError', params: refreshErrorOf }],
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
          actions: 'forgetSignOutReason',
        },
        'session.refresh': {
          description: 'Nothing to refresh without a session: answer at once.',
          actions: 'recordRefreshRejected',
        },
        'session.signOut': {
          description:
            'The server refused the session because the account is gone: a deletion tried again after a try that got no answer. /login says the account was deleted, not that the session expired.',
          actions: 'assignSignOutReason',
        },
      },
      states: {
        form: {
          description:
            'Email or phone and password. Editing clears the shown error; submit only when changed and valid (spec 5).',
          on: {
            // Written out rather than with the form kit's changeWith/touchOnBlur, which the
            // other forms use: this chart loads with /login, where those cost 17 bytes.
            'login.change': { actions: { type: 'changeLoginValue', params: kit.fieldChangeOf } },
            'login.start': {
              actions: ['resetLogin', { type: 'changeLoginValue', params: startAddressOf }],
              description:
                'After a sign-up or a password reset: the form starts over with the address just used (what was typed before, and its error, are gone).',
            },
            'login.blur': {
              actions: { type: 'touchLoginField', params: kit.fieldOf },
              description: 'A field left shows its validation error.',
            },
            'login.submit': [
              {
                guard: 'canSubmitLogin',
                target: 'submitting',
                actions: ['forgetSignOutReason', 'touchAllLoginFields'],
              },
              {
                actions: 'touchAllLoginFields',
                description:
                  'Enter with the form not valid (the button is disabled): every field’s error shows.',
              },
            ],
          },
        },
        submitting: busyInvoking('login', {
          description: 'POST client/auth/login.',
          input: loginInputOf,
          onDone: [
            {
              description:
                'isVerified is false: a one-time code is requested for the entered email.',
              guard: { type: 'isUnverified', params: loginOutputOf },
              target: 'otp',
              actions: { type: 'rememberOtpEmail', params: loginOutputOf },
            },
            {
              description:
                'Spec 4: store the tokens, save the user; the router then leaves /login (for /activation, or /dashboard for an active member).',
              target: '#signedIn',
              actions: SIGN_IN_ACTIONS,
            },
          ],
          onError: errorTo('form', 'assignLoginError', {
            description:
              "The server's key (or a network message) is shown translated under the form; inputs marked invalid, everything typed kept.",
          }),
        }),
        otp: {
          description:
            'The 6-digit one-time-code screen (Next and Resend it). This tab keeps its email while it shows.',
          initial: 'checkingEmail',
          exit: 'forgetAwaitedCode',
          on: {
            'otp.cancel': { description: 'Back to the login form.', target: 'form' },
          },
          states: {
            checkingEmail: {
              description: 'A code can only be sent to an email address.',
              always: [
                { guard: 'hasOtpEmail', target: 'active' },
                { target: '#session.signedOut.form', actions: 'assignOtpEmailNeeded' },
              ],
            },
            active: {
              description:
                'The one-time-code step runs as the otp machine (codes sent to the email, 6 digits checked with verify-user).',
              entry: { type: 'rememberAwaitedCode', params: otpEmailOf },
              invoke: {
                id: 'otp',
                src: 'otp',
                input: otpInputOf,
                onDone: {
                  description:
                    'Spec 4: a right code stores the tokens, saves the user, goes to /activation.',
                  target: '#signedIn',
                  actions: SIGN_IN_ACTIONS,
                },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
