import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, SHARE_DEFAULTS, signUp, xhr } from './dashboard-fixtures.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 22, "Open house kit": a seller with a published FSBO listing schedules an open house on
 * the listing's Open houses tab (a mistake is said under its field, and nothing typed is lost),
 * sees it on the public page in the home's time zone, downloads the printable flyer (a PDF), and
 * cancels it, which takes it off the page.
 */

/** The day `days` from now on Springfield, IL's clocks (YYYY-MM-DD), as a date input takes it. */
const chicagoDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** A published FSBO listing of the signed-in seller's, made through the dashboard's API. */
async function publishedListing(page: Page, street: string, zip: string): Promise<string> {
  const property = await addProperty(page, { street, zip, lat: 39.79, lng: -89.64 });
  await page.request.get(`/api/dashboard/fsbo-listing?property=${property}`);
  const put = async (step: string, key: string, value: object) => {
    const res = await page.request.put(`/api/dashboard/fsbo-listing/${step}`, {
      headers: xhr(),
      data: { property, [key]: value, finish: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await put('basics', 'basics', {
    price: 305_000,
    propertyType: 'single-family',
    bedrooms: 3,
    bathrooms: 2,
    livingArea: 1_620,
  });
  await put('contact', 'contact', {
    name: 'Robin',
    showEmail: false,
    email: 'robin.open-house@example.com',
    showPhone: true,
    phone: '(555) 014-2277',
  });
  await put('describe', 'describe', {
    remarks: 'Brick ranch with a big yard, a block from the park.',
    features: [],
  });
  const photo = await sharp({
    create: { width: 1280, height: 960, channels: 3, background: { r: 180, g: 120, b: 80 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post(
    `/api/dashboard/fsbo-listing/photos?property=${property}`,
    {
      headers: xhr(),
      multipart: { files: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo } },
    },
  );
  expect(upload.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/dashboard/fsbo-listing/photos?property=${property}`,
        );
        return (await res.json()).photos.map((p: { status: string }) => p.status).join();
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  const published = await page.request.post('/api/dashboard/fsbo-listing/publish', {
    headers: xhr(),
    data: { property, syndication: SHARE_DEFAULTS },
  });
  expect(published.status(), await published.text()).toBe(200);
  return property;
}

async function accessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations).toEqual([]);
}

test('a seller schedules an open house, sees it on the listing page, and downloads the flyer', async ({
  page,
  allowConsole,
}) => {
  test.setTimeout(120_000);
  // The refused time below is a 422 answer, which Chromium logs.
  allowConsole(/status of 422/);
  await signUp(page, 'open-house');
  const number = 1000 + Math.floor(Math.random() * 8000);
  const street = `${number} Open House Way`;
  const zip = String(40_000 + Math.floor(Math.random() * 9_999));
  const property = await publishedListing(page, street, zip);

  await page.goto(`/dashboard/listing/open-houses?property=${property}`);
  const tabs = page.getByRole('navigation', { name: 'Listing tools' });
  await expect(tabs.getByRole('link', { name: 'Open houses' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Open houses' })).toBeVisible();
  await expect(page.getByText('Times are in the home’s time zone (Central Time).')).toBeVisible();
  await expect(page.getByText('No open houses planned.')).toBeVisible();
  await accessible(page);

  // A mistake: it ends before it starts. The words go under Ends at; what was typed stays.
  const form = page.getByRole('form', { name: 'Schedule an open house' });
  const date = chicagoDay(4);
  await form.getByLabel('Day').fill(date);
  await form.getByLabel('Starts at').fill('13:00');
  await form.getByLabel('Ends at').fill('12:00');
  await form.getByLabel('Note for visitors (optional)').fill('Park on Elm St.');
  await form.getByRole('button', { name: 'Schedule open house' }).click();
  const ends = form.getByLabel('Ends at');
  await expect(ends).toHaveAccessibleDescription(
    'The open house must end after it starts, on the same day.',
  );
  await expect(ends).toBeFocused();
  await expect(form.getByLabel('Day')).toHaveValue(date);
  await expect(form.getByLabel('Note for visitors (optional)')).toHaveValue('Park on Elm St.');
  await accessible(page);

  await ends.fill('15:00');
  await form.getByRole('button', { name: 'Schedule open house' }).click();
  const scheduled = page.getByRole('status').filter({ hasText: 'Open house scheduled:' });
  await expect(scheduled).toContainText(/1:00 – 3:00 PM C[SD]T/);
  const first = ((await scheduled.textContent()) ?? '')
    .replace('Open house scheduled: ', '')
    .replace(/\.$/, '');
  const upcoming = page.getByRole('list', { name: 'Coming up' });
  await expect(upcoming.getByText(first, { exact: true })).toBeVisible();
  await expect(upcoming.getByText('Park on Elm St.')).toBeVisible();
  await expect(form.getByLabel('Day')).toHaveValue('');

  // Changed in place: the form opens on the day, filled in; saving gives the Change button back.
  await upcoming.getByRole('button', { name: `Change: ${first}` }).click();
  const edit = page.getByRole('form', { name: 'Change this open house' });
  await expect(edit.getByLabel('Day')).toBeFocused();
  await expect(edit.getByLabel('Starts at')).toHaveValue('13:00');
  await edit.getByLabel('Ends at').fill('16:00');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const changed = page.getByRole('status').filter({ hasText: 'Open house changed:' });
  await expect(changed).toContainText(/1:00 – 4:00 PM C[SD]T/);
  const label = ((await changed.textContent()) ?? '')
    .replace('Open house changed: ', '')
    .replace(/\.$/, '');
  await expect(upcoming.getByRole('button', { name: `Change: ${label}` })).toBeFocused();
  await accessible(page);

  // The public page shows it at once, in the home's zone.
  const publicLink = page.getByRole('link', { name: 'See the public page' });
  const href = (await publicLink.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/listings\/\d+-open-house-way-/);
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser');
  const view = await visitor.newPage();
  await view.goto(href);
  const section = view.getByRole('region', { name: 'Open houses' });
  await expect(section.getByText(label)).toBeVisible();
  await expect(section.getByText('Park on Elm St.')).toBeVisible();

  // The flyer: a PDF download.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the flyer (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^flyer-\d+-open-house-way-.+\.pdf$/);
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The primary photo is in it (an image stream's dictionary is plain text in the file).
  expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

  // Cancelled through the confirm dialog: off the page, kept in the list as cancelled.
  await upcoming.getByRole('button', { name: `Cancel: ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this open house?' });
  await expect(dialog).toContainText(label);
  await dialog.getByRole('button', { name: 'Cancel open house' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Open house cancelled:' })).toBeVisible();
  await expect(page.getByText('No open houses planned.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Coming up' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Past and cancelled' })).toBeVisible();
  await view.reload();
  await expect(view.getByRole('heading', { level: 1, name: street })).toBeVisible();
  await expect(view.getByRole('region', { name: 'Open houses' })).toHaveCount(0);
  await visitor.close();
});
