import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, sidebar, signUp } from './dashboard-fixtures.ts';
import { filterBar, resultsMap } from './fixtures/listings-search.ts';
import { expect, test } from './fixtures/test.ts';

/** Two different 1280×960 JPEGs, made for this test. */
async function makePhotos(names: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-fsbo-photos-'));
  return Promise.all(
    names.map(async (name, i) => {
      const path = join(dir, name);
      await sharp({
        create: {
          width: 1280,
          height: 960,
          channels: 3,
          background: { r: 200 - 80 * i, g: 150, b: 90 + 80 * i },
        },
      })
        .jpeg({ quality: 80 })
        .toFile(path);
      return path;
    }),
  );
}

/**
 * The step's page passes axe's checks. The review step's frame is left out: it holds the public
 * listing page, whose own landmarks (its main) axe would count as the dashboard's; that page is
 * checked by the public listing pages' own tests.
 */
async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').exclude('iframe').analyze();
  expect(violations).toEqual([]);
}

test('a seller publishes a free FSBO listing with photos, and a visitor finds it by filter and on the map', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUp(page, 'fsbo-listing');
  // A street number of this run's own: the e2e database is shared by runs and projects.
  const number = 1000 + Math.floor(Math.random() * 8000);
  const street = `${number} Owner Sells Rd`;
  // And a ZIP code of its own, so the visitor's filter finds this run's home alone.
  const zip = String(30_000 + Math.floor(Math.random() * 9_999));
  const property = await addProperty(page, { street, zip, lat: 39.79, lng: -89.64 });

  // The sidebar's Free FSBO Listing is the builder's entry: it starts at the first step.
  await page.goto(`/dashboard?property=${property}`);
  const entry = `/dashboard/fsbo-listing?property=${property}`;
  await expect(sidebar(page).getByRole('link', { name: 'Free FSBO Listing' })).toHaveAttribute(
    'href',
    entry,
  );
  await page.goto(entry);
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/basics\?property=/);
  const steps = page.getByRole('navigation', { name: 'Listing steps' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. Basics');
  await accessible(page);

  // 1. Basics: a draft first (resumable), then finished.
  await page.getByLabel('Asking price (US dollars)').fill('$289,000');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByLabel('Kind of property')).toHaveAccessibleDescription(
    'Choose the kind of property.',
  );
  await page.getByLabel('Kind of property').selectOption('single-family');
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Bathrooms').fill('1.5');
  await page.getByLabel('Living area (square feet)').fill('1,450');
  await page.getByLabel('Year built (optional)').fill('1962');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 2. Contact: buyers reach the seller through us unless they tick to show a detail.
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/contact\?/);
  await expect(steps.getByText('1. Basics (Done)')).toBeVisible();
  await expect(
    page.getByText(
      'Nothing shown: buyers reach you through the “Ask a question” form on your page.',
    ),
  ).toBeVisible();
  await accessible(page);
  await page.getByLabel('Name shown on your listing').fill('Robin');
  await page.getByLabel('Show my phone number on the listing').check();
  await page.getByLabel('Phone number to show').fill('(555) 014-2277');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 3. Description: contact details in the text are refused; fair-housing phrases are named.
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/describe\?/);
  const remarks = page.getByRole('textbox', { name: 'Description' });
  await remarks.fill('Cozy ranch home, perfect for families. Email robin@example.com.');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: '“perfect for families” may break fair-housing rules' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(remarks).toHaveAccessibleDescription(
    /Remove the email address from the description/,
  );
  await remarks.fill('Cozy ranch home on a quiet street, with a fenced yard and a new roof.');
  await page.getByLabel('Fenced yard').check();
  await page.getByLabel('Garage').check();
  await accessible(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 4. Photos: the shared uploader, on the FSBO listing's own routes.
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/media\?/);
  await expect(page.getByRole('region', { name: 'Photo rules' })).toContainText(
    'Show the home itself',
  );
  await page.getByLabel(/Add photos/).setInputFiles(await makePhotos(['front.jpg', 'yard.jpg']));
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('Uploaded')).toHaveCount(2, { timeout: 30_000 });
  const list = page.getByRole('list', { name: 'Listing photos, in order' });
  await expect(list.getByText('Preparing this photo…')).toHaveCount(0, { timeout: 30_000 });
  await expect(list.locator('.ds-photo__name')).toHaveText([
    'Primary photo: front.jpg',
    'yard.jpg',
  ]);
  await accessible(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 5. Review: the public page's own preview in a titled frame, then publish.
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/review\?/);
  const preview = page.frameLocator('iframe[title="Preview of your listing page"]');
  await expect(preview.getByText(street).first()).toBeVisible();
  await expect(preview.getByText('$289,000').first()).toBeVisible();
  await expect(preview.getByText('(555) 014-2277').first()).toBeVisible();
  await accessible(page);
  await page.getByRole('button', { name: 'Publish my listing' }).click();

  // 6. Manage: published at once, free; on the public list straight away.
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/manage\?/);
  await expect(page.getByText('Published — For sale.')).toBeVisible();
  const pageLink = page.getByRole('link', { name: 'See your listing page' });
  await expect(pageLink).toHaveAttribute('href', /^\/listings\/\d+-owner-sells-rd-/);
  await accessible(page);
  const current = await page.request.get('/api/listings?view=current');
  expect(current.status()).toBe(200);
  const { listings } = (await current.json()) as {
    listings: { address: string; price: number; photoUrl: string | null }[];
  };
  const mine = listings.find((l) => l.address === street);
  expect(mine).toMatchObject({ price: 289_000 });
  expect(mine?.photoUrl).toBeTruthy();

  // Coming back to the entry later lands on Manage.
  await page.goto(`/dashboard/fsbo-listing?property=${property}`);
  await expect(page).toHaveURL(/\/dashboard\/fsbo-listing\/manage\?/);

  // 7. A visitor, signed out, finds it on /current-listings by ZIP code and type, as a card and as
  // a marker on the map, and its page says who sells it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/current-listings');
  const filters = await filterBar(visitor);
  await filters.getByLabel('City or ZIP code').fill(zip);
  await filters.getByLabel('Type').selectOption('single-family');
  await filters.getByRole('button', { name: 'Show homes' }).click();
  const card = visitor.locator('[data-listing-card]').filter({ hasText: street });
  await expect(card).toContainText('$289,000');
  const map = await resultsMap(visitor);
  await map.getByRole('button', { name: street }).click();
  await map.getByRole('link', { name: street }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: street })).toBeVisible();
  await expect(visitor.getByText(/does not represent this seller/)).toBeVisible();
  await expect(visitor.getByRole('link', { name: '(555) 014-2277' })).toBeVisible();
  await visitorContext.close();
});
