import {
  CONCIERGE_DRAFT_API,
  CONCIERGE_LISTING_TEXTS,
  listingPagePath,
  PHOTO_SHOOT_API,
  PHOTO_SHOOT_LICENCE,
  PHOTO_SHOOT_RULES,
  PHOTO_SHOOT_TEXTS,
  type TPhotoShoot,
  type TWorkOrder,
  WORK_ORDER_API,
} from '@lantern/contracts';
import {
  auditLog,
  jobs,
  listingPhotos,
  mlsListings,
  newHash,
  orders,
  photoShoots,
  products,
} from '@lantern/db';
import { FSBO_LISTING_API, MLS_LISTING_API, PHOTO_TEXTS } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_JOB } from '../src/features/photos/photos.ts';
import { isBusinessDay, nextBusinessDay } from '../src/features/work-orders/schedule.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addMlsListing, jpeg, multipart } from './helpers/photo-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
let photographer: SignedIn;
let otherPhotographer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'shoot-alice');
  bob = await signUpUser(t.app, 'shoot-bob');
  ops = await signUpUser(t.app, 'shoot-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  photographer = await signUpUser(t.app, 'shoot-photog');
  await giveVendorKinds(t.app, photographer.userId, ['field']);
  otherPhotographer = await signUpUser(t.app, 'shoot-photog2');
  await giveVendorKinds(t.app, otherPhotographer.userId, ['field']);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

const firstOpen = (day: string) => (isBusinessDay(day) ? day : nextBusinessDay(day));

/** A photography order on the property, its visit scheduled, assigned and under way. */
async function visitUnderWay(propertyHash: string): Promise<TWorkOrder> {
  const placed = await call('POST', '/api/dashboard/orders', alice, {
    property: propertyHash,
    product: 'photography',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const made = await call('POST', WORK_ORDER_API.list, ops, {
    order: placed.json().order.hash,
    kind: 'photography',
  });
  expect(made.statusCode, made.body).toBe(201);
  const wo = made.json() as TWorkOrder;
  const day = firstOpen(wo.earliestDay);
  expect((await call('POST', WORK_ORDER_API.schedule(wo.hash), ops, { day })).statusCode).toBe(200);
  const assigned = await call('POST', WORK_ORDER_API.assign(wo.hash), ops, {
    assignee: photographer.hash,
  });
  expect(assigned.statusCode).toBe(200);
  const moved = await call('POST', WORK_ORDER_API.vendorState(wo.hash), photographer, {
    state: 'en_route',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  return wo;
}

async function upload(woHash: string, files: { name: string; data: Buffer }[], who = photographer) {
  const body = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: PHOTO_SHOOT_API.vendorPhotos(woHash),
    headers: { ...BROWSER, ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
  await t.app.jobs.runDue([PHOTO_JOB]);
  return res;
}

async function photos(n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      name: `room-${i + 1}.jpg`,
      data: await jpeg(1600, 1200),
    })),
  );
}

const approve = (woHash: string) =>
  call('POST', PHOTO_SHOOT_API.adminReview(woHash), ops, {
    decision: 'approve',
    rules: PHOTO_SHOOT_RULES.map((r) => r.key),
  });

async function mailsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => r.payload as { subject: string; text: string });
}

/** A shoot of `n` photos, uploaded and sent for review. */
async function submittedShoot(propertyHash: string, n = 3) {
  const wo = await visitUnderWay(propertyHash);
  const agreed = await call('POST', PHOTO_SHOOT_API.vendorLicence(wo.hash), photographer, {
    agree: true,
  });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const up = await upload(wo.hash, await photos(n));
  expect(up.statusCode, up.body).toBe(200);
  const sent = await call('POST', PHOTO_SHOOT_API.vendorSubmit(wo.hash), photographer);
  expect(sent.statusCode, sent.body).toBe(200);
  return wo;
}

