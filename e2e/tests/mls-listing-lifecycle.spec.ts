import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { waitForLink } from './fixtures/account-mail.ts';
import { newEmail } from './fixtures/constants.ts';
import { expect, test } from './fixtures/test.ts';
import { paidMlsListing } from './mls-listing-fixtures.ts';

/**
 * Issue 18 end to end: two owners sign the agreement, staff approve the listing with an MLS
 * number, the seller asks for a price change, staff carry it out, and the seller sees the new
 * price without reloading. The first five steps are taken through the API (their pages are
 * proved by mls-listing.spec.ts).
 */

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

/** A listing through payment: order, location, form (both owners), no upgrades, a photo, paid. */
async function paidListing(
  seller: Page,
  staff: Page,
  street: string,
  owners: { name: string; email: string }[],
) {
  const { property } = await paidMlsListing(seller, staff, {
    property: { street },
    form: {
      ListPrice: 389_000,
      LivingArea: 1_640,
      LotSizeAcres: 0.2,
      PublicRemarks: 'Sunny ranch home with a fenced yard and a new roof.',
      Owners: owners,
    },
    photos: [{ name: 'front.jpg', background: { r: 90, g: 140, b: 200 } }],
    reference: 'e2e-1',
  });
  return property;
}

async function signAsOwner(page: Page) {
  const form = page.getByRole('form', { name: 'Sign the agreement' });
  await expect(
    form.getByRole('heading', { name: 'Signing electronically: what you agree to' }),
  ).toBeVisible();
  await form.getByRole('button', { name: 'Sign the agreement' }).click();
  // Consent first: the box is required, said in words under it.
  await expect(form.getByText('Tick the box to agree to sign electronically')).toBeVisible();
  await form.getByLabel(/I agree to use electronic records and to sign electronically/).check();
  await form.getByRole('button', { name: 'Sign the agreement' }).click();
}

