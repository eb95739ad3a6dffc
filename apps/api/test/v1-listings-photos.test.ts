import {
  ZProblemSchema,
  ZV1ListingListSchema,
  ZV1ListingResponseSchema,
  ZV1PhotoListSchema,
  ZV1PhotoResponseSchema,
  ZV1PhotoUploadSchema,
} from '@lantern/contracts';
import { MLS_LISTING_API } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_JOB } from '../src/features/photos/photos.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addMlsListing, addReader, jpeg, multipart } from './helpers/photo-fixtures.ts';
import { apiTokenFor, bearerCall } from './helpers/v1-tokens.ts';

/**
 * Issue 48: /api/v1/listings and /api/v1/photos. A token lists its owner's listings (drafts
 * included), uploads photos by the listing's own path (no `property` in the query), reorders and
 * captions them, reads their files at the v1 URLs its answers give, and deletes one; a reader is
 * refused changes, a stranger finds nothing, and the dashboard's paths under /api/v1 now give
 * v1 file URLs too.
 */
let t: TestApp;
let owner: SignedIn;
let reader: SignedIn;
let stranger: SignedIn;
const tokens: Record<string, string> = {};
let listingHash = '';
let propertyHash = '';

beforeAll(async () => {
  // Jobs run only when a test runs them (the photo job, as the runner would).
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  owner = await signUpUser(t.app, 'v1-lister');
  reader = await signUpUser(t.app, 'v1-reader');
  stranger = await signUpUser(t.app, 'v1-stranger');
  tokens.owner = await apiTokenFor(t.app, owner, ['listings:write']);
  tokens.reader = await apiTokenFor(t.app, reader, ['listings:write']);
  tokens.stranger = await apiTokenFor(t.app, stranger, ['listings:write']);
  tokens.properties = await apiTokenFor(t.app, owner, ['properties:write']);
  const property = await addProperty(t.app, owner.userId, 'seller', { street: '48 Photo Way' });
  propertyHash = property.hash;
  listingHash = (await addMlsListing(t.app.db, property.id, owner.userId)).hash;
  await addReader(t.app.db, property.id, reader.userId);
});
afterAll(() => t.close());

const call = (
  token: string | undefined,
  method: Parameters<typeof bearerCall>[2],
  url: string,
  payload?: object,
) => bearerCall(t.app, token ?? '', method, url, payload);

