import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { TListingPhotosResponse } from '@lantern/contracts';
import type { MlsListing } from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_JOB } from '../src/features/photos/photos.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addMlsListing, jpeg, multipart } from './helpers/photo-fixtures.ts';
import { startS3rver } from './helpers/s3rver.ts';

/** The photos step with S3 storage (s3rver started here): files there, served by signed URLs. */
describe('listing photos on S3', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  let owner: SignedIn;
  let propertyHash: string;
  let listing: MlsListing;
  let client: S3Client;

  const keys = async () => {
    const out = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    return (out.Contents ?? []).map((o) => o.Key as string).sort();
  };

  beforeAll(async () => {
    s3 = await startS3rver();
    t = await buildTestApp({
      jobsPollMs: 0,
      jobsWorker: false,
      storage: { kind: 's3', ...s3.config },
    });
    client = new S3Client({
      region: s3.config.region,
      endpoint: s3.config.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    owner = await signUpUser(t.app, 's3-owner');
    const property = await addProperty(t.app, owner.userId);
    propertyHash = property.hash;
    listing = await addMlsListing(t.app.db, property.id, owner.userId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores the original and sizes in the bucket and redirects to a signed, expiring URL', async () => {
    const body = multipart([
      { name: 'front.jpg', data: await jpeg(1600, 1200, { gps: true }) },
      { name: 'back.jpg', data: await jpeg(1024, 768) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${MLS_LISTING_API.photos}?property=${propertyHash}`,
      headers: { ...BROWSER, cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runDue([PHOTO_JOB]);
    const list = await t.app.inject({
      url: `${MLS_LISTING_API.photos}?property=${propertyHash}`,
      headers: { cookie: owner.cookie },
    });
    const { photos }: TListingPhotosResponse = list.json();
    expect(photos.map((p) => p.status)).toEqual(['ready', 'ready']);
    const [front, back] = photos as [(typeof photos)[0], (typeof photos)[0]];
    const prefix = `listings/${listing.hash}/photos`;
    expect(await keys()).toEqual(
      [front, back]
        .flatMap((p) => [
          `${prefix}/${p.hash}/original`,
          `${prefix}/${p.hash}/thumb.jpg`,
          `${prefix}/${p.hash}/web.jpg`,
        ])
        .sort(),
    );

    const file = await t.app.inject({
      url: front.urls?.web as string,
      headers: { cookie: owner.cookie },
    });
    expect(file.statusCode).toBe(302);
    expect(file.headers['cache-control']).toBe('no-store');
    const signed = file.headers.location as string;
    expect(
      signed.startsWith(
        `${s3.config.endpoint}/${s3.config.bucket}/${prefix}/${front.hash}/web.jpg?`,
      ),
    ).toBe(true);
    expect(signed).toMatch(/X-Amz-Expires=600&/);
    const image = await fetch(signed);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1200, undefined]);

    // Without a session there is no link at all.
    const anonymous = await t.app.inject({ url: front.urls?.web as string });
    expect(anonymous.statusCode).toBe(401);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `${MLS_LISTING_API.photo(front.hash)}?property=${propertyHash}`,
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await keys()).every((k) => k.startsWith(`${prefix}/${back.hash}/`))).toBe(true);

    await t.app.photos.deleteListingFiles(listing.id);
    expect(await keys()).toEqual([]);
  });
});
