import type { i18n as I18n } from 'i18next';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MEMBERSHIP_STORAGE_KEY } from '../../machines/membership/membership-key.ts';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { isSignedIn } from '../../machines/session/session.selectors.ts';
import type { RefreshOutcome, RefreshResult } from '../../machines/session/session.types.ts';
import { statusOf } from '../../machines/shared/error-key.ts';
import type { ApiClient } from '../api/client.ts';
import { deferApi } from '../api/deferred-api.ts';
import {
  createTokenStore,
  hasTokensAfter,
  type StoredTokens,
  type TokenStore,
} from '../api/tokens.ts';
import { loadTexts } from '../i18n/texts.ts';
import type { CrossTabLock } from '../lib/cross-tab-lock.ts';
import { onceUntilFailure } from '../lib/once-until-failure.ts';
import { createSafeStorage, type SafeStorage } from '../lib/safe-storage.ts';
import { runAtOnce } from '../lib/steps.ts';
import { awaitedCodeEmail, forgetAwaitedCode, rememberAwaitedCode } from './awaited-code.ts';
import type { AppConfig } from './env.ts';
import type { Inspect } from './inspector.ts';
import { deferMembership, type MembershipAccess } from './membership-access.ts';
import type { AppServices, Logger, SessionActor } from './services.tsx';

export interface CreateServicesOptions {
  config: AppConfig;
  /** The interface's translations: the language follows the member's profile. */
  i18n: I18n;
  logger?: Logger;
  /** Default: the browser's local storage behind a SafeStorage. */
  storage?: SafeStorage;
  /** Default: the cross-tab refresh lock (Web Locks, or a lease in `storage`). */
  refreshLock?: CrossTabLock;
  fetch?: typeof fetch;
  /** Per request; default the client's (15 s). */
  timeoutMs?: number;
  inspect?: Inspect | undefined;
}

/** The name of the lock every tab takes to refresh the tokens. */
export const REFRESH_LOCK_NAME = 'evclub.tokenRefresh';

/**
 * Api-contract: an email is sent as typed, a phone number in E.164. The phone
 * library (30 kB) is only downloaded when someone signs in with a phone number.
 */
async function normalizeLogin(emailOrPhone: string): Promise<string> {
  const typed = emailOrPhone.trim();
  if (typed.includes('@')) return typed;
  const { normalizeEmailOrPhone } = await import('../lib/phone.ts');
  return normalizeEmailOrPhone(typed);
}

export interface CreatedServices {
  services: AppServices;
  /** The one HTTP client (services.api is built on it), for tests of the 401 flow. */
  client: ApiClient;
}

/**
 * The composition root, built at once (the tests' way; the app's start runs
 * the same steps as tasks: serviceSteps below): one token store, one HTTP
 * client, the session actor, the membership (its actor created on demand,
 * membership-access.ts) and the language sync. The screens' flows are composed
 * from these services in flows.ts, on first use (useFlow), so that code loads
 * with the screens. Navigation is the router's (routes/).
 */
export function createServices(options: CreateServicesOptions): CreatedServices {
  return runAtOnce(serviceSteps(options));
}

/**
 * createServices in two steps (each `yield` is a pause): the app's start
 * runs them as two tasks (runInTasks), so a slow phone is not blocked while
 * the session statechart is built. Nothing outside sees the actors before the end.
 */
