/**
 * The membership loads on demand (src/app/membership-access.ts): a visitor's
 * /login never downloads its statechart; a member's guard waits for it, and
 * offline says so with Try again instead of deciding without it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';
import { EMPTY_USER, type Membership, type User } from '../../machines/shared/domain.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import { deferMembership, type MembershipAccess } from '../../src/app/membership-access.ts';
import type { AppServices, MembershipActor } from '../../src/app/services.tsx';
import { ScreenUnreachableError } from '../../src/components/lazy-screen.ts';
import { gatherFacts } from '../../src/routes/router.tsx';
import { membershipJson } from '../support/api.kit.ts';

const USER: User = { ...EMPTY_USER, _id: 'u1', id: 'u1', email: 'marie@example.ca' };
const ACTIVE: Membership = membershipJson({ validTo: '2099-01-01T00:00:00.000Z' });

function membershipActor(load: () => Promise<Membership | null> = async () => ACTIVE) {
  return createActor(
    membershipMachine.provide({ actors: { loadMembership: fromPromise(load) } }),
  ).start() as MembershipActor;
}

/** A deferred membership whose download the test controls (`fail` makes the next one fail). */
function deferred() {
  const actor = membershipActor();
  const download = { calls: 0, fail: false };
  const forget = vi.fn();
  const access = deferMembership(
    async () => {
      download.calls += 1;
      await Promise.resolve();
      if (download.fail) throw new TypeError('Failed to fetch dynamically imported module');
      return membershipAccessOf(actor);
    },
    { forget },
  );
  return { access, actor, download, forget };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deferMembership', () => {
  it('downloads nothing until asked, then once for every caller, and tells its subscribers', async () => {
    const { access, actor, download } = deferred();
    const created = vi.fn();
    access.subscribe(created);
    expect(download.calls).toBe(0);
    expect(access.current()).toBeNull();

    const [first, second] = await Promise.all([access.load(), access.load()]);
    expect(first).toBe(actor);
    expect(second).toBe(actor);
    expect(download.calls).toBe(1);
    expect(created).toHaveBeenCalledTimes(1);
    expect(access.current()).toBe(actor);
  });

  it('a failed download fails that call; the next call downloads again', async () => {
    const { access, actor, download } = deferred();
    download.fail = true;
    await expect(access.load()).rejects.toThrow('Failed to fetch');
    expect(access.current()).toBeNull();
    download.fail = false;
    await expect(access.load()).resolves.toBe(actor);
    expect(download.calls).toBe(2);
  });

  it('sign-out before anything was asked downloads nothing and forgets the persisted copy', () => {
    const { access, download, forget } = deferred();
    access.clear();
    expect(download.calls).toBe(0);
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('an event sent while the code cannot download waits for the next download', async () => {
    const { access, actor, download } = deferred();
    download.fail = true;
    access.send({ type: 'membership.refetch' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(access.current()).toBeNull();

    download.fail = false;
    await access.load();
    // The refetch asked at sign-in is not lost: the membership loads.
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(actor.getSnapshot().context.record).toEqual(ACTIVE);
  });

  it('events sent during the download arrive first, in order', async () => {
    const { access, actor } = deferred();
    access.send({ type: 'membership.refetch' });
    access.send({ type: 'membership.clear' });
    const created = await access.load();
    // Sent once the actor exists: after the two above.
    access.send({ type: 'membership.refetchLater' });
    expect(created.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.record).toBeNull();
  });

  it('sign-out during the download drops what was asked for the member and forgets the copy', async () => {
    const { access, actor, forget } = deferred();
    access.send({ type: 'membership.refetch' });
    access.clear();
    expect(forget).toHaveBeenCalledTimes(1);
    await access.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.record).toBeNull();
  });
});

describe('the guards with the membership loaded on demand', () => {
  function signedIn(membership: MembershipAccess): AppServices {
    const session = createActor(
      sessionMachine.provide({
        actors: { loadUser: fromPromise(async () => USER) },
        actions: {
          startMembership: () => membership.send({ type: 'membership.refetch' }),
        },
        guards: { hasStoredTokens: () => true },
      }),
    ).start();
    return { session, membership } as unknown as AppServices;
  }

  it('wait for the download, then decide on the membership', async () => {
    const { access } = deferred();
    await expect(gatherFacts(signedIn(access))).resolves.toEqual({
      signedIn: true,
      flags: { isMembershipExist: true, isActive: true, isCancelled: false, hasOrdered: false },
    });
  });

  it('offline, say the server cannot be reached, and Try again downloads it again', async () => {
    const { access, actor, download } = deferred();
    download.fail = true;
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await gatherFacts(signedIn(access)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScreenUnreachableError);

    download.fail = false;
    await (error as ScreenUnreachableError).retry();
    expect(access.current()).toBe(actor);
  });

  it('when the host answers (a new release replaced the file), the error is left as it is', async () => {
    const { access, download } = deferred();
    download.fail = true;
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 200 })));
    const error = await gatherFacts(signedIn(access)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
  });
});
