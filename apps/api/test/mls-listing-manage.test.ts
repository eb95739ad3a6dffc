import { createHash } from 'node:crypto';
import {
  ADMIN_LISTINGS_API,
  ESIGN_DISCLOSURE_VERSION,
  formatListingDay,
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  MESSAGES,
  MLS_LISTING_LIFECYCLE_API,
} from '@lantern/contracts';
import {
  documentSigners,
  type Job,
  listingChangeRequests,
  listingPhotos,
  listingVersions,
  mlsListings,
  newHash,
  orders,
  photoShoots,
  products,
  signingDocuments,
  workOrders,
} from '@lantern/db';
import { addDays, MLS_LISTING_API, todayUtc } from '@lantern/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_JOB, EXPIRY_REMINDERS_JOB } from '../src/features/mls-listing/manage.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import {
  asCustomer,
  joinAsSeller,
  listingReadyToSign,
  mailsTo,
} from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let carol: SignedIn;
let bob: SignedIn;
let staff: SignedIn;
let support: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'manage-a');
  carol = await signUpUser(t.app, 'manage-c');
  bob = await signUpUser(t.app, 'manage-stranger');
  staff = await signUpUser(t.app, 'manage-staff');
  support = await signUpUser(t.app, 'manage-support');
  await giveStaffRole(t.app, staff.userId, 'operations');
  await giveStaffRole(t.app, support.userId, 'support');
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) ManageTest/1.0';
const get = (url: string, who: SignedIn) => asCustomer(t.app, UA).get(url, who);
const post = (url: string, payload: object, who: SignedIn) =>
  asCustomer(t.app, UA).post(url, payload, who);
const consent = { consent: true, consentVersion: ESIGN_DISCLOSURE_VERSION };
const manage = (property: string, who: SignedIn) =>
  get(`${MLS_LISTING_LIFECYCLE_API.manage}?property=${property}`, who);
const ask = (property: string, details: object, who: SignedIn) =>
  post(MLS_LISTING_LIFECYCLE_API.changes, { property, details, ...consent }, who);
const renew = (property: string, ExpirationDate: string, who: SignedIn) =>
  post(MLS_LISTING_LIFECYCLE_API.renew, { property, ExpirationDate, ...consent }, who);
const complete = (hash: string, who: SignedIn = staff, note?: string) =>
  post(ADMIN_LISTINGS_API.complete(hash), note ? { note } : {}, who);
const decline = (hash: string, note: string, who: SignedIn = staff) =>
  post(ADMIN_LISTINGS_API.decline(hash), { note }, who);
/** The day `days` from today (UTC). */
const inDays = (days: number) => addDays(todayUtc(), days);

const join = (propertyId: number, who: SignedIn, canEdit = false) =>
  joinAsSeller(t.app, propertyId, who, canEdit);

/**
 * A listing signed by every owner and then put live. Staff's approval is built in parallel
 * (issue 18, review), so the listing is made live here as approval leaves it: status live, an
 * MLS number, StandardStatus Active.
 */
async function liveListing(opts: { withCarol?: boolean } = {}) {
  const owners = opts.withCarol
    ? [
        { name: 'Alice Owner', email: alice.email },
        { name: 'Carol Owner', email: carol.email },
      ]
    : [{ name: 'Alice Owner', email: alice.email }];
  const p = await listingReadyToSign(t.app, alice, { owners });
  const page = await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, alice);
  const document = page.json().document.hash as string;
  const signAs = (who: SignedIn) =>
    post(MLS_LISTING_LIFECYCLE_API.sign, { property: p.hash, document, ...consent }, who);
  expect((await signAs(alice)).statusCode).toBe(200);
  if (opts.withCarol) {
    await join(p.id, carol, false);
    expect((await signAs(carol)).json()).toMatchObject({ completed: true });
  }
  await t.app.db
    .update(mlsListings)
    .set({
      status: 'live',
      mlsNumber: `WY${Math.floor(Math.random() * 900_000) + 100_000}`,
      standardStatus: 'Active',
      liveAt: new Date(),
    })
    .where(eq(mlsListings.id, p.listing.id));
  return p;
}

