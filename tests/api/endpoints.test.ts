import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../src/api/api-error.ts';
import type { AuthPort } from '../../src/api/client.ts';
import {
  BASE,
  createHarness,
  ERROR_ENVELOPE,
  membershipJson,
  tokensJson,
  url,
  userJson,
} from '../support/api.kit.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Received {
  method: string;
  path: string;
  body: unknown;
}

/** Answers every call with `reply` and records what the API received. */
function recordAll(reply: () => Response = () => new HttpResponse(null, { status: 204 })) {
  const received: Received[] = [];
  server.use(
    http.all(`${BASE}*`, async ({ request }) => {
      const text = await request.text();
      received.push({
        method: request.method,
        path: new URL(request.url).pathname.replace('/api/', ''),
        body: text ? JSON.parse(text) : undefined,
      });
      return reply();
    }),
  );
  return received;
}

describe('auth', () => {
  it('login posts the credentials and reads an unverified answer without tokens', async () => {
    const received = recordAll(() => HttpResponse.json({ isVerified: false }));
    const { api } = createHarness();
    await expect(
      api.auth.login({ emailOrPhone: '+15145550123', password: 'secret123' }),
    ).resolves.toEqual({ isVerified: false });
    expect(received).toEqual([
      {
        method: 'POST',
        path: 'client/auth/login',
        body: { emailOrPhone: '+15145550123', password: 'secret123' },
      },
    ]);
  });

  it('login reads tokens and user', async () => {
    recordAll(() => HttpResponse.json({ ...tokensJson('a', 'r'), isVerified: true }));
    const { api } = createHarness();
    const answer = await api.auth.login({ emailOrPhone: 'marie@example.ca', password: 'x' });
    expect(answer).toMatchObject({ token: 'a', refreshToken: 'r', isVerified: true });
    expect(answer.user?.email).toBe('marie@example.ca');
  });

  it('every address goes out with its domain in ASCII (xn--), as the email fields send it', async () => {
    const received = recordAll(() => HttpResponse.json({ isVerified: false }));
    const { api } = createHarness();
    const typed = 'Jean@Exemple.Québec';
    const ascii = 'Jean@exemple.xn--qubec-csa';
    await api.auth.login({ emailOrPhone: typed, password: 'secret123' });
    await api.auth.login({ emailOrPhone: 'Jean@Exemple.ca', password: 'secret123' });
    await api.auth.login({ emailOrPhone: '+15145550123', password: 'secret123' });
    await api.auth.resendOtp({ email: typed }).catch(() => undefined);
    await api.auth.verifyUser({ email: typed, otp: '123456' }).catch(() => undefined);
    await api.auth.signUp({
      firstName: 'Jean',
      lastName: 'Tremblay',
      phone: '+15145550123',
      email: typed,
      password: 'secret123',
      language: 'fr',
    });
    await api.auth.requestPasswordReset({ email: typed });
    await api.auth.checkResetOtp({ email: typed, otp: '123456' }).catch(() => undefined);

    expect(received.map((call) => [call.path, call.body])).toEqual([
      ['client/auth/login', { emailOrPhone: ascii, password: 'secret123' }],
      // An ASCII address and a phone number go as typed.
      ['client/auth/login', { emailOrPhone: 'Jean@Exemple.ca', password: 'secret123' }],
      ['client/auth/login', { emailOrPhone: '+15145550123', password: 'secret123' }],
      ['client/auth/resend-otp', { email: ascii }],
      ['client/auth/verify-user', { email: ascii, otp: '123456' }],
      ['client/auth/sign-up', expect.objectContaining({ email: ascii, firstName: 'Jean' })],
      ['client/auth/reset-password/request', { email: ascii }],
      ['client/auth/reset-password/check-otp', { email: ascii, otp: '123456' }],
    ]);
  });

  it('verify-user without refreshToken falls back to the token', async () => {
    const received = recordAll(() => HttpResponse.json({ token: 'tok-1', user: userJson() }));
    const { api } = createHarness();
    const tokens = await api.auth.verifyUser({ email: 'marie@example.ca', otp: '123456' });
    expect(tokens.token).toBe('tok-1');
    expect(tokens.refreshToken).toBe('tok-1');
    expect(received[0]).toEqual({
      method: 'POST',
      path: 'client/auth/verify-user',
      body: { email: 'marie@example.ca', otp: '123456' },
    });
  });

  it('verify-user keeps a refreshToken that is sent', async () => {
    recordAll(() => HttpResponse.json(tokensJson('tok-1', 'ref-1')));
    const { api } = createHarness();
    const tokens = await api.auth.verifyUser({ email: 'marie@example.ca', otp: '123456' });
    expect(tokens.refreshToken).toBe('ref-1');
  });

  it('billing omits an empty or blank address_2', async () => {
    const received = recordAll(() => HttpResponse.json({ whatever: true }));
    const { api } = createHarness();
    const address = {
      country_code: 'CA' as const,
      address_1: '123 rue Principale',
      city: 'Montréal',
      province: 'QC',
      postal_code: 'H2X 1Y4',
    };
    await api.auth.updateBillingAddress({ ...address, address_2: '' });
    await api.auth.updateBillingAddress({ ...address, address_2: '   ' });
    await api.auth.updateBillingAddress(address);
    await api.auth.updateBillingAddress({ ...address, address_2: 'App. 4' });

    expect(received.map((r) => r.path)).toEqual(
      Array.from({ length: 4 }, () => 'client/auth/profile/billingAddress'),
    );
    expect(received.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT', 'PUT']);
    for (const call of received.slice(0, 3)) {
      expect(call.body).toEqual(address);
      expect(call.body).not.toHaveProperty('address_2');
    }
    expect(received[3]?.body).toEqual({ ...address, address_2: 'App. 4' });
  });

  it('refreshToken posts the refresh token and never starts the 401 flow itself', async () => {
    const received = recordAll(() =>
      HttpResponse.json(ERROR_ENVELOPE(401, 'server.accessDenied'), { status: 401 }),
    );
    const auth: AuthPort = { refresh: vi.fn(async () => 'refreshed' as const) };
    const { api } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const error = await api.auth.refreshToken({ refreshToken: 'r' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(auth.refresh).not.toHaveBeenCalled();
    expect(received).toEqual([
      { method: 'POST', path: 'client/auth/refresh-token', body: { refreshToken: 'r' } },
    ]);
  });

  it('getProfile parses the user', async () => {
    recordAll(() => HttpResponse.json(userJson({ extra: 'ignored' })));
    const { api } = createHarness();
    const user = await api.auth.getProfile();
    expect(user).toEqual({ ...userJson(), disableNotifications: undefined });
    expect(user).not.toHaveProperty('extra');
  });

  it('sign-up, resend-otp and logout hit their paths', async () => {
    const received = recordAll(() => HttpResponse.json({ id: 'ignored' }, { status: 201 }));
    const { api } = createHarness();
    const payload = {
      firstName: 'Marie',
      lastName: 'Tremblay',
      phone: '+15145550123',
      email: 'marie@example.ca',
      password: 'secret123',
      language: 'fr' as const,
    };
    await api.auth.signUp(payload);
    await api.auth.resendOtp({ email: 'marie@example.ca' });
    await api.auth.logout({ accessToken: null });
    expect(received).toEqual([
      { method: 'POST', path: 'client/auth/sign-up', body: payload },
      { method: 'POST', path: 'client/auth/resend-otp', body: { email: 'marie@example.ca' } },
      { method: 'POST', path: 'client/auth/logout', body: undefined },
    ]);
  });
});

describe('sign-out', () => {
  it('logout sends the bearer it is given, even once the stored tokens are gone', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.post(url('client/auth/logout'), ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const auth = { refresh: async () => 'rejected' as const };
    const { api, tokens } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });
    tokens.clear();
    await api.auth.logout({ accessToken: 'taken-before-clearing' });
    expect(authorization).toBe('Bearer taken-before-clearing');
  });
});

describe('account', () => {
  it('password reset: request, check the code (reads resetToken), reset', async () => {
    const received = recordAll(() => HttpResponse.json({ resetToken: 'rt-1' }));
    const { api } = createHarness();
    await api.auth.requestPasswordReset({ email: 'marie@example.ca' });
    await expect(
      api.auth.checkResetOtp({ email: 'marie@example.ca', otp: '654321' }),
    ).resolves.toEqual({ resetToken: 'rt-1' });
    await api.auth.resetPassword({ resetToken: 'rt-1', password: 'newsecret1' });
    expect(received).toEqual([
      {
        method: 'POST',
        path: 'client/auth/reset-password/request',
        body: { email: 'marie@example.ca' },
      },
      {
        method: 'POST',
        path: 'client/auth/reset-password/check-otp',
        body: { email: 'marie@example.ca', otp: '654321' },
      },
      {
        method: 'POST',
        path: 'client/auth/reset-password/reset',
        body: { resetToken: 'rt-1', password: 'newsecret1' },
      },
    ]);
  });

  it('profile calls send their bodies and read the user back', async () => {
    const received = recordAll(() =>
      HttpResponse.json(userJson({ language: 'en', disableNotifications: true })),
    );
    // A bare client (no session loading the profile on its own): only these calls are recorded.
    const auth = { refresh: async () => 'rejected' as const };
    const { api } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });
    const profile = { firstName: 'Marie', lastName: 'Roy', phone: '+15145550199' };

    await expect(api.auth.updateProfile(profile)).resolves.toMatchObject({ id: 'u1' });
    await expect(api.auth.changeLanguage({ language: 'en' })).resolves.toMatchObject({
      language: 'en',
    });
    await expect(api.auth.setNotifications({ disableNotifications: true })).resolves.toMatchObject({
      disableNotifications: true,
    });
    await api.auth.changePassword({ currentPassword: 'old12345', newPassword: 'new12345' });
    await api.auth.deleteAccount({ password: 'old12345' });

    expect(received).toEqual([
      { method: 'PUT', path: 'client/auth/profile', body: profile },
      { method: 'PUT', path: 'client/auth/profile/change-language', body: { language: 'en' } },
      {
        method: 'POST',
        path: 'client/auth/profile/notifications',
        body: { disableNotifications: true },
      },
      {
        method: 'PUT',
        path: 'client/auth/profile/change-password',
        body: { currentPassword: 'old12345', newPassword: 'new12345' },
      },
      { method: 'DELETE', path: 'client/auth/profile', body: { password: 'old12345' } },
    ]);
  });

  it('language saves go one at a time: the second leaves once the first is answered, even a failed one', async () => {
    const sent: string[] = [];
    const answers: Array<(response: Response) => void> = [];
    server.use(
      http.put(`${BASE}client/auth/profile/change-language`, async ({ request }) => {
        const { language } = (await request.json()) as { language: string };
        sent.push(language);
        return new Promise<Response>((answer) => answers.push(answer));
      }),
    );
    const auth = { refresh: async () => 'rejected' as const };
    const { api } = createHarness({ accessToken: 'a', refreshToken: 'r', auth });

    const first = api.auth.changeLanguage({ language: 'fr' });
    const second = api.auth.changeLanguage({ language: 'en' });
    await vi.waitFor(() => expect(sent).toEqual(['fr']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['fr']);

    answers[0]?.(HttpResponse.json({ errorKey: 'server.unknown' }, { status: 500 }));
    await expect(first).rejects.toSatisfy(isApiError);
    await vi.waitFor(() => expect(sent).toEqual(['fr', 'en']));
    answers[1]?.(HttpResponse.json(userJson({ language: 'en' })));
    await expect(second).resolves.toMatchObject({ language: 'en' });
  });

  it('a wrong current password comes back as server.incorrectPassword', async () => {
    recordAll(() =>
      HttpResponse.json(ERROR_ENVELOPE(400, 'server.incorrectPassword'), { status: 400 }),
    );
    const { api } = createHarness();
    await expect(
      api.auth.changePassword({ currentPassword: 'bad', newPassword: 'new12345' }),
    ).rejects.toMatchObject({ kind: 'http', status: 400, key: 'server.incorrectPassword' });
  });
});

