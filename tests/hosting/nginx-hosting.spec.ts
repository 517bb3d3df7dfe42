/**
 * The production build as a host serves it: Debian's nginx with
 * deploy/nginx.conf, the API on another origin. A member walks login →
 * activation → billing → checkout (3D Secure) → dashboard → account with not
 * one Content-Security-Policy violation; every answer carries the generated
 * headers; source maps and the build manifest are never served; another site
 * cannot use the stand-in's private helpers.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { type DevApi, devApi } from '../e2e/support/api.ts';
import { makeUniqueEmail, signIn } from '../e2e/support/fixtures.ts';
import { submitBillingAddress } from '../e2e/support/forms.ts';
import {
  ADDRESS,
  CARDS,
  expectActiveDashboard,
  expectCardFieldsReady,
  PASSWORD,
  payWithCard,
  threeDSecureDialog,
} from '../e2e/support/members.ts';
import { hostingPorts } from './hosting-ports.ts';

const { api: apiPort } = hostingPorts();
const API_ORIGIN = `http://127.0.0.1:${apiPort}`;
const DIST = process.env.E2E_NGINX_DIST ?? '';

/** The headers the build generated for its own settings (dist/.deploy/headers.json). */
function builtHeaders(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(DIST, '.deploy', 'headers.json'), 'utf8'));
}

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

const test = base.extend<{ api: DevApi; apiRequest: APIRequestContext }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern.
  apiRequest: async ({}, use) => {
    const context = await playwrightRequest.newContext({ baseURL: API_ORIGIN });
    await use(context);
    await context.dispose();
  },
  api: async ({ apiRequest }, use) => {
    await use(devApi(apiRequest));
  },
});

/**
 * Collects every CSP violation of the page, across full page loads: the
 * `securitypolicyviolation` event (reported to Node through a binding, which
 * CSP does not govern) and Chromium's console reports.
 */
async function watchViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(v: unknown): void })
        .__reportCspViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push({ directive: 'console', blocked: '', source: '', sample: message.text() });
    }
  });
  return violations;
}

