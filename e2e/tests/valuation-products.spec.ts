import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addProperty, ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 38: staff import recorded King County sales (moved forward so the newest closed at the
 * end of last month); a customer in Capitol Hill gets Free Comps at once, pays for the Comps
 * Report and the Home Value Report and reads what each delivers — page and PDF — then corrects a
 * fact and has the Home Value Report made again. A home far from any sale is offered none.
 */
test.describe.configure({ timeout: 180_000 });

const FIXTURE = join(import.meta.dirname, 'fixtures', 'king-county-capitol-hill.csv');
const HOME = { lat: 47.6145, lng: -122.3095 };

/** 'YYYYMMDD' + days, in UTC. */
function shifted(compact: string, days: number): string {
  const at = Date.UTC(+compact.slice(0, 4), +compact.slice(4, 6) - 1, +compact.slice(6, 8));
  return new Date(at + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}

/** The fixture with its dates moved so that its newest sale closed on the last day of last month. */
function movedFixture(): Buffer {
  const [header, ...lines] = readFileSync(FIXTURE, 'utf8').trim().split('\n');
  const dates = lines.map((l) => l.split(',')[1] as string);
  const newest = dates.reduce((a, b) => (a > b ? a : b));
  const now = new Date();
  const endOfLastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0);
  const newestAt = Date.UTC(+newest.slice(0, 4), +newest.slice(4, 6) - 1, +newest.slice(6, 8));
  const days = Math.round((endOfLastMonth - newestAt) / 86_400_000);
  const moved = lines.map((l) => {
    const cells = l.split(',');
    cells[1] = shifted(cells[1] as string, days);
    return cells.join(',');
  });
  return Buffer.from(`${[header, ...moved].join('\n')}\n`);
}