export function* serviceSteps({
  config,
  i18n,
  logger = console,
  storage = createSafeStorage(),
  refreshLock,
  fetch,
  timeoutMs,
  inspect,
}: CreateServicesOptions): Generator<void, CreatedServices> {
  const tokens: TokenStore = createTokenStore(storage);

  // The client asks the session actor for a refresh; all callers share one attempt.
  const auth = {
    async refresh(): Promise<RefreshOutcome> {
      // The session counts its refreshes: the one after `count` is this call's
      // (or one that began before it and serves it too).
      const before = session.getSnapshot();
      if (!isSignedIn(before)) return 'rejected';
      const count = before.context.refreshCount;
      session.send({ type: 'session.refresh' });
      const after = await waitFor(session, (s) => !isSignedIn(s) || s.context.refreshCount > count);
      if (!isSignedIn(after)) return 'rejected';
      return after.context.refreshOutcome ?? 'failed';
    },
  };
  // The refresh and its cross-tab lock load with the first refresh (never on a visitor's /login).
  // Offline before the chunk came: that refresh fails (the session is kept), the next one loads it again.
  const loadRefresh = onceUntilFailure(() =>
    Promise.all([
      import('../api/token-refresh.ts'),
      refreshLock
        ? Promise.resolve(refreshLock)
        : import('../lib/cross-tab-lock.ts').then(({ createCrossTabLock }) =>
            createCrossTabLock({ name: REFRESH_LOCK_NAME, storage }),
          ),
    ]).then(([{ createTokenRefresh }, lock]) =>
      createTokenRefresh({
        tokens,
        lock,
        refreshCall: (body) => api.auth.refreshToken(body),
        revoke: (fresh) =>
          api.auth
            .logout({ accessToken: fresh.token })
            .catch((error: unknown) => logger.info('Revoking unwanted tokens failed', error)),
      }),
    ),
  );
  const refreshTokens = async (): Promise<RefreshResult> => {
    // The token this tab has now, before anything is loaded: another tab may rotate it meanwhile.
    const known = tokens.read().refreshToken;
    return (await loadRefresh())(known);
  };

  const { api, client } = deferApi({
    baseUrl: config.apiUrl,
    tokens,
    auth,
    ...(fetch ? { fetch } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });

  /**
   * Logout ends the server's session of its bearer. An access token that has
   * expired (a member idle for a while) is refused with a 401, which would
   * leave the refresh token, the long-lived one, valid on the server: it gets
   * a fresh pair (never stored) to end the session with.
   */
  async function endServerSession({ accessToken, refreshToken }: StoredTokens): Promise<void> {
    try {
      await api.auth.logout({ accessToken });
    } catch (error) {
      if (statusOf(error) !== 401 || refreshToken === null) throw error;
      const fresh = await api.auth.refreshToken({ refreshToken });
      await api.auth.logout({ accessToken: fresh.token });
    }
  }

  const hasStoredTokens = () => tokens.hasSession();
  // The membership's statechart loads when a member is signed in, never for a visitor's /login.
  const membership: MembershipAccess = deferMembership(
    async () => {
      const { createMembershipActor, membershipAccessOf } = await import('./membership.ts');
      return membershipAccessOf(
        createMembershipActor({ api, storage, restore: hasStoredTokens(), inspect }),
      );
    },
    { forget: () => storage.removeItem(MEMBERSHIP_STORAGE_KEY) },
  );
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actors: {
        loadUser: fromPromise(() => api.auth.getProfile()),
        login: fromPromise(async ({ input }) =>
          api.auth.login({
            emailOrPhone: await normalizeLogin(input.emailOrPhone),
            password: input.password,
          }),
        ),
        otp: otpMachine.provide({
          actors: {
            requestCode: fromPromise(({ input }) => api.auth.resendOtp(input)),
            verifyCode: fromPromise(({ input }) => api.auth.verifyUser(input)),
          },
        }),
        refreshTokens: fromPromise(() => refreshTokens()),
      },
      actions: {
        storeTokens: (_args, params) =>
          tokens.write({ accessToken: params.token, refreshToken: params.refreshToken }),
        clearTokens: (_args, params) => tokens.clear(params),
        startMembership: () => membership.send({ type: 'membership.refetch' }),
        clearMembership: () => membership.clear(),
        rememberAwaitedCode: (_args, params) => rememberAwaitedCode('signIn', params.email),
        forgetAwaitedCode: () => forgetAwaitedCode('signIn'),
        announceUserSaved: ({ context }) => {
          const member = context.user._id;
          void startLanguageSync().then((sync) => sync?.announceSaved(member));
        },
        notifyServerLogout: () => {
          // Best effort: local sign-out never waits on it.
          // The tokens are taken now: they are cleared before the call goes out.
          endServerSession(tokens.read()).catch((error: unknown) =>
            logger.info('Server logout failed', error),
          );
        },
        logError: (_args, params) => logger.error(params.error),
      },
      guards: { hasStoredTokens },
    }),
    // Reloaded at the sign-in's code step: the step opens again.
    { input: { awaitedCode: awaitedCodeEmail('signIn') }, ...(inspect ? { inspect } : {}) },
  );
  yield;

  // A stored session: the membership downloads beside the profile request (the guards will need it).
  if (hasStoredTokens()) membership.load().catch(() => {});
  session.start();

  // Other tabs: signing out there signs out here; signing in there signs in here.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    const hasTokens = hasTokensAfter(event, tokens);
    if (hasTokens === undefined) return;
    session.send({
      type: 'session.storageChanged',
      hasTokens,
      reason: hasTokens ? null : tokens.endReason(),
    });
  });

  // The profile's language follows each sign-in (language-sync.ts): its code
  // loads with the first sign-in, or when a visitor picks a language, or opens
  // a page asking for one (`?lng=fr`): that choice is then kept on the device
  // at once, for a sign-in in another tab too.
  const languageSync = onceUntilFailure(() =>
    import('./language-sync.ts').then(({ createLanguageSync }) => {
      const sync = createLanguageSync({ i18n, session, api, logger, storage });
      sync.start();
      return sync;
    }),
  );
  const startLanguageSync = () =>
    languageSync().catch((error: unknown) => {
      logger.warn('The language sync could not be loaded', error);
      return null;
    });
  if (isSignedIn(session.getSnapshot()) || /[?&]lng=/.test(globalThis.location?.search)) {
    void startLanguageSync();
  }
  session.subscribe((snapshot) => {
    if (isSignedIn(snapshot)) void startLanguageSync();
  });

  return {
    client,
    services: {
      api,
      session,
      membership,
      logger,
      config,
      storage,
      chooseLanguage: (language) => {
        void startLanguageSync().then((sync) => sync?.choose(language));
      },
      loadTexts: (namespaces) => loadTexts(i18n, namespaces),
      ...(inspect ? { inspect } : {}),
    },
  };
}
