/**
 * The stand-in's PRIVATE test helpers (/api/__dev/…, see dev-api/routes/dev.routes.ts),
 * called over HTTP from the Node side of a test with Playwright's request
 * context. The app never calls them; only tests do, to arrange data and to
 * read what the app sent.
 *
 *   const api = devApi(request);
 *   await api.createUser({ email, password: 'Password123' });
 *   const otp = await api.lastOtp(email);
 */
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import type { publicMembership, subscriptionView } from '../../../dev-api/memberships.ts';
import { fingerprint } from '../../../dev-api/redact.ts';
import type { RequestLogEntry } from '../../../dev-api/state.ts';
import type { BillingAddressRecord } from '../../../dev-api/store.ts';
import type { publicUser } from '../../../dev-api/users.ts';

const DEV = '/api/__dev';

/**
 * The run's dev token: tests/e2e/playwright.config.ts makes one per run and
 * hands it to the stand-in (DEV_API_DEV_TOKEN); without it every __dev call
 * is refused. Sent as X-Dev-Token on every helper call below.
 */
export function devToken(): string {
  const token = process.env.DEV_API_DEV_TOKEN;
  if (!token) {
    throw new Error(
      'DEV_API_DEV_TOKEN is not set: run the browser tests through tests/e2e/playwright.config.ts',
    );
  }
  return token;
}

/**
 * Headers for a direct call to a __dev helper (`request.get('/api/__dev/…', { headers })`).
 * Each call goes on a connection of its own: a kept-alive one that the server
 * closes after 5 s idle (Node's default, as while a test runs axe) can be
 * reset just as the next call goes out on it (ECONNRESET, seen in a CI run).
 */
export function devHeaders(): Record<string, string> {
  return { 'X-Dev-Token': devToken(), Connection: 'close' };
}

/**
 * How the request log shows a secret that was sent (a password, a one-time
 * code, a token; dev-api/redact.ts): `expect(call.body).toEqual({ otp: redacted(code) })`
 * checks that exactly `code` was sent, while the log never holds it.
 */
export function redacted(value: string): string {
  return fingerprint(devToken(), value);
}

/** The contract's shapes, as the stand-in answers them. */
export type BillingAddress = BillingAddressRecord;
export type User = ReturnType<typeof publicUser>;
export type Membership = ReturnType<typeof publicMembership>;
/** What GET club/subscriptions/{externalId} answers. */
export type Subscription = ReturnType<typeof subscriptionView>;

export interface NewUser {
  email: string;
  password: string;
  /** Default 'Test'. */
  firstName?: string;
  /** Default 'Member'. */
  lastName?: string;
  /** E.164; default: a phone number no other user has. */
  phone?: string;
  /** Default 'en'. */
  language?: 'en' | 'fr';
  /** Default true; false makes login ask for a one-time code. */
  verified?: boolean;
  /** Default false. */
  isBetaTester?: boolean;
  billingAddress?: BillingAddress;
}

export interface MembershipChange {
  email: string;
  /** ISO dates; `null` clears the field. Creates the membership when the user has none. */
  validTo?: string | null;
  cancelledAt?: string | null;
  chargerOrderedAt?: string | null;
  subscriptionValidTo?: string | null;
  /** true: GET club/subscriptions/{id} answers a payment intent instead of a setup intent. */
  feeDue?: boolean;
}

/** How an injected fault fails a call (dev-api/faults.ts). */
export interface Fault {
  /** Path relative to the API base, `*` for one segment: `/client/auth/profile`. */
  path: string;
  /** Default: any method. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** status: an error status with a non-JSON body; drop: no answer, the connection closes;
   * malformed: 200 JSON of the wrong shape; garbage: 200 that is not JSON; hang: no answer;
   * cacheable: the call's own answer, marked for the browser to keep (private, max-age=600). */
  kind: 'status' | 'drop' | 'malformed' | 'garbage' | 'hang' | 'cacheable';
  /** For `status`; default 503. */
  status?: number;
  /** For `status`: the error envelope with this key instead of a proxy's page. */
  key?: string;
  /** How many matching calls fail; default 1. */
  times?: number;
  /** Only calls made for this user (their tokens, or this email in the body). */
  email?: string;
  /** Fail the answer once the stand-in has handled the call (default: before, nothing changes). */
  after?: boolean;
}