async function importSales(staff: Page) {
  await staff.goto('/admin/sales');
  await expect(staff.getByRole('heading', { name: 'Sales data', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await staff.getByLabel(/CSV file of closed sales/).setInputFiles({
    name: 'king-county-capitol-hill.csv',
    mimeType: 'text/csv',
    buffer: movedFixture(),
  });
  await staff.getByLabel('Credit line').fill('King County Department of Assessments');
  await staff.getByLabel('What the source lets us do with the prices').selectOption('public');
  await staff.getByLabel('Source name (optional)').fill('e2e-king-county');
  await staff.getByRole('button', { name: 'Import' }).click();
  // A retry finds the same sales already stored under the same source: nothing new, still done.
  await expect(staff.getByTestId('sales-import-status')).toContainText('Imported', {
    timeout: 60_000,
  });
}

/** Staff record the check that pays an invoice (the API Admin → Invoices uses). */
async function payByCheck(staff: Page, invoice: string, amountCents: number) {
  const res = await staff.request.post(`/api/admin/invoices/${invoice}/payments`, {
    headers: xhr(),
    data: {
      amountCents,
      method: 'check',
      reference: `e2e-${invoice.slice(0, 6)}`,
      receivedOn: new Date().toISOString().slice(0, 10),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Order a product with its button on the Valuation page; the invoice it opened, if any. */
async function orderOnPage(page: Page, product: string, button: RegExp): Promise<string | null> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/dashboard/orders') && r.request().method() === 'POST',
  );
  const offer = page
    .getByRole('region', { name: 'Order a valuation' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product, exact: true }) });
  await offer.getByRole('button', { name: button }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  return ((await res.json()).order.invoice as string | null) ?? null;
}

/** The text of a PDF the page links to (its text layer, as a reader would copy it). */
async function pdfText(page: Page, href: string): Promise<string> {
  const res = await page.request.get(href);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(await res.body()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

test('valuation products deliver: free comps at once, paid reports with PDFs, one regeneration', async ({
  page,
  browser,
}) => {
  const staff = await ownerPage(browser);
  await importSales(staff);

  await signUp(page, 'valuation');
  const property = await addProperty(page, {
    street: '1515 E Olive Way',
    city: 'Seattle',
    state: 'WA',
    county: 'King County',
    zip: '98122',
    ...HOME,
    precision: 'rooftop',
  });
  await page.goto(`/dashboard/valuation?property=${property}`);
  await expect(page.getByRole('heading', { name: 'Valuation', level: 1 })).toBeVisible({
    timeout: 15_000,
  });

  // Valuation is in the sidebar for a home the sales cover.
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Valuation' }),
  ).toBeVisible();

  // Facts first: every estimate starts from the home's size.
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('2');
  await page.getByLabel('Living area (sq ft)').fill('1800');
  await page.getByLabel('Lot size (sq ft)').fill('4000');
  await page.getByLabel('Year built').fill('1925');
  await page.getByRole('button', { name: 'Save facts' }).click();
  await expect(page.getByText('Your home’s facts are saved.')).toBeVisible();

  // Free Comps: made at once, shown on the page with its sources.
  await orderOnPage(page, 'Free Comps', /Get It Free/);
  const free = page.getByRole('region', { name: 'Free Comps', exact: true });
  const comps = free.getByRole('table', { name: 'Comparable sales' });
  await expect(comps).toBeVisible({ timeout: 20_000 });
  const rows = comps.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(3);
  await expect(comps).toContainText('Parcel');
  await expect(free).toContainText('King County Department of Assessments');
  await expect(free).toContainText('not prepared by a licensed appraiser');

  // The Comps Report: paid, made by the job, with its trend and a PDF.
  const compsInvoice = await orderOnPage(page, 'Comps Report', /Order for \$29/);
  await payByCheck(staff, compsInvoice as string, 2900);
  const compsReport = page.getByRole('region', { name: 'Comps Report', exact: true });
  await expect(
    compsReport.getByRole('table', { name: 'Price per square foot by month' }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(compsReport.getByRole('table', { name: 'Comparable sales' })).toBeVisible();
  const compsPdf = await page
    .getByRole('link', { name: 'Download PDF of Comps Report', exact: true })
    .getAttribute('href');
  const compsText = await pdfText(page, compsPdf as string);
  expect(compsText).toContain('Comps Report');
  expect(compsText).toContain('1515 E Olive Way');
  expect(compsText).toContain('Adjustments:');
  expect(compsText).toContain('Price per square foot by month');
  expect(compsText).not.toMatch(/appraised|market value|broker price opinion/i);

  // The Home Value Report: the estimate, its range and grade, accuracy here, and a PDF.
  const hvrInvoice = await orderOnPage(page, 'Home Value Report', /Order for \$49/);
  await payByCheck(staff, hvrInvoice as string, 4900);
  const hvr = page.getByRole('region', { name: 'Home Value Report', exact: true });
  const estimate = hvr.getByRole('region', { name: 'Estimated value' });
  await expect(estimate).toContainText(/\$\d{3},\d{3}|\$\d,\d{3},\d{3}/, { timeout: 60_000 });
  await expect(estimate).toContainText('Likely between');
  await expect(
    hvr.getByRole('table', { name: 'Accuracy of our estimates near this home' }),
  ).toBeVisible();
  const first = (await estimate.textContent()) ?? '';
  const hvrPdf = await page
    .getByRole('link', { name: 'Download PDF of Home Value Report', exact: true })
    .getAttribute('href');
  const hvrText = await pdfText(page, hvrPdf as string);
  expect(hvrText).toContain('Automated estimate');
  expect(hvrText).toContain('How accurate our estimates have been here');
  expect(hvrText).not.toMatch(/appraised|market value|broker price opinion/i);

  // A corrected fact, and the report made again once.
  await page.getByLabel('Living area (sq ft)').fill('2600');
  await page.getByRole('button', { name: 'Save facts' }).click();
  await expect(page.getByText('Your home’s facts are saved.')).toBeVisible();
  await page
    .getByRole('button', { name: /Make it again from corrected facts.*Home Value Report/ })
    .click();
  await page.getByRole('button', { name: 'Make it again', exact: true }).click();
  const v2 = page.getByRole('region', { name: 'Home Value Report, version 2' });
  const estimate2 = v2.getByRole('region', { name: 'Estimated value' });
  await expect(estimate2).toContainText('Likely between', { timeout: 60_000 });
  expect((await estimate2.textContent()) ?? '').not.toBe(first);
  await expect(v2.getByText('2,600')).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: /Make it again from corrected facts.*Home Value Report, version 2/,
    }),
  ).toHaveCount(0);

  // Kept with the property's documents too: every paid version's PDF.
  await page.goto(`/dashboard/documents?property=${property}`);
  const kept = page.getByRole('region', { name: 'Valuation reports' });
  await expect(kept.getByRole('link', { name: 'Home Value Report, version 2' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(kept.getByRole('link', { name: 'Comps Report', exact: true })).toBeVisible();
});

test('a home far from any recorded sale is offered no valuation, and the page says why', async ({
  page,
}) => {
  await signUp(page, 'valuation-far');
  const property = await addProperty(page, {
    street: '12 Forest Rd',
    city: 'Skykomish',
    state: 'WA',
    county: 'King County',
    zip: '98288',
    lat: 47.7098,
    lng: -121.3601,
    precision: 'rooftop',
  });
  const offered = await page.request.get(
    `/api/dashboard/services-for-property?property=${property}`,
  );
  expect(await offered.json()).toMatchObject({
    'free-comps': false,
    comps: false,
    'home-value-report': false,
  });
  await page.goto(`/dashboard/valuation?property=${property}`);
  await expect(page.getByText('Valuations are not offered for this property')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(/We do not have enough recent sales near this home/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Get It Free|Order for/ })).toHaveCount(0);
});