async function listingRow(id: number) {
  const [row] = await t.app.db.select().from(mlsListings).where(eq(mlsListings.id, id));
  if (!row) throw new Error('no listing');
  return row;
}

async function setExpiration(listingId: number, date: string) {
  await t.app.db
    .update(mlsListings)
    .set({
      fields: sql`jsonb_set(${mlsListings.fields}, '{ExpirationDate}', to_jsonb(${date}::text))`,
    })
    .where(eq(mlsListings.id, listingId));
}

const runJob = async (kind: string) => {
  const job = t.app.jobs.kinds.get(kind);
  if (!job) throw new Error(`no job ${kind}`);
  await job.handler({}, { job: { id: 0, kind } as Job, log: t.app.log });
};

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('managing a live listing', () => {
  it('is a 404 for another user’s property on every manage route', async () => {
    const p = await liveListing();
    const asked = await ask(p.hash, { kind: 'price', ListPrice: 440_000 }, alice);
    expect(asked.statusCode).toBe(201);
    const form = asked.json().change.document as string;
    for (const res of [
      await manage(p.hash, bob),
      await ask(p.hash, { kind: 'price', ListPrice: 430_000 }, bob),
      await renew(p.hash, inDays(300), bob),
      await get(`${MLS_LISTING_LIFECYCLE_API.document(form)}?property=${p.hash}`, bob),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: MESSAGES.notFound });
    }
  });

  it('says a listing is not live yet', async () => {
    const p = await listingReadyToSign(t.app, alice);
    const res = await manage(p.hash, alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: L.notLive });
    const asked = await ask(p.hash, { kind: 'price', ListPrice: 440_000 }, alice);
    expect(asked.statusCode).toBe(409);
  });

  it('lets only participants who can edit, and who are owners, ask for changes', async () => {
    const p = await liveListing({ withCarol: true });
    // Carol is an owner but cannot edit the property.
    const carolAsks = await ask(p.hash, { kind: 'price', ListPrice: 440_000 }, carol);
    expect(carolAsks.statusCode).toBe(403);
    expect(carolAsks.json()).toEqual({ message: L.requestEditorsOnly });
    expect((await renew(p.hash, inDays(300), carol)).statusCode).toBe(403);
    // Bob can edit but is not an owner named on the listing: he cannot sign a change form.
    await join(p.id, bob, true);
    const bobAsks = await ask(p.hash, { kind: 'price', ListPrice: 440_000 }, bob);
    expect(bobAsks.statusCode).toBe(403);
    expect(bobAsks.json()).toEqual({ message: LM.ownersOnly });
    // Both may read the page.
    const view = (await manage(p.hash, carol)).json();
    expect(view).toMatchObject({ canEdit: false, youAreOwner: true, standardStatus: 'Active' });
  });

  it('signs the change form in the same call and queues it for staff', async () => {
    const p = await liveListing();
    const res = await ask(p.hash, { kind: 'price', ListPrice: 425_000 }, alice);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(L.changeSent);
    expect(body.change).toMatchObject({
      kind: 'price',
      status: 'pending',
      summary: 'Price to $425,000',
      details: { kind: 'price', ListPrice: 425_000 },
    });
    const [doc] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.hash, body.change.document));
    if (!doc?.signedSha256) throw new Error('the change form is not signed');
    expect(doc).toMatchObject({ kind: 'change_form', status: 'signed', listingId: p.listing.id });
    const signers = await t.app.db
      .select()
      .from(documentSigners)
      .where(eq(documentSigners.documentId, doc.id));
    expect(signers).toHaveLength(1);
    expect(signers[0]).toMatchObject({
      email: alice.email,
      userId: alice.userId,
      consentVersion: ESIGN_DISCLOSURE_VERSION,
      userAgent: UA,
      unsignedSha256: doc.unsignedSha256,
    });
    expect(signers[0]?.ip).toBeTruthy();
    const [row] = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect(row).toMatchObject({
      status: 'pending',
      kind: 'price',
      documentId: doc.id,
      requestedBy: alice.userId,
    });
    const download = await get(
      `${MLS_LISTING_LIFECYCLE_API.document(doc.hash)}?property=${p.hash}&copy=signed`,
      alice,
    );
    expect(download.statusCode).toBe(200);
    expect(sha(download.rawPayload)).toBe(doc.signedSha256);
    // Staff download the same signed copy; another listing's hash does not reach it.
    const staffCopy = await get(ADMIN_LISTINGS_API.document(p.listing.hash, doc.hash), staff);
    expect(staffCopy.statusCode).toBe(200);
    expect(sha(staffCopy.rawPayload)).toBe(doc.signedSha256);
    const other = await liveListing();
    expect(
      (await get(ADMIN_LISTINGS_API.document(other.listing.hash, doc.hash), staff)).statusCode,
    ).toBe(404);
    expect(
      (await get(ADMIN_LISTINGS_API.document(p.listing.hash, doc.hash), support)).statusCode,
    ).toBe(403);
    // The page lists it, newest first, with the price as it still is.
    const view = (await manage(p.hash, alice)).json();
    expect(view.ListPrice).toBe(450_000);
    expect(view.changes.map((c: { hash: string }) => c.hash)).toEqual([body.change.hash]);
    expect(view.priceChanges).toMatchObject({ used: 1, limit: 3, nextOn: null });
  });

  it('refuses the same price, the same status, and a closing without price and date', async () => {
    const p = await liveListing();
    const same = await ask(p.hash, { kind: 'price', ListPrice: 450_000 }, alice);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ 'details.ListPrice': [L.samePrice] });
    const active = await ask(p.hash, { kind: 'status', StandardStatus: 'Active' }, alice);
    expect(active.statusCode).toBe(422);
    expect(active.json().errors).toEqual({ 'details.StandardStatus': [L.sameStatus('Active')] });
    const bare = await ask(p.hash, { kind: 'status', StandardStatus: 'Closed' }, alice);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      'details.ClosePrice': [L.closeNeedsPriceAndDate],
      'details.CloseDate': [L.closeNeedsPriceAndDate],
    });
    const future = await ask(
      p.hash,
      { kind: 'status', StandardStatus: 'Closed', ClosePrice: 440_000, CloseDate: inDays(3) },
      alice,
    );
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ 'details.CloseDate': [L.closeDateFuture] });
    const contact = await ask(
      p.hash,
      { kind: 'remarks', PublicRemarks: 'Call 307-555-0188 for a showing.' },
      alice,
    );
    expect(contact.statusCode).toBe(422);
    // Nothing was signed for any of these.
    const forms = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.listingId, p.listing.id));
    expect(forms.filter((d) => d.kind === 'change_form')).toHaveLength(0);
  });

  it('refuses a 4th price change in 30 days with the date of the next, and not declined ones', async () => {
    const p = await liveListing();
    const hashes: string[] = [];
    for (const price of [449_000, 448_000, 447_000]) {
      const res = await ask(p.hash, { kind: 'price', ListPrice: price }, alice);
      expect(res.statusCode).toBe(201);
      hashes.push(res.json().change.hash);
    }
    const next = formatListingDay(inDays(30));
    const fourth = await ask(p.hash, { kind: 'price', ListPrice: 446_000 }, alice);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(L.priceLimit(next));
    expect(fourth.json().message).toMatch(/on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    const view = (await manage(p.hash, alice)).json();
    expect(view.priceChanges).toMatchObject({
      used: 3,
      nextOn: inDays(30),
      refusal: L.priceLimit(next),
    });
    // The refused form was not left to sign, and no request was made.
    const requests = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect(requests).toHaveLength(3);

    // A declined change does not count.
    expect((await decline(hashes[1] ?? '', 'The MLS refused that price.')).statusCode).toBe(200);
    const afterDecline = await ask(p.hash, { kind: 'price', ListPrice: 446_000 }, alice);
    expect(afterDecline.statusCode).toBe(201);
    expect((await ask(p.hash, { kind: 'price', ListPrice: 445_000 }, alice)).statusCode).toBe(409);

    // Once the oldest is more than 30 days old, one more is allowed.
    await t.app.db
      .update(listingChangeRequests)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(listingChangeRequests.hash, hashes[0] ?? ''));
    expect((await ask(p.hash, { kind: 'price', ListPrice: 445_000 }, alice)).statusCode).toBe(201);
  });

  it('lets two price changes at once pass the limit only once', async () => {
    const p = await liveListing();
    for (const price of [449_000, 448_000]) {
      expect((await ask(p.hash, { kind: 'price', ListPrice: price }, alice)).statusCode).toBe(201);
    }
    const both = await Promise.all([
      ask(p.hash, { kind: 'price', ListPrice: 447_000 }, alice),
      ask(p.hash, { kind: 'price', ListPrice: 446_000 }, alice),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const requests = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect(requests).toHaveLength(3);
  });
});