async function upload(names: string[]) {
  const files = await Promise.all(
    names.map(async (name) => ({ name, data: await jpeg(1280, 960) })),
  );
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/listings/${listingHash}/photos`,
    headers: { authorization: `Bearer ${tokens.owner}`, ...body.headers },
    payload: body.payload,
  });
}

const photosOf = async (token = tokens.owner) =>
  ZV1PhotoListSchema.parse(
    (await call(token, 'GET', `/api/v1/listings/${listingHash}/photos`)).json(),
  );

describe('/api/v1/listings', () => {
  it('lists the owner’s listings, drafts included, and reads one', async () => {
    const list = await call(tokens.owner, 'GET', '/api/v1/listings');
    expect(list.statusCode, list.body).toBe(200);
    const { listings } = ZV1ListingListSchema.parse(list.json());
    expect(listings).toEqual([
      expect.objectContaining({
        hash: listingHash,
        kind: 'mls',
        property: propertyHash,
        status: 'draft',
        canEdit: true,
        publicListing: null,
      }),
    ]);
    const one = await call(tokens.owner, 'GET', `/api/v1/listings/${listingHash}`);
    expect(ZV1ListingResponseSchema.parse(one.json()).listing.hash).toBe(listingHash);
    const theirs = await call(tokens.stranger, 'GET', `/api/v1/listings/${listingHash}`);
    expect(theirs.statusCode).toBe(404);
    const strangers = await call(tokens.stranger, 'GET', '/api/v1/listings');
    expect(ZV1ListingListSchema.parse(strangers.json()).listings).toEqual([]);
  });

  it('needs the listings scope', async () => {
    const res = await call(tokens.properties, 'GET', '/api/v1/listings');
    expect(res.statusCode).toBe(403);
    expect(ZProblemSchema.parse(res.json()).code).toBe('insufficient_scope');
  });
});

describe('/api/v1 photos', () => {
  it('uploads by the listing’s path and serves the files at the v1 URLs it gives', async () => {
    const res = await upload(['front.jpg', 'kitchen.jpg']);
    expect(res.statusCode, res.body).toBe(200);
    const uploaded = ZV1PhotoUploadSchema.parse(res.json());
    expect(uploaded.files.map((f) => f.stored)).toEqual([true, true]);
    await t.app.jobs.runDue([PHOTO_JOB]);

    const { photos, canEdit } = await photosOf();
    expect(canEdit).toBe(true);
    expect(photos.map((p) => [p.fileName, p.status])).toEqual([
      ['front.jpg', 'ready'],
      ['kitchen.jpg', 'ready'],
    ]);
    const first = photos[0];
    expect(first?.urls?.web).toBe(`/api/v1/photos/${first?.hash}/web`);
    const file = await call(tokens.owner, 'GET', first?.urls?.web ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('reorders, captions, reads and deletes one photo', async () => {
    const before = (await photosOf()).photos.map((p) => p.hash);
    const reversed = [...before].reverse();
    const url = `/api/v1/listings/${listingHash}/photos/order`;
    const ordered = await call(tokens.owner, 'PUT', url, { photos: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ZV1PhotoListSchema.parse(ordered.json()).photos.map((p) => p.hash)).toEqual(reversed);
    const partial = await call(tokens.owner, 'PUT', url, { photos: reversed.slice(1) });
    expect(partial.statusCode).toBe(422);

    const hash = reversed[0] ?? '';
    const captioned = await call(tokens.owner, 'PATCH', `/api/v1/photos/${hash}`, {
      caption: 'The kitchen',
    });
    expect(captioned.statusCode, captioned.body).toBe(200);
    expect(ZV1PhotoResponseSchema.parse(captioned.json()).photo.caption).toBe('The kitchen');
    const read = await call(tokens.reader, 'GET', `/api/v1/photos/${hash}`);
    expect(ZV1PhotoResponseSchema.parse(read.json()).photo.caption).toBe('The kitchen');

    const deleted = await call(tokens.owner, 'DELETE', `/api/v1/photos/${hash}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call(tokens.owner, 'GET', `/api/v1/photos/${hash}`)).statusCode).toBe(404);
    expect((await photosOf()).photos.map((p) => p.hash)).toEqual(reversed.slice(1));
  });

  it('lets a reader look but not change, and a stranger find nothing', async () => {
    const [photo] = (await photosOf(tokens.reader)).photos;
    const hash = photo?.hash ?? '';
    const change = await call(tokens.reader, 'PATCH', `/api/v1/photos/${hash}`, { caption: 'x' });
    expect(change.statusCode).toBe(403);
    expect((await call(tokens.reader, 'DELETE', `/api/v1/photos/${hash}`)).statusCode).toBe(403);
    for (const url of [`/api/v1/photos/${hash}`, `/api/v1/photos/${hash}/web`]) {
      expect((await call(tokens.stranger, 'GET', url)).statusCode, url).toBe(404);
    }
    const list = await call(tokens.stranger, 'GET', `/api/v1/listings/${listingHash}/photos`);
    expect(list.statusCode).toBe(404);
  });

  it('refuses a body that is not multipart, an unknown field, and a lone surrogate', async () => {
    const json = await call(tokens.owner, 'POST', `/api/v1/listings/${listingHash}/photos`, {
      files: [],
    });
    expect(json.statusCode).toBe(415);
    expect(ZProblemSchema.parse(json.json()).code).toBe('unsupported_media_type');
    const [photo] = (await photosOf()).photos;
    const unknown = await call(tokens.owner, 'PATCH', `/api/v1/photos/${photo?.hash}`, {
      caption: 'Front',
      colour: 'blue',
    });
    expect(unknown.statusCode).toBe(422);
    expect(ZProblemSchema.parse(unknown.json()).code).toBe('unknown_field');
    for (const url of ['/api/v1/photos/%ED%A0%80', `/api/v1/listings/%ED%A0%80/photos`]) {
      const res = await call(tokens.owner, 'GET', url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const surrogate = await call(tokens.owner, 'PATCH', `/api/v1/photos/${photo?.hash}`, {
      caption: '\uD800',
    });
    expect(surrogate.statusCode).toBe(422);
  });

  it('gives v1 file URLs on the dashboard’s paths reached under /api/v1 too', async () => {
    const token = await apiTokenFor(t.app, owner, ['listings:read']);
    const res = await call(
      token,
      'GET',
      `/api/v1${MLS_LISTING_API.photos.slice(4)}?property=${propertyHash}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = res.json().photos;
    expect(photo.urls.thumb).toBe(`/api/v1/photos/${photo.hash}/thumb`);
    // The browser keeps the dashboard's own.
    const browser = await t.app.inject({
      method: 'GET',
      url: `${MLS_LISTING_API.photos}?property=${propertyHash}`,
      headers: { cookie: owner.cookie },
    });
    expect(browser.json().photos[0].urls.thumb).toMatch(/^\/api\/dashboard\/mls-listing\/photos\//);
  });
});