test('the whole journey on nginx: login, activation, billing, 3D Secure checkout, dashboard, account, with 0 CSP violations', async ({
  page,
  api,
}) => {
  test.slow();
  const violations = await watchViolations(page);
  const email = makeUniqueEmail('nginx');
  await api.createUser({ email, password: PASSWORD });

  // Login (the API is on another origin: CORS and connect-src both at work).
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/activation$/);

  // Activation: no billing address yet, so /billing.
  await page.getByRole('button', { name: 'Activate membership' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await submitBillingAddress(page, ADDRESS);

  // Checkout with the offline test provider and its 3D Secure dialog.
  await expect(page).toHaveURL(/\/subscription$/);
  await expectCardFieldsReady(page);
  await payWithCard(page, CARDS.threeDSecure);
  await expect(threeDSecureDialog(page)).toBeVisible();
  await threeDSecureDialog(page).getByRole('button', { name: 'Complete' }).click();

  // Dashboard, then the account page, then a full reload (nginx's fallback to index.html).
  await expectActiveDashboard(page);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();

  // The card reached the API across origins.
  const attaches = await api.requests('/attach-payment-method');
  expect(attaches.filter((call) => call.status === 200)).toHaveLength(1);
  expect(violations, `CSP violations:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
  console.info(`CSP violations during the journey: ${violations.length}`);

  // The watch works and the policy is enforced: an injected inline style is refused and reported.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { outline: 5px solid red; }';
    document.head.append(style);
  });
  await expect
    .poll(() => violations.filter((v) => v.directive === 'style-src-elem').length)
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).toBe('none');
});

test('every answer carries the generated headers; caching per kind of file; no source map, manifest or build file is served', async ({
  request,
}) => {
  const expected = builtHeaders();
  const csp = expected['Content-Security-Policy'] ?? '';
  // The policy as the build wrote it for these settings: the API origin, no Stripe, nothing unsafe.
  expect(csp).toContain(`connect-src 'self' ${API_ORIGIN};`);
  expect(csp).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'sha256-[^']+';/);
  expect(csp).toContain("frame-src 'none'; object-src 'none'; base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/unsafe|stripe/);

  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  const entry = assets.find((name) => /^index-.*\.js$/.test(name)) ?? '';
  const maps = assets.filter((name) => name.endsWith('.map'));
  expect(maps.length, 'the build keeps its (hidden) source maps on disk').toBeGreaterThan(10);
  expect(
    fs.readFileSync(path.join(DIST, 'assets', entry), 'utf8'),
    'no sourceMappingURL comment points at a map',
  ).not.toContain('sourceMappingURL');

  const rows: string[] = [];
  const check = async (
    url: string,
    want: { status: number; cache?: string | null; type?: RegExp; gzip?: boolean },
  ) => {
    const response = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
    const headers = response.headers();
    expect(response.status(), url).toBe(want.status);
    for (const [name, value] of Object.entries(expected)) {
      expect(headers[name.toLowerCase()], `${name} of ${url}`).toBe(value);
    }
    if (want.cache !== undefined)
      expect(headers['cache-control'], url).toBe(want.cache ?? undefined);
    if (want.type) expect(headers['content-type'], url).toMatch(want.type);
    if (want.gzip) expect(headers['content-encoding'], url).toBe('gzip');
    rows.push(
      [
        url.padEnd(48),
        String(response.status()).padEnd(4),
        (headers['cache-control'] ?? '-').padEnd(36),
        (headers['content-encoding'] ?? '-').padEnd(5),
        `security headers ${Object.keys(expected).length}/${Object.keys(expected).length}`,
      ].join(' '),
    );
  };

  await check('/', { status: 200, cache: 'no-cache', type: /^text\/html/, gzip: true });
  await check('/dashboard', { status: 200, cache: 'no-cache', type: /^text\/html/, gzip: true });
  await check('/index.html', { status: 200, cache: 'no-cache', type: /^text\/html/ });
  await check(`/assets/${entry}`, {
    status: 200,
    cache: 'public, max-age=31536000, immutable',
    type: /^application\/javascript/,
    gzip: true,
  });
  await check('/locales/en/common.json', {
    status: 200,
    cache: 'no-cache',
    type: /^application\/json/,
    gzip: true,
  });
  await check('/favicon.svg', { status: 200, cache: 'no-cache', type: /^image\/svg\+xml/ });
  await check('/assets/missing-0000.js', { status: 404, cache: null });
  for (const map of maps) await check(`/assets/${map}`, { status: 404, cache: null });
  await check('/.vite/manifest.json', { status: 404, cache: null });
  await check('/.deploy/security-headers.conf', { status: 404, cache: null });
  await check('/.deploy/headers.json', { status: 404, cache: null });
  await check('/.git/config', { status: 404, cache: null });

  // The same policy in index.html's <meta> (less frame-ancestors, which a meta tag cannot carry).
  const html = await (await request.get('/index.html')).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
  expect(meta).toBe(csp.replace("; frame-ancestors 'none'", ''));

  console.info(
    [
      `Content-Security-Policy: ${csp}`,
      ...Object.entries(expected)
        .filter(([name]) => name !== 'Content-Security-Policy')
        .map(([name, value]) => `${name}: ${value}`),
      '',
      `${'path'.padEnd(48)} code ${'cache-control'.padEnd(36)} enc`,
      ...rows.filter((row) => !row.includes('.map ') || row.includes(maps[0] ?? '')),
      `… and ${maps.length - 1} more .map files: 404`,
    ].join('\n'),
  );
});

test("another site's page cannot read or reset the stand-in's private helpers", async ({
  page,
  api,
}) => {
  const email = makeUniqueEmail('nginx-kept');
  await api.createUser({ email, password: PASSWORD });
  const since = Date.now();
  // A page of another site (served by the test itself), as a malicious site would be.
  await page.route('http://evil.localhost:4299/', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }),
  );
  await page.goto('http://evil.localhost:4299/');
  const outcome = await page.evaluate(async (apiOrigin) => {
    const attempt = async (url: string, init?: RequestInit) => {
      try {
        const response = await fetch(url, init);
        return `read ${response.status}`;
      } catch {
        return 'blocked';
      }
    };
    return {
      log: await attempt(`${apiOrigin}/api/__dev/requests`),
      reset: await attempt(`${apiOrigin}/api/__dev/reset`, { method: 'POST', mode: 'no-cors' }),
      login: await attempt(`${apiOrigin}/api/client/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ emailOrPhone: 'demo@evclub.ca', password: 'Password123' }),
      }),
    };
  }, API_ORIGIN);
  // CORS: the answers are not for that page to read.
  expect(outcome.log).toBe('blocked');
  expect(outcome.login).toBe('blocked');
  // A no-cors POST gets an opaque answer at best (Chromium's opaque-response blocking makes
  // even that an error); what matters is that the stand-in refused it before doing anything.
  expect(outcome.reset).toBe('blocked');
  // The stand-in handled none of them: the login is not in its log (refused calls never
  // reach a route), and the reset wiped nothing (the member made before is still there).
  expect(
    (await api.requests('/client/auth/login')).filter((call) => Date.parse(call.at) >= since),
  ).toEqual([]);
  const again = await api.createUser({ email, password: PASSWORD }).catch((error: Error) => error);
  expect(String(again)).toContain('409');
});
