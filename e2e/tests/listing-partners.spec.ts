import { expect, test } from '@playwright/test';
import { ownerPage } from './dashboard-fixtures.ts';

/**
 * Issue 49: staff add a partner of the RESO Web API at Admin → Listing partners, hand over its
 * secret (shown once), the partner reads with it, its request appears in the log, and revoking
 * stops it at once.
 */
test('staff add a listing partner, who reads the RESO Web API until revoked', async ({
  browser,
}) => {
  const staff = await ownerPage(browser);
  await staff.setViewportSize({ width: 1440, height: 1000 });
  await staff.goto('/admin');
  await staff
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Listing partners' })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Listing partners' })).toBeVisible();

  // A refusal in words, with what was typed kept.
  const name = `Home Finder ${Date.now().toString(36)}`;
  await staff.getByLabel('Partner’s name').fill(name);
  await staff.getByLabel('Requests a minute').fill('0');
  await staff.getByRole('button', { name: 'Add partner' }).click();
  await expect(staff.getByText('Enter how many requests a minute it may make')).toBeVisible();
  await expect(staff.getByLabel('Partner’s name')).toHaveValue(name);
  await staff.getByLabel('Requests a minute').fill('120');
  await staff.getByRole('button', { name: 'Add partner' }).click();
  const secret = (await staff.getByTestId('new-client-secret').textContent()) ?? '';
  expect(secret).toMatch(/^lrs_/);
  const row = staff.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const clientId = (await row.locator('code').textContent()) ?? '';

  // The partner signs in with its credentials and reads.
  const token = await staff.request.post('/reso/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  expect(token.status()).toBe(200);
  const bearer = { authorization: `Bearer ${(await token.json()).access_token}` };
  const read = await staff.request.get('/reso/odata/Property?$top=2', { headers: bearer });
  expect(read.status()).toBe(200);
  expect(read.headers()['odata-version']).toBe('4.0');

  await row.getByRole('button', { name: `Requests of ${name}` }).click();
  const log = staff.getByRole('region', { name: `Requests of ${name}` });
  await expect(log.getByText('/reso/odata/Property?$top=2')).toBeVisible();
  await staff.screenshot({
    path: test.info().outputPath('listing-partners-1440.png'),
    fullPage: true,
  });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({
    path: test.info().outputPath('listing-partners-375.png'),
    fullPage: true,
  });
  await staff.setViewportSize({ width: 1440, height: 1000 });

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click();
  await expect(row.getByText(/^Revoked/)).toBeVisible();
  const after = await staff.request.get('/reso/odata/Property?$top=2', { headers: bearer });
  expect(after.status()).toBe(401);
});
