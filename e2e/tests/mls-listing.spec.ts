import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** Three different 1280×960 JPEGs (the MLS minimum is 1024×768), made for this test. */
async function makePhotos(names: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-photos-'));
  return Promise.all(
    names.map(async (name, i) => {
      const path = join(dir, name);
      await sharp({
        create: {
          width: 1280,
          height: 960,
          channels: 3,
          background: { r: 60 + 60 * i, g: 120, b: 200 - 50 * i },
        },
      })
        .jpeg({ quality: 80 })
        .toFile(path);
      return path;
    }),
  );
}

/** Each step's page passes axe's checks (WCAG A and AA rules). */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

/** Days from today as YYYY-MM-DD (the listing's end date must be in the future). */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a seller builds the MLS listing in five steps and sees the invoice', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page, 'mls-listing');
  const property = await addProperty(page, { street: '16 Listing Lane' });

  // Order the MLS listing; the product page then offers to build it.
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  const offer = page.getByRole('listitem', { name: 'Flat Fee MLS Listing' });
  await offer.getByRole('button', { name: 'Order for $149' }).click();
  await expect(offer.getByText('Ordered: Awaiting payment.')).toBeVisible();
  await page.getByRole('link', { name: 'Build your listing' }).click();

  // 1. Location.
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/location\?property=/);
  const steps = page.getByRole('navigation', { name: 'Listing steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Location');
  await expect(steps.getByRole('link')).toHaveCount(0);
  await expect(page.getByText('16 Listing Lane, Springfield, IL 62701')).toBeVisible();
  // No board in the directory lists Sangamon County: the listing goes on without one for now.
  await expect(
    page.getByText(
      'We have not confirmed an MLS for Sangamon County yet — we will choose one when we review your listing',
    ),
  ).toBeVisible();
  await accessible(page);
  await page.getByLabel('Property type').selectOption('Residential');
  await page.getByLabel('Property sub-type').selectOption('SingleFamilyResidence');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 2. Listing details: a phone number in the remarks is refused under the field, then fixed.
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/form\?/);
  await expect(steps.getByText('1. Location (Done)')).toBeVisible();
  await accessible(page);
  await page.getByLabel('List price (dollars)').fill('$350,000');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Full bathrooms').fill('2');
  await page.getByLabel('Finished living area (square feet)').fill('1800');
  await page
    .getByRole('group', { name: 'Is the property in a homeowners association?' })
    .getByLabel('No')
    .check();
  const remarks = page.getByLabel('Public remarks: describe the property for buyers');
  const withPhone = 'Bright three-bedroom home, perfect for families. Call 217-555-0143 today.';
  await remarks.fill(withPhone);
  await expect(page.getByText(`${withPhone.length} of 4,000 characters`)).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '“perfect for families” may break fair-housing rules' }),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Payment you will accept' }).getByLabel('Cash').check();
  await page
    .getByRole('group', { name: 'When the buyer gets the keys' })
    .getByLabel('At closing')
    .check();
  await page.getByLabel('Listing end date').fill(inDays(90));
  await page.getByLabel('Full name').fill('Pat Seller');
  await page.getByLabel('Email address').fill('pat.seller@example.com');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(remarks).toHaveAccessibleDescription(/Remove a phone number from the remarks/);
  await expect(remarks).toBeFocused();
  // Nothing typed was lost.
  await expect(page.getByLabel('List price (dollars)')).toHaveValue('$350,000');
  await remarks.fill('Bright three-bedroom home on a quiet street, close to parks and schools.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 3. Services: add one upgrade.
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/services\?/);
  const upgrade = page
    .getByRole('group', { name: 'Optional services' })
    .getByRole('checkbox')
    .first();
  const upgradeName =
    ((await page.locator(`label[for="${await upgrade.getAttribute('id')}"]`).textContent()) ?? '')
      .split(' — ')[0]
      ?.trim() ?? '';
  expect(upgradeName).not.toBe('');
  await accessible(page);
  await upgrade.check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 4. Photos: three uploads, each with its progress, then a new first photo by keyboard.
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/photos\?/);
  await expect(page.getByRole('region', { name: 'Photo rules' })).toContainText('No people, pets');
  const files = await makePhotos(['front.jpg', 'kitchen.jpg', 'yard.jpg']);
  await page.getByLabel(/Add photos/).setInputFiles(files);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('Uploaded')).toHaveCount(3, { timeout: 30_000 });
  const list = page.getByRole('list', { name: 'Listing photos, in order' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('Preparing this photo…')).toHaveCount(0, { timeout: 30_000 });
  // Three uploads run at once and finish in any order; the list keeps the order they were chosen in.
  const names = list.locator('.ds-photo__name');
  await expect(names).toHaveText(['Primary photo: front.jpg', 'kitchen.jpg', 'yard.jpg']);
  await accessible(page);
  const [first, second, last] = ['front.jpg', 'kitchen.jpg', 'yard.jpg'];

  // The last photo becomes the primary one by keyboard alone.
  const move = page.getByRole('button', { name: `Move ${last} (photo 3 of 3)` });
  await move.focus();
  // Each key waits for our announcement, so the sensor has taken the one before.
  const said = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await said(`${last} is over position 3 of 3.`);
  await page.keyboard.press('ArrowUp');
  await said(`${last} is over position 2 of 3.`);
  await page.keyboard.press('ArrowUp');
  await said(`${last} is over position 1 of 3.`);
  const saved = page.waitForResponse(
    (r) =>
      r.url().includes('/api/dashboard/mls-listing/photos/order') && r.request().method() === 'PUT',
  );
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  await said(`Put down ${last} at position 1 of 3.`);
  const after = [`Primary photo: ${last}`, first, second];
  await expect(names).toHaveText(after);

  // The new order was saved: it is still there after a reload.
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Listing photos, in order' }).locator('.ds-photo__name'),
  ).toHaveText(after);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 5. Payment: the invoice with the listing and the upgrade, not yet paid.
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/payment\?/);
  const invoice = page.getByRole('region', { name: /^Invoice INV-\d{6}$/ });
  await expect(invoice.getByRole('cell', { name: 'Flat Fee MLS Listing' })).toBeVisible();
  await expect(invoice.getByRole('cell', { name: new RegExp(upgradeName) })).toBeVisible();
  await expect(invoice.getByRole('heading')).toContainText('Due');
  await expect(
    page.getByText('Your listing cannot be submitted until this invoice is paid.'),
  ).toBeVisible();
  await expect(invoice.getByRole('button', { name: /^Pay \$[\d,.]+ by card$/ })).toBeVisible();
  await accessible(page);
});
