import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addProperty, ownerPage, placeOrder, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { submitListing } from './mls-listing-fixtures.ts';

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

test('staff send a listing back; the owner sees the reason beside the field, without a reload', async ({
  page,
  browser,
  allowConsole,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'listing-review');
  const property = await addProperty(page, { street: '18 Review Row' });
  await placeOrder(page, property, 'mls-listing-state');
  await submitListing(page, property, {
    ListPrice: 325_000,
    BedroomsTotal: 3,
    BathroomsFull: 2,
    LivingArea: 1_700,
    PublicRemarks: 'Brick ranch with new floors, a fenced yard and a two-car garage.',
    Owners: [{ name: 'Robin Review', email: 'robin.review@example.com' }],
  });

  // The owner waits on the review step.
  await page.goto(`/dashboard/mls-listing/review?property=${property}`);
  await expect(page.getByText('Our team is checking your listing')).toBeVisible();

  // Staff find it in the queue and open it.
  const staff = await ownerPage(browser);
  await staff.goto('/admin/mls-listings?search=18%20Review%20Row');
  await staff
    .getByRole('link', { name: /18 Review Row/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: /18 Review Row/ })).toBeVisible();
  await expect(staff.getByText('robin.review@example.com')).toBeVisible();
  await expect(staff.getByText('No MLS confirmed for this county').first()).toBeVisible();
  await accessible(staff);

  // No MLS is confirmed for Sangamon County: approving needs one; the number typed stays.
  allowConsole(/status of 422/);
  await staff.getByLabel('MLS number').fill('IL-5150');
  await staff.getByRole('button', { name: 'Approve and put live' }).click();
  await expect(staff.getByLabel('MLS', { exact: true })).toHaveAccessibleDescription(
    /No MLS is confirmed for this county/,
  );
  await expect(staff.getByLabel('MLS number')).toHaveValue('IL-5150');

  // Send it back with a reason beside the public remarks.
  const sendBack = staff.getByRole('form', { name: 'Send back' });
  await sendBack.getByLabel('Field').selectOption('PublicRemarks');
  await sendBack.getByLabel('What to fix').fill('Say which rooms have the new floors.');
  await sendBack.getByRole('button', { name: 'Send back to the owners' }).click();
  await expect(
    staff.getByText('Sent back. The owners have an email with the reasons.'),
  ).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Approve and put live' })).toHaveCount(0);

  // The owner's page heard of it: the reason, with a link to where it is fixed.
  const reason = page.getByRole('listitem').filter({ hasText: 'Public remarks:' });
  await expect(reason).toContainText('Say which rooms have the new floors.');
  await accessible(page);
  await reason.getByRole('link', { name: 'Fix it on the Listing details step' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mls-listing\/form\?/);
  const remarks = page.getByLabel('Public remarks: describe the property for buyers');
  await expect(remarks).toHaveAccessibleDescription(
    /Our team:\s*Say which rooms have the new floors\./,
  );
  await expect(page.getByText('Our team sent the listing back.')).toBeVisible();
  await accessible(page);
  // The listing can be changed again.
  await remarks.fill('Brick ranch; new oak floors in the living room and bedrooms.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await staff.close();
});
