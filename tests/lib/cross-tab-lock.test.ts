import { describe, expect, it, vi } from 'vitest';
import { createCrossTabLock } from '../../src/lib/cross-tab-lock.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { deferred } from '../support/deferred.ts';
import { fakeLockManager } from '../support/locks.kit.ts';

/** Two holders of the lock: the first waits on `release`; returns the order of events and each grant. */
async function contend(first: ReturnType<typeof createCrossTabLock>, second: typeof first) {
  const events: string[] = [];
  const release = deferred<void>();
  const a = first.run(async (grant) => {
    events.push(`a:start:${grant.waited}`);
    await release.promise;
    events.push('a:end');
  });
  await new Promise((resolve) => setTimeout(resolve, 60));
  const b = second.run(async (grant) => {
    events.push(`b:start:${grant.waited}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(events).toEqual(['a:start:false']);
  release.resolve();
  await Promise.all([a, b]);
  return events;
}

/**
 * With Web Locks: another tab holds the lock until `letGo` (`held` ends then), and `tab` waits for
 * it 100 ms at most.
 */
async function heldByAnotherTab() {
  const locks = fakeLockManager();
  const storage = createSafeStorage(() => localStorage);
  const other = createCrossTabLock({ name: 'test.lock', storage, locks });
  const tab = createCrossTabLock({ name: 'test.lock', storage, locks, waitMs: 100 });
  const letGo = deferred<void>();
  const held = other.run(() => letGo.promise);
  // The other tab's request is granted first.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { tab, letGo, held };
}

describe('the cross-tab lock', () => {
  it('without Web Locks, two tabs on one storage take turns through the lease; the second knows it waited', async () => {
    const storage = createSafeStorage(() => localStorage);
    const tab1 = createCrossTabLock({ name: 'test.lock', storage, locks: null });
    const tab2 = createCrossTabLock({ name: 'test.lock', storage, locks: null });
    expect(await contend(tab1, tab2)).toEqual(['a:start:false', 'a:end', 'b:start:true']);
    expect(localStorage.getItem('test.lock.lease')).toBeNull();
  });

  it('a lease left by a closed tab expires', async () => {
    const storage = createSafeStorage(() => localStorage);
    localStorage.setItem(
      'test.lock.lease',
      JSON.stringify({ owner: 'gone', until: Date.now() - 1 }),
    );
    const lock = createCrossTabLock({ name: 'test.lock', storage, locks: null });
    await expect(lock.run(async () => 'ran')).resolves.toBe('ran');
  });

  it('without Web Locks, a lease outlasts the longest refresh call: a second tab still waits 30 s on', async () => {
    const storage = createSafeStorage(() => localStorage);
    let clock = Date.now();
    const options = {
      name: 'test.lock',
      storage,
      locks: null,
      now: () => clock,
      sleep: () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
    };
    const tab1 = createCrossTabLock(options);
    const tab2 = createCrossTabLock(options);
    let release = () => {};
    const held = tab1.run(() => new Promise<void>((resolve) => (release = resolve)));
    await vi.waitFor(() => expect(localStorage.getItem('test.lock.lease')).not.toBeNull());
    // The holder's call has been on its way 30 s (15 s for its answer, nearly as long for its body).
    clock += 30_000;
    let ran = false;
    const second = tab2.run(async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(false);
    release();
    await Promise.all([held, second]);
    expect(ran).toBe(true);
  });

  it('with Web Locks: at once when free; in turn (and told so) when another holder has it', async () => {
    const locks = fakeLockManager();
    const storage = createSafeStorage(() => localStorage);
    const tab1 = createCrossTabLock({ name: 'test.lock', storage, locks });
    const tab2 = createCrossTabLock({ name: 'test.lock', storage, locks });
    expect(await contend(tab1, tab2)).toEqual(['a:start:false', 'a:end', 'b:start:true']);
  });

  it('a task that throws releases the lock for the next one', async () => {
    const storage = createSafeStorage(() => localStorage);
    const lock = createCrossTabLock({ name: 'test.lock', storage, locks: null });
    await expect(lock.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run(async () => 'next')).resolves.toBe('next');
  });

  it('with Web Locks: a holder that never lets go (a suspended tab) fails the wait in time, not the page; the lock then goes on', async () => {
    const { tab, letGo, held } = await heldByAnotherTab();
    let ran = false;
    const waiting = tab.run(async () => {
      ran = true;
    });
    await expect(waiting).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(ran).toBe(false);

    letGo.resolve();
    await held;
    await expect(tab.run(async () => 'next')).resolves.toBe('next');
    expect(ran).toBe(false);
  });

  it('with Web Locks: a wait granted in time runs its task, however long it takes (the limit is on waiting only)', async () => {
    const { tab, letGo, held } = await heldByAnotherTab();
    const waiting = tab.run(async (grant) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return grant.waited;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    letGo.resolve();
    await held;
    await expect(waiting).resolves.toBe(true);
  });
});
