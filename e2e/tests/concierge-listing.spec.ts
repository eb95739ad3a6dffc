import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ownerPage, payInFull, placeOrder, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { paidMlsListing, signAsOnlyOwner } from './mls-listing-fixtures.ts';

/**
 * Issue 39 / decision 065: the concierge listing. The concierge assigned to a property with a
 * paid concierge listing opens the owner's draft from their vendor pages, corrects the remarks
 * and the price and adds a photo on the builder's own steps, and hands it back; the owner, who
 * read it meanwhile with who held it, reviews each change beside the earlier value, accepts and
 * signs. Building and paying for the listing goes through the API (mls-listing.spec.ts proves
 * those pages).
 */

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

test('a concierge listing from the concierge’s edits to the customer’s signature', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, 'cl-customer');
  const staff = await ownerPage(browser);
  const street = `${100 + Math.floor(Math.random() * 9000)} Concierge Draft Lane`;
  const remarksBefore = 'Nice house.';
  const { property } = await paidMlsListing(page, staff, {
    property: { street },
    form: {
      ListPrice: 412_000,
      LivingArea: 1_810,
      PublicRemarks: remarksBefore,
      Owners: [{ name: 'Cora Customer', email }],
    },
    photos: [{ name: 'front.jpg', background: { r: 60, g: 60, b: 70 } }],
    reference: 'e2e-cl-listing',
  });
  const order = await placeOrder(page, property, 'concierge-listing');
  if (!order.invoice) throw new Error('the concierge listing has no invoice');
  await payInFull(staff, page, order.invoice);

  // Staff make a user a concierge and assign them to the property.
  const concierge = await (await browser.newContext()).newPage();
  await signUp(concierge, 'cl-pro');
  const conciergeHash = await userHash(concierge);
  expect(
    (
      await staff.request.put(`/api/admin/users/${conciergeHash}/vendor-kinds`, {
        headers: xhr(),
        data: { kinds: ['concierge'] },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await staff.request.post(`/api/admin/users/${conciergeHash}/assignments`, {
        headers: xhr(),
        data: { kind: 'concierge', property },
      })
    ).status(),
  ).toBe(201);

  // The draft waits on the concierge's list; they open it and take it.
  await concierge.goto('/vendor/concierge');
  await concierge.getByRole('link', { name: new RegExp(street) }).click();
  await concierge.getByRole('link', { name: 'Open the draft' }).click();
  await expect(concierge).toHaveURL(/\/vendor\/concierge\/draft\/form\?property=/);
  await expect(
    concierge.getByRole('heading', { level: 1, name: new RegExp(`Concierge listing: ${street}`) }),
  ).toBeVisible();
  await concierge.getByRole('button', { name: 'Work on this draft' }).click();
  await expect(concierge.getByText('The draft is yours to edit.')).toBeVisible();

  // Meanwhile the customer reads it, told who holds it, and cannot change it.
  await page.goto(`/dashboard/mls-listing/form?property=${property}`);
  await expect(page.getByText(/your concierge, is working on this listing/)).toBeVisible();
  await expect(page.getByLabel('Public remarks: describe the property for buyers')).toBeDisabled();

  // The concierge corrects the price and the remarks on the builder's own form.
  const remarks = concierge.getByLabel('Public remarks: describe the property for buyers');
  await remarks.fill('Sunny ranch home with a new roof and a fenced quarter-acre yard.');
  await concierge.getByLabel(/List price/).fill('409,000');
  await concierge.getByRole('button', { name: 'Save and continue' }).click();
  await expect(concierge).toHaveURL(/\/vendor\/concierge\/draft\/photos\?property=/);

  // No shoot was delivered for this property: the photographer's section says so.
  await expect(
    concierge
      .getByRole('region', { name: "The photographer's photos" })
      .getByText('No photos from our photographer have been delivered for this property yet.'),
  ).toBeVisible();

  // They add a photo through the listing's photo pipeline.
  const buffer = await sharp({
    create: { width: 1280, height: 960, channels: 3, background: { r: 200, g: 180, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await concierge
    .getByLabel(/Add photos/)
    .setInputFiles([{ name: 'garden.jpg', mimeType: 'image/jpeg', buffer }]);
  await expect(concierge.getByRole('img', { name: /garden\.jpg/ })).toBeVisible({
    timeout: 30_000,
  });
  await accessible(concierge);
  await concierge.getByRole('button', { name: 'Save and continue' }).click();
  await expect(concierge).toHaveURL(/\/vendor\/concierge\/draft\/handover\?property=/);
  await concierge.getByRole('button', { name: 'Hand back to the owners' }).click();
  await expect(concierge.getByText('Handed back: the owners will review')).toBeVisible();

  // The customer reviews each change beside the earlier value, then accepts.
  await page.goto(`/dashboard/mls-listing/form?property=${property}`);
  const review = page.getByRole('region', { name: 'Changes from your concierge' });
  await expect(review.getByRole('row', { name: /List price/ })).toContainText('412,000');
  await expect(review.getByRole('row', { name: /List price/ })).toContainText('409,000');
  const remarksRow = review.getByRole('row', { name: /Public remarks/ });
  await expect(remarksRow).toContainText(remarksBefore);
  await expect(remarksRow).toContainText('fenced quarter-acre yard');
  await expect(review.getByRole('row', { name: /Photos/ })).toContainText(
    '2 photos: front.jpg, garden.jpg',
  );
  await accessible(page);
  await review.getByRole('button', { name: 'Accept the changes' }).click();
  await expect(review).toHaveCount(0);

  // And signs as today.
  await signAsOnlyOwner(page, property);

  // Both sides' steps are in the listing's history the concierge reads.
  await concierge.goto('/vendor/concierge');
  await concierge.getByRole('link', { name: new RegExp(street) }).click();
  const history = concierge.getByRole('region', { name: 'History' });
  for (const text of [
    'The concierge opened the draft to work on it',
    'The concierge changed the draft',
    'The concierge handed the draft to the owners',
    "An owner accepted the concierge's changes",
  ])
    await expect(history.getByText(text).first()).toBeVisible();
});
