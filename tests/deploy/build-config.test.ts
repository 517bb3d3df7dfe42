import { describe, expect, it } from 'vitest';
import {
  BuildConfigError,
  buildWarnings,
  checkBuildSettings,
  isLocalHost,
  otherViteValues,
  pickSettings,
} from '../../deploy/build-config.ts';

const production = { production: true };

function problemsOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BuildConfigError);
    return (error as BuildConfigError).message;
  }
  throw new Error('expected a BuildConfigError');
}

describe('the build-time configuration check (vite.config.ts)', () => {
  it('defaults: the API on the app origin, no Stripe', () => {
    expect(checkBuildSettings({}, production)).toMatchObject({ apiOrigin: null, stripe: false });
  });

  it('a publishable key and an https API: the API origin and Stripe for the policy', () => {
    const settings = checkBuildSettings(
      {
        VITE_API_URL: 'https://connect.example.ca/api/v1/',
        VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
      },
      production,
    );
    expect(settings).toMatchObject({ apiOrigin: 'https://connect.example.ca', stripe: true });
  });

  it('refuses a secret key with a clear message that never shows it', () => {
    const message = problemsOf(() =>
      checkBuildSettings({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_test_x' }, production),
    );
    expect(message).toContain('VITE_STRIPE_PUBLISHABLE_KEY is a secret Stripe key');
    expect(message).not.toContain('sk_test_x');
  });

  it('refuses an API URL that is not a URL, without printing it', () => {
    const message = problemsOf(() =>
      checkBuildSettings({ VITE_API_URL: 'connect.internal.example' }, production),
    );
    expect(message).toContain('VITE_API_URL must be an absolute http(s) URL');
    expect(message).not.toContain('connect.internal.example');
  });

  it('refuses http:// for a non-local API in a production build only', () => {
    const env = { VITE_API_URL: 'http://connect.example.ca/api/' };
    expect(problemsOf(() => checkBuildSettings(env, production))).toContain(
      'VITE_API_URL must use https:// in a production build',
    );
    expect(checkBuildSettings(env, { production: false }).apiOrigin).toBe(
      'http://connect.example.ca',
    );
    for (const local of ['http://localhost:8787/api/', 'http://127.0.0.1:4292/api/']) {
      expect(checkBuildSettings({ VITE_API_URL: local }, production).apiOrigin).toBe(
        new URL(local).origin,
      );
    }
  });

  it('refuses http:// store and support addresses in a production build only, naming each', () => {
    const env = {
      VITE_STORE_URL: 'http://store.example.ca',
      VITE_SUPPORT_URL: 'http://help.example.ca',
    };
    const message = problemsOf(() => checkBuildSettings(env, production));
    expect(message).toContain('VITE_STORE_URL must use https:// in a production build');
    expect(message).toContain('VITE_SUPPORT_URL must use https:// in a production build');
    expect(checkBuildSettings(env, { production: false }).values).toMatchObject(env);
    const local = { VITE_STORE_URL: 'http://localhost:5000/', VITE_SUPPORT_URL: 'https://h.ca' };
    expect(checkBuildSettings(local, production).values).toMatchObject(local);
  });

  it('warns when a production build has no publishable key (the test provider ships), only then', () => {
    const keyless = checkBuildSettings({}, { production: true });
    expect(buildWarnings(keyless, { production: true })).toEqual([
      expect.stringContaining('VITE_STRIPE_PUBLISHABLE_KEY is not set'),
    ]);
    expect(buildWarnings(keyless, { production: false })).toEqual([]);
    const keyed = checkBuildSettings(
      { VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      { production: true },
    );
    expect(buildWarnings(keyed, { production: true })).toEqual([]);
  });

  it('knows local hosts', () => {
    expect(['localhost', '127.0.0.1', '[::1]', 'app.localhost'].every(isLocalHost)).toBe(true);
    expect(isLocalHost('localhost.example.com')).toBe(false);
  });

  it('reads only the five settings, one by one', () => {
    expect(
      pickSettings({ VITE_API_URL: 'https://a.example', VITE_UNRELATED_TOKEN: 'x', PATH: '/bin' }),
    ).toEqual({ VITE_API_URL: 'https://a.example' });
  });

  it('lists the other VITE_* values worth looking for in the bundle', () => {
    expect(
      otherViteValues({
        VITE_API_URL: 'https://connect.example.ca/',
        VITE_UNRELATED_TOKEN: 'tok_0123456789abcdef',
        VITE_SHORT: 'yes',
        VITE_SAME_AS_API: 'https://connect.example.ca/',
      }),
    ).toEqual([{ name: 'VITE_UNRELATED_TOKEN', value: 'tok_0123456789abcdef' }]);
  });
});
