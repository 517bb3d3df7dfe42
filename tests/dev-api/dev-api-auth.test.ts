// @vitest-environment node
import * as fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addMember,
  DEMO,
  envelope,
  type Harness,
  printedCode,
  signIn,
  startDevApi,
} from '../support/dev-api.kit.ts';

const USER_KEYS = [
  '_id',
  'billingAddress',
  'disableNotifications',
  'email',
  'firstName',
  'id',
  'isBetaTester',
  'language',
  'lastName',
  'phone',
].sort();

const NEW_MEMBER = {
  firstName: 'Alice',
  lastName: 'Tremblay',
  phone: '+15145550123',
  email: 'Alice@Example.ca',
  password: 'Secret123',
  language: 'fr',
};

let h: Harness;

beforeEach(async () => {
  h = await startDevApi();
});

afterEach(async () => {
  await h.close();
});

const signUp = (body: Record<string, unknown>) => h.call('POST', '/client/auth/sign-up', { body });

describe('sign-up and the one-time code', () => {
  it('creates an unverified user, prints a 6-digit code and verifies with it', async () => {
    const created = await signUp(NEW_MEMBER);
    expect(created.status).toBe(201);
    const code = printedCode(h.logs, 'alice@example.ca');
    expect(code).toMatch(/^\d{6}$/);

    const unverified = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: 'alice@example.ca', password: 'Secret123' },
    });
    expect(unverified.status).toBe(200);
    expect(unverified.body).toEqual({ isVerified: false });

    const wrong = await h.call('POST', '/client/auth/verify-user', {
      body: { email: 'alice@example.ca', otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(envelope(400, 'server.incorrectOtp'));

    const verified = await h.call('POST', '/client/auth/verify-user', {
      body: { email: 'ALICE@example.ca', otp: code },
    });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe('string');
    expect(typeof verified.body.refreshToken).toBe('string');
    expect(Object.keys(verified.body.user).sort()).toEqual(USER_KEYS);
    expect(verified.body.user).toMatchObject({
      firstName: 'Alice',
      lastName: 'Tremblay',
      email: 'alice@example.ca',
      phone: '+15145550123',
      language: 'fr',
      isBetaTester: false,
      disableNotifications: false,
      billingAddress: {},
    });

    const profile = await h.call('GET', '/client/auth/profile', { token: verified.body.token });
    expect(profile.body.email).toBe('alice@example.ca');

    const reused = await h.call('POST', '/client/auth/verify-user', {
      body: { email: 'alice@example.ca', otp: code },
    });
    expect(reused.body).toEqual(envelope(400, 'server.incorrectOtp'));

    const login = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: 'alice@example.ca', password: 'Secret123' },
    });
    expect(login.body.isVerified).toBe(true);
    expect(login.body.token).toBeTruthy();
  });

  it('resend-otp replaces the code; unknown addresses also get 204', async () => {
    await signUp(NEW_MEMBER);
    const first = printedCode(h.logs, 'alice@example.ca');
    let second = first;
    for (let attempt = 0; attempt < 5 && second === first; attempt += 1) {
      const resent = await h.call('POST', '/client/auth/resend-otp', {
        body: { email: 'alice@example.ca' },
      });
      expect(resent.status).toBe(204);
      second = printedCode(h.logs, 'alice@example.ca');
    }
    expect(second).not.toBe(first);
    const last = await h.call('GET', '/__dev/last-otp?email=Alice%40example.ca');
    expect(last.body).toEqual({ otp: second });

    const old = await h.call('POST', '/client/auth/verify-user', {
      body: { email: 'alice@example.ca', otp: first },
    });
    expect(old.body).toEqual(envelope(400, 'server.incorrectOtp'));

    const logged = h.logs.length;
    const unknown = await h.call('POST', '/client/auth/resend-otp', {
      body: { email: 'nobody@example.ca' },
    });
    expect(unknown.status).toBe(204);
    expect(h.logs.slice(logged).some((line) => line.startsWith('one-time code'))).toBe(false);
  });

  it('a code expires after 10 minutes', async () => {
    await signUp(NEW_MEMBER);
    const code = printedCode(h.logs, 'alice@example.ca');
    h.advance(10 * 60 * 1000);
    const late = await h.call('POST', '/client/auth/verify-user', {
      body: { email: 'alice@example.ca', otp: code },
    });
    expect(late.body).toEqual(envelope(400, 'server.incorrectOtp'));
  });

  it.each([
    ['a too short first name', { firstName: 'A' }, 'server.invalidFirstName'],
    ['a too long first name', { firstName: 'A'.repeat(33) }, 'server.invalidFirstName'],
    ['a too short last name', { lastName: ' B ' }, 'server.invalidLastName'],
    ['a too long last name', { lastName: 'B'.repeat(33) }, 'server.invalidLastName'],
    ['a short password', { password: 'Abc1234' }, 'server.passwordTooWeak'],
    ['a long password', { password: 'A'.repeat(33) }, 'server.passwordTooWeak'],
    ['a national phone number', { phone: '5145550123' }, 'server.invalidPhoneNumber'],
    ['a phone with spaces', { phone: '+1 514 555 0123' }, 'server.invalidPhoneNumber'],
    ['a national number of one digit', { phone: '+447' }, 'server.invalidPhoneNumber'],
    ['an extension without digits', { phone: '+15145550123;ext=' }, 'server.invalidPhoneNumber'],
    ['a missing email', { email: undefined }, 'server.invalidRequest'],
    ['a malformed email', { email: 'alice-at-example' }, 'server.invalidRequest'],
    ['a numeric first name', { firstName: 42 }, 'server.invalidRequest'],
    ['an unknown language', { language: 'de' }, 'server.invalidRequest'],
  ])('rejects %s with 400', async (_case, change, key) => {
    const reply = await signUp({ ...NEW_MEMBER, ...change });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(envelope(400, key));
  });

  it('accepts a phone number with an RFC 3966 extension and keeps it (spec 5)', async () => {
    const reply = await signUp({ ...NEW_MEMBER, phone: '+15145550123;ext=12' });
    expect(reply.status).toBe(201);
    const verified = await h.call('POST', '/client/auth/verify-user', {
      body: { email: NEW_MEMBER.email, otp: printedCode(h.logs, 'alice@example.ca') },
    });
    expect(verified.body.user.phone).toBe('+15145550123;ext=12');
  });

  it('signs in a member whose phone has an extension by the number alone (the app sends none), unless two share it', async () => {
    await signUp({ ...NEW_MEMBER, phone: '+15145550123;ext=12' });
    await h.call('POST', '/client/auth/verify-user', {
      body: { email: NEW_MEMBER.email, otp: printedCode(h.logs, 'alice@example.ca') },
    });
    const login = (emailOrPhone: string) =>
      h.call('POST', '/client/auth/login', {
        body: { emailOrPhone, password: NEW_MEMBER.password },
      });
    const byNumber = await login('+15145550123');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.user.email).toBe('alice@example.ca');

    // A colleague on the same line: the number alone no longer says who signs in.
    const colleague = await signUp({
      ...NEW_MEMBER,
      email: 'bob@example.ca',
      phone: '+15145550123;ext=34',
    });
    expect(colleague.status).toBe(201);
    const ambiguous = await login('+15145550123');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));
    expect((await login('+15145550123;ext=12')).body.user.email).toBe('alice@example.ca');
  });

  it('rejects a taken email (any case) and a taken phone with 409', async () => {
    const sameEmail = await signUp({ ...NEW_MEMBER, email: 'DEMO@evclub.ca' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual(envelope(409, 'server.sameEmailUserExists'));
    const samePhone = await signUp({ ...NEW_MEMBER, phone: DEMO.phone });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body).toEqual(envelope(409, 'server.samePhoneUserExists'));
  });
});

