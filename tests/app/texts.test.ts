import i18next, { type BackendModule } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenUnreachableError } from '../../src/components/lazy-screen.ts';
import { loadTexts } from '../../src/i18n/texts.ts';

/** An i18next whose texts files are `files` (`'fr/auth'` → its keys); any other file fails. */
async function withFiles(
  files: Record<string, Record<string, string>>,
  language = 'fr',
  /** Files whose download never ends (offline, i18next's backend still trying again). */
  hanging: string[] = [],
) {
  const reads: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (lng, ns, callback) => {
      reads.push(`${lng}/${ns}`);
      if (hanging.includes(`${lng}/${ns}`)) return;
      const file = files[`${lng}/${ns}`];
      if (file) callback(null, file);
      else callback(new Error(`404 ${lng}/${ns}`), false);
    },
  };
  const i18n = i18next.createInstance();
  await i18n
    .use(backend)
    .init({ lng: language, fallbackLng: 'en', ns: [], partialBundledLanguages: true });
  return { i18n, reads };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadTexts: a page renders only with its texts', () => {
  it('resolves once the texts came, in the language or its fallback', async () => {
    const { i18n } = await withFiles({
      'fr/auth': { title: 'Connexion' },
      'en/member': { a: 'A' },
    });
    await loadTexts(i18n, ['auth', 'member']);
    expect(i18n.getResource('fr', 'auth', 'title')).toBe('Connexion');
    expect(i18n.getResource('en', 'member', 'a')).toBe('A');
  });

  it('a file missing while the host answers (a new release): the error as it is, for a reload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const { i18n } = await withFiles({});
    const failure = await loadTexts(i18n, ['auth']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ScreenUnreachableError);
    expect(String(failure)).toContain('auth');
  });

  it('the host does not answer: the network message, whose Try again downloads them again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const files: Record<string, Record<string, string>> = {};
    const { i18n, reads } = await withFiles(files);
    const failure = await loadTexts(i18n, ['auth']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScreenUnreachableError);

    files['fr/auth'] = { title: 'Connexion' };
    const before = reads.length;
    await (failure as ScreenUnreachableError).retry();
    expect(reads.slice(before)).toContain('fr/auth');
    await loadTexts(i18n, ['auth']);
    expect(i18n.getResource('fr', 'auth', 'title')).toBe('Connexion');
  });

  it('texts already here in the interface language do not wait for another page’s download still trying (offline, Back from a page that could not load)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { i18n } = await withFiles({ 'fr/member': { a: 'A' } }, 'fr-CA', ['fr/account']);
    await loadTexts(i18n, ['member']);
    void i18n.loadNamespaces(['account']);
    // i18next's own load of 'member' would wait for 'account' (it loads every namespace).
    await expect(loadTexts(i18n, ['member'])).resolves.toBeUndefined();
  });
});
