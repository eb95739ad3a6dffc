import type { Page } from '@playwright/test';
import { addProperty, placeOrder, signUp, xhr } from './dashboard-fixtures.ts';
import { RESET_LINK, waitForLink } from './fixtures/account-mail.ts';
import { decodeQuotedPrintable, waitForMail } from './fixtures/public-mail.ts';
import { expect, test } from './fixtures/test.ts';

/** Decision 056: the page-load banner (spec 2, 8) says why a visitor landed where they did. */
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'no longer works' });
/** The contracts' words (PAGE_LOAD_TEXTS, MLS_LISTING_PAGE_TEXTS), as a visitor reads them. */
const INVITATION_USED =
  'That invitation link no longer works: it was already used, or it has expired.';
const RESET_USED =
  'That password reset link no longer works: it was already used, or it is more than 60 minutes old.';
const WHICH = 'Flat Fee or Local: which one?';
const ADD_TITLE = 'Add another MLS';

test('a used invitation link lands on the dashboard, which says why', async ({ page, browser }) => {
  await signUp(page, 'pl-owner');
  const property = await addProperty(page, { street: '41 Used Link Ln' });
  const guest = await (await browser.newContext()).newPage();
  const email = await signUp(guest, 'pl-guest');
  const invite = await page.request.post('/api/dashboard/participants/invitations', {
    headers: xhr(),
    data: { property, email, role: 'buyerAgent' },
  });
  expect(invite.status()).toBe(201);
  const pattern = /https?:\/\/[^\s"<>]+\/dashboard\/invitation#token=[\w-]+/;
  const link = pattern.exec(decodeQuotedPrintable(await waitForMail(email, 10_000, pattern)))?.[0];
  if (!link) throw new Error('no invitation link');
  await guest.goto(link);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest).toHaveURL(new RegExp(`/dashboard\\?property=${property}$`));

  // The same link again: nothing to accept any more.
  await guest.goto(link);
  await expect(guest).toHaveURL(/\/dashboard$/);
  await expect(banner(guest)).toContainText(INVITATION_USED);
  await guest.context().close();
});

test('a used password reset link, opened signed in, lands on Account Settings with the reason', async ({
  page,
  browser,
  allowConsole,
}) => {
  // The reset page checks the used token and the server answers 410 Gone, as it should.
  allowConsole(/status of 410/);
  const email = await signUp(page, 'pl-reset');
  const asked = await page.request.post('/password/email', { headers: xhr(), data: { email } });
  expect(asked.status()).toBe(202);
  const link = await waitForLink(email, RESET_LINK);
  await page.goto(link);
  await page.waitForFunction(() => !document.querySelector('main astro-island[ssr]'));
  const main = page.locator('main');
  await main.getByLabel('New password', { exact: true }).fill('another e2e passphrase');
  await main.getByLabel('Confirm new password').fill('another e2e passphrase');
  await main.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The page moves on as soon as its check answers: wait only for the navigation to start.
  await page.goto(link, { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/dashboard\/account$/, { timeout: 15_000 });
  await expect(banner(page)).toContainText(RESET_USED);
  // Signed out, the same link keeps its own page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link, { waitUntil: 'commit' });
  await expect(visitor).toHaveURL(/\/password\/incorrect-link$/, { timeout: 15_000 });
  await visitor.context().close();
});

test('a listing step without an order shows why, with no failed request', async ({ page }) => {
  // The suite fails on any console error: a 409 for the listing would be one.
  await signUp(page, 'pl-mls');
  const property = await addProperty(page, { street: '43 No Order Rd' });
  await page.goto(`/dashboard/mls-listing/location?property=${property}`);
  await expect(page.getByText('This property has no MLS listing order.')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('link', { name: 'Go to MLS Listing' }).click();
  await expect(page.getByRole('heading', { name: WHICH })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Local MLS Listing puts your home on the MLS board/)).toBeVisible();
});

test('a listing ordered on one MLS can be added on the other MLS of its county', async ({
  page,
}) => {
  await signUp(page, 'pl-boards');
  // Fulton County, Georgia: two boards of the packaged directory cover it.
  const property = await addProperty(page, {
    street: '44 Peachtree Pl',
    city: 'Atlanta',
    state: 'GA',
    county: 'Fulton County',
    zip: '30303',
  });
  await placeOrder(page, property, 'mls-listing-state');
  const location = await page.request.put('/api/dashboard/mls-listing/location', {
    headers: xhr(),
    data: {
      property,
      propertyType: 'Residential',
      propertySubType: 'SingleFamilyResidence',
      board: 'fmls',
    },
  });
  expect(location.status()).toBe(200);
  await page.goto(`/dashboard/mls-listing?property=${property}`);
  const add = page.getByRole('region', { name: ADD_TITLE });
  await expect(add.getByLabel('MLS to add')).toHaveValue('georgia-mls', { timeout: 15_000 });
  await add.getByRole('button', { name: 'Add this MLS' }).click();
  await expect(page.getByText(/Ordered: your listing will also go on Georgia/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(add.getByRole('button', { name: 'Add this MLS' })).toHaveCount(0);
});
