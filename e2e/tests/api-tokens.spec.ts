import AxeBuilder from '@axe-core/playwright';
import { addProperty, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 25: a customer makes a personal access token in Account Settings, sees it once, lists
 * their properties with it over /api/v1 (Bearer, no cookie), revokes it and is refused.
 */
test('a token made in Account Settings lists your properties over /api/v1 until you revoke it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUp(page, 'api-token');
  await addProperty(page, { street: '41 Token Lane' });

  test.setTimeout(90_000);
  await page.goto('/dashboard/account');
  const section = page.getByRole('region', { name: 'API tokens' });
  // The page's sections each load their own state: on a busy machine that takes a while.
  await expect(section.getByText('You have no API tokens.')).toBeVisible({ timeout: 20_000 });
  const results = await new AxeBuilder({ page })
    .include('.ds-settings-section')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  const form = section.getByRole('form', { name: 'New API token' });
  await form.getByLabel('Name').fill('Back office');
  await form.getByLabel('Expires after').selectOption({ label: '7 days' });
  await form.getByLabel('properties:read (read)').check();
  await form.getByRole('button', { name: 'Create token' }).click();

  const shown = section.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^lnt_/);
  const token = (await shown.textContent())?.trim() ?? '';
  // The Copy button puts exactly the token on the clipboard (issue 47).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(section.getByRole('status').getByText('Copied to your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = section.getByRole('listitem', { name: 'Back office' });
  await expect(row).toContainText('properties:read');
  await expect(row).toContainText(token.slice(0, 10));

  // Shown once: after a reload the list keeps only its start.
  await page.reload();
  await expect(section.getByRole('listitem', { name: 'Back office' })).toBeVisible();
  await expect(section.getByTestId('new-api-token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  // A client of its own, with no cookie: only the token says who it is.
  const api = await playwright.request.newContext({ baseURL });
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await api.get('/api/v1/dashboard/user-properties', { headers: auth });
  expect(listed.status()).toBe(200);
  expect(listed.headers()['api-version']).toBe('v1');
  const body = (await listed.json()) as { properties: { streetAddress: string }[] };
  expect(body.properties.map((p) => p.streetAddress)).toEqual([
    expect.stringContaining('41 Token Lane'),
  ]);
  // The token reads properties, nothing else.
  const orders = await api.get('/api/v1/dashboard/products', { headers: auth });
  expect(orders.status()).toBe(403);
  expect(await orders.json()).toMatchObject({ scope: 'orders:read' });

  // Revoking asks first (issue 47): keeping it changes nothing.
  await section.getByRole('button', { name: 'Revoke Back office' }).click();
  const ask = page.getByRole('dialog', { name: 'Revoke Back office?' });
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  expect((await api.get('/api/v1/dashboard/user-properties', { headers: auth })).status()).toBe(
    200,
  );
  await section.getByRole('button', { name: 'Revoke Back office' }).click();
  await ask.getByRole('button', { name: 'Revoke token' }).click();
  await expect(ask).toBeHidden();
  await expect(section.getByText('You have no API tokens.')).toBeVisible();
  const after = await api.get('/api/v1/dashboard/user-properties', { headers: auth });
  expect(after.status()).toBe(401);
  await api.dispose();
});
