import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { addProperty, ownerPage, placeOrder, signUp, userHash, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/** A 1280×960 JPEG of the finished work, made for this test. */
async function proofPhoto(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'lantern-proof-')), 'post.jpg');
  await sharp({ create: { width: 1280, height: 960, channels: 3, background: '#6b8e23' } })
    .jpeg({ quality: 80 })
    .toFile(path);
  return path;
}

/**
 * Issue 21, work orders: a customer orders a sign post, staff create its install and schedule
 * it, the field installer goes and finishes it with a photo, staff approve the photo, and the
 * customer's page shows each state live, and the photo once approved (decision 066).
 */
test('a sign post install goes from requested to done with a proof photo staff approve, and the customer sees it live', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The day before the earliest is refused on purpose: the browser reports that 422.
  allowConsole(/status of 422/);
  const street = `${(Date.now() % 9000) + 100} Signpost Way`;
  await signUp(page, 'wo-customer');
  const property = await addProperty(page, { street });
  await placeOrder(page, property, 'real-estate-sign-posts');

  // The installer is a field vendor.
  const installer = await (await browser.newContext()).newPage();
  const installerEmail = await signUp(installer, 'wo-installer');
  const installerHash = await userHash(installer);
  const staff = await ownerPage(browser);
  const given = await staff.request.put(`/api/admin/users/${installerHash}/vendor-kinds`, {
    headers: xhr(),
    data: { kinds: ['field'] },
  });
  expect(given.status()).toBe(200);

  // The customer keeps the Signs & Posts page open throughout.
  await page.goto(`/dashboard/signage?property=${property}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });

  // Staff create the install from the order.
  await staff.goto('/admin/work-orders');
  await staff.getByRole('button', { name: 'New work order' }).click({ timeout: 15_000 });
  const create = staff.getByRole('dialog', { name: 'New work order' });
  await create.getByLabel('Find the order', { exact: true }).fill(street);
  await create.getByRole('button', { name: 'Search' }).click();
  await create.getByRole('radio', { name: new RegExp(`Sign Posts — ${street}`) }).check();
  await expect(create.getByLabel('Trip')).toHaveValue('sign_post_install');
  await create.getByLabel('Notes for the person going (optional)').fill('Left of the driveway.');
  await create.getByRole('button', { name: 'Create the work order' }).click();
  await expect(create).toBeHidden();
  await expect(staff.getByRole('status').filter({ hasText: 'work order created' })).toBeVisible();

  const visits = page.getByRole('region', { name: 'Visits to the property' });
  await expect(visits).toContainText('Sign post install');
  await expect(visits).toContainText('Requested');

  // Scheduled for the earliest day the cutoff allows, then given to the installer.
  await staff.getByLabel('Search by street, city or customer').fill(street);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  const row = staff.getByRole('row', { name: new RegExp(street) });
  await expect(row).toContainText('Requested');
  await row.getByRole('button', { name: /^Schedule Sign post install/ }).click();
  const schedule = staff.getByRole('dialog', { name: /^Schedule: Sign post install/ });
  await expect(schedule.getByText('The earliest day is')).toBeVisible();
  await schedule.getByLabel('Day').fill('2020-03-02');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText(/at the earliest: requests made before 2 pm/)).toBeVisible();
  const earliest = await schedule.getByLabel('Day').getAttribute('min');
  if (!earliest) throw new Error('the day field has its earliest day');
  await schedule.getByLabel('Day').fill(earliest);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  await expect(row).toContainText('Scheduled');
  await expect(visits).toContainText('Scheduled');
  await expect(visits).toContainText('Planned for');

  await row.getByRole('button', { name: /^Assign Sign post install/ }).click();
  const assign = staff.getByRole('dialog', { name: /^Assign: Sign post install/ });
  await assign.getByLabel('Assignee').selectOption({ label: `${installerEmail} — field vendor` });
  await assign.getByRole('button', { name: 'Save the assignee' }).click();
  await expect(assign).toBeHidden();
  await expect(row).toContainText(installerEmail);

  // /vendor opens on the installer's week (issue 47): the trip is there, on its day.
  await installer.goto('/vendor');
  const week = installer.getByRole('region', { name: 'Today and this week' });
  await expect(week).toContainText(street, { timeout: 15_000 });
  await expect(week).toContainText('Sign post install');

  // The installer sees it among their own work, goes, and finishes it.
  await installer.goto('/vendor/work-orders');
  const job = installer.getByRole('row', { name: new RegExp(street) });
  await expect(job).toContainText('Scheduled', { timeout: 15_000 });
  await expect(job).toContainText('Left of the driveway.');
  await job.getByRole('button', { name: /^Update Sign post install/ }).click();
  let update = installer.getByRole('dialog', { name: /^Update: Sign post install/ });
  await update.getByLabel('New state').selectOption({ label: 'En route' });
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update).toBeHidden();
  await expect(job).toContainText('En route');
  await expect(visits).toContainText('On the way today.');

  // At the property: a photo of the finished work, then done.
  await job.getByRole('button', { name: /^Update Sign post install/ }).click();
  update = installer.getByRole('dialog', { name: /^Update: Sign post install/ });
  await expect(update.getByText('No photos yet.')).toBeVisible();
  await update.getByLabel(/Photos of the finished work/).setInputFiles(await proofPhoto());
  await update.getByRole('button', { name: 'Add the photos' }).click();
  await expect(update.getByRole('status').filter({ hasText: 'Photos added.' })).toBeVisible();
  await expect(update.getByRole('img', { name: 'The finished work, 1 of 1' })).toBeVisible({
    timeout: 30_000,
  });
  await update.getByLabel('New state').selectOption({ label: 'Done' });
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(update).toBeHidden();
  await expect(job).toContainText('Done');
  await expect(job).toContainText('Photos: waiting for review');

  // The customer sees it finished, being checked; staff look at the photo and approve it.
  const install = visits.getByRole('listitem').filter({ hasText: 'Sign post install' });
  await expect(install).toContainText('Being checked');
  await expect(install.getByRole('img')).toHaveCount(0);
  await staff.reload();
  await staff.getByLabel('Search by street, city or customer').fill(street);
  await staff.getByRole('button', { name: 'Search', exact: true }).click();
  await row.getByRole('button', { name: /^Review the photos/ }).click();
  const review = staff.getByRole('dialog', { name: /^Proof photos: Sign post install/ });
  await expect(review.getByRole('img', { name: /The finished work, 1 of 1/ })).toBeVisible();
  await review.getByRole('button', { name: 'Approve the work' }).click();
  await expect(review).toBeHidden();
  await expect(
    staff.getByRole('status').filter({ hasText: 'the customer is told it is done' }),
  ).toBeVisible();

  // The customer saw it done without reloading; its removal now waits to be scheduled.
  await expect(install).toContainText('Done');
  await expect(install).toContainText('Finished.');
  await expect(visits.getByRole('listitem').filter({ hasText: 'Sign post removal' })).toContainText(
    'Requested',
  );
  // Approved, the photo of the post in place is the customer's to see (decision 066).
  const photo = install.getByRole('img', { name: /^Sign post install: photo 1 of 1/ });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const full = await page.request.get(
    (await install.getByRole('link').first().getAttribute('href')) ?? '',
  );
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toBe('image/jpeg');

  await installer.context().close();
  await staff.context().close();
});