describe('the photographer delivers the shoot', () => {
  it('needs the licence first, records it with its words, and refuses RAW files in words', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '10 Lens Lane' });
    const wo = await visitUnderWay(p.hash);
    const early = await upload(wo.hash, await photos(1));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PHOTO_SHOOT_TEXTS.licenceNeeded);

    const agreed = await call('POST', PHOTO_SHOOT_API.vendorLicence(wo.hash), photographer, {
      agree: true,
    });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().shoot.licenceAgreedAt).not.toBeNull();
    const [row] = await t.app.db.select().from(photoShoots);
    expect(row).toMatchObject({
      licenceAgreedBy: photographer.userId,
      licenceText: PHOTO_SHOOT_LICENCE,
    });
    // One entry, the service's own: the request writes no second one (decision 068).
    const [logged, ...more] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.url, PHOTO_SHOOT_API.vendorLicence(wo.hash)));
    expect(more).toEqual([]);
    expect(logged).toMatchObject({ action: 'photo_shoot.licence', actorId: photographer.userId });

    const cr2 = Buffer.concat([
      Buffer.from('II*\u0000\u0010\u0000\u0000\u0000CR', 'latin1'),
      Buffer.alloc(4000),
    ]);
    const res = await upload(wo.hash, [...(await photos(2)), { name: 'IMG_0042.CR2', data: cr2 }]);
    expect(res.statusCode).toBe(200);
    const files = res.json().files;
    expect(files.filter((f: { stored: boolean }) => f.stored)).toHaveLength(2);
    expect(files[2]).toEqual({ name: 'IMG_0042.CR2', stored: false, error: PHOTO_TEXTS.raw });
    const shoot = res.json().shoot as TPhotoShoot;
    expect(shoot.photos).toHaveLength(2);
    // The proof photos are apart: the work order still has none.
    expect(
      (await call('GET', WORK_ORDER_API.vendorOne(wo.hash), photographer)).json().photos,
    ).toEqual([]);
  });

  it('lets only the assigned photographer in (another: 404) and refuses an empty shoot', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '12 Lens Lane' });
    const wo = await visitUnderWay(p.hash);
    for (const [method, url] of [
      ['GET', PHOTO_SHOOT_API.vendor(wo.hash)],
      ['POST', PHOTO_SHOOT_API.vendorSubmit(wo.hash)],
      ['DELETE', PHOTO_SHOOT_API.vendorPhoto(wo.hash, 'x')],
    ] as const)
      expect((await call(method, url, otherPhotographer)).statusCode).toBe(404);
    expect(
      (
        await call('POST', PHOTO_SHOOT_API.vendorLicence(wo.hash), otherPhotographer, {
          agree: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await upload(wo.hash, await photos(1), otherPhotographer)).statusCode).toBe(404);
    // A customer is not a photographer: the vendor area answers 403 before any work order.
    expect((await call('GET', PHOTO_SHOOT_API.vendor(wo.hash), alice)).statusCode).toBe(403);

    await call('POST', PHOTO_SHOOT_API.vendorLicence(wo.hash), photographer, { agree: true });
    const empty = await call('POST', PHOTO_SHOOT_API.vendorSubmit(wo.hash), photographer);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(PHOTO_SHOOT_TEXTS.empty);
  });
});

