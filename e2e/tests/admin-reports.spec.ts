import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addProperty, ownerPage, placeOrder, signUp } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { submitListing } from './mls-listing-fixtures.ts';

/** Issue 20, Reports (docs/decisions/029-reports.md). */

test.describe.configure({ timeout: 90_000 });

/**
 * The check is dated in a month no other test pays in (they pay today), and the test compares
 * the figure before and after, so tests running beside it, or a retry, cannot change the answer.
 */
const MONTH = '2024-02';
const PRODUCT = 'Flat Fee MLS Listing';

/** The collected figure of the listing product in MONTH, in cents (0 when it has no row yet). */
async function collectedCents(owner: Page): Promise<number> {
  const section = owner.getByRole('region', { name: 'Revenue by product and month' });
  await expect(
    section.getByRole('table', { name: /^Revenue by month, all products/ }),
  ).toBeVisible();
  const row = section
    .getByRole('table', { name: 'Collected by product and month (US dollars)' })
    .getByRole('row', { name: new RegExp(`^${PRODUCT}`) });
  // Counted, not awaited: a month without the product has no row, and waiting for one that never
  // comes was this test's first attempt timing out on every CI run.
  const cell = row.getByRole('cell').first();
  if ((await cell.count()) === 0) return 0;
  const text = (await cell.textContent()) ?? '';
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

test('an owner sees a payment recorded earlier in the revenue report and downloads it as CSV', async ({
  page,
  browser,
}) => {
  await signUp(page, 'report');
  const property = await addProperty(page, { street: '29 Report Row' });
  const order = await placeOrder(page, property, 'mls-listing-state');
  if (!order.invoice) throw new Error('the MLS listing has an invoice');

  // The owner opens Reports from the staff navigation and picks the month.
  const owner = await ownerPage(browser);
  await owner.goto('/admin');
  await owner
    .getByRole('navigation', { name: 'Staff pages' })
    .getByRole('link', { name: 'Reports', exact: true })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // Twelve months by default, ending this month.
  await expect(owner.getByLabel('To month')).not.toHaveValue('');
  await owner.getByLabel('From month').fill(MONTH);
  await owner.getByLabel('To month').fill(MONTH);
  // The figure before is read from the chosen month's answer, never the default year's table.
  const chosen = owner.waitForResponse(
    (r) => r.url().includes('/api/admin/reports/revenue?') && r.url().includes(`from=${MONTH}`),
  );
  await owner
    .getByRole('search', { name: 'Months to report' })
    .getByRole('button', { name: 'Show', exact: true })
    .click();
  await expect(owner).toHaveURL(new RegExp(`from=${MONTH}&to=${MONTH}`));
  await chosen;
  await expect(
    owner
      .getByRole('region', { name: 'Revenue by product and month' })
      .getByRole('table', { name: /^Revenue by month, all products/ }),
  ).toBeVisible();
  const before = await collectedCents(owner);

  // Staff record the customer's check, received in that month.
  await owner.goto(`/admin/invoices/${order.invoice}`);
  await expect(owner.getByLabel('Amount (USD)')).toHaveValue('149.00');
  await owner.getByLabel('Paid by').selectOption({ label: 'Check' });
  await owner.getByLabel('Check number or transfer reference').fill('7702');
  await owner.getByLabel('Received on').fill(`${MONTH}-14`);
  await owner.getByRole('button', { name: 'Record payment' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: /Paid/ })).toBeVisible();

  // Back on the report (Back keeps the months in the URL), the money is there.
  await owner.goBack();
  await expect(owner).toHaveURL(new RegExp(`/admin/reports\\?from=${MONTH}&to=${MONTH}`));
  await expect.poll(() => collectedCents(owner)).toBe(before + 14_900);
  const after = before + 14_900;
  const revenue = owner.getByRole('region', { name: 'Revenue by product and month' });
  await expect(
    revenue.getByRole('img', { name: /^Stacked bar chart: collected by month/ }),
  ).toBeVisible();
  await expect(
    revenue
      .getByRole('table', { name: /^Revenue by month, all products/ })
      .getByRole('row', { name: /^February 2024/ }),
  ).toContainText('$149.00');

  // The same figure in the CSV.
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    revenue.getByRole('link', { name: 'Download CSV of revenue by product and month' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`revenue-${MONTH}-to-${MONTH}.csv`);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\n');
  expect(lines[0]).toBe(
    'Month,Product,Invoices,Invoiced (USD),Sales tax invoiced (USD),Deposits invoiced (USD),Payments received (USD),Refunds (USD),Collected (USD)',
  );
  const row = lines.find((l) => l.startsWith(`${MONTH},${PRODUCT},`));
  expect(row?.split(',').at(-1)).toBe(String(after / 100));

  // The invoiced view is one click away and stays in the URL.
  const invoiced = revenue.getByRole('radio', { name: /^Invoiced/ });
  await invoiced.click();
  await expect(invoiced).toBeChecked();
  await expect(owner).toHaveURL(/measure=invoiced/);
  await expect(
    revenue.getByRole('table', { name: 'Invoiced by product and month (US dollars)' }),
  ).toBeVisible();

  const axe = await new AxeBuilder({ page: owner }).include('main').analyze();
  expect(axe.violations).toEqual([]);
});

test('an owner sees a listing submitted today in the submissions report and its CSV', async ({
  page,
  browser,
}) => {
  // Sangamon County has no MLS confirmed: the submission counts under "No MLS confirmed yet".
  await signUp(page, 'report-submit');
  const property = await addProperty(page, { street: '31 Tally Lane' });
  await placeOrder(page, property, 'mls-listing-state');
  await submitListing(page, property, {
    ListPrice: 289_000,
    BedroomsTotal: 2,
    BathroomsFull: 1,
    LivingArea: 1_100,
    PublicRemarks: 'Tidy two-bedroom cottage close to the park.',
    Owners: [{ name: 'Sam Report', email: 'sam.report@example.com' }],
  });

  const owner = await ownerPage(browser);
  await owner.goto('/admin/reports');
  const section = owner.getByRole('region', { name: 'Listing submissions by day and MLS' });
  // The last 30 days by default, ending today in the business time zone.
  const range = section.getByRole('search', { name: 'Days to report' });
  await expect(range.getByLabel('To day')).not.toHaveValue('');
  const today = await range.getByLabel('To day').inputValue();
  await range.getByLabel('From day').fill(today);
  await range.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(owner).toHaveURL(new RegExp(`dayFrom=${today}&dayTo=${today}`));

  await expect(
    section.getByRole('img', { name: /^Stacked bar chart: listings submitted, approved/ }),
  ).toBeVisible();
  // Other tests may submit listings too: at least ours is counted.
  const byMlsRow = section
    .getByRole('table', { name: /^Listing events by day and MLS/ })
    .getByRole('row', { name: /No MLS confirmed yet/ })
    .first();
  await expect(byMlsRow).toBeVisible();
  const submittedCell = byMlsRow.getByRole('cell').first();
  expect(Number(await submittedCell.textContent())).toBeGreaterThanOrEqual(1);
  const byDay = section.getByRole('table', { name: 'Listing events by day, all MLSs' });
  await expect(byDay.getByRole('row')).toHaveCount(3); // header, today, total

  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    section
      .getByRole('link', { name: 'Download CSV of listing submissions by day and MLS' })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`submissions-${today}-to-${today}.csv`);
  const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\n');
  expect(lines[0]).toBe('Day,MLS,Submitted,Approved,Sent back,Cannot be listed');
  const row = lines.find((l) => l.startsWith(`${today},No MLS confirmed yet,`));
  expect(Number(row?.split(',')[2])).toBeGreaterThanOrEqual(1);

  const axe = await new AxeBuilder({ page: owner }).include('main').analyze();
  expect(axe.violations).toEqual([]);
});
