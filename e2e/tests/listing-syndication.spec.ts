import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';
import { fsboListingReadyToPublish } from './listing-fixtures.ts';
import { paidMlsListing } from './mls-listing-fixtures.ts';

/**
 * Issue 49, "Only what the seller agreed to": an FSBO seller chooses at the publish step where
 * the listing may appear beyond our site, and changes it later; the MLS listing's owners choose
 * on the sign step before the agreement is made with their choices. At desktop and phone widths.
 */

/** Where the pages' screenshots go when SYNDICATION_SHOTS names a folder (to look at them). */
async function shot(page: Page, name: string) {
  const folder = process.env.SYNDICATION_SHOTS;
  if (!folder) return;
  await page.screenshot({
    path: `${folder}/${test.info().project.name}-${name}.png`,
    fullPage: true,
  });
}

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').exclude('iframe').analyze();
  expect(violations).toEqual([]);
}

const choices = (page: Page) => page.getByRole('group', { name: 'Where your listing may appear' });

test('an FSBO seller publishes without sharing the street address, then changes a choice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'syndication-fsbo');
  const street = `${1000 + Math.floor(Math.random() * 8000)} Consent Way`;
  const property = await fsboListingReadyToPublish(page, { street });

  await page.goto(`/dashboard/fsbo-listing/review?property=${property}`);
  const group = choices(page);
  await expect(group).toBeVisible();
  await expect(group.getByLabel('Share my listing with other home-search sites')).toBeChecked();
  await expect(group.getByLabel('Share the sale price once the home sells')).not.toBeChecked();
  const address = group.getByLabel('Show the street address');
  await expect(address).toHaveAccessibleDescription(/other sites show only the city and ZIP code/);
  await address.uncheck();
  await accessible(page);
  await group.scrollIntoViewIfNeeded();
  await shot(page, 'fsbo-review');
  await page.getByRole('button', { name: 'Publish my listing' }).click();

  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/manage\?/);
  await expect(page.getByText('Published — For sale.')).toBeVisible();
  const read = async () =>
    (await (await page.request.get(`/api/dashboard/fsbo-listing?property=${property}`)).json())
      .listing.syndication;
  expect(await read()).toMatchObject({
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: false,
    ClosePriceDisplayYN: false,
  });

  // Changed later on the manage page.
  await expect(choices(page).getByLabel('Show the street address')).not.toBeChecked();
  await choices(page).getByLabel('Share the sale price once the home sells').check();
  await page.getByRole('button', { name: 'Save these choices' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your choices are saved.' }),
  ).toBeVisible();
  expect(await read()).toMatchObject({
    InternetAddressDisplayYN: false,
    ClosePriceDisplayYN: true,
  });
  await accessible(page);
  await shot(page, 'fsbo-manage');
});

test('the MLS sign step asks for the choices before the agreement is made, then keeps them', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, 'syndication-mls');
  const staff = await ownerPage(browser);
  const { property } = await paidMlsListing(page, staff, {
    property: { street: `${100 + Math.floor(Math.random() * 9000)} Agreement Ave` },
    form: {
      ListPrice: 412_000,
      LivingArea: 1_800,
      LotSizeAcres: 0.25,
      PublicRemarks: 'Brick colonial with a deep lot and a screened porch.',
      Owners: [{ name: 'Sam Seller', email }],
    },
    photos: [{ name: 'front.jpg', background: { r: 120, g: 90, b: 60 } }],
    reference: `synd-${Date.now()}`,
    syndication: null,
  });

  await page.goto(`/dashboard/mls-listing/sign?property=${property}`);
  await expect(
    page.getByText(/Choose where your listing may appear and save your choices/),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Exclusive Agency Listing Agreement' }),
  ).toHaveCount(0);
  const group = choices(page);
  await group.getByLabel('Allow visitors’ comments and reviews on the listing').uncheck();
  await page.getByRole('button', { name: 'Save these choices' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your choices are saved.' }),
  ).toBeVisible();
  // The agreement is made with them, when the page asks for it again.
  await expect(
    page.getByRole('heading', { name: 'Exclusive Agency Listing Agreement' }),
  ).toBeVisible({ timeout: 20_000 });
  await accessible(page);
  await shot(page, 'mls-sign');

  const form = page.getByRole('form', { name: 'Sign the agreement' });
  await form.getByLabel(/I agree to use electronic records and to sign electronically/).check();
  await form.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(
    page.getByText('Every owner has signed. The listing is with our team for review.'),
  ).toBeVisible({ timeout: 15_000 });
  // Signed: the choices are the agreement's until the listing is live.
  await expect(page.getByText(/These choices are part of the agreement you signed/)).toBeVisible();
  await expect(choices(page).getByLabel('Show the street address')).toBeDisabled();

  const listing = (
    await (await page.request.get(`/api/dashboard/mls-listing?property=${property}`)).json()
  ).listing.hash as string;
  const approved = await staff.request.post(`/api/admin/mls-listings/${listing}/approve`, {
    headers: xhr(),
    data: { mlsNumber: `SYN-${Date.now().toString(36).toUpperCase()}`, board: 'mred' },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // Live: the owner changes them on the manage page.
  await page.goto(`/dashboard/mls-listing/manage?property=${property}`);
  const live = choices(page);
  await expect(
    live.getByLabel('Allow visitors’ comments and reviews on the listing'),
  ).not.toBeChecked();
  await live.getByLabel('Show the street address').uncheck();
  await page.getByRole('button', { name: 'Save these choices' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your choices are saved.' }),
  ).toBeVisible();
  await accessible(page);
  await live.scrollIntoViewIfNeeded();
  await shot(page, 'mls-manage');
});
