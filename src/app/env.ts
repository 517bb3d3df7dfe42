import type { EnvValues } from './env-schema.ts';

/**
 * The app's build-time configuration, read once at start. The build
 * (vite.config.ts, deploy/build-config.ts) checks the five VITE_* settings,
 * refuses wrong ones, and hands the app their checked values with the defaults
 * filled in (`__APP_SETTINGS__`): the rules are not shipped to every member
 * to be applied again. What only the page can tell is checked here: without
 * VITE_API_URL the API is /api/ on the page's own origin, and a page with no
 * usable origin stops with a ConfigError, which src/start.tsx shows as an
 * error page instead of the spinner.
 */
export interface AppConfig {
  /** Absolute, always with a trailing slash. */
  apiUrl: string;
  stripePublishableKey?: string;
  storeUrl: string;
  supportUrl: string;
  inspect: boolean;
}

/** A wrong setting: `problems` name the variables and rules, never the values. */
export class ConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid app configuration:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** The settings the build checked (vite.config.ts `define`). */
declare const __APP_SETTINGS__: EnvValues;

function withTrailingSlash(href: string): string {
  const url = new URL(href);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

/** `values`: the checked settings (deploy/build-config.ts's `values`, as the build hands them over). */
export function readConfig(
  values: EnvValues = __APP_SETTINGS__,
  origin: string = window.location.origin,
): AppConfig {
  let apiUrl: string;
  if (values.VITE_API_URL !== undefined) {
    apiUrl = withTrailingSlash(values.VITE_API_URL);
  } else {
    try {
      apiUrl = new URL('/api/', origin).href;
    } catch {
      throw new ConfigError([
        '- VITE_API_URL is unset and the page origin cannot serve /api/ (set VITE_API_URL)',
      ]);
    }
  }
  return {
    apiUrl,
    ...(values.VITE_STRIPE_PUBLISHABLE_KEY === undefined
      ? {}
      : { stripePublishableKey: values.VITE_STRIPE_PUBLISHABLE_KEY }),
    storeUrl: values.VITE_STORE_URL,
    supportUrl: values.VITE_SUPPORT_URL,
    inspect: values.VITE_INSPECT === '1' || values.VITE_INSPECT === 'true',
  };
}