describe('staff carrying changes out', () => {
  it('completes a price change: the listing has the new price and a new version', async () => {
    const p = await liveListing();
    const asked = (await ask(p.hash, { kind: 'price', ListPrice: 425_000 }, alice)).json().change;
    const queue = await get(`${ADMIN_LISTINGS_API.changes}?limit=100`, staff);
    expect(queue.statusCode).toBe(200);
    const rows = queue.json().rows as Array<{ hash: string; status: string; listing: string }>;
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows.find((r) => r.hash === asked.hash)).toMatchObject({
      listing: p.listing.hash,
      summary: 'Price to $425,000',
      requestedByEmail: alice.email,
    });

    const done = await complete(asked.hash, staff, 'Changed on the MLS.');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      message: L.changeDone,
      change: { status: 'completed', staffNote: 'Changed on the MLS.' },
    });
    const listing = (await get(`${MLS_LISTING_API.listing}?property=${p.hash}`, alice)).json()
      .listing;
    expect(listing.form.ListPrice).toBe(425_000);
    expect((await manage(p.hash, alice)).json().ListPrice).toBe(425_000);
    const versions = await t.app.db
      .select()
      .from(listingVersions)
      .where(eq(listingVersions.listingId, p.listing.id))
      .orderBy(desc(listingVersions.number));
    expect(versions).toHaveLength(2);
    const [form] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.hash, asked.document));
    expect(versions[0]).toMatchObject({ number: 2, documentId: form?.id });
    expect(versions[0]?.snapshot).toMatchObject({
      form: { ListPrice: 425_000 },
      change: { hash: asked.hash, kind: 'price' },
    });
    expect(await mailsTo(t.app, alice.email)).toEqual(
      expect.arrayContaining([expect.stringContaining('Price to $425,000 — done')]),
    );

    // A second decision is refused.
    const again = await complete(asked.hash);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: L.changeNotPending });
    expect((await decline(asked.hash, 'Too late.')).statusCode).toBe(409);
  });

  it('needs a note to decline, and listings.review to decide', async () => {
    const p = await liveListing();
    const asked = (
      await ask(p.hash, { kind: 'remarks', PublicRemarks: 'Freshly painted, new roof.' }, alice)
    ).json().change;
    expect((await decline(asked.hash, '   ')).statusCode).toBe(422);
    expect((await get(ADMIN_LISTINGS_API.changes, support)).statusCode).toBe(403);
    expect((await complete(asked.hash, support)).statusCode).toBe(403);
    expect((await decline(asked.hash, 'No.', support)).statusCode).toBe(403);
    expect((await complete(asked.hash, alice)).statusCode).toBe(403);
    const declined = await decline(asked.hash, 'The MLS does not allow the word "roof" here.');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().change).toMatchObject({ status: 'declined' });
    const view = (await manage(p.hash, alice)).json();
    expect(view.PublicRemarks).toBe('Bright three-bedroom home on a quiet street.');
    expect(view.changes[0]).toMatchObject({
      status: 'declined',
      staffNote: 'The MLS does not allow the word "roof" here.',
    });
    expect(await mailsTo(t.app, alice.email)).toEqual(
      expect.arrayContaining([expect.stringContaining('New public remarks — not made')]),
    );
    expect((await complete('nosuchchange')).statusCode).toBe(404);
  });

  it('records an accepted offer, reminds of the closing, and ends the listing once closed', async () => {
    const p = await liveListing();
    const street = p.street;
    const pending = (await ask(p.hash, { kind: 'status', StandardStatus: 'Pending' }, alice)).json()
      .change;
    expect((await complete(pending.hash)).statusCode).toBe(200);
    expect((await listingRow(p.listing.id)).standardStatus).toBe('Pending');
    expect(await mailsTo(t.app, alice.email)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${street} is pending: tell us when it closes`),
      ]),
    );
    const closing = await ask(
      p.hash,
      {
        kind: 'status',
        StandardStatus: 'Closed',
        ClosePrice: 441_000,
        CloseDate: todayUtc(),
        ShowClosePrice: true,
      },
      alice,
    );
    expect(closing.statusCode).toBe(201);
    expect(await t.app.closedSales.find('lantern-mls', p.listing.hash)).toBeUndefined();
    expect(closing.json().change.summary).toBe(`Closed at $441,000 on ${todayUtc()}`);
    expect((await complete(closing.json().change.hash)).statusCode).toBe(200);
    const view = (await manage(p.hash, alice)).json();
    expect(view).toMatchObject({
      standardStatus: 'Closed',
      ended: true,
      closed: { ClosePrice: 441_000, CloseDate: todayUtc() },
      requestableStatuses: [],
    });
    // Issue 37: the closed listing is a sale in the store, public with the owner's consent.
    expect(await t.app.closedSales.find('lantern-mls', p.listing.hash)).toMatchObject({
      closePrice: 441_000,
      closeDate: todayUtc(),
      priceDisplay: 'public',
      livingArea: 1_850,
      bedroomsTotal: 3,
      lotSizeSquareFeet: 10_890,
    });
    const after = await ask(p.hash, { kind: 'price', ListPrice: 400_000 }, alice);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ message: L.listingEnded('Closed') });
  });
});

describe('renewal and expiry', () => {
  it('is signed by every owner, then goes to staff, who set the new end date', async () => {
    const p = await liveListing({ withCarol: true });
    const current = (await manage(p.hash, alice)).json().ExpirationDate as string;
    const early = await renew(p.hash, current, alice);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ ExpirationDate: [L.renewalDate] });
    expect((await renew(p.hash, inDays(800), alice)).statusCode).toBe(422);

    const next = inDays(365);
    const started = await renew(p.hash, next, alice);
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      completed: false,
      message: LM.renewalStarted,
      document: { kind: 'renewal', status: 'awaiting' },
    });
    expect(await mailsTo(t.app, carol.email)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Please sign the renewal of the listing agreement'),
      ]),
    );
    const open = await renew(p.hash, inDays(300), alice);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ message: L.renewalOpen });

    // Carol signs it on the Sign page, which shows the renewal while it is open.
    const signPage = (
      await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, carol)
    ).json();
    expect(signPage.document).toMatchObject({
      kind: 'renewal',
      hash: started.json().document.hash,
    });
    expect(signPage.youMaySign).toBe(true);
    const signed = await post(
      MLS_LISTING_LIFECYCLE_API.sign,
      { property: p.hash, document: signPage.document.hash, ...consent },
      carol,
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ completed: true, message: LM.renewalSent });
    expect((await listingRow(p.listing.id)).status).toBe('live');

    const [request] = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect(request).toMatchObject({
      kind: 'renewal',
      status: 'pending',
      requestedBy: alice.userId,
    });
    expect((await renew(p.hash, inDays(300), alice)).json()).toEqual({ message: L.renewalOpen });
    expect((await complete(request?.hash ?? '')).statusCode).toBe(200);
    expect((await manage(p.hash, alice)).json().ExpirationDate).toBe(next);
  });

  it('reminds the owners once, 14 days before the end date', async () => {
    const p = await liveListing();
    await setExpiration(p.listing.id, inDays(10));
    const reminders = async () =>
      (await mailsTo(t.app, alice.email)).filter((s) =>
        s.startsWith(`${p.street}: the listing ends on`),
      );
    await runJob(EXPIRY_REMINDERS_JOB);
    expect(await reminders()).toEqual([
      `${p.street}: the listing ends on ${formatListingDay(inDays(10))}`,
    ]);
    await runJob(EXPIRY_REMINDERS_JOB);
    expect(await reminders()).toHaveLength(1);
    expect((await listingRow(p.listing.id)).expiryRemindedFor).toBe(inDays(10));
    // A listing ending later is not reminded yet.
    const later = await liveListing();
    await runJob(EXPIRY_REMINDERS_JOB);
    expect((await listingRow(later.listing.id)).expiryRemindedFor).toBeNull();
  });

  it('marks a listing past its end date Expired, but not while a renewal waits for staff', async () => {
    const p = await liveListing();
    const renewing = await liveListing();
    expect((await renew(renewing.hash, inDays(200), alice)).json()).toMatchObject({
      completed: true,
    });
    await setExpiration(p.listing.id, inDays(-1));
    await setExpiration(renewing.listing.id, inDays(-1));
    await runJob(EXPIRE_JOB);
    expect((await listingRow(p.listing.id)).standardStatus).toBe('Expired');
    expect((await listingRow(renewing.listing.id)).standardStatus).toBe('Active');
    const expired = async () =>
      (await mailsTo(t.app, alice.email)).filter(
        (s) => s === `${p.street}: the listing has expired`,
      );
    expect(await expired()).toHaveLength(1);
    await runJob(EXPIRE_JOB);
    expect(await expired()).toHaveLength(1);
    const ended = await ask(p.hash, { kind: 'price', ListPrice: 400_000 }, alice);
    expect(ended.json()).toEqual({ message: L.listingEnded('Expired') });
  });
});

/**
 * A photograph delivered to the property by an approved shoot (issue 39), its files in storage
 * as the photo job would have left them.
 */
async function deliveredPhoto(propertyId: number, fileName: string) {
  const [product] = await t.app.db.select().from(products).where(eq(products.slug, 'photography'));
  const [order] = await t.app.db
    .insert(orders)
    .values({
      hash: newHash(),
      propertyId,
      productId: product?.id ?? 0,
      userId: alice.userId,
      status: 'confirmed',
    })
    .returning();
  const [wo] = await t.app.db
    .insert(workOrders)
    .values({
      hash: newHash(),
      orderId: order?.id ?? 0,
      propertyId,
      kind: 'photography',
      state: 'done',
    })
    .returning();
  if (!wo) throw new Error('no work order');
  await t.app.db
    .insert(photoShoots)
    .values({ workOrderId: wo.id, status: 'approved', reviewedAt: new Date() });
  const hash = newHash();
  const storageKey = `shoots/${wo.hash}/photos/${hash}/original`;
  for (const key of [
    storageKey,
    ...['thumb', 'web'].map((s) => storageKey.replace(/original$/, `${s}.jpg`)),
  ])
    await t.app.storage.put(key, Buffer.from(`${fileName} ${key}`), { contentType: 'image/jpeg' });
  await t.app.db.insert(listingPhotos).values({
    hash,
    shootWorkOrderId: wo.id,
    position: 0,
    status: 'ready',
    fileName,
    contentType: 'image/jpeg',
    bytes: 20,
    width: 1600,
    height: 1200,
    storageKey,
  });
  return hash;
}

describe('photo changes with the set the owners choose (issue 39)', () => {
  it('names the set on the form; Mark done gives the listing that set, delivered ones copied', async () => {
    const p = await liveListing();
    const shot = await deliveredPhoto(p.id, 'garden.jpg');
    const before = (await manage(p.hash, alice)).json();
    expect(before.photos.map((x: { fileName: string }) => x.fileName)).toEqual(['front.jpg']);
    const front = before.photos[0].hash as string;

    const unknown = await ask(
      p.hash,
      { kind: 'photos', instructions: 'Garden first.', photos: [shot, 'not-a-photo'] },
      alice,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['details.photos']).toEqual([LM.photosUnknown]);
    // Another customer may not name this home's photographs.
    expect(
      (await ask(p.hash, { kind: 'photos', instructions: 'x', photos: [shot] }, bob)).statusCode,
    ).toBe(404);

    const sent = await ask(
      p.hash,
      { kind: 'photos', instructions: 'Garden first, then the front.', photos: [shot, front] },
      alice,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const change = sent.json().change.hash as string;
    // Staff may open the chosen photos to send them to the MLS; nothing outside the set.
    const file = await get(ADMIN_LISTINGS_API.changePhoto(change, shot, 'original'), staff);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('garden.jpg');
    expect(file.headers['content-disposition']).toContain('garden.jpg');
    expect(
      (await get(ADMIN_LISTINGS_API.changePhoto(change, 'other', 'web'), staff)).statusCode,
    ).toBe(404);
    expect(
      (await get(ADMIN_LISTINGS_API.changePhoto(change, shot, 'web'), support)).statusCode,
    ).toBe(403);
    // A customer, even an owner of the listing, is refused the staff route.
    expect((await get(ADMIN_LISTINGS_API.changePhoto(change, shot, 'web'), alice)).statusCode).toBe(
      403,
    );
    // Until staff carry it out, the owners still see the set on the MLS as it was.
    expect((await manage(p.hash, alice)).json().photos).toHaveLength(1);

    expect((await complete(change)).statusCode).toBe(200);
    const after = (await manage(p.hash, alice)).json().photos as {
      hash: string;
      fileName: string;
    }[];
    expect(after.map((x) => x.fileName)).toEqual(['garden.jpg', 'front.jpg']);
    expect(after[1]?.hash).toBe(front);
    expect(after[0]?.hash).not.toBe(shot);
    const [copy] = await t.app.db
      .select()
      .from(listingPhotos)
      .where(eq(listingPhotos.hash, after[0]?.hash ?? ''));
    expect(copy?.storageKey.startsWith(`listings/${p.listing.hash}/`)).toBe(true);
    const web = await t.app.storage.get(copy?.storageKey.replace(/original$/, 'web.jpg') ?? '');
    expect(web).not.toBeNull();
    web?.resume();
  });

  it('drops photos the set leaves out, and refuses a set whose photo has gone', async () => {
    const p = await liveListing();
    const shot = await deliveredPhoto(p.id, 'porch.jpg');
    const sent = await ask(
      p.hash,
      { kind: 'photos', instructions: 'Only the porch.', photos: [shot] },
      alice,
    );
    const change = sent.json().change.hash as string;
    // The delivered photo goes before staff act (its shoot is withdrawn): nothing changes.
    await t.app.db.update(photoShoots).set({ status: 'returned' });
    const gone = await complete(change);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(LM.photosGone);
    expect((await manage(p.hash, alice)).json().photos).toHaveLength(1);
    await t.app.db.update(photoShoots).set({ status: 'approved' });
    expect((await complete(change)).statusCode).toBe(200);
    const after = (await manage(p.hash, alice)).json().photos as { fileName: string }[];
    expect(after.map((x) => x.fileName)).toEqual(['porch.jpg']);
  });
});
