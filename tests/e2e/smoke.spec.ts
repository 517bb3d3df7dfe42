/**
 * Smoke test of the harness: the built app is served, the stand-in API is
 * mounted under /api/, the login screen renders in English and French, and
 * it passes axe. Black box: nothing here imports from src/.
 */
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

test('the login screen is titled, in English, switches to French and passes axe', async ({
  page,
}) => {
  await page.goto('/login');

  await expect(page).toHaveTitle(/EV Charger Club/);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page);

  const french = page.getByRole('button', { name: 'Français' });
  await french.click();

  await expect(html).toHaveAttribute('lang', 'fr');
  await expect(french).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel('Courriel ou téléphone', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the stand-in API is mounted: the profile without a token is a 401 envelope', async ({
  request,
}) => {
  const response = await request.get('/api/client/auth/profile');

  expect(response.status()).toBe(401);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({
    statusCode: 401,
    message: { message: expect.any(String) },
  });
});

test('mounted in the app’s server, the stand-in keeps its own CORS: a page of another local port is refused the __dev helpers’ preflight', async ({
  request,
}) => {
  const preflight = (path: string, method: string) =>
    request.fetch(path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8000',
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'x-dev-token',
      },
    });
  const helpers = await preflight('/api/__dev/requests', 'GET');
  expect(helpers.status()).toBe(403);
  expect(helpers.headers()['access-control-allow-origin']).toBeUndefined();
  // The API itself answers a local page's preflight, by the stand-in's rule (dev-api/access.ts).
  const login = await preflight('/api/client/auth/login', 'POST');
  expect(login.status()).toBe(204);
  expect(login.headers()['access-control-allow-headers']).not.toMatch(/x-dev-token/i);
});
