import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENTS_API } from '@lantern/contracts';
import { auditLog, listingPhotos, propertyDocuments } from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { refuseRows } from './helpers/db-faults.ts';
import { addMlsListing, jpeg, multipart } from './helpers/photo-fixtures.ts';

/**
 * Issue 40, item 1, for routes that call an outside service (docs/decisions/068-unit-of-work.md):
 * the file goes to storage first, then the row and its activity entry commit together. An entry
 * that cannot be written leaves no row and no file, and the request does not answer success.
 */
let t: TestApp;
let alice: SignedIn;
let propertyHash: string;
let propertyId: number;
let filesRoot: string;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  if (t.app.config.storage.kind !== 'local') throw new Error('expected local storage');
  filesRoot = t.app.config.storage.root;
  alice = await signUpUser(t.app, 'outside');
  const property = await addProperty(t.app, alice.userId, 'seller', { street: '3 Outside Row' });
  propertyHash = property.hash;
  propertyId = property.id;
  await addMlsListing(t.app.db, property.id, alice.userId);
}, 60_000);
afterAll(() => t?.close());

/** Every file stored under `prefix` (a folder of the local storage root). */
function filesUnder(prefix: string): string[] {
  try {
    return readdirSync(join(filesRoot, prefix), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function uploadPhoto(name: string) {
  const body = multipart([{ name, data: await jpeg(1280, 960) }]);
  return t.app.inject({
    method: 'POST',
    url: `${MLS_LISTING_API.photos}?property=${propertyHash}`,
    headers: { ...BROWSER, cookie: alice.cookie, ...body.headers },
    payload: body.payload,
  });
}

const entriesAt = (url: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(like(auditLog.url, `${url}%`));

describe('a listing photo', () => {
  it('is stored with its activity row, or not at all', async () => {
    const allow = await refuseRows(t.app.db, `new.url like '${MLS_LISTING_API.photos}%'`);
    try {
      const res = await uploadPhoto('front.jpg');
      expect(res.statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await t.app.db.select().from(listingPhotos)).toEqual([]);
    expect(filesUnder('listings')).toEqual([]);

    const res = await uploadPhoto('front.jpg');
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.db.select().from(listingPhotos)).toHaveLength(1);
    expect(filesUnder('listings')).toHaveLength(1);
    expect(await entriesAt(MLS_LISTING_API.photos)).toHaveLength(1);
  });

  it('is deleted with its activity row, and its files go only after that commits', async () => {
    const [photo] = await t.app.db.select().from(listingPhotos);
    if (!photo) throw new Error('the first test stores a photo');
    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${MLS_LISTING_API.photo(photo.hash)}?property=${propertyHash}`,
        headers: { ...BROWSER, cookie: alice.cookie },
      });
    const allow = await refuseRows(
      t.app.db,
      `new.url like '${MLS_LISTING_API.photo(photo.hash)}%'`,
    );
    try {
      expect((await remove()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await t.app.db.select().from(listingPhotos)).toHaveLength(1);
    expect(filesUnder('listings')).toHaveLength(1);

    expect((await remove()).statusCode).toBe(200);
    expect(await t.app.db.select().from(listingPhotos)).toEqual([]);
    expect(filesUnder('listings')).toEqual([]);
    expect(await entriesAt(MLS_LISTING_API.photo(photo.hash))).toHaveLength(1);
  });
});

describe('a checklist document', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
  const upload = () => {
    const body = multipart([{ name: 'disclosure.pdf', type: 'application/pdf', data: PDF }]);
    return t.app.inject({
      method: 'POST',
      url: `${DOCUMENTS_API.upload}?property=${propertyHash}&kind=sale_seller&type=addendum`,
      headers: { ...BROWSER, cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = () =>
    t.app.db.select().from(propertyDocuments).where(eq(propertyDocuments.propertyId, propertyId));
  const folder = () => join('properties', propertyHash, 'documents');

  it('is kept with its activity row, or not at all', async () => {
    const allow = await refuseRows(t.app.db, `new.url like '${DOCUMENTS_API.upload}%'`);
    try {
      expect((await upload()).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await stored()).toEqual([]);
    expect(filesUnder(folder())).toEqual([]);

    const res = await upload();
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored()).toHaveLength(1);
    expect(filesUnder(folder())).toHaveLength(1);
    expect(await entriesAt(DOCUMENTS_API.upload)).toHaveLength(1);
  });
});
