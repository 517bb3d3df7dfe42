import * as v from 'valibot';

/**
 * The app's build-time configuration, read once at start from
 * `import.meta.env` (see env.d.ts). A wrong value stops the start with an
 * Error naming the variable, instead of failing later in some request.
 */
export interface AppConfig {
  /** Absolute, always with a trailing slash. */
  apiUrl: string;
  stripePublishableKey?: string;
  storeUrl: string;
  supportUrl: string;
  inspect: boolean;
}

export const DEFAULT_STORE_URL = 'https://store.evchargerclub.ca';
export const DEFAULT_SUPPORT_URL = 'https://help.evchargerclub.ca';

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const HttpUrl = v.pipe(
  v.string('must be a string'),
  v.check(isHttpUrl, 'must be an absolute http(s) URL'),
);

const EnvSchema = v.object({
  VITE_API_URL: v.optional(
    v.pipe(
      HttpUrl,
      v.check(
        (value) => !isHttpUrl(value) || !/[?#]/.test(value),
        'must not have a query or a fragment',
      ),
    ),
  ),
  VITE_STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(
      v.string('must be a string'),
      v.startsWith('pk_', 'must be a publishable key starting with pk_'),
      v.regex(/^\S+$/, 'must not contain spaces'),
    ),
  ),
  VITE_STORE_URL: v.optional(HttpUrl, DEFAULT_STORE_URL),
  VITE_SUPPORT_URL: v.optional(HttpUrl, DEFAULT_SUPPORT_URL),
  VITE_INSPECT: v.optional(
    v.picklist(['1', '0', 'true', 'false'], 'must be 1 (on) or 0 (off) when set'),
  ),
});

const KEYS = [
  'VITE_API_URL',
  'VITE_STRIPE_PUBLISHABLE_KEY',
  'VITE_STORE_URL',
  'VITE_SUPPORT_URL',
  'VITE_INSPECT',
] as const;

/** An unset variable and an empty one (`VITE_API_URL=` in a .env file) mean the same. */
function presentValues(env: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = typeof env[key] === 'string' ? (env[key] as string).trim() : env[key];
    if (value !== undefined && value !== '') values[key] = value;
  }
  return values;
}

function withTrailingSlash(href: string): string {
  const url = new URL(href);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

function describeIssues(issues: v.GenericIssue[]): string {
  return issues
    .map((issue) => {
      const key = issue.path?.map((item) => String(item.key)).join('.') ?? '(env)';
      return `- ${key} ${issue.message} (got ${JSON.stringify(issue.input)})`;
    })
    .join('\n');
}

export function readConfig(
  env: Readonly<Record<string, unknown>> = import.meta.env,
  origin: string = window.location.origin,
): AppConfig {
  const result = v.safeParse(EnvSchema, presentValues(env));
  if (!result.success) {
    throw new Error(
      `Invalid app configuration (import.meta.env):\n${describeIssues(result.issues)}`,
    );
  }
  const values = result.output;
  let apiUrl: string;
  if (values.VITE_API_URL !== undefined) {
    apiUrl = withTrailingSlash(values.VITE_API_URL);
  } else {
    try {
      apiUrl = new URL('/api/', origin).href;
    } catch (cause) {
      throw new Error(
        `Invalid app configuration: VITE_API_URL is unset and the page origin ${JSON.stringify(origin)} cannot serve /api/`,
        { cause },
      );
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
