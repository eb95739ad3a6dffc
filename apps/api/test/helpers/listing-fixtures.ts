import { LISTING_SYNDICATION_DEFAULTS, type TListingSyndication } from '@lantern/contracts';
import { fsboListings, type Listing, listings } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PHOTO_JOB } from '../../src/features/photos/photos.ts';
import { BROWSER } from './build-test-app.ts';
import { addProperty, type SignedIn } from './dashboard-fixtures.ts';
import { jpeg, multipart } from './photo-fixtures.ts';

/**
 * A published FSBO listing of `seller`'s, made through the dashboard's own API (basics, contact,
 * describe, a photo processed by the photo job, publish): what issue 22's tools work on.
 * The app must be built with `jobsWorker: false` so the photo job runs here.
 */
export async function publishedFsboListing(
  app: FastifyInstance,
  seller: SignedIn,
  street: string,
  contact: { showEmail?: boolean; showPhone?: boolean } = {},
  /** Where it may appear beyond our site, sent with the publish (the form's defaults). */
  syndication: TListingSyndication = LISTING_SYNDICATION_DEFAULTS,
): Promise<{ property: { id: number; hash: string }; listing: Listing }> {
  const property = await fsboListingReadyToPublish(app, seller, street, contact);
  const published = await app.inject({
    method: 'POST',
    url: FSBO_LISTING_API.publish,
    headers: { ...BROWSER, cookie: seller.cookie },
    payload: { property: property.hash, syndication },
  });
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
  const [row] = await app.db
    .select({ listing: listings })
    .from(listings)
    .innerJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
    .where(eq(fsboListings.propertyId, property.id));
  if (!row) throw new Error('no public row after publishing');
  return { property, listing: row.listing };
}

/** An FSBO listing with every step done and a photo processed, not yet published. */
export async function fsboListingReadyToPublish(
  app: FastifyInstance,
  seller: SignedIn,
  street: string,
  contact: { showEmail?: boolean; showPhone?: boolean } = {},
): Promise<{ id: number; hash: string }> {
  const property = await addProperty(app, seller.userId, 'seller', { street });
  const send = async (method: 'PUT' | 'POST', url: string, payload: object) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  const steps = [
    [
      FSBO_LISTING_API.basics,
      'basics',
      {
        price: 289_000,
        propertyType: 'single-family',
        bedrooms: 3,
        bathrooms: 2,
        livingArea: 1_540,
        yearBuilt: 1995,
      },
    ],
    [
      FSBO_LISTING_API.contact,
      'contact',
      {
        name: 'Robin Seller',
        showEmail: contact.showEmail ?? false,
        email: 'robin.seller@example.com',
        showPhone: contact.showPhone ?? false,
        phone: '(555) 301-2200',
      },
    ],
    [
      FSBO_LISTING_API.describe,
      'describe',
      { remarks: 'Bright home on a quiet street, close to the park.', features: ['garage'] },
    ],
  ] as const;
  for (const [path, key, value] of steps) {
    await send('PUT', path, { property: property.hash, [key]: value, finish: true });
  }
  const body = multipart([{ name: 'front.jpg', data: await jpeg(1280, 960) }]);
  const upload = await app.inject({
    method: 'POST',
    url: `${FSBO_LISTING_API.photos}?property=${property.hash}`,
    headers: { ...BROWSER, cookie: seller.cookie, ...body.headers },
    payload: body.payload,
  });
  if (upload.statusCode !== 200) throw new Error(`photo: ${upload.statusCode} ${upload.body}`);
  await app.jobs.runDue([PHOTO_JOB]);
  return property;
}
