import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ownerPage, signUp, xhr } from './dashboard-fixtures.ts';
import { JS_BUDGET_BYTES, jsMeter } from './fixtures/js-meter.ts';
import { filterBar, resultsMap } from './fixtures/listings-search.ts';
import { expect, test } from './fixtures/test.ts';
import { paidMlsListing, putLive } from './mls-listing-fixtures.ts';

/**
 * Issue 19, the public pages: a live MLS listing (made through the API as the product makes one:
 * order, form, three photos, payment, signature, staff's approval) is found by a visitor on
 * /current-listings by ZIP code and type, as a card and as a marker on the map, and its page's
 * gallery works with the keyboard. Runs at desktop and phone widths.
 */

/** Three photos of different colours, so the gallery's moves can be told apart. */
const COLOURS = [
  { r: 200, g: 60, b: 60 },
  { r: 60, g: 160, b: 80 },
  { r: 60, g: 90, b: 200 },
];

async function liveListing(seller: Page, staff: Page, email: string, street: string, zip: string) {
  const { property, photos } = await paidMlsListing(seller, staff, {
    property: { street, zip, lat: 39.7817, lng: -89.6501 },
    propertySubType: 'Townhouse',
    form: {
      ListPrice: 312_000,
      BedroomsTotal: 2,
      LivingArea: 1_280,
      YearBuilt: 2004,
      LotSizeAcres: 0.1,
      PublicRemarks: 'End-unit townhouse with a sunny patio and a garage.',
      Owners: [{ name: 'Robin Seller', email }],
    },
    photos: COLOURS.map((background, i) => ({ name: `photo-${i}.jpg`, background })),
    reference: 'e2e-pages',
  });
  // The caption is set before payment in the seller's flow; it changes nothing that was paid.
  const captioned = await seller.request.put(
    `/api/dashboard/mls-listing/photos/${photos[1]}/caption`,
    { headers: xhr(), data: { property, caption: 'Sunny patio' } },
  );
  expect(captioned.status(), await captioned.text()).toBe(200);

  await putLive(seller, staff, property);
}

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

