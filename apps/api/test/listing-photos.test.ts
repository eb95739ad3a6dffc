import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { join } from 'node:path';
import {
  MESSAGES,
  PHOTO_ORDER_TEXTS,
  type TListingPhotosResponse,
  type TPhotoUploadResponse,
} from '@lantern/contracts';
import { type MlsListing, mlsListings, orders } from '@lantern/db';
import { MLS_LISTING_API, MLS_LISTING_TEXTS, PHOTO_TEXTS } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCARD_DRAFTS_JOB, PHOTO_JOB } from '../src/features/photos/photos.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import {
  addMlsListing,
  addReader,
  HEIC_1280x960,
  hasGps,
  jpeg,
  multipart,
  png,
} from './helpers/photo-fixtures.ts';

let t: TestApp;
let owner: SignedIn;
let reader: SignedIn;
let stranger: SignedIn;
let propertyHash: string;
let listing: MlsListing;
let filesRoot: string;

const q = () => `?property=${propertyHash}`;

async function upload(cookie: string, files: Parameters<typeof multipart>[0], hash = propertyHash) {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `${MLS_LISTING_API.photos}?property=${hash}`,
    headers: { ...BROWSER, cookie, ...body.headers },
    payload: body.payload,
  });
}

async function list(cookie = owner.cookie): Promise<TListingPhotosResponse> {
  const res = await t.app.inject({ url: MLS_LISTING_API.photos + q(), headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The photo job, run here (the test app runs no jobs by itself). */
const process = () => t.app.jobs.runDue([PHOTO_JOB]);

async function fileOf(hash: string, size: 'thumb' | 'web', cookie = owner.cookie) {
  return t.app.inject({ url: MLS_LISTING_API.photoFile(hash, size) + q(), headers: { cookie } });
}

async function clear() {
  for (const p of (await list()).photos) {
    await t.app.inject({
      method: 'DELETE',
      url: MLS_LISTING_API.photo(p.hash) + q(),
      headers: { ...BROWSER, cookie: owner.cookie },
    });
  }
}

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  if (t.app.config.storage.kind !== 'local') throw new Error('expected local storage');
  filesRoot = t.app.config.storage.root;
  owner = await signUpUser(t.app, 'photos-owner');
  reader = await signUpUser(t.app, 'photos-reader');
  stranger = await signUpUser(t.app, 'photos-stranger');
  const property = await addProperty(t.app, owner.userId);
  propertyHash = property.hash;
  listing = await addMlsListing(t.app.db, property.id, owner.userId);
  await addReader(t.app.db, property.id, reader.userId);
}, 60_000);
afterAll(() => t?.close());

describe('uploading photos', () => {
  it('stores JPEG, PNG and HEIC by their bytes, makes the sizes, and strips EXIF GPS', async () => {
    const withGps = await jpeg(1280, 960, { gps: true });
    expect(hasGps((await sharp(withGps).metadata()).exif)).toBe(true);
    const res = await upload(owner.cookie, [
      { name: 'front.jpg', data: withGps },
      { name: 'yard.png', type: 'image/png', data: await png(1600, 1200) },
      // The browser's type and name say nothing: the bytes decide.
      { name: 'IMG_0001.HEIC', type: 'application/octet-stream', data: HEIC_1280x960 },
    ]);
    expect(res.statusCode).toBe(200);
    const body: TPhotoUploadResponse = res.json();
    expect(body.files.map((f) => [f.name, f.stored])).toEqual([
      ['front.jpg', true],
      ['yard.png', true],
      ['IMG_0001.HEIC', true],
    ]);
    expect(body.photos.map((p) => [p.fileName, p.position, p.status])).toEqual([
      ['front.jpg', 0, 'processing'],
      ['yard.png', 1, 'processing'],
      ['IMG_0001.HEIC', 2, 'processing'],
    ]);
    expect(body.photos.every((p) => p.urls === null)).toBe(true);

    await process();
    const { photos } = await list();
    expect(photos.map((p) => [p.status, p.width, p.height, p.error])).toEqual([
      ['ready', 1280, 960, null],
      ['ready', 1600, 1200, null],
      ['ready', 1280, 960, null],
    ]);
    for (const photo of photos) {
      const thumb = await fileOf(photo.hash, 'thumb');
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(Math.max(meta.width, meta.height)).toBe(320);
      expect(meta.exif).toBeUndefined();
      expect(photo.urls?.web).toBe(`${MLS_LISTING_API.photoFile(photo.hash, 'web')}${q()}`);
    }
    const web = await fileOf(photos[0]?.hash as string, 'web');
    const webMeta = await sharp(web.rawPayload).metadata();
    expect([webMeta.width, webMeta.height]).toEqual([1280, 960]); // never enlarged
    expect(webMeta.exif).toBeUndefined();
    expect(hasGps(webMeta.exif)).toBe(false);
    expect(
      (await sharp((await fileOf(photos[1]?.hash as string, 'web')).rawPayload).metadata()).width,
    ).toBe(1600);
    // Keys are ours: the customer's file names appear nowhere in storage.
    const dir = join(filesRoot, 'listings', listing.hash, 'photos', photos[2]?.hash as string);
    expect(existsSync(join(dir, 'original'))).toBe(true);
    expect(existsSync(join(dir, 'web.jpg'))).toBe(true);
    await clear();
  });

  it('turns a photo upright by its EXIF orientation before checking its size', async () => {
    // Stored 1280×960 but turned a quarter: upright it is 960×1280 (portrait, big enough).
    await upload(owner.cookie, [
      { name: 'tall.jpg', data: await jpeg(1280, 960, { orientation: 6 }) },
    ]);
    await process();
    const [photo] = (await list()).photos;
    expect([photo?.status, photo?.width, photo?.height]).toEqual(['ready', 960, 1280]);
    const meta = await sharp((await fileOf(photo?.hash as string, 'thumb')).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([240, 320, undefined]);
    await clear();
  });

  it('refuses a text file named .jpg, a file over 15 MB, and (after processing) one too small', async () => {
    const tooLarge = Buffer.concat([await jpeg(1280, 960), Buffer.alloc(15 * 1024 * 1024)]);
    const res = await upload(owner.cookie, [
      {
        name: 'notes.jpg',
        data: Buffer.from('This is not a photo, only text with a .jpg name.\n'),
      },
      { name: 'huge.jpg', data: tooLarge },
      { name: 'empty.jpg', data: Buffer.alloc(0) },
      { name: 'small.jpg', data: await jpeg(1000, 750) },
      { name: 'ok.jpg', data: await jpeg(1024, 768) },
    ]);
    expect(res.statusCode).toBe(200);
    const body: TPhotoUploadResponse = res.json();
    expect(body.files.map((f) => (f.stored ? [f.name, 'stored'] : [f.name, f.error]))).toEqual([
      ['notes.jpg', PHOTO_TEXTS.wrongType],
      ['huge.jpg', PHOTO_TEXTS.tooLarge],
      ['empty.jpg', PHOTO_TEXTS.wrongType],
      ['small.jpg', 'stored'],
      ['ok.jpg', 'stored'],
    ]);
    // A refused file leaves nothing in storage.
    expect(body.photos).toHaveLength(2);
    await process();
    const { photos } = await list();
    expect(photos.map((p) => [p.fileName, p.status, p.error])).toEqual([
      ['small.jpg', 'refused', 'Too small for the MLS — use a photo at least 1024 × 768 pixels'],
      ['ok.jpg', 'ready', null],
    ]);
    expect(photos[0]?.urls).toBeNull();
    expect((await fileOf(photos[0]?.hash as string, 'web')).statusCode).toBe(404);
    await clear();
    expect(existsSync(join(filesRoot, 'listings', listing.hash, 'photos'))).toBe(true);
  });

  it('refuses the 51st photo of a listing, in one upload and in the next', async () => {
    const image = await jpeg(1024, 768);
    const first = await upload(
      owner.cookie,
      Array.from({ length: 49 }, (_, i) => ({ name: `p${i}.jpg`, data: image })),
    );
    expect((first.json() as TPhotoUploadResponse).files.every((f) => f.stored)).toBe(true);
    const second = await upload(owner.cookie, [
      { name: 'fiftieth.jpg', data: image },
      { name: 'fifty-first.jpg', data: image },
      { name: 'fifty-second.jpg', data: image },
    ]);
    const body: TPhotoUploadResponse = second.json();
    expect(body.files.map((f) => (f.stored ? 'stored' : f.error))).toEqual([
      'stored',
      PHOTO_TEXTS.tooMany,
      PHOTO_TEXTS.tooMany,
    ]);
    expect(body.photos).toHaveLength(50);
    const again = await upload(owner.cookie, [{ name: 'later.jpg', data: image }]);
    expect((again.json() as TPhotoUploadResponse).files).toEqual([
      { name: 'later.jpg', stored: false, error: PHOTO_TEXTS.tooMany },
    ]);
    await process();
    expect((await list()).photos.every((p) => p.status === 'ready')).toBe(true);
    await clear();
  }, 60_000);

  it('keeps nothing of an upload cut off in the middle of a file', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([{ name: 'cut.jpg', data: await jpeg(1600, 1200, { noise: true }) }]);
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(
      [
        `POST ${MLS_LISTING_API.photos}${q()} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${owner.cookie}`,
        `Origin: ${BROWSER.origin}`,
        'X-Requested-With: XMLHttpRequest',
        `Content-Type: ${body.headers['content-type']}`,
        `Content-Length: ${body.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)));
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect((await list()).photos).toEqual([]);
    const photosDir = join(filesRoot, 'listings', listing.hash, 'photos');
    const left = existsSync(photosDir) ? readdirSync(photosDir, { recursive: true }) : [];
    expect(left.filter((f) => String(f).endsWith('.part'))).toEqual([]);
    // And the server goes on taking uploads.
    const next = await upload(owner.cookie, [{ name: 'next.jpg', data: await jpeg(1024, 768) }]);
    expect((next.json() as TPhotoUploadResponse).files[0]?.stored).toBe(true);
    await clear();
  });

  it('keeps to 50 when two uploads race for the last places', async () => {
    const image = await jpeg(1024, 768);
    const files = (tag: string) =>
      Array.from({ length: 26 }, (_, i) => ({ name: `${tag}${i}.jpg`, data: image }));
    const answers = await Promise.all([
      upload(owner.cookie, files('a')),
      upload(owner.cookie, files('b')),
    ]);
    const results = answers.flatMap((r) => (r.json() as TPhotoUploadResponse).files);
    expect(results.filter((f) => f.stored)).toHaveLength(50);
    expect(results.filter((f) => !f.stored && f.error === PHOTO_TEXTS.tooMany)).toHaveLength(2);
    expect((await list()).photos.map((p) => p.position)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    await clear();
  }, 60_000);
});

describe('order, captions, delete', () => {
  let hashes: string[];
  beforeAll(async () => {
    const image = await jpeg(1024, 768);
    await upload(owner.cookie, [
      { name: 'a.jpg', data: image },
      { name: 'b.jpg', data: image },
      { name: 'c.jpg', data: image },
    ]);
    await process();
    hashes = (await list()).photos.map((p) => p.hash);
  });

  it('puts the photos in the order sent; the first is the primary one', async () => {
    const [a, b, c] = hashes as [string, string, string];
    const res = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.photosOrder,
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { property: propertyHash, photos: [c, a, b] },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json() as TListingPhotosResponse).photos.map((p) => [p.fileName, p.position]),
    ).toEqual([
      ['c.jpg', 0],
      ['a.jpg', 1],
      ['b.jpg', 2],
    ]);
    // Not exactly the listing's photos: refused, nothing changed.
    for (const photos of [
      [c, a],
      [c, a, b, b],
      [c, a, 'nope'],
    ]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: MLS_LISTING_API.photosOrder,
        headers: { ...BROWSER, cookie: owner.cookie },
        payload: { property: propertyHash, photos },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe(PHOTO_ORDER_TEXTS.mismatch);
    }
    expect((await list()).photos.map((p) => p.fileName)).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
  });

  it('saves a caption', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.photoCaption(hashes[0] as string),
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { property: propertyHash, caption: '  Kitchen with the new island  ' },
    });
    expect(res.statusCode).toBe(200);
    const photo = (res.json() as TListingPhotosResponse).photos.find((p) => p.hash === hashes[0]);
    expect(photo?.caption).toBe('Kitchen with the new island');
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.photoCaption(hashes[0] as string),
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { property: propertyHash, caption: 'x'.repeat(201) },
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('deletes a photo with its files and closes the gap in the order', async () => {
    const gone = hashes[2] as string; // c.jpg, now first
    const dir = join(filesRoot, 'listings', listing.hash, 'photos', gone);
    expect(existsSync(join(dir, 'original'))).toBe(true);
    expect(existsSync(join(dir, 'thumb.jpg'))).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: MLS_LISTING_API.photo(gone) + q(),
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json() as TListingPhotosResponse).photos.map((p) => [p.fileName, p.position]),
    ).toEqual([
      ['a.jpg', 0],
      ['b.jpg', 1],
    ]);
    for (const f of ['original', 'thumb.jpg', 'web.jpg'])
      expect(existsSync(join(dir, f))).toBe(false);
    expect((await fileOf(gone, 'web')).statusCode).toBe(404);
  });

  it('is a 404 to another user, whatever they try', async () => {
    const photo = hashes[0] as string;
    const cookie = stranger.cookie;
    const tries = [
      t.app.inject({ url: MLS_LISTING_API.photos + q(), headers: { cookie } }),
      t.app.inject({ url: MLS_LISTING_API.photoFile(photo, 'web') + q(), headers: { cookie } }),
      upload(cookie, [{ name: 'x.jpg', data: await jpeg(1024, 768) }]),
      t.app.inject({
        method: 'PUT',
        url: MLS_LISTING_API.photoCaption(photo),
        headers: { ...BROWSER, cookie },
        payload: { property: propertyHash, caption: 'mine now' },
      }),
      t.app.inject({
        method: 'DELETE',
        url: MLS_LISTING_API.photo(photo) + q(),
        headers: { ...BROWSER, cookie },
      }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound);
    }
    expect((await list()).photos).toHaveLength(2);
  });

  it('lets a participant without can_edit look, but not change (403)', async () => {
    const photo = hashes[0] as string;
    const cookie = reader.cookie;
    const seen = await list(cookie);
    expect(seen.can_edit).toBe(false);
    expect(seen.photos).toHaveLength(2);
    expect((await fileOf(photo, 'thumb', cookie)).statusCode).toBe(200);
    const writes = [
      upload(cookie, [{ name: 'x.jpg', data: await jpeg(1024, 768) }]),
      t.app.inject({
        method: 'PUT',
        url: MLS_LISTING_API.photosOrder,
        headers: { ...BROWSER, cookie },
        payload: { property: propertyHash, photos: [...seen.photos.map((p) => p.hash)].reverse() },
      }),
      t.app.inject({
        method: 'PUT',
        url: MLS_LISTING_API.photoCaption(photo),
        headers: { ...BROWSER, cookie },
        payload: { property: propertyHash, caption: 'changed' },
      }),
      t.app.inject({
        method: 'DELETE',
        url: MLS_LISTING_API.photo(photo) + q(),
        headers: { ...BROWSER, cookie },
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MLS_LISTING_TEXTS.readOnly);
    }
    expect(await list()).toEqual({ ...seen, can_edit: true });
  });

  it('deleteListingFiles removes every file and row of the listing', async () => {
    const root = join(filesRoot, 'listings', listing.hash);
    expect(existsSync(root)).toBe(true);
    await t.app.photos.deleteListingFiles(listing.id);
    expect(existsSync(root)).toBe(false);
    expect((await list()).photos).toEqual([]);
  });
});

describe('a draft whose order was cancelled', () => {
  it('is deleted with its files by the hourly job; listings of live orders stay', async () => {
    const kept = await addProperty(t.app, owner.userId, 'seller', { street: '2 Kept Rd' });
    const keptListing = await addMlsListing(t.app.db, kept.id, owner.userId);
    const gone = await addProperty(t.app, owner.userId, 'seller', { street: '3 Gone Rd' });
    const goneListing = await addMlsListing(t.app.db, gone.id, owner.userId);
    for (const hash of [kept.hash, gone.hash]) {
      const res = await upload(
        owner.cookie,
        [{ name: 'front.jpg', data: await jpeg(1280, 960) }],
        hash,
      );
      expect(res.json().files[0].stored).toBe(true);
    }
    await process();
    // As a voided invoice leaves it (payments cancel every order billed on it).
    await t.app.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, goneListing.orderId));

    await t.app.jobs.enqueue(DISCARD_DRAFTS_JOB, {});
    expect(await t.app.jobs.runDue([DISCARD_DRAFTS_JOB])).toBe(1);
    expect(existsSync(join(filesRoot, 'listings', goneListing.hash))).toBe(false);
    const rows = await t.app.db.select({ id: mlsListings.id }).from(mlsListings);
    expect(rows.map((r) => r.id)).not.toContain(goneListing.id);
    expect(rows.map((r) => r.id)).toContain(keptListing.id);
    expect(existsSync(join(filesRoot, 'listings', keptListing.hash))).toBe(true);
  });
});
