/**
 * The membership as src/app/membership.ts runs it: a stored session asks for
 * it at start-up beside the profile; and it follows what happens elsewhere: a
 * record another tab loaded reaches this tab through the copy it persists
 * under `root`, and a tab shown again after a long while asks the server
 * again (the yearly fee may have been charged meanwhile).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { serializeMembership } from '../../machines/membership/membership.persist.ts';
import { selectRecord } from '../../machines/membership/membership.selectors.ts';
import { MEMBERSHIP_STORAGE_KEY } from '../../machines/membership/membership-key.ts';
import type { Membership } from '../../machines/shared/domain.ts';
import { createMembershipActor, SHOWN_AGAIN_REFETCH_MS } from '../../src/app/membership.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { membershipJson } from '../support/api.kit.ts';

const LAPSED: Membership = membershipJson({ validTo: '2020-01-01T00:00:00.000Z' });
const RENEWED: Membership = membershipJson({ validTo: '2099-01-01T00:00:00.000Z' });

/** A membership actor on its own storage, whose server answers `answer.record`. */
async function tabWithMembership(first: Membership) {
  const answer = { record: first, calls: 0 };
  const storage = createSafeStorage(() => window.localStorage);
  const actor = createMembershipActor({
    api: {
      memberships: {
        get: async () => {
          answer.calls += 1;
          return answer.record;
        },
      } as never,
    },
    storage,
    restore: false,
  });
  actor.send({ type: 'membership.refetch' });
  await waitFor(actor, (s) => s.matches('loaded'));
  answer.calls = 0;
  return { actor, answer };
}

/** What the browser fires in this tab when another tab writes `key`. */
function otherTabWrites(key: string, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
}

function showTab(visibility: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  showTab('visible');
});

describe('a stored session at start-up', () => {
  /** A membership actor restoring a stored session; its server answers when told. */
  function restoring() {
    const answers: ((record: Membership | null) => void)[] = [];
    const get = vi.fn(() => new Promise<Membership | null>((resolve) => answers.push(resolve)));
    const actor = createMembershipActor({
      api: { memberships: { get } } as never,
      storage: createSafeStorage(() => window.localStorage),
      restore: true,
    });
    return { actor, get, answers };
  }

  it('asks for the record at once, beside the profile, and the first load takes that answer', async () => {
    const { actor, get, answers } = restoring();
    expect(get).toHaveBeenCalledTimes(1);

    // The session, once the profile has answered (startMembership).
    actor.send({ type: 'membership.refetch' });
    answers[0]?.(RENEWED);
    await waitFor(actor, (s) => s.matches('loaded'), { timeout: 2000 });
    expect(selectRecord(actor.getSnapshot())).toEqual(RENEWED);
    expect(get).toHaveBeenCalledTimes(1);

    // Later loads ask the server again.
    actor.send({ type: 'membership.refetch' });
    expect(get).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('never gives that answer to a load after a sign-out or an activation', async () => {
    for (const event of [
      { type: 'membership.clear' },
      { type: 'membership.invalidate' },
    ] as const) {
      const { actor, get } = restoring();
      actor.send(event);
      actor.send({ type: 'membership.refetch' });
      expect(get).toHaveBeenCalledTimes(event.type === 'membership.clear' ? 2 : 3);
      actor.stop();
    }
  });
});

describe('the membership across tabs', () => {
  it('loads again from the server when another tab persists a different record', async () => {
    const { actor, answer } = await tabWithMembership(LAPSED);
    answer.record = RENEWED;

    otherTabWrites(MEMBERSHIP_STORAGE_KEY, serializeMembership(RENEWED));

    await waitFor(actor, (s) => s.matches('loaded') && selectRecord(s) === RENEWED, {
      timeout: 2000,
    });
    expect(answer.calls).toBe(1);
    actor.stop();
  });

  it('asks nothing when the copy is the one it has, another key changed, or the copy was removed', async () => {
    const { actor, answer } = await tabWithMembership(LAPSED);

    otherTabWrites(MEMBERSHIP_STORAGE_KEY, serializeMembership(LAPSED));
    otherTabWrites('evclub.language', 'fr');
    otherTabWrites(MEMBERSHIP_STORAGE_KEY, null);

    expect(answer.calls).toBe(0);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.stop();
  });

  it('asks nothing for a copy written in another format or version (a tab of another release), so two releases never reload each other without end', async () => {
    const { actor, answer } = await tabWithMembership(LAPSED);
    const reordered = JSON.stringify({ version: 1, membership: { ...RENEWED } });
    const otherVersion = JSON.stringify({ version: 2, membership: RENEWED });

    otherTabWrites(MEMBERSHIP_STORAGE_KEY, JSON.stringify({ version: 1, membership: LAPSED }));
    otherTabWrites(MEMBERSHIP_STORAGE_KEY, otherVersion);
    otherTabWrites(MEMBERSHIP_STORAGE_KEY, 'not json');
    expect(answer.calls).toBe(0);

    // The same record in another field order is the same record; a new one is followed.
    answer.record = RENEWED;
    otherTabWrites(MEMBERSHIP_STORAGE_KEY, reordered);
    await waitFor(actor, (s) => s.matches('loaded') && selectRecord(s) === RENEWED, {
      timeout: 2000,
    });
    expect(answer.calls).toBe(1);
    actor.stop();
  });

  it('asks nothing once signed out (the record cleared)', async () => {
    const { actor, answer } = await tabWithMembership(LAPSED);
    actor.send({ type: 'membership.clear' });

    otherTabWrites(MEMBERSHIP_STORAGE_KEY, serializeMembership(RENEWED));

    expect(answer.calls).toBe(0);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('loads again when the tab is shown after SHOWN_AGAIN_REFETCH_MS, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { actor, answer } = await tabWithMembership(LAPSED);
    answer.record = RENEWED;

    showTab('hidden');
    vi.setSystemTime(Date.now() + SHOWN_AGAIN_REFETCH_MS - 1000);
    showTab('visible');
    expect(answer.calls).toBe(0);

    showTab('hidden');
    vi.setSystemTime(Date.now() + 1000);
    showTab('visible');
    await waitFor(actor, (s) => s.matches('loaded') && selectRecord(s) === RENEWED, {
      timeout: 2000,
    });
    expect(answer.calls).toBe(1);
    actor.stop();
  });

  it('loads again when Back restores the page after SHOWN_AGAIN_REFETCH_MS (not a page loaded anew)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { actor, answer } = await tabWithMembership(LAPSED);
    answer.record = RENEWED;
    vi.setSystemTime(Date.now() + SHOWN_AGAIN_REFETCH_MS);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(answer.calls).toBe(0);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

    await waitFor(actor, (s) => s.matches('loaded') && selectRecord(s) === RENEWED, {
      timeout: 2000,
    });
    expect(answer.calls).toBe(1);
    actor.stop();
  });

  it('loads again at once when Back restores a page whose copy another tab changed meanwhile', async () => {
    const { actor, answer } = await tabWithMembership(LAPSED);
    answer.record = RENEWED;
    // Firefox and Safari: the other tab's write reaches no event to the kept page.
    window.localStorage.setItem(MEMBERSHIP_STORAGE_KEY, serializeMembership(RENEWED));

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));

    await waitFor(actor, (s) => s.matches('loaded') && selectRecord(s) === RENEWED, {
      timeout: 2000,
    });
    expect(answer.calls).toBe(1);
    actor.stop();
  });
});
