import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, SHARE_DEFAULTS, xhr } from './dashboard-fixtures.ts';
import { expect } from './fixtures/test.ts';

export interface PublishedListing {
  /** The property's hash. */
  property: string;
  /** The public page's path, /listings/{slug}. */
  path: string;
  slug: string;
}

/**
 * A published FSBO listing of the signed-in user's, made through the dashboard's own API (the
 * steps fsbo-listing.spec.ts walks through in the browser): basics, contact, description,
 * `photos` photos (default 1) processed by the server's photo job, publish. For the specs of what
 * a published listing gets (issue 22). Streets and ZIPs must be unique per run.
 */
export async function publishFsboListing(page: Page, place: FsboPlace): Promise<PublishedListing> {
  const property = await fsboListingReadyToPublish(page, place);
  const published = await page.request.post('/api/dashboard/fsbo-listing/publish', {
    headers: xhr(),
    data: { property, syndication: SHARE_DEFAULTS },
  });
  expect(published.status(), await published.text()).toBe(200);
  const path = (await published.json()).listing.publicPath as string;
  expect(path).toMatch(/^\/listings\//);
  return { property, path, slug: decodeURIComponent(path.slice('/listings/'.length)) };
}

type FsboPlace = { street: string; zip?: string; lat?: number; lng?: number; photos?: number };

/** The same listing with every step done and its photos ready, not yet published. */
export async function fsboListingReadyToPublish(page: Page, place: FsboPlace): Promise<string> {
  const property = await addProperty(page, {
    street: place.street,
    ...(place.zip ? { zip: place.zip } : {}),
    ...(place.lat !== undefined && place.lng !== undefined
      ? { lat: place.lat, lng: place.lng }
      : {}),
  });
  const send = async (step: string, data: object) => {
    const res = await page.request.put(`/api/dashboard/fsbo-listing/${step}`, {
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
    contact: { name: 'Robin', showEmail: false, email: '', showPhone: false, phone: '' },
  });
  await send('describe', {
    describe: { remarks: 'Bright home on a quiet street, near the park.', features: ['garage'] },
  });
  const count = place.photos ?? 1;
  for (let i = 0; i < count; i++) {
    // Different colours, so no two photos are the same file.
    const photo = await sharp({
      create: {
        width: 1280,
        height: 960,
        channels: 3,
        background: { r: 60 + 90 * i, g: 140, b: 200 - 90 * i },
      },
    })
      .jpeg()
      .toBuffer();
    const upload = await page.request.post(
      `/api/dashboard/fsbo-listing/photos?property=${property}`,
      {
        headers: xhr(),
        multipart: { files: { name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
      },
    );
    expect(upload.status(), await upload.text()).toBe(200);
  }
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dashboard/fsbo-listing?property=${property}`);
        return (await res.json()).listing.readyPhotos as number;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
  return property;
}
