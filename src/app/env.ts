import { DEFAULT_STORE_URL, DEFAULT_SUPPORT_URL, type EnvKey, parseEnv } from './env-schema.ts';

export { DEFAULT_STORE_URL, DEFAULT_SUPPORT_URL };

/**
 * The app's build-time configuration, read once at start. A wrong value stops
 * the start with a ConfigError naming the variable (never its value), which
 * src/start.tsx shows as an error page instead of the spinner. The build
 * (vite.config.ts) already refuses wrong values; this is the second line.
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

/**
 * The five settings, each read on its own: Vite replaces each
 * `import.meta.env.VITE_…` with its value, and nothing else of the build
 * machine's environment reaches the bundle (reading `import.meta.env` as a
 * whole would inline every VITE_* variable set there).
 */
export function buildEnv(): Record<EnvKey, string | undefined> {
  return {
    VITE_API_URL: import.meta.env.VITE_API_URL,
    VITE_STRIPE_PUBLISHABLE_KEY: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY,
    VITE_STORE_URL: import.meta.env.VITE_STORE_URL,
    VITE_SUPPORT_URL: import.meta.env.VITE_SUPPORT_URL,
    VITE_INSPECT: import.meta.env.VITE_INSPECT,
  };
}

function withTrailingSlash(href: string): string {
  const url = new URL(href);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

export function readConfig(
  env: Readonly<Record<string, unknown>> = buildEnv(),
  origin: string = window.location.origin,
): AppConfig {
  const result = parseEnv(env);
  if (!result.success) throw new ConfigError(result.problems);
  const values = result.values;
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
