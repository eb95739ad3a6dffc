import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signUp, xhr } from './dashboard-fixtures.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';
import { publishFsboListing } from './listing-fixtures.ts';

/**
 * Issue 24, "Transaction access": a title company asks for access from a listing page and
 * confirms its email through the mailed link; the seller gives access in the dashboard's
 * Transaction access tab; the title company opens the shared view from its mail, sees the
 * listing and the disclosure the seller uploaded, and its visit shows in the seller's log.
 * Once the seller takes access back, the same page shows nothing on its next load.
 */

const EMPTY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n% disclosure\ntrailer <<>>\n%%EOF\n', 'latin1');

async function accessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  expect(violations).toEqual([]);
}

const linkIn = (raw: string, path: string) => {
  const match = new RegExp(`https?://[^\\s"<>]+${path}#token=[A-Za-z0-9_.%-]+`).exec(
    decodeQuotedPrintable(raw),
  );
  if (!match) throw new Error(`No ${path} link in the mail`);
  return match[0];
};

test('a title company requests transaction access and the seller grants it', async ({
  page,
  browser,
  allowConsole,
}) => {
  test.setTimeout(180_000);
  // After the seller takes access back, the view answers 404 on purpose; Chromium logs it.
  allowConsole(/the server responded with a status of 404/);
  const sellerEmail = await signUp(page, 'txa-seller');
  const number = 1000 + Math.floor(Math.random() * 8000);
  const street = `${number} Escrow Way`;
  const zip = String(60_000 + Math.floor(Math.random() * 2_999));
  const { property, slug } = await publishFsboListing(page, {
    street,
    zip,
    lat: 39.79,
    lng: -89.64,
  });
  // The seller's disclosure, on the documents checklist.
  const uploaded = await page.request.post(
    `/api/dashboard/documents/files?property=${property}&kind=sale_seller&type=sellers_disclosure`,
    {
      headers: xhr(),
      multipart: {
        file: { name: 'disclosure.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    },
  );
  expect(uploaded.status()).toBe(201);

  // The title company, on the listing page, follows "Request transaction access".
  const titleContext = await browser.newContext();
  await titleContext.route(/\/\d+\/\d+\/\d+\.png(\?|$)/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_PNG }),
  );
  const title = await titleContext.newPage();
  await title.goto(`/listings/${slug}`);
  await title.getByRole('link', { name: 'Request transaction access' }).click();
  await expect(
    title.getByRole('heading', { level: 1, name: 'Request transaction access' }),
  ).toBeVisible();
  await expect(title.getByRole('link', { name: new RegExp(street) })).toBeVisible();
  await accessible(title, 'main');
  const titleEmail = `closer.${Date.now()}@title.e2e.example.com`;
  await title.getByLabel('Your name').fill('Tess Closer');
  await title.getByLabel('Company').fill('Prairie Title Co.');
  await title.getByLabel('Your part in the transaction').selectOption('title_escrow');
  await title.getByLabel('Email', { exact: true }).fill(titleEmail);
  await title
    .getByLabel('Message to the owners')
    .fill('We hold escrow for the buyer, file 24-118.');
  await title.getByRole('button', { name: 'Send the request' }).click();
  await expect(title.getByText('Check your inbox')).toBeVisible();

  // The mailed link confirms the address; only then do the owners hear of it.
  const confirmMail = await waitForMail(titleEmail, 15_000, /Confirm your request/);
  await title.goto(linkIn(confirmMail, '/transaction-access/confirm'));
  await expect(title.getByText('your email is confirmed')).toBeVisible();
  expect(title.url()).not.toContain('token');
  const ownerMail = decodeQuotedPrintable(
    await waitForMail(sellerEmail, 15_000, /asks for transaction access/),
  );
  expect(ownerMail).toContain('Tess Closer (Prairie Title Co.)');
  expect(ownerMail).toContain(titleEmail);

  // The seller gives 14 days of access to the listing and its documents.
  await page.goto(`/dashboard/listing/access?property=${property}`);
  const card = page.getByRole('article', { name: /Tess Closer, Prairie Title Co\./ });
  await expect(card).toContainText('Waiting for your answer');
  await expect(card).toContainText('file 24-118');
  await accessible(page, 'main');
  await card.getByLabel('Days of access').fill('14');
  await card.getByRole('button', { name: 'Give access' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Access given.' })).toBeVisible();
  await expect(card).toContainText('Access given');

  // The title company opens the shared view from its mail.
  const granted = await waitForMail(titleEmail, 15_000, /is open until/);
  await title.goto(linkIn(granted, '/transaction-access'));
  await expect(title.getByRole('heading', { name: 'The listing' })).toBeVisible();
  await expect(title.locator('.txa__facts')).toContainText(street);
  await expect(title.getByRole('link', { name: "Seller's property disclosure" })).toBeVisible();
  expect(title.url()).not.toContain('token');
  await accessible(title, 'main');
  // A reload works from the cookie, not the link.
  await title.reload();
  await expect(title.getByRole('heading', { name: 'Documents' })).toBeVisible();

  // The seller sees the visits, then takes access back: the next load shows nothing.
  await page.reload();
  await card.getByText(/Visits \(\d+\)/).click();
  await expect(card.getByText('Opened the view').first()).toBeVisible();
  await card.getByRole('button', { name: 'Take access back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Access taken back.' })).toBeVisible();
  await title.reload();
  await expect(title.getByText('This link does not give access any more')).toBeVisible();
  await expect(title.getByRole('heading', { name: 'Documents' })).toHaveCount(0);
  await titleContext.close();
});
