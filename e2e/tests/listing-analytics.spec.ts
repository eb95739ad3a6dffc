import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Issue 22, "Listing analytics": a visitor's view and gallery open are counted without cookies,
 * and the seller reads them in the Analytics tab and its CSV.
 */

test('a visitor opens a published listing and its gallery; the seller sees the counts and downloads the CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'listing-analytics');
  const street = `${1000 + Math.floor(Math.random() * 8000)} Counted Visits Ln`;
  const { property, slug } = await publishFsboListing(page, { street, photos: 2 });

  // A visitor, signed out, in a browser of their own: the page counts one view, and moving to
  // the next photo one gallery open. No cookie is set by either.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const viewed = visitor.waitForResponse(
    (r) => r.url().endsWith('/views') && r.request().method() === 'POST',
  );
  await visitor.goto(`/listings/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: street })).toBeVisible();
  expect((await viewed).status()).toBe(204);
  const opened = visitor.waitForResponse(
    (r) => r.url().endsWith('/gallery-opens') && r.request().method() === 'POST',
  );
  await visitor.getByRole('button', { name: 'Next photo' }).click();
  await expect(visitor.getByText('Photo 2 of 2')).toBeVisible();
  expect((await opened).status()).toBe(204);
  // Another photo in the same visit is not another gallery open.
  await visitor.getByRole('button', { name: 'Previous photo' }).click();
  expect(await visitorContext.cookies()).toEqual([]);
  await visitorContext.close();

  // The seller's Analytics tab: the counts in the table under the charts.
  await page.goto(`/dashboard/listing?property=${property}`);
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await tabs.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listing\/analytics\?property=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Visits and leads' })).toBeVisible();
  const table = page.getByRole('table', { name: /Visits and leads by day/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Day',
    'Page views',
    'Unique visitors',
    'Gallery opens',
    'Questions',
    'Showing requests',
    'Texts',
  ]);
  await expect(table.locator('tfoot td')).toHaveText(['1', '1', '1', '0', '0', '0']);
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await expect(
    page.getByRole('img', { name: /Line chart: page views and unique visitors/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart: gallery opens/ })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);

  // The CSV has the same days and figures.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^listing-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Day,Page views,Unique visitors,Gallery opens,Questions,Showing requests,Texts',
  );
  expect(lines).toHaveLength(31);
  expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},1,1,1,0,0,0$/.test(l))).toHaveLength(1);

  // A shorter range: the last 7 days, in the URL, and the table follows.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(table.locator('tfoot td')).toHaveText(['1', '1', '1', '0', '0', '0']);
});
