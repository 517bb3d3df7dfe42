// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, DEMO, type Harness, signIn, startDevApi } from '../support/dev-api.kit.ts';

let h: Harness;

beforeEach(async () => {
  h = await startDevApi();
});

afterEach(async () => {
  await h.close();
});

const inject = (faults: unknown[]) => h.call('POST', '/__dev/faults', { body: { faults } });

describe('__dev/faults: the next matching calls fail as real networks do', () => {
  it('status: a 503 with a non-JSON body, once, and the call changes nothing', async () => {
    const { token } = await signIn(h, DEMO.email);
    expect(
      (await inject([{ method: 'PUT', path: '/client/auth/profile', kind: 'status' }])).status,
    ).toBe(200);
    const failed = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Changed', lastName: 'Member', phone: DEMO.phone },
    });
    expect(failed.status).toBe(503);
    expect(failed.body).toBeNull();
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.firstName).not.toBe('Changed');
    const again = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Changed', lastName: 'Member', phone: DEMO.phone },
    });
    expect(again.status).toBe(200);
  });

  it('with after, the call is handled first: the change is made, only the answer is broken', async () => {
    const { token } = await signIn(h, DEMO.email);
    await inject([{ method: 'PUT', path: '/client/auth/profile', kind: 'malformed', after: true }]);
    const reply = await h.call('PUT', '/client/auth/profile', {
      token,
      body: { firstName: 'Handled', lastName: 'Member', phone: DEMO.phone },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.firstName).toBeUndefined();
    const profile = await h.call('GET', '/client/auth/profile', { token });
    expect(profile.body.firstName).toBe('Handled');
  });

  it('cacheable: the call’s own answer, marked for the browser to keep', async () => {
    const { token } = await signIn(h, DEMO.email);
    await inject([{ method: 'GET', path: '/client/auth/profile', kind: 'cacheable' }]);
    const kept = await h.call('GET', '/client/auth/profile', { token });
    expect(kept.status).toBe(200);
    expect(kept.body.email).toBe(DEMO.email);
    expect(kept.headers.get('cache-control')).toBe('private, max-age=600');
    const next = await h.call('GET', '/client/auth/profile', { token });
    expect(next.headers.get('cache-control')).toBe('no-store');
  });

  it('malformed and garbage: 200 answers that break the contract', async () => {
    await inject([
      { path: '/client/auth/login', kind: 'malformed' },
      { path: '/client/auth/login', kind: 'garbage' },
    ]);
    const body = { emailOrPhone: DEMO.email, password: DEMO.password };
    const malformed = await h.call('POST', '/client/auth/login', { body });
    expect(malformed.status).toBe(200);
    expect(malformed.body.token).toBeUndefined();
    const garbage = await h.call('POST', '/client/auth/login', { body });
    expect(garbage.status).toBe(200);
    expect(garbage.body).toBeNull();
    expect(garbage.text).toContain('not json');
    expect((await h.call('POST', '/client/auth/login', { body })).body.token).toEqual(
      expect.any(String),
    );
  });

  it('drop closes the connection; hang answers nothing until the faults are cleared', async () => {
    await inject([
      { path: '/club/memberships', method: 'GET', kind: 'drop' },
      { path: '/club/memberships', method: 'GET', kind: 'hang' },
    ]);
    const { token } = await signIn(h, DEMO.email);
    await expect(h.call('GET', '/club/memberships', { token })).rejects.toThrow();
    let settled = false;
    const hanging = h.call('GET', '/club/memberships', { token }).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    expect((await h.call('DELETE', '/__dev/faults')).status).toBe(204);
    await expect(hanging).rejects.toThrow();
    expect((await h.call('GET', '/club/memberships', { token })).status).toBe(404);
  });

  it('times, a * path segment and an email scope', async () => {
    const other = await addMember(h, { email: 'other@example.ca' });
    expect(other.email).toBe('other@example.ca');
    const mine = await signIn(h, DEMO.email);
    const theirs = await signIn(h, 'other@example.ca');
    await inject([
      {
        path: '/client/auth/*',
        method: 'GET',
        kind: 'status',
        status: 502,
        times: 2,
        email: DEMO.email,
      },
    ]);
    expect((await h.call('GET', '/client/auth/profile', { token: theirs.token })).status).toBe(200);
    expect((await h.call('GET', '/client/auth/profile', { token: mine.token })).status).toBe(502);
    expect((await h.call('GET', '/client/auth/profile', { token: mine.token })).status).toBe(502);
    expect((await h.call('GET', '/client/auth/profile', { token: mine.token })).status).toBe(200);
    expect((await h.call('GET', '/__dev/faults')).body.faults).toEqual([]);
  });

  it('a refresh-token call is matched by the user its token belongs to', async () => {
    const { refreshToken } = await signIn(h, DEMO.email);
    await inject([{ path: '/client/auth/refresh-token', kind: 'status', email: DEMO.email }]);
    const failed = await h.call('POST', '/client/auth/refresh-token', { body: { refreshToken } });
    expect(failed.status).toBe(503);
    // The faulted call did not spend the refresh token.
    const ok = await h.call('POST', '/client/auth/refresh-token', { body: { refreshToken } });
    expect(ok.status).toBe(200);
  });

  it('status with a key answers the error envelope', async () => {
    await inject([
      {
        path: '/client/auth/sign-up',
        kind: 'status',
        status: 400,
        key: 'server.invalidPhoneNumber',
      },
    ]);
    const reply = await h.call('POST', '/client/auth/sign-up', { body: { email: 'x@y.ca' } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      message: { message: 'server.invalidPhoneNumber' },
    });
  });

  it('refuses faults it cannot read', async () => {
    for (const fault of [
      { path: '/x', kind: 'explode' },
      { path: 'no-slash', kind: 'drop' },
      { path: '/x', kind: 'drop', times: 0 },
    ]) {
      expect((await inject([fault])).status).toBe(400);
    }
    expect((await h.call('POST', '/__dev/faults', { body: { faults: [] } })).status).toBe(400);
  });
});