describe('staff review and the customer gallery', () => {
  it('keeps the photos from the customer until approved, then mails and shows them', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '14 Lens Lane' });
    const wo = await submittedShoot(p.hash, 3);
    const staffView = await call('GET', PHOTO_SHOOT_API.admin(wo.hash), ops);
    expect(staffView.json().shoot.status).toBe('submitted');
    const photo = staffView.json().shoot.photos[0].hash as string;

    // Not yet theirs: the gallery is empty and the file is a 404 for the owner.
    const before = await call('GET', `${PHOTO_SHOOT_API.gallery}?property=${p.hash}`, alice);
    expect(before.json()).toMatchObject({ shoots: [], inReview: true });
    expect((await call('GET', PHOTO_SHOOT_API.file(photo, 'web'), alice)).statusCode).toBe(404);
    expect((await call('GET', PHOTO_SHOOT_API.file(photo, 'web'), ops)).statusCode).toBe(200);
    // While staff have it, the photographer cannot change it.
    const locked = await upload(wo.hash, await photos(1));
    expect(locked.json().message).toBe(PHOTO_SHOOT_TEXTS.locked);

    const unchecked = await call('POST', PHOTO_SHOOT_API.adminReview(wo.hash), ops, {
      decision: 'approve',
      rules: ['noPeople'],
    });
    expect(unchecked.statusCode).toBe(422);
    expect(
      (
        await call('POST', PHOTO_SHOOT_API.adminReview(wo.hash), alice, {
          decision: 'approve',
          rules: [],
        })
      ).statusCode,
    ).toBe(403);

    const approved = await approve(wo.hash);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().shoot.status).toBe('approved');
    expect((await approve(wo.hash)).statusCode).toBe(409);
    const mails = await mailsTo(alice.email);
    expect(mails.map((m) => m.subject)).toContain('14 Lens Lane: your photographs are ready');

    const gallery = await call('GET', `${PHOTO_SHOOT_API.gallery}?property=${p.hash}`, alice);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.json().shoots[0].photos.map((x: { fileName: string }) => x.fileName)).toEqual([
      'room-1.jpg',
      'room-2.jpg',
      'room-3.jpg',
    ]);
    expect(gallery.json().target).toBeNull();
    const original = await call('GET', PHOTO_SHOOT_API.file(photo, 'original'), alice);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toContain("filename*=UTF-8''room-1.jpg");
    expect(original.rawPayload[0]).toBe(0xff);

    const zip = await call('GET', PHOTO_SHOOT_API.zip(p.hash), alice);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual(['01 room-1.jpg', '02 room-2.jpg', '03 room-3.jpg']);
    expect(Buffer.from(files['01 room-1.jpg'] as Uint8Array).equals(original.rawPayload)).toBe(
      true,
    );

    // Another customer: every one of the property's photography routes is a 404.
    for (const url of [
      `${PHOTO_SHOOT_API.gallery}?property=${p.hash}`,
      PHOTO_SHOOT_API.zip(p.hash),
      PHOTO_SHOOT_API.file(photo, 'web'),
      PHOTO_SHOOT_API.file(photo, 'original'),
    ])
      expect((await call('GET', url, bob)).statusCode).toBe(404);
    const theirs = await call('POST', PHOTO_SHOOT_API.use, bob, {
      property: p.hash,
      photos: [photo],
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('sends a shoot back with the reason: the photographer is mailed and may change it', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '16 Lens Lane' });
    const wo = await submittedShoot(p.hash, 2);
    const blank = await call('POST', PHOTO_SHOOT_API.adminReview(wo.hash), ops, {
      decision: 'return',
      reason: '   ',
    });
    expect(blank.statusCode).toBe(422);
    const back = await call('POST', PHOTO_SHOOT_API.adminReview(wo.hash), ops, {
      decision: 'return',
      reason: 'Photo 2 shows a neighbour’s yard sign.',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().shoot).toMatchObject({
      status: 'returned',
      returnReason: 'Photo 2 shows a neighbour’s yard sign.',
    });
    const mail = (await mailsTo(photographer.email)).find((m) =>
      m.subject.startsWith('16 Lens Lane'),
    );
    expect(mail?.text).toContain('Photo 2 shows a neighbour’s yard sign.');
    const shoot = (await call('GET', PHOTO_SHOOT_API.vendor(wo.hash), photographer)).json()
      .shoot as TPhotoShoot;
    const removed = await call(
      'DELETE',
      PHOTO_SHOOT_API.vendorPhoto(wo.hash, shoot.photos[1]?.hash as string),
      photographer,
    );
    expect(removed.json().shoot.photos).toHaveLength(1);
    expect(
      (await call('POST', PHOTO_SHOOT_API.vendorSubmit(wo.hash), photographer)).json().shoot.status,
    ).toBe('submitted');
  });
});