describe('memberships', () => {
  it('get reads the membership', async () => {
    const received = recordAll(() => HttpResponse.json(membershipJson({ extra: 1 })));
    const { api } = createHarness();
    await expect(api.memberships.get()).resolves.toEqual(membershipJson());
    expect(received[0]).toMatchObject({ method: 'GET', path: 'club/memberships' });
  });

  it('get gives null on 404 (no record)', async () => {
    recordAll(() => HttpResponse.json(ERROR_ENVELOPE(404, 'server.notFound'), { status: 404 }));
    const { api } = createHarness();
    await expect(api.memberships.get()).resolves.toBeNull();
  });

  it('get gives null on a 404 outside the envelope too (a framework’s own “not found”)', async () => {
    recordAll(() => HttpResponse.json({ statusCode: 404, message: 'Not Found' }, { status: 404 }));
    const { api } = createHarness();
    await expect(api.memberships.get()).resolves.toBeNull();
  });

  it('get fails on a 404 from a path the server has no route for: never “no membership”', async () => {
    recordAll(() =>
      HttpResponse.json(
        { statusCode: 404, message: 'Cannot GET /api/club/memberships', error: 'Not Found' },
        { status: 404 },
      ),
    );
    const { api } = createHarness();
    await expect(api.memberships.get()).rejects.toMatchObject({
      kind: 'parse',
      key: 'errors.unreadable',
    });
  });

  it('get still fails on other errors', async () => {
    recordAll(() => HttpResponse.json(ERROR_ENVELOPE(500, 'server.boom'), { status: 500 }));
    const { api } = createHarness();
    await expect(api.memberships.get()).rejects.toMatchObject({ kind: 'http', status: 500 });
  });

  it('activate posts with no body; the answer is not read, so a 201 in another shape is no failure', async () => {
    const received = recordAll(() => HttpResponse.json({ membership: { id: 7 } }, { status: 201 }));
    const { api } = createHarness();
    await expect(api.memberships.activate()).resolves.toBeUndefined();
    expect(received).toEqual([{ method: 'POST', path: 'club/memberships', body: undefined }]);
  });

  it('activate answered by a web page (a captive portal) is unreadable: nothing was created', async () => {
    recordAll(
      () =>
        new HttpResponse('<html>Sign in to the Wi-Fi</html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const { api } = createHarness();
    await expect(api.memberships.activate()).rejects.toMatchObject({ key: 'errors.unreadable' });
  });
});

describe('subscriptions', () => {
  it('get URL-encodes the externalId as one path segment', async () => {
    const paths: string[] = [];
    server.use(
      http.get(`${BASE}club/subscriptions/*`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json({
          subscription: { validTo: null },
          setupIntent: { id: 'seti_1', client_secret: 'seti_1_secret' },
        });
      }),
    );
    const { api } = createHarness();
    await expect(api.subscriptions.get('sub/1 ?x')).resolves.toEqual({
      subscription: { validTo: null },
      paymentIntent: null,
      setupIntent: { id: 'seti_1', client_secret: 'seti_1_secret' },
    });
    expect(paths).toEqual(['/api/club/subscriptions/sub%2F1%20%3Fx']);
  });

  it('an externalId that cannot be one path segment is refused as unreadable before any call', async () => {
    // '..' would send GET club/ and PUT club/attach-payment-method with the member's token.
    const received = recordAll(() => HttpResponse.json({}));
    const { api } = createHarness();
    const attach = { paymentMethodId: 'pm_test_1', membershipId: 'm1', paymentIntentId: 'pi_1' };
    for (const externalId of ['', '.', '..']) {
      await expect(api.subscriptions.get(externalId)).rejects.toMatchObject({
        kind: 'parse',
        key: 'errors.unreadable',
      });
      await expect(api.subscriptions.attachPaymentMethod(externalId, attach)).rejects.toMatchObject(
        { kind: 'parse', key: 'errors.unreadable' },
      );
    }
    expect(received).toEqual([]);
  });

  it('attach-payment-method and confirm-payment send their payloads', async () => {
    const received = recordAll(() => HttpResponse.json({}));
    const { api } = createHarness();
    const attach = { paymentMethodId: 'pm_test_1', membershipId: 'm1', paymentIntentId: 'pi_1' };
    await api.subscriptions.attachPaymentMethod('sub_123', attach);
    await api.subscriptions.confirmPayment({ membershipId: 'm1', externalId: 'sub_123' });
    expect(received).toEqual([
      { method: 'PUT', path: 'club/subscriptions/sub_123/attach-payment-method', body: attach },
      {
        method: 'POST',
        path: 'club/subscriptions/confirm-payment',
        body: { membershipId: 'm1', externalId: 'sub_123' },
      },
    ]);
  });

  it('a subscription body without the subscription is a parse error, not a crash', async () => {
    server.use(
      http.get(url('club/subscriptions/sub_1'), () => HttpResponse.json({ paymentIntent: null })),
    );
    const { api } = createHarness();
    await expect(api.subscriptions.get('sub_1')).rejects.toMatchObject({
      kind: 'parse',
      key: 'errors.unreadable',
    });
  });
});
