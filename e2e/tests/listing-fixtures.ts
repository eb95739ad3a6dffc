import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, xhr } from './dashboard-fixtures.ts';
import { expect } from './fixtures/test.ts';

/**
 * A published FSBO listing of the signed-in user's, made through the dashboard's own API (the
 * steps the FSBO spec walks through in the browser): basics, contact, description, one photo
 * processed by the server's photo job, publish. For specs about what a published listing gets
 * (issue 22). Returns the property's hash and the public page's path.
 */
export async function publishFsboListing(
  page: Page,
  place: { street: string; zip: string },
): Promise<{ property: string; path: string }> {
  const property = await addProperty(page, { street: place.street, zip: place.zip });
  const send = async (path: string, data: object) => {
    const res = await page.request.put(`/api/dashboard/fsbo-listing/${path}`, {
      headers: xhr(),
      data: { property, finish: true, ...data },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await send('basics', {
    basics: {
      price: 315_000,
      propertyType: 'single-family',
      bedrooms: 3,
      bathrooms: 2,
      livingArea: 1_610,
      yearBuilt: 1990,
    },
  });
  await send('contact', {
    contact: {
      name: 'Robin',
      showEmail: false,
      email: '',
      showPhone: false,
      phone: '',
    },
  });
  await send('describe', {
    describe: { remarks: 'Bright home on a quiet street, near the park.', features: ['garage'] },
  });
  const photo = await sharp({
    create: { width: 1280, height: 960, channels: 3, background: { r: 90, g: 140, b: 110 } },
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
  expect(upload.status(), await upload.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dashboard/fsbo-listing?property=${property}`);
        return (await res.json()).listing.readyPhotos as number;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const published = await page.request.post('/api/dashboard/fsbo-listing/publish', {
    headers: xhr(),
    data: { property },
  });
  expect(published.status(), await published.text()).toBe(200);
  const path = (await published.json()).listing.publicPath as string;
  expect(path).toMatch(/^\/listings\//);
  return { property, path };
}
