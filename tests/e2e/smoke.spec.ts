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
