import { expect, test } from './fixtures/test.ts';

/**
 * Issue 48: the API reference at /api/docs opens on the public API's document (/api/v1) and
 * switches to the browser's with the picker at its top.
 */
test('the API reference opens on the public API and switches to the browser’s', async ({
  page,
}) => {
  await page.goto('/api/docs');
  const picker = page.locator('.topbar select');
  await expect(picker).toBeVisible({ timeout: 20_000 });
  await expect(picker.locator('option:checked')).toHaveText('Public API (/api/v1, tokens)');
  const v1Path = page.locator('[data-path="/api/v1/properties"]').first();
  await expect(v1Path).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('api-docs-v1.png'), fullPage: false });

  await picker.selectOption({ label: 'Browser API (/api, the site itself)' });
  await expect(page.locator('[data-path="/api/account/api-tokens"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-path="/api/v1/properties"]')).toHaveCount(0);
});