describe('login', () => {
  it('accepts the seeded demo member by email (any case) and by phone', async () => {
    const byEmail = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: 'Demo@EVClub.ca', password: DEMO.password },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.isVerified).toBe(true);
    expect(byEmail.body.user).toMatchObject({ email: DEMO.email, phone: DEMO.phone });
    expect(byEmail.body.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(byEmail.body.user.id).toMatch(/^evc-[0-9a-z]{6}$/);

    const byPhone = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: DEMO.phone, password: DEMO.password },
    });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.user.email).toBe(DEMO.email);
  });

  it('answers a wrong password and an unknown user alike, with 400', async () => {
    for (const emailOrPhone of [DEMO.email, 'nobody@example.ca', '+15145559999']) {
      const reply = await h.call('POST', '/client/auth/login', {
        body: { emailOrPhone, password: 'Wrong12345' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));
    }
  });

  it('rejects a body without a password with 400 server.invalidRequest', async () => {
    const reply = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: DEMO.email },
    });
    expect(reply.body).toEqual(envelope(400, 'server.invalidRequest'));
  });
});

describe('tokens', () => {
  it('an access token works until its lifetime (60 s by default) is over, then 401', async () => {
    const { token } = await signIn(h, DEMO.email);
    h.advance(59_000);
    expect((await h.call('GET', '/client/auth/profile', { token })).status).toBe(200);
    h.advance(1_000);
    const expired = await h.call('GET', '/client/auth/profile', { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(envelope(401, 'server.unauthorized'));
  });

  it('a missing or unknown bearer token is 401', async () => {
    const missing = await h.call('GET', '/client/auth/profile');
    expect(missing.body).toEqual(envelope(401, 'server.unauthorized'));
    const unknown = await h.call('GET', '/client/auth/profile', { token: 'not-a-token' });
    expect(unknown.status).toBe(401);
  });

  it('refresh-token rotates: a new pair and the user; the spent token gets that same pair again until the new one is spent, then stops working', async () => {
    const first = await signIn(h, DEMO.email);
    h.advance(61_000);
    const refreshed = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.email).toBe(DEMO.email);
    expect(refreshed.body.token).not.toBe(first.token);
    expect(refreshed.body.refreshToken).not.toBe(first.refreshToken);
    const profile = await h.call('GET', '/client/auth/profile', { token: refreshed.body.token });
    expect(profile.status).toBe(200);

    // The answer was lost on the way: the spent token asks again, and gets the same pair.
    const lost = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(lost.status).toBe(200);
    expect(lost.body).toEqual(refreshed.body);

    const again = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).not.toBe(refreshed.body.refreshToken);

    // The new pair arrived (its refresh token was spent): the first token is refused for good.
    const replay = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(envelope(401, 'server.unauthorized'));
  });

  it('a spent token asking again after the access token expired gets a working one; ten minutes after it was spent it is refused', async () => {
    const first = await signIn(h, DEMO.email);
    const refreshed = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    // The answer was lost, and the member comes back two minutes later.
    h.advance(2 * 60_000);
    const later = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(later.status).toBe(200);
    expect(later.body.refreshToken).toBe(refreshed.body.refreshToken);
    expect(later.body.token).not.toBe(refreshed.body.token);
    expect((await h.call('GET', '/client/auth/profile', { token: later.body.token })).status).toBe(
      200,
    );

    h.advance(8 * 60_000);
    const tooLate = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(tooLate.status).toBe(401);
    // The pair itself is the member's to use.
    const next = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(next.status).toBe(200);
  });

  it('logout with the new pair leaves no spent token in the data file that could ask for it', async () => {
    const first = await signIn(h, DEMO.email);
    const refreshed = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    const stored = () => Object.keys(JSON.parse(fs.readFileSync(h.dataFile, 'utf8')).tokens);
    expect(stored()).toContain(first.refreshToken);
    await h.call('POST', '/client/auth/logout', { token: refreshed.body.token });
    expect(stored()).not.toContain(first.refreshToken);
    expect(stored()).not.toContain(refreshed.body.refreshToken);
    const replay = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(replay.status).toBe(401);
  });

  it('logout with a spent refresh token also revokes the pair it was spent for', async () => {
    const first = await signIn(h, DEMO.email);
    const refreshed = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: first.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    // The member never got that answer, and signs out with the tokens they have.
    expect((await h.call('POST', '/client/auth/logout', { token: first.token })).status).toBe(204);
    const profile = await h.call('GET', '/client/auth/profile', { token: refreshed.body.token });
    expect(profile.status).toBe(401);
    for (const refreshToken of [first.refreshToken, refreshed.body.refreshToken]) {
      const reply = await h.call('POST', '/client/auth/refresh-token', { body: { refreshToken } });
      expect(reply.status).toBe(401);
    }
  });

  it('an access token is not a refresh token', async () => {
    const { token } = await signIn(h, DEMO.email);
    const reply = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: token },
    });
    expect(reply.status).toBe(401);
  });

  it('logout answers 204, with or without a token, and revokes the presented pair', async () => {
    const session = await signIn(h, DEMO.email);
    const other = await signIn(h, DEMO.email);
    const out = await h.call('POST', '/client/auth/logout', { token: session.token });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect((await h.call('GET', '/client/auth/profile', { token: session.token })).status).toBe(
      401,
    );
    const refresh = await h.call('POST', '/client/auth/refresh-token', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
    expect((await h.call('GET', '/client/auth/profile', { token: other.token })).status).toBe(200);
    expect((await h.call('POST', '/client/auth/logout')).status).toBe(204);
  });
});

