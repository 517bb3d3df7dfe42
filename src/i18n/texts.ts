import type { i18n as I18n } from 'i18next';
import { hostAnswers } from '../api/host.ts';
import { explainDownloadFailure, ScreenUnreachableError } from '../components/lazy-screen.ts';
import { currentLanguage, type Namespace } from './i18n.ts';

/** How long the texts may take before the page asks whether the host answers at all. */
export const TEXTS_PATIENCE_MS = 1000;

/**
 * Downloads the texts a page shows before it renders, and makes sure they
 * came, in the interface language or the one it falls back to (English):
 * left to itself, i18next renders the keys ("login.submit") when a file
 * cannot be downloaded. When they did not come, the page does not render:
 * offline, the error screen says so with Try again, which downloads them
 * again; when the host answers (a file missing after a new release), it
 * offers a reload. Offline is known within about a second, not after the
 * backend's last retry (spec 9: 5 retries from 350 ms, some 11 s).
 */
export async function loadTexts(
  i18n: I18n,
  namespaces: readonly Namespace[],
  /** What is downloading them already (i18next's start, which is waited for), else they are asked for here. */
  loading?: Promise<unknown>,
): Promise<void> {
  // A page's texts already here in the interface language: no waiting for i18next's load,
  // which waits for every namespace, a page's whose download is failing (offline) among them.
  if (
    !loading &&
    namespaces.every((namespace) => i18n.hasResourceBundle(currentLanguage(i18n), namespace))
  ) {
    return;
  }
  loading ??= i18n.loadNamespaces([...namespaces]);
  const retry = async () => {
    await i18n.reloadResources([...(i18n.languages ?? [])], [...namespaces]);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const offline = new Promise<never>((_, reject) => {
    timer = setTimeout(async () => {
      if (!(await hostAnswers())) reject(new ScreenUnreachableError(undefined, retry));
    }, TEXTS_PATIENCE_MS);
  });
  // Settled after the race was won by the texts: nothing to report then.
  offline.catch(() => undefined);
  try {
    await Promise.race([loading, offline]);
  } finally {
    clearTimeout(timer);
  }
  const languages = i18n.languages ?? [];
  const missing = namespaces.filter(
    (namespace) => !languages.some((language) => i18n.hasResourceBundle(language, namespace)),
  );
  if (missing.length === 0) return;
  await explainDownloadFailure(
    new Error(`The texts of ${missing.join(', ')} could not be downloaded`),
    retry,
  );
}
