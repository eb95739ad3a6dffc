import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { ownerPage, payInFull, placeOrder, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/** A photographer (a field vendor) with weekday mornings in Illinois. */
async function photographerWithHours(browser: import('@playwright/test').Browser, staff: Page) {
  const photographer = await (await browser.newContext()).newPage();
  await signUp(photographer, 'shoot-pro');
  const hash = await userHash(photographer);
  const given = await staff.request.put(`/api/admin/users/${hash}/vendor-kinds`, {
    headers: xhr(),
    data: { kinds: ['field'] },
  });
  expect(given.status()).toBe(200);
  const hours = await photographer.request.put('/api/vendor/photography-hours', {
    headers: xhr(),
    data: {
      states: ['IL'],
      weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '12:00' })),
      daysOff: [],
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  return { photographer, hash };
}

const jpegOf = (i: number) =>
  sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40 * i, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();

/**
 * Issue 39: a photography order from the booking to "Use in my listing" — the photographer
 * delivers the shoot in /vendor, staff approve it against the MLS photo rules, and the owner
 * views it full screen and puts two photos on the public listing page.
 */
test('photographs go from the booked visit to the owner’s public listing page', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const street = `${(Date.now() % 9000) + 100} Aperture Way`;
  await signUp(page, 'shoot-owner');
  const { property, path } = await publishFsboListing(page, { street });
  const order = await placeOrder(page, property, 'photography');
  const staff = await ownerPage(browser);
  if (!order.invoice) throw new Error('photography is priced in the catalogue');
  await payInFull(staff, page, order.invoice);
  const { photographer, hash } = await photographerWithHours(browser, staff);

  // The owner books the photographer's first time (booking through the page is
  // photo-appointments.spec.ts); the photographer sets off on the day.
  const view = await (
    await page.request.get(`/api/dashboard/photo-appointment?property=${property}`)
  ).json();
  const slot = view.slots.find(
    (s: { photographer: { hash: string } }) => s.photographer.hash === hash,
  );
  const booked = await page.request.post('/api/dashboard/photo-appointment', {
    headers: xhr(),
    data: { property, photographer: hash, startsAt: slot.startsAt },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const wo = (await booked.json()).appointment.workOrder as string;
  const under = await photographer.request.post(`/api/vendor/work-orders/${wo}/state`, {
    headers: xhr(),
    data: { state: 'en_route' },
  });
  expect(under.status(), await under.text()).toBe(200);

  // The photographer agrees to the licence and delivers three photos.
  await photographer.goto('/vendor/work-orders');
  const row = photographer.getByRole('row', { name: new RegExp(street) });
  await row.getByRole('button', { name: /^Photographs/ }).click({ timeout: 15_000 });
  const shoot = photographer.getByRole('dialog', { name: /^Photographs:/ });
  await shoot.getByLabel('I agree to this licence for the photographs I deliver').check();
  await shoot.getByRole('button', { name: 'Agree and continue' }).click();
  await shoot.getByLabel(/^Photos \(JPEG, PNG or HEIC/).setInputFiles(
    await Promise.all(
      ['front.jpg', 'kitchen.jpg', 'garden.jpg'].map(async (name, i) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await jpegOf(i + 1),
      })),
    ),
  );
  await shoot.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(shoot.getByRole('status').filter({ hasText: 'Uploaded: 3 of 3' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(shoot.getByRole('list', { name: 'Photos delivered' }).getByRole('img')).toHaveCount(
    3,
    { timeout: 30_000 },
  );
  await shoot.getByRole('button', { name: 'Send 3 photos for review' }).click();
  await expect(shoot.getByText('With Lantern for review.')).toBeVisible();

  // Staff check them against the MLS's rules and approve.
  await staff.goto('/admin/work-orders');
  await staff.getByLabel('Search by street, city or customer').fill(street, { timeout: 15_000 });
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const staffRow = staff.getByRole('row', { name: new RegExp(street) });
  await staffRow.getByRole('button', { name: /^Review the shoot/ }).click();
  const review = staff.getByRole('dialog', { name: /^Photographs:/ });
  await review.getByRole('button', { name: 'Approve and deliver to the owner' }).click();
  await expect(review.getByRole('alert')).toContainText('Check every photo against each rule');
  const rules = review.getByRole('group', { name: 'Every photo follows the MLS’s rules' });
  for (const box of await rules.getByRole('checkbox').all()) await box.check();
  await review.getByRole('button', { name: 'Approve and deliver to the owner' }).click();
  await expect(review).toBeHidden();
  await expect(staffRow.getByRole('button', { name: /^See the shoot/ })).toBeVisible();

  // The owner sees them full screen and puts two, garden first, on the listing.
  await page.goto(`/dashboard/photography?property=${property}`);
  const gallery = page.getByRole('region', { name: 'Your photographs' });
  await expect(gallery.getByRole('link', { name: 'Download all 3 (ZIP)' })).toHaveAttribute(
    'href',
    `/api/dashboard/photography/zip?property=${property}`,
    { timeout: 15_000 },
  );
  // The three were uploaded at once, so they are in the order they arrived: open the first.
  const first = gallery.getByRole('button', { name: /, photo 1 of 3 full screen$/ });
  const firstName = /^Open (.+), photo 1 of 3/.exec(
    (await first.locator('.ln-visually-hidden').textContent()) ?? '',
  )?.[1];
  if (!firstName) throw new Error('the gallery names its first photo');
  expect(['front.jpg', 'kitchen.jpg', 'garden.jpg']).toContain(firstName);
  await first.click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 3' });
  await expect(viewer.getByRole('img', { name: firstName })).toBeVisible();
  await viewer.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeVisible();
  await page.keyboard.press('Escape');
  await gallery.getByRole('checkbox', { name: /garden\.jpg/ }).check();
  await gallery.getByRole('checkbox', { name: /front\.jpg/ }).check();
  await expect(gallery.getByText('Choice 1')).toBeVisible();
  await gallery.getByRole('button', { name: 'Use 2 photos in my listing' }).click();
  await expect(gallery.getByRole('status')).toContainText('2 photos added to your listing.');

  // The public page shows the listing's photo and the two, in that order.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(path);
  const photos = visitor.getByRole('region', { name: `Photos of ${street}` });
  await expect(photos.getByText(/^Photo 1 of 3$/)).toBeVisible({ timeout: 15_000 });

  await visitor.context().close();
  await photographer.context().close();
  await staff.context().close();
});
