/**
 * The build-time configuration check (vite.config.ts): the five VITE_*
 * settings, read one by one from the environment Vite loads (process env and
 * .env files), validated with the rules of src/app/env-schema.ts (build-time
 * only: the app imports just its type), plus the rules only a build can apply. A wrong value
 * stops the build with a message naming the variable and the rule, never the
 * value.
 */
import { ENV_KEYS, type EnvKey, type EnvValues, parseEnv } from '../src/app/env-schema.ts';

export interface BuildSettings {
  values: EnvValues;
  /** The API's origin when it is not the app's own (`VITE_API_URL` set), else null. */
  apiOrigin: string | null;
  /** A publishable key is set: the Stripe hosts join the policy. */
  stripe: boolean;
}

export class BuildConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The build settings are wrong (values are never shown):\n${problems.join('\n')}\n` +
        'Fix them in the environment or .env.local; see README.md, "Build-time settings".',
    );
    this.name = 'BuildConfigError';
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** localhost, 127.0.0.1, ::1 or a *.localhost name: traffic that never leaves the machine. */
export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

/** Only the five settings, each read on its own; everything else is left out. */
export function pickSettings(env: Readonly<Record<string, string | undefined>>) {
  const picked: Partial<Record<EnvKey, string>> = {};
  for (const key of ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

/** The addresses a production build must reach over https (localhost aside). */
const HTTPS_ONLY = ['VITE_API_URL', 'VITE_STORE_URL', 'VITE_SUPPORT_URL'] as const;

/**
 * Validates the settings. `production`: a production build, where the API, the
 * store and support must be reached over https unless they are local.
 */
export function checkBuildSettings(
  env: Readonly<Record<string, string | undefined>>,
  { production }: { production: boolean },
): BuildSettings {
  const result = parseEnv(pickSettings(env));
  if (!result.success) {
    throw new BuildConfigError(
      result.problems.map((line) =>
        line.includes('secret Stripe key')
          ? `${line}\n  Revoke that key in the Stripe dashboard if it was shared or committed.`
          : line,
      ),
    );
  }
  const { values } = result;
  // Tokens and passwords travel to the API; the store and support links carry the
  // member's ids (the charger order) and are pages they trust: none in clear.
  const inClear = HTTPS_ONLY.filter((key) => {
    const value = values[key];
    if (!production || value === undefined) return false;
    const url = new URL(value);
    return url.protocol === 'http:' && !isLocalHost(url.hostname);
  });
  if (inClear.length > 0) {
    throw new BuildConfigError(
      inClear.map(
        (key) =>
          `- ${key} must use https:// in a production build (http:// is only for a host on this machine: localhost, 127.0.0.1, [::1] or a *.localhost name)`,
      ),
    );
  }
  const apiOrigin = values.VITE_API_URL === undefined ? null : new URL(values.VITE_API_URL).origin;
  return { values, apiOrigin, stripe: values.VITE_STRIPE_PUBLISHABLE_KEY !== undefined };
}

/**
 * What a build should say although it goes on: a production build without a
 * publishable key takes payments with the offline test provider (test cards,
 * `?wallet=test`), which charges nobody. Right for the tests and a demo; for a
 * release, the key is missing.
 */
export function buildWarnings(settings: BuildSettings, { production }: { production: boolean }) {
  if (!production || settings.stripe) return [];
  return [
    'VITE_STRIPE_PUBLISHABLE_KEY is not set: this production build pays with the offline test ' +
      'provider (test cards, ?wallet=test), which charges nobody. Set the key for a release.',
  ];
}

/**
 * The VITE_* variables other than the five, with values long enough to look
 * for in the bundle (a short value such as `1` or `production` would match by
 * chance) and not equal to one of the five. Values stay in memory; only names
 * are ever printed.
 */
export function otherViteValues(
  env: Readonly<Record<string, string | undefined>>,
): { name: string; value: string }[] {
  const allowed = new Set(ENV_KEYS.map((key) => env[key]?.trim()).filter(Boolean));
  return Object.entries(env)
    .filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('VITE_') &&
        !(ENV_KEYS as readonly string[]).includes(entry[0]) &&
        typeof entry[1] === 'string' &&
        entry[1].trim().length >= 12 &&
        !allowed.has(entry[1].trim()),
    )
    .map(([name, value]) => ({ name, value: value.trim() }));
}