describe('use in my listing', () => {
  it('copies chosen photos into the published FSBO listing, in order, and its public page shows them', async () => {
    const { property, listing } = await publishedFsboListing(t.app, alice, '18 Lens Lane');
    const wo = await submittedShoot(property.hash, 3);
    await approve(wo.hash);
    const gallery = (
      await call('GET', `${PHOTO_SHOOT_API.gallery}?property=${property.hash}`, alice)
    ).json();
    expect(gallery.target).toEqual({ kind: 'fsbo', editable: true, room: 49 });
    const [first, second, third] = gallery.shoots[0].photos.map((x: { hash: string }) => x.hash);
    const used = await call('POST', PHOTO_SHOOT_API.use, alice, {
      property: property.hash,
      photos: [third, first],
    });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ added: 2, message: PHOTO_SHOOT_TEXTS.added(2) });
    const listed = await call('GET', `${FSBO_LISTING_API.photos}?property=${property.hash}`, alice);
    const names = listed
      .json()
      .photos.map((x: { fileName: string; status: string }) => [x.fileName, x.status]);
    expect(names).toEqual([
      ['front.jpg', 'ready'],
      ['room-3.jpg', 'ready'],
      ['room-1.jpg', 'ready'],
    ]);
    // Copied in storage: the listing's own files, not the shoot's.
    const keys = await t.app.db
      .select({ key: listingPhotos.storageKey })
      .from(listingPhotos)
      .where(eq(listingPhotos.fsboListingId, listing.fsboListingId as number));
    expect(keys.every((k) => k.key.startsWith('fsbo-listings/'))).toBe(true);
    const web = await call('GET', listed.json().photos[1].urls.web, alice);
    expect(web.statusCode).toBe(200);
    // The public row follows.
    const page = await t.app.inject({ url: listingPagePath(listing.slug ?? '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(listed.json().photos[1].hash);
    expect(page.body).toContain(listed.json().photos[2].hash);
    const [logged, ...more] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.url, PHOTO_SHOOT_API.use));
    expect(more).toEqual([]);
    expect(logged).toMatchObject({
      action: 'listing.photos_from_shoot',
      after: { photos: [third, first] },
    });
    expect(second).toBeDefined();
  });

  it('keeps the MLS listing’s 50-photo limit and refuses a listing staff have', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '20 Lens Lane' });
    const mls = await addMlsListing(t.app.db, p.id, alice.userId);
    const wo = await submittedShoot(p.hash, 3);
    await approve(wo.hash);
    const gallery = (
      await call('GET', `${PHOTO_SHOOT_API.gallery}?property=${p.hash}`, alice)
    ).json();
    expect(gallery.target).toEqual({ kind: 'mls', editable: true, room: 50 });
    const hashes = gallery.shoots[0].photos.map((x: { hash: string }) => x.hash);
    // 48 photos already there: room for 2 of the 3.
    await t.app.db.insert(listingPhotos).values(
      Array.from({ length: 48 }, (_, i) => ({
        hash: `filler-${i}`,
        listingId: mls.id,
        position: i,
        fileName: `f${i}.jpg`,
        contentType: 'image/jpeg',
        bytes: 10,
        storageKey: `listings/${mls.hash}/photos/filler-${i}/original`,
      })),
    );
    const full = await call('POST', PHOTO_SHOOT_API.use, alice, {
      property: p.hash,
      photos: hashes,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(PHOTO_SHOOT_TEXTS.listingFull(2));
    const two = await call('POST', PHOTO_SHOOT_API.use, alice, {
      property: p.hash,
      photos: hashes.slice(0, 2),
    });
    expect(two.statusCode).toBe(200);
    const listed = await call('GET', `${MLS_LISTING_API.photos}?property=${p.hash}`, alice);
    expect(listed.json().photos).toHaveLength(50);

    await t.app.db
      .update(mlsListings)
      .set({ status: 'submitted' })
      .where(eq(mlsListings.id, mls.id));
    await t.app.db.delete(listingPhotos).where(eq(listingPhotos.listingId, mls.id));
    const locked = await call('POST', PHOTO_SHOOT_API.use, alice, {
      property: p.hash,
      photos: hashes.slice(2),
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(PHOTO_SHOOT_TEXTS.listingLocked);
    const unknown = await call('POST', PHOTO_SHOOT_API.use, alice, {
      property: p.hash,
      photos: ['not-one'],
    });
    expect(unknown.statusCode).toBe(409);
  });

  it('the concierge of a concierge listing adds delivered photos to the draft they hold (065)', async () => {
    const conny = await signUpUser(t.app, 'shoot-conny');
    const other = await signUpUser(t.app, 'shoot-other-conny');
    await giveVendorKinds(t.app, conny.userId, ['concierge']);
    await giveVendorKinds(t.app, other.userId, ['concierge']);
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '30 Lens Lane' });
    const mls = await addMlsListing(t.app.db, p.id, alice.userId);
    const [product] = await t.app.db
      .select()
      .from(products)
      .where(eq(products.slug, 'concierge-listing'));
    if (!product) throw new Error('no concierge-listing product');
    await t.app.db.insert(orders).values({
      hash: newHash(),
      propertyId: p.id,
      productId: product.id,
      userId: alice.userId,
      status: 'confirmed',
    });
    await t.app.vendors.assign({
      userId: conny.userId,
      kind: 'concierge',
      propertyId: p.id,
      orderId: null,
      assignedBy: ops.userId,
    });
    const wo = await submittedShoot(p.hash, 2);
    await approve(wo.hash);
    const url = `${CONCIERGE_DRAFT_API.photography}?property=${p.hash}`;

    // Another concierge: 404 on the gallery, its files and the copy.
    expect((await call('GET', url, other)).statusCode).toBe(404);
    const gallery = (await call('GET', url, conny)).json();
    expect(gallery.target).toEqual({ kind: 'mls', editable: false, room: 50 });
    const [first, second] = gallery.shoots[0].photos as { hash: string; urls: { thumb: string } }[];
    if (!first || !second) throw new Error('no photos');
    expect(first.urls.thumb).toBe(
      `${CONCIERGE_DRAFT_API.photographyFile(first.hash, 'thumb')}?property=${p.hash}`,
    );
    expect((await call('GET', first.urls.thumb, conny)).statusCode).toBe(200);
    expect((await call('GET', first.urls.thumb, other)).statusCode).toBe(404);
    const body = { property: p.hash, photos: [second.hash] };
    expect((await call('POST', CONCIERGE_DRAFT_API.photographyUse, other, body)).statusCode).toBe(
      404,
    );

    // Only while they hold the draft; the owner cannot meanwhile.
    const early = await call('POST', CONCIERGE_DRAFT_API.photographyUse, conny, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CONCIERGE_LISTING_TEXTS.notHeld);
    expect(
      (await call('POST', CONCIERGE_DRAFT_API.take, conny, { property: p.hash })).statusCode,
    ).toBe(200);
    const owner = await call('POST', PHOTO_SHOOT_API.use, alice, body);
    expect(owner.statusCode).toBe(409);
    const used = await call('POST', CONCIERGE_DRAFT_API.photographyUse, conny, body);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().added).toBe(1);
    const names = await t.app.db
      .select({ name: listingPhotos.fileName })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, mls.id));
    expect(names).toEqual([{ name: 'room-2.jpg' }]);
  });
});
