import { describe, expect, it } from 'vitest';
import { BuildConfigError, checkBuildSettings } from '../../deploy/build-config.ts';
import { ConfigError, readConfig } from '../../src/app/env.ts';

const ORIGIN = 'http://localhost:5173';

/** From the build's environment to the app's configuration: checked by the build, read by the app. */
const config = (env: Record<string, string | undefined>, origin = ORIGIN) =>
  readConfig(checkBuildSettings(env, { production: false }).values, origin);

describe('the configuration: the build checks the settings, the app reads them', () => {
  it('defaults: /api/ on the page origin, the club store and help URLs, no Stripe key, no inspector', () => {
    const defaults = config({}, ORIGIN);
    expect(defaults).toEqual({
      apiUrl: 'http://localhost:5173/api/',
      storeUrl: 'https://store.evchargerclub.ca',
      supportUrl: 'https://help.evchargerclub.ca',
      inspect: false,
    });
    expect('stripePublishableKey' in defaults).toBe(false);
  });

  it('adds the trailing slash to VITE_API_URL', () => {
    expect(config({ VITE_API_URL: 'https://connect.example.ca/api/v1' }, ORIGIN).apiUrl).toBe(
      'https://connect.example.ca/api/v1/',
    );
    expect(config({ VITE_API_URL: 'https://connect.example.ca/api/v1/' }, ORIGIN).apiUrl).toBe(
      'https://connect.example.ca/api/v1/',
    );
    expect(config({ VITE_API_URL: 'https://connect.example.ca' }, ORIGIN).apiUrl).toBe(
      'https://connect.example.ca/',
    );
  });

  it('treats empty values as unset', () => {
    const read = config(
      { VITE_API_URL: '', VITE_STRIPE_PUBLISHABLE_KEY: '', VITE_STORE_URL: ' ', VITE_INSPECT: '' },
      ORIGIN,
    );
    expect(read.apiUrl).toBe('http://localhost:5173/api/');
    expect(read.storeUrl).toBe('https://store.evchargerclub.ca');
    expect(read.stripePublishableKey).toBeUndefined();
  });

  it('takes every setting when valid', () => {
    expect(
      config(
        {
          VITE_API_URL: 'https://connect.example.ca/api/v1/',
          VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc',
          VITE_STORE_URL: 'https://shop.example.ca',
          VITE_SUPPORT_URL: 'https://support.example.ca/fr',
          VITE_INSPECT: '1',
          MODE: 'production',
        },
        ORIGIN,
      ),
    ).toEqual({
      apiUrl: 'https://connect.example.ca/api/v1/',
      stripePublishableKey: 'pk_test_51abc',
      storeUrl: 'https://shop.example.ca',
      supportUrl: 'https://support.example.ca/fr',
      inspect: true,
    });
  });

  /** The message for a URL variable that is not an absolute http(s) URL. */
  const notAbsolute = (name: string) => new RegExp(`${name} must be an absolute http\\(s\\) URL`);
  const SECRET_KEY = /VITE_STRIPE_PUBLISHABLE_KEY is a secret Stripe key/;

  it.each([
    ['a relative VITE_API_URL', { VITE_API_URL: '/api/v1/' }, notAbsolute('VITE_API_URL')],
    ['a non-http VITE_API_URL', { VITE_API_URL: 'ftp://files.example.ca/' }, /VITE_API_URL/],
    [
      'a VITE_API_URL with a query',
      { VITE_API_URL: 'https://x.example.ca/api/?a=1' },
      /VITE_API_URL must not have a query/,
    ],
    ['a secret Stripe key', { VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_123' }, SECRET_KEY],
    ['a restricted Stripe key', { VITE_STRIPE_PUBLISHABLE_KEY: 'rk_live_123' }, SECRET_KEY],
    [
      'a key that is not a Stripe key',
      { VITE_STRIPE_PUBLISHABLE_KEY: 'abc' },
      /VITE_STRIPE_PUBLISHABLE_KEY must be a publishable key starting with pk_/,
    ],
    ['a broken store URL', { VITE_STORE_URL: 'store' }, notAbsolute('VITE_STORE_URL')],
    ['a broken support URL', { VITE_SUPPORT_URL: 'javascript:alert(1)' }, /VITE_SUPPORT_URL/],
    [
      'an unknown VITE_INSPECT',
      { VITE_INSPECT: 'yes' },
      /VITE_INSPECT must be 1 \(on\) or 0 \(off\)/,
    ],
  ])('throws a clear error for %s', (_label, env, message) => {
    expect(() => config(env, ORIGIN)).toThrow(message);
  });

  it('names every wrong variable at once', () => {
    expect(() =>
      config({ VITE_API_URL: 'nope', VITE_STRIPE_PUBLISHABLE_KEY: 'sk_x' }, ORIGIN),
    ).toThrow(/VITE_API_URL[\s\S]*VITE_STRIPE_PUBLISHABLE_KEY/);
  });

  it('never repeats a rejected value: a BuildConfigError naming each variable once, with no value', () => {
    const secret = 'sk_live_51SuperSecretValue';
    const url = 'notaurl-with-private-host';
    let caught: unknown;
    try {
      config({ VITE_STRIPE_PUBLISHABLE_KEY: secret, VITE_API_URL: url }, ORIGIN);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BuildConfigError);
    const error = caught as BuildConfigError;
    expect(error.problems).toHaveLength(2);
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain('SuperSecret');
    expect(error.message).not.toContain(url);
    expect(error.message).toContain('(the value is not shown)');
  });

  it('hands the app exactly the five settings, checked: nothing else of the environment', () => {
    const { values } = checkBuildSettings(
      { VITE_API_URL: 'https://connect.example.ca/', VITE_OTHER_SECRET: 'shh-123456789012' },
      { production: false },
    );
    expect(Object.keys(values).every((key) => key.startsWith('VITE_'))).toBe(true);
    expect(JSON.stringify(values)).not.toContain('shh-');
    expect(
      Object.keys(values).filter(
        (key) =>
          ![
            'VITE_API_URL',
            'VITE_INSPECT',
            'VITE_STORE_URL',
            'VITE_STRIPE_PUBLISHABLE_KEY',
            'VITE_SUPPORT_URL',
          ].includes(key),
      ),
    ).toEqual([]);
  });

  it('VITE_INSPECT=0 is off', () => {
    expect(config({ VITE_INSPECT: '0' }, ORIGIN).inspect).toBe(false);
  });

  it('throws a ConfigError when there is no API URL and the origin cannot serve one', () => {
    expect(() => config({}, 'null')).toThrow(ConfigError);
    expect(() => config({}, 'null')).toThrow(/VITE_API_URL is unset/);
  });

  it('by default reads what the build handed over (__APP_SETTINGS__) and the page origin', () => {
    const read = readConfig();
    expect(read.apiUrl).toBe(new URL('/api/', window.location.origin).href);
    expect(read.storeUrl).toBe('https://store.evchargerclub.ca');
  });
});