describe('password reset', () => {
  it('request → code → reset token → new password; old sessions end', async () => {
    const session = await signIn(h, DEMO.email);
    const request = await h.call('POST', '/client/auth/reset-password/request', {
      body: { email: DEMO.email },
    });
    expect(request.status).toBe(204);
    const code = printedCode(h.logs, DEMO.email);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await h.call('POST', '/client/auth/reset-password/check-otp', {
      body: { email: DEMO.email, otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toEqual(envelope(400, 'server.incorrectOtp'));

    const checked = await h.call('POST', '/client/auth/reset-password/check-otp', {
      body: { email: DEMO.email, otp: code },
    });
    expect(checked.status).toBe(200);
    const { resetToken } = checked.body;
    expect(typeof resetToken).toBe('string');

    const weak = await h.call('POST', '/client/auth/reset-password/reset', {
      body: { resetToken, password: 'short' },
    });
    expect(weak.body).toEqual(envelope(400, 'server.passwordTooWeak'));

    const reset = await h.call('POST', '/client/auth/reset-password/reset', {
      body: { resetToken, password: 'BrandNew456' },
    });
    expect(reset.status).toBe(204);

    const oldPassword = await h.call('POST', '/client/auth/login', {
      body: { emailOrPhone: DEMO.email, password: DEMO.password },
    });
    expect(oldPassword.body).toEqual(envelope(400, 'server.incorrectEmailOrPassword'));
    await signIn(h, DEMO.email, 'BrandNew456');
    expect((await h.call('GET', '/client/auth/profile', { token: session.token })).status).toBe(
      401,
    );
    const reused = await h.call('POST', '/client/auth/reset-password/reset', {
      body: { resetToken, password: 'Another789' },
    });
    expect(reused.body).toEqual(envelope(400, 'server.incorrectOtp'));
  });

  it('an unknown address gets 204 and no code', async () => {
    const reply = await h.call('POST', '/client/auth/reset-password/request', {
      body: { email: 'nobody@example.ca' },
    });
    expect(reply.status).toBe(204);
    expect(printedCode(h.logs, 'nobody@example.ca')).toBeNull();
    const check = await h.call('POST', '/client/auth/reset-password/check-otp', {
      body: { email: 'nobody@example.ca', otp: '123456' },
    });
    expect(check.body).toEqual(envelope(400, 'server.incorrectOtp'));
  });

  it('a sign-up code does not pass the reset check', async () => {
    await addMember(h, { email: 'bob@example.ca', verified: false });
    await h.call('POST', '/client/auth/resend-otp', { body: { email: 'bob@example.ca' } });
    const code = printedCode(h.logs, 'bob@example.ca');
    const check = await h.call('POST', '/client/auth/reset-password/check-otp', {
      body: { email: 'bob@example.ca', otp: code },
    });
    expect(check.body).toEqual(envelope(400, 'server.incorrectOtp'));
  });
});
