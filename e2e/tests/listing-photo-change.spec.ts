import AxeBuilder from '@axe-core/playwright';
import { ownerPage, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { paidMlsListing, putLive } from './mls-listing-fixtures.ts';

/**
 * Issue 39: the owner of a live MLS listing asks for photo changes with the change form, choosing
 * the photos the listing should have in order; staff open the chosen photos from their queue and
 * mark the change done; the owner's Manage page then shows that set as the photos on the MLS.
 */
test('an owner chooses the photos of a live listing and staff carry the change out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await signUp(page, 'photo-change');
  const staff = await ownerPage(browser);
  const street = `${(Date.now() % 9000) + 100} Shutterbug Lane`;
  const { property } = await paidMlsListing(page, staff, {
    property: { street },
    form: {
      ListPrice: 289_000,
      BedroomsTotal: 3,
      LivingArea: 1_540,
      YearBuilt: 1996,
      LotSizeAcres: 0.2,
      PublicRemarks: 'A bright ranch home with a fenced yard, near the park.',
      Owners: [{ name: 'Robin Owner', email }],
    },
    photos: [
      { name: 'front.jpg', background: { r: 200, g: 60, b: 60 } },
      { name: 'yard.jpg', background: { r: 60, g: 160, b: 80 } },
    ],
    reference: 'e2e-photo-change',
  });
  await putLive(page, staff, property);

  await page.goto(`/dashboard/mls-listing/manage?property=${property}`);
  const onMls = page.getByRole('region', { name: 'Photos on the MLS' });
  await expect(onMls.getByRole('img')).toHaveCount(2, { timeout: 15_000 });
  await expect(onMls.getByRole('img').first()).toHaveAccessibleName('front.jpg, 1 of 2');

  // The yard first, then the front.
  const form = page.getByRole('form', { name: 'Change the photos' });
  const picker = form.getByRole('group', { name: 'The photos the listing should have, in order' });
  await picker.getByRole('checkbox', { name: /yard\.jpg/ }).check();
  await picker.getByRole('checkbox', { name: /front\.jpg/ }).check();
  await expect(picker.getByText('Photo 2')).toBeVisible();
  await form.getByLabel('What should change in the photos').fill('Put the yard first.');
  await form.getByLabel(/I agree to use electronic records/).check();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
  await form.getByRole('button', { name: 'Sign and send' }).click();
  await expect(form.getByRole('status')).toContainText('with our team');

  // Staff see the chosen photos, download one, and mark the change done.
  await staff.goto(`/admin/listing-changes?search=${encodeURIComponent(street)}`);
  const row = staff.getByRole('row', { name: /Photo changes/ });
  await expect(row.getByText('The owners chose 2 photos, in this order.')).toBeVisible({
    timeout: 15_000,
  });
  const first = row.getByRole('link', { name: '1 of 2: download the original' });
  const original = await staff.request.get((await first.getAttribute('href')) ?? '');
  expect(original.status()).toBe(200);
  expect(original.headers()['content-disposition']).toContain('yard.jpg');
  await staff.getByRole('button', { name: /^Mark done\s*: Photo changes$/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Mark done: Photo changes' });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toHaveCount(0);

  // The owner's open page shows the new set without a reload.
  await expect(onMls.getByRole('img').first()).toHaveAccessibleName('yard.jpg, 1 of 2');
  await staff.context().close();
});