/**
 * One call the app made to the stand-in (the __dev/ helpers are never logged):
 * the bearer token as its fingerprint (`Bearer ${redacted(token)}`), passwords,
 * codes and tokens in the body likewise: compare with `redacted(value)`.
 */
export type LoggedRequest = RequestLogEntry;

async function json<T>(response: APIResponse, what: string): Promise<T> {
  await ok(response, what);
  return (await response.json()) as T;
}

async function ok(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`dev-api ${what} answered ${response.status()}: ${await response.text()}`);
  }
}

export function devApi(request: APIRequestContext) {
  return {
    /** Back to the seeded store (demo member only), default token lifetime, empty request log. */
    async reset(): Promise<void> {
      await ok(await request.post(`${DEV}/reset`, { headers: devHeaders() }), 'reset');
    },

    /**
     * The last one-time code sent to `email`. Waits (up to `timeoutMs`) for one
     * to exist, and, with `notEqual`, for a code other than a previous one.
     */
    async lastOtp(
      email: string,
      { notEqual, timeoutMs = 5_000 }: { notEqual?: string; timeoutMs?: number } = {},
    ): Promise<string> {
      let otp = '';
      await expect
        .poll(
          async () => {
            const response = await request.get(`${DEV}/last-otp`, {
              params: { email },
              headers: devHeaders(),
            });
            if (response.status() === 404) return '';
            otp = (await json<{ otp: string }>(response, 'last-otp')).otp;
            return otp === notEqual ? '' : otp;
          },
          { message: `a one-time code for ${email}`, timeout: timeoutMs },
        )
        .not.toBe('');
      return otp;
    },

    /**
     * Every access token issued so far (to `email` only, when given) stops
     * working; refresh tokens still work.
     */
    async expireAccessTokens(email?: string): Promise<number> {
      const body = await json<{ expired: number }>(
        await request.post(`${DEV}/expire-access-tokens`, {
          headers: devHeaders(),
          ...(email ? { params: { email } } : {}),
        }),
        'expire-access-tokens',
      );
      return body.expired;
    },

    /** The calls the app made whose path contains `pathPart` (all when empty), oldest first. */
    async requests(pathPart = ''): Promise<LoggedRequest[]> {
      const body = await json<{ requests: LoggedRequest[] }>(
        await request.get(`${DEV}/requests`, {
          params: { path: pathPart },
          headers: devHeaders(),
        }),
        'requests',
      );
      return body.requests;
    },

    async createUser(user: NewUser): Promise<User> {
      return json<User>(
        await request.post(`${DEV}/users`, { data: user, headers: devHeaders() }),
        'users',
      );
    },

    /** Creates or changes the membership of an existing user. */
    async setMembership(change: MembershipChange): Promise<Membership> {
      return json<Membership>(
        await request.post(`${DEV}/membership`, { data: change, headers: devHeaders() }),
        'membership',
      );
    },

    /** The next matching calls fail (see Fault); they change nothing on the stand-in. */
    async injectFaults(...faults: Fault[]): Promise<void> {
      await ok(
        await request.post(`${DEV}/faults`, { data: { faults }, headers: devHeaders() }),
        'faults',
      );
    },

    /** Drops every fault not yet spent and ends hanging calls. */
    async clearFaults(): Promise<void> {
      await ok(await request.delete(`${DEV}/faults`, { headers: devHeaders() }), 'clear faults');
    },

    /** Access-token lifetime for tokens issued from now on (reset restores the default). */
    async setAccessTokenTtl(seconds: number): Promise<void> {
      await ok(
        await request.post(`${DEV}/config`, {
          data: { accessTokenTtlSeconds: seconds },
          headers: devHeaders(),
        }),
        'config',
      );
    },
  };
}

export type DevApi = ReturnType<typeof devApi>;
