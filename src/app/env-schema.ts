import * as v from 'valibot';

/**
 * The five build-time settings and their rules, applied by the build
 * (vite.config.ts, deploy/build-config.ts), which hands the app the checked
 * values (`EnvValues`, read by src/app/env.ts). Pure: no `import.meta.env`,
 * no `window`. Messages name the variable and the rule, never the value (a
 * wrong value may be a secret).
 */
export const DEFAULT_STORE_URL = 'https://store.evchargerclub.ca';
export const DEFAULT_SUPPORT_URL = 'https://help.evchargerclub.ca';

export function isHttpUrl(value: string): boolean {
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

/** A Stripe secret (`sk_…`) or restricted (`rk_…`) key: never in a web page. */
export const isSecretStripeKey = (value: string): boolean => /^(sk|rk)_/.test(value.trim());

export const EnvSchema = v.object({
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
      v.check(
        (value) => !isSecretStripeKey(value),
        'is a secret Stripe key (sk_/rk_): never in a web page; use the publishable key (pk_…)',
      ),
      v.startsWith('pk_', 'must be a publishable key starting with pk_'),
      v.regex(/^pk_[A-Za-z0-9_]+$/, 'must hold only letters, digits and underscores'),
    ),
  ),
  VITE_STORE_URL: v.optional(HttpUrl, DEFAULT_STORE_URL),
  VITE_SUPPORT_URL: v.optional(HttpUrl, DEFAULT_SUPPORT_URL),
  VITE_INSPECT: v.optional(
    v.picklist(['1', '0', 'true', 'false'], 'must be 1 (on) or 0 (off) when set'),
  ),
});

export type EnvValues = v.InferOutput<typeof EnvSchema>;

/** The five variables, as the schema names them. */
export type EnvKey = keyof typeof EnvSchema.entries;
export const ENV_KEYS = Object.keys(EnvSchema.entries) as readonly EnvKey[];

/** An unset variable and an empty one (`VITE_API_URL=` in a .env file) mean the same. */
export function presentValues(env: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of ENV_KEYS) {
    const value = typeof env[key] === 'string' ? (env[key] as string).trim() : env[key];
    if (value !== undefined && value !== '') values[key] = value;
  }
  return values;
}

/** One line per problem: the variable and the rule it breaks, never the value. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const key = issue.path?.map((item) => String(item.key)).join('.') ?? '(settings)';
      return `- ${key} ${issue.message} (the value is not shown)`;
    })
    .join('\n');
}

export type EnvResult =
  | { success: true; values: EnvValues }
  | { success: false; problems: string[] };

/** Validates the five settings; `problems` are lines that never contain a value. */
export function parseEnv(env: Readonly<Record<string, unknown>>): EnvResult {
  // One problem per variable: the first rule it breaks.
  const result = v.safeParse(EnvSchema, presentValues(env), { abortPipeEarly: true });
  if (result.success) return { success: true, values: result.output };
  return { success: false, problems: describeIssues(result.issues).split('\n') };
}