test('a visitor finds a live listing by ZIP code and type, on the map, and browses its photos', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page, 'pages-seller');
  const staff = await ownerPage(browser);
  // Every project's run (and a retry) shares one database: this run's home has its own street
  // and, almost surely, its own ZIP code.
  const n = Math.floor(Math.random() * 9000);
  const street = `${100 + n} Lantern Row`;
  const zip = String(60_000 + Math.floor(Math.random() * 9_999)).padStart(5, '0');
  await liveListing(page, staff, email, street, zip);

  // Signed out, as any visitor. The maps' tiles come from the local tile server (tiles.ts).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/current-listings');
  const filters = await filterBar(visitor);
  await filters.getByLabel('City or ZIP code').fill(zip);
  await filters.getByLabel('Type').selectOption('townhouse');
  await filters.getByRole('button', { name: 'Show homes' }).click();
  await expect(visitor).toHaveURL(new RegExp(`place=${zip}.*type=townhouse`));
  // The values stay in the form, and the count is the one issue 46 defines.
  await expect(filters.getByLabel('City or ZIP code')).toHaveValue(zip);
  await expect(filters.getByLabel('Type')).toHaveValue('townhouse');
  await expect(visitor.locator('.listings-count [role="status"]')).toHaveText('1 home');
  const card = visitor.locator('[data-listing-card]').filter({ hasText: street });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$312,000');
  await expect(card).toContainText('2 beds · 2 baths · 1,280 sq ft');
  // No payment figure on a card: that would advertise credit terms (decision 090).
  await expect(card).not.toContainText(/\/mo|per month|monthly/i);

  // The map beside the list (behind "Map" on a phone), with tiles from the local tile server;
  // its marker's popup links to the page.
  const map = await resultsMap(visitor);
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  const marker = map.getByRole('button', { name: street });
  await marker.click();
  await expect(map.getByRole('link', { name: street })).toBeVisible();
  await accessible(visitor);

  // "Search this area": the visitor zooms out, and the list is the homes inside the map's edges,
  // the other filters kept, at an address that can be shared.
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await visitor.getByRole('button', { name: 'Search this area' }).click();
  await expect(visitor).toHaveURL(/[?&]area=-?\d/);
  await expect(visitor).toHaveURL(new RegExp(`place=${zip}.*type=townhouse`));
  await expect(visitor.locator('.listings-count')).toContainText('in the map area');
  await expect(visitor.locator('[data-listing-card]').filter({ hasText: street })).toBeVisible();
  // The back button returns to the search before.
  await visitor.goBack();
  await expect(visitor).not.toHaveURL(/area=/);
  await expect(visitor.locator('[data-listing-card]').filter({ hasText: street })).toBeVisible();

  // An area with nothing in it offers a wider search, which finds the home again.
  await visitor.goto(`/current-listings?place=${zip}&area=-60,20,-59,21`);
  await expect(
    visitor.getByRole('heading', { name: 'No homes match these filters' }),
  ).toBeVisible();
  await accessible(visitor);
  await visitor.getByRole('link', { name: 'Search beyond the map area' }).click();
  await expect(visitor.locator('[data-listing-card]').filter({ hasText: street })).toBeVisible();

  // Another type finds nothing here.
  await visitor.goto(`/current-listings?place=${zip}&type=land`);
  await expect(
    visitor.getByRole('heading', { name: 'No homes match these filters' }),
  ).toBeVisible();
  await visitor.goBack();

  await card.getByRole('link', { name: street }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: street })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(`^${street}, Springfield, IL ${zip} – \\$312,000`));
  await expect(visitor.getByText('Townhouse').first()).toBeVisible();
  await expect(visitor.getByText('End-unit townhouse with a sunny patio')).toBeVisible();
  await expect(visitor.getByText(/^Listed by /)).toBeVisible();
  await expect(
    visitor
      .getByRole('region', { name: 'Listing brokerage' })
      .getByText('Equal Housing Opportunity'),
  ).toBeVisible();
  await expect(
    visitor.getByRole('table').getByRole('row', { name: /Listed \$312,000/ }),
  ).toBeVisible();
  const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(/^https?:\/\/[^/]+\/api\/listings\/[^/]+\/photos\/[^/]+\/web$/);
  const ld = JSON.parse(
    (await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  );
  expect(ld['@type']).toBe('RealEstateListing');

  // The gallery: arrow keys while it has focus, and the thumbnails.
  const gallery = visitor.getByRole('region', { name: `Photos of ${street}` });
  const counter = gallery.getByText(/^Photo \d of 3$/);
  await expect(counter).toHaveText('Photo 1 of 3');
  // The keys work once the gallery's script has run, which shows its buttons: wait for them, or
  // the key can arrive before the listener does (the test's old flake).
  await expect(gallery.getByRole('button', { name: 'Next photo' })).toBeVisible();
  await gallery.getByLabel('Photo gallery').focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Photo 2 of 3');
  await expect(gallery.getByRole('img', { name: 'Sunny patio' }).first()).toBeVisible();
  await expect(gallery.getByText('Sunny patio', { exact: true })).toBeVisible();
  await visitor.keyboard.press('ArrowLeft');
  await visitor.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('Photo 3 of 3');
  await gallery.getByRole('link', { name: /Show photo 1/ }).click();
  await expect(counter).toHaveText('Photo 1 of 3');
  await expect(
    gallery.getByRole('img', { name: `Photo 1 of ${street}`, exact: true }),
  ).toBeVisible();
  // Full screen (issue 47): the gallery fills the screen, the keys still move it, and it leaves.
  await gallery.getByRole('button', { name: 'Full screen' }).click();
  await expect
    .poll(() => visitor.evaluate(() => document.fullscreenElement?.getAttribute('aria-label')))
    .toBe(`Photos of ${street}`);
  await gallery.getByLabel('Photo gallery').focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('Photo 2 of 3');
  await gallery.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => visitor.evaluate(() => document.fullscreenElement)).toBeNull();
  await accessible(visitor);

  // The listing page keeps to the content pages' JavaScript budget.
  const bytes = await jsMeter(request)(await (await request.get(visitor.url())).text());
  expect(bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  await visitor.context().close();
  await staff.context().close();
});
