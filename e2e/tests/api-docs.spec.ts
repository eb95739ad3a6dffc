import { expect, test } from './fixtures/test.ts';

/**
 * Issue 48: the API reference at /api/docs opens on the public API's document (/api/v1) and
 * switches to the browser's with the picker at its top.
 */
test('the API reference opens on the public API and switches to the browser’s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  const picker = page.getByRole('combobox', { name: 'Select a definition' });
  await expect(picker.locator('option:checked')).toHaveText('Public API (/api/v1, tokens)');
  // The reference renders the whole document before its operations show.
  await expect(page.getByText('The public Lantern API.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: '/api/v1/user', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: test.info().outputPath('api-docs-v1.png') });

  await picker.selectOption({ label: 'Browser API (/api, the site itself)' });
  await expect(page.getByText('The JSON API of the site.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: '/account/sign-up', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: '/api/v1/user', exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('api-docs-browser.png') });
});