async function newBrowserPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test('two owners sign, staff approve, a price change is carried out and shows live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const sellerEmail = await signUp(page, 'lifecycle-seller');
  const coOwnerEmail = newEmail('lifecycle-co-owner');
  const staff = await ownerPage(browser);
  // Every project's run (and a retry) shares one database: this run's listing has its own street.
  const street = `${100 + Math.floor(Math.random() * 9000)} Signature Row`;
  const property = await paidListing(page, staff, street, [
    { name: 'Sam Seller', email: sellerEmail },
    { name: 'Casey Co-Owner', email: coOwnerEmail },
  ]);

  // The seller signs first.
  await page.goto(`/dashboard/mls-listing/sign?property=${property}`);
  const steps = page.getByRole('navigation', { name: 'Listing steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('6. Sign');
  await expect(
    page.getByRole('heading', { name: 'Exclusive Agency Listing Agreement' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the agreement (PDF)' })).toBeVisible();
  await accessible(page);
  await signAsOwner(page);
  await expect(page.getByText('Waiting for Casey Co-Owner to sign.')).toBeVisible();

  // The co-owner was invited by mail: they sign up with that address, accept, and sign.
  const coOwner = await newBrowserPage(browser);
  const link = await waitForLink(
    coOwnerEmail,
    /https?:\/\/[^\s"<>]+\/dashboard\/invitation#token=[\w-]+/,
  );
  const signedUp = await coOwner.request.post('/account/sign-up', {
    headers: xhr(),
    data: { email: coOwnerEmail, password: 'a long e2e passphrase' },
  });
  expect(signedUp.status()).toBe(200);
  const token = new URL(link).hash.replace('#token=', '');
  const accepted = await coOwner.request.post('/api/invitations/accept', {
    headers: xhr(),
    data: { token },
  });
  expect(accepted.status()).toBe(200);
  await coOwner.goto(`/dashboard/mls-listing/sign?property=${property}`);
  await expect(coOwner.getByText('Sam Seller', { exact: false })).toBeVisible();
  await signAsOwner(coOwner);
  await expect(
    coOwner.getByText('Every owner has signed. The listing is with our team for review.'),
  ).toBeVisible();
  await expect(
    coOwner.getByRole('link', { name: 'Download the signed agreement (PDF)' }),
  ).toBeVisible();
  const signed = await coOwner.request.get(
    (await coOwner
      .getByRole('link', { name: 'Download the signed agreement (PDF)' })
      .getAttribute('href')) ?? '',
  );
  expect(signed.headers()['content-type']).toBe('application/pdf');

  // The seller's page heard it too.
  await expect(
    page.getByText('Every owner has signed. The listing is with our team for review.'),
  ).toBeVisible();

  // Staff find it in the review queue and approve it with its MLS number; no MLS is confirmed
  // for Sangamon County, so staff choose one here.
  await page.goto(`/dashboard/mls-listing/review?property=${property}`);
  await expect(page.getByText('Our team is checking your listing')).toBeVisible();
  await staff.goto(`/admin/mls-listings?search=${encodeURIComponent(street)}`);
  await staff
    .getByRole('link', { name: new RegExp(street) })
    .first()
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(street) })).toBeVisible();
  // MLS numbers are unique per MLS, and every project's run shares one database.
  const mlsNumber = `SPR-${Date.now().toString(36).toUpperCase()}`;
  await staff.getByLabel('MLS number').fill(mlsNumber);
  const board = staff.getByLabel('MLS', { exact: true });
  const boardName =
    (await board.locator('option').nth(1).textContent())?.trim() ?? 'no board in the directory';
  await board.selectOption({ index: 1 });
  await staff.getByRole('button', { name: 'Approve and put live' }).click();

  // The seller's open review page hears the decision.
  await expect(
    page.getByText(new RegExp(`Your listing is live on .+ as MLS number ${mlsNumber}\\.`)),
  ).toBeVisible();
  expect(boardName).not.toBe('');

  // The seller asks for a new price on the Manage step, signing the change form.
  await page.goto(`/dashboard/mls-listing/manage?property=${property}`);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('8. Manage');
  const facts = page.locator('dl').filter({ hasText: 'List price' });
  await expect(facts.getByText('$389,000')).toBeVisible();
  await expect(facts.getByText(mlsNumber)).toBeVisible();
  await accessible(page);
  const priceForm = page.getByRole('form', { name: 'Change the price' });
  await priceForm.getByLabel('New list price (dollars)').fill('374900');
  await priceForm.getByLabel(/I agree to use electronic records/).check();
  await priceForm.getByRole('button', { name: 'Sign and send' }).click();
  await expect(priceForm.getByRole('status')).toContainText('with our team');
  const request = page
    .getByRole('region', { name: 'Your change requests' })
    .getByRole('row')
    .filter({ hasText: 'Price to $374,900' });
  await expect(request.getByRole('cell').nth(2)).toHaveText('Waiting for us');

  // Staff carry it out from the change queue.
  await staff.goto(`/admin/listing-changes?search=${encodeURIComponent(street)}`);
  await expect(staff.getByRole('heading', { level: 1, name: 'Listing changes' })).toBeVisible();
  await accessible(staff);
  await staff.getByRole('button', { name: /^Mark done\s*: Price to \$374,900$/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Mark done: Price to $374,900' });
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toHaveCount(0);

  // The seller's open page shows the new price without a reload.
  await expect(facts.getByText('$374,900')).toBeVisible();
  await expect(request.getByRole('cell').nth(2)).toHaveText('Done');

  // A visitor finds the live listing, at its new price, on the public current listings.
  const visitor = await newBrowserPage(browser);
  await visitor.goto('/current-listings');
  const card = visitor.getByRole('listitem').filter({
    has: visitor.getByRole('heading', { name: street }),
  });
  await expect(card.first()).toContainText('$374,900');
  await expect(card.first().getByRole('img', { name: `Photo of ${street}` })).toBeVisible();
});
