import en from '../../i18n/bundled/en/config-error.json' with { type: 'json' };
import fr from '../../i18n/bundled/fr/config-error.json' with { type: 'json' };
import { showStartError } from './start-error-page.ts';

/**
 * Shown instead of the app when its build-time settings are wrong
 * (src/app/env.ts), in its own small chunk. The technical details (which
 * variable, never its value) reach the console only, as the error
 * src/start.tsx rethrows.
 */
export function showConfigError(root: HTMLElement): void {
  showStartError(root, { id: 'config-error', texts: { en, fr } });
}
