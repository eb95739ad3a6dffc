import { signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Issue 12: what a visitor's browser is sent — policy headers, and no source maps. */

test('pages come with the security policy and nothing inline runs outside it', async ({ page }) => {
  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-inline' 'sha");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');
});

test('the dashboard and the public site ship no source maps', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.url().endsWith('.js') && res.url().startsWith(new URL(res.url()).origin)) {
      scripts.add(res.url());
    }
  });
  await page.goto('/');
  await signUp(page, 'maps');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const ours = [...scripts].filter((url) => url.startsWith(new URL(page.url()).origin));
  expect(ours.length).toBeGreaterThan(2);
  for (const src of ours) {
    const body = await (await page.request.get(src)).text();
    expect(body, src).not.toContain('sourceMappingURL=');
    expect((await page.request.get(`${src}.map`)).status(), `${src}.map`).toBe(404);
  }
});

test('the API reference works under the policy', async ({ page }) => {
  await page.goto('/api/docs');
  // The reference renders the whole document (every route and webhook) before its title shows.
  await expect(page.getByText('Lantern API').first()).toBeVisible({ timeout: 20_000 });
});
