/**
 * A page restored by Back (src/app/restored-page.ts): a member's page is
 * hidden as the browser keeps it, shows again when the session is the one it
 * left with, and loads anew when the other tabs changed the session meanwhile.
 */
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, type User } from '../../machines/shared/domain.ts';
import { TOKEN_KEYS } from '../../src/api/tokens.ts';
import { followRestoredPage } from '../../src/app/restored-page.ts';
import type { SessionActor } from '../../src/app/services.tsx';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';

const ANNE: User = { ...EMPTY_USER, _id: 'anne', id: 'anne', email: 'anne@example.ca' };

/** A page signed in as `user` (null: signed out), with Anne's tokens stored (none when signed out). */
function keptPage(user: User | null) {
  const storage = createSafeStorage(() => null);
  if (user) storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-anne');
  const session = {
    getSnapshot: () => ({
      matches: (state: string) => state === 'authenticated' && user !== null,
      context: { user: user ?? EMPTY_USER },
    }),
  } as unknown as SessionActor;
  const page = new EventTarget();
  const root = { style: { visibility: '' } };
  const reload = vi.fn();
  followRestoredPage({ session, storage, target: page as unknown as Window, root, reload });
  const leave = (persisted = true) =>
    page.dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));
  const back = (persisted = true) =>
    page.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
  return { storage, root, reload, leave, back };
}

describe('a page restored by Back', () => {
  it('a member’s page is hidden as the browser keeps it, and shows again at once when nothing changed', () => {
    const page = keptPage(ANNE);
    page.leave();
    expect(page.root.style.visibility).toBe('hidden');
    page.back();
    expect(page.root.style.visibility).toBe('');
    expect(page.reload).not.toHaveBeenCalled();
  });

  it.each([
    ['the member signed out in another tab', null],
    ['another member signed in', 'refresh-bruno'],
    ['another tab renewed the tokens', 'refresh-anne-2'],
  ])('loads anew, still hidden, when %s', (_case, token) => {
    const page = keptPage(ANNE);
    page.leave();
    if (token) page.storage.setItem(TOKEN_KEYS.refreshToken, token);
    else page.storage.removeItem(TOKEN_KEYS.refreshToken);
    page.back();
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.root.style.visibility).toBe('hidden');
  });

  it('a visitor’s page is not hidden; a sign-in meanwhile loads it anew', () => {
    const page = keptPage(null);
    page.leave();
    expect(page.root.style.visibility).toBe('');
    page.back();
    expect(page.reload).not.toHaveBeenCalled();

    page.leave();
    page.storage.setItem(TOKEN_KEYS.refreshToken, 'refresh-bruno');
    page.back();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('a page the browser does not keep is not hidden, and a page loaded anew does nothing', () => {
    const page = keptPage(ANNE);
    page.leave(false);
    expect(page.root.style.visibility).toBe('');
    page.storage.removeItem(TOKEN_KEYS.refreshToken);
    page.back(false);
    expect(page.reload).not.toHaveBeenCalled();
  });
});
