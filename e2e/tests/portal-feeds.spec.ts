import AxeBuilder from '@axe-core/playwright';
import { ownerPage, signUp, staffNavLink } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Portal feeds (issue 49; docs/decisions/098): staff make a portal's feed and see its secret
 * address once (the address answers XML; reloaded, the page no longer shows it), an owner
 * unticks that portal on the listing's Portals tab and the feed leaves the listing out, staff
 * see the opt-out counted, and revoke the feed. What the file holds is proved by apps/api/test/portal-feeds.test.ts.
 */
test.describe.configure({ timeout: 120_000 });

test('staff make a feed shown once; an owner keeps a listing off that portal', async ({
  browser,
  page,
}, testInfo) => {
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const portal = `E2E Portal ${run}`;
  const staff = await ownerPage(browser);
  await staff.goto('/admin');
  await (await staffNavLink(staff, 'Portal feeds')).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Portal feeds' })).toBeVisible({
    timeout: 15_000,
  });
  await staff.getByRole('textbox', { name: 'Portal’s name' }).fill(portal);
  await staff.getByRole('button', { name: 'Make the feed' }).click();
  const shown = staff.getByTestId('portal-feed-url');
  await expect(shown).toHaveText(/\/feeds\/lpf_[A-Za-z0-9_-]{43}\.xml$/);
  const url = (await shown.textContent()) ?? '';
  const row = staff.getByRole('row', { name: new RegExp(portal) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Not yet');
  const axe = await new AxeBuilder({ page: staff }).include('main').analyze();
  expect(axe.violations).toEqual([]);
  await staff.screenshot({ path: testInfo.outputPath('admin-portal-feeds.png'), fullPage: true });

  // The address answers the feed; the fetch shows in the list, and the address does not.
  const feed = await staff.request.get(new URL(url).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await feed.text()).toContain('<listings xmlns="urn:lantern:listing-feed:1"');
  await staff.reload();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toContainText('Not yet');
  await expect(staff.getByTestId('portal-feed-url')).toHaveCount(0);

  // The owner unticks the portal on the listing's Portals tab; it stays unticked.
  await signUp(page, 'portal-owner');
  const n = 1000 + Math.floor(Math.random() * 8000);
  const zip = String(40_000 + Math.floor(Math.random() * 9_999));
  const { property } = await publishFsboListing(page, { street: `${n} Portal Ln`, zip });
  const owned = await page.request.get(`/api/dashboard/listing?property=${property}`);
  const key = `<key>${((await owned.json()) as { listing: { hash: string } }).listing.hash}</key>`;
  const feedText = async () => (await staff.request.get(new URL(url).pathname)).text();
  // A new FSBO listing is shared by default, so the portal gets it…
  expect(await feedText()).toContain(key);
  await page.goto(`/dashboard/listing/portals?property=${property}`);
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await expect(tabs.getByRole('link', { name: 'Portals' })).toHaveAttribute('aria-current', 'page');
  const box = page.getByRole('checkbox', { name: `Send to ${portal}` });
  await expect(box).toBeChecked();
  await box.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Saved. The portals read the change at their next fetch.'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('listing-portals.png'), fullPage: true });
  // …until its owner unticks the portal.
  expect(await feedText()).not.toContain(key);
  const ownerAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(ownerAxe.violations).toEqual([]);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Send to ${portal}` })).not.toBeChecked({
    timeout: 15_000,
  });

  // Staff see the opt-out counted, then revoke the feed: its address stops.
  await staff.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('1', { timeout: 15_000 });
  await row.getByRole('button', { name: `Revoke ${portal}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Stop the feed to ${portal}?` });
  await dialog.getByRole('button', { name: 'Revoke the feed' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Revoked');
  expect((await staff.request.get(new URL(url).pathname)).status()).toBe(404);
  await staff.context().close();
});
