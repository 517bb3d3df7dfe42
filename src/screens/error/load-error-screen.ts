import en from '../../i18n/bundled/en/load-error.json' with { type: 'json' };
import fr from '../../i18n/bundled/fr/load-error.json' with { type: 'json' };
import { showStartError } from './start-error-page.ts';

/**
 * Shown instead of the app when it could not start for another reason than
 * its settings: most often part of its code did not arrive (the connection
 * dropped while the page loaded). It is part of the first chunk, so it is
 * there whatever else failed. Reload loads the page again.
 */
export function showLoadError(root: HTMLElement, reload: () => void): void {
  showStartError(root, { id: 'load-error', texts: { en, fr }, onAction: reload });
}
