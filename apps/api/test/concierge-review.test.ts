import {
  ADMIN_LISTINGS_API,
  CONCIERGE_API,
  ESIGN_DISCLOSURE_VERSION,
  MLS_LISTING_LIFECYCLE_API,
  photoReasonKey,
} from '@lantern/contracts';
import {
  auditLog,
  listingEvents,
  listingPhotos,
  mlsBoards,
  mlsListings,
  orders,
  products,
  users,
} from '@lantern/db';
import { CONCIERGE_TEXTS as CT, MLS_LISTING_API } from '@lantern/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { listingForm, listingReadyToSign, mailsTo } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let conny: SignedIn;
let other: SignedIn;
let field: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'concierge-alice');
  conny = await signUpUser(t.app, 'concierge-conny');
  other = await signUpUser(t.app, 'concierge-other');
  field = await signUpUser(t.app, 'concierge-field');
  ops = await signUpUser(t.app, 'concierge-ops');
  await giveVendorKinds(t.app, conny.userId, ['concierge']);
  await giveVendorKinds(t.app, other.userId, ['concierge']);
  await giveVendorKinds(t.app, field.userId, ['field']);
  await giveStaffRole(t.app, ops.userId, 'operations');
  await t.app.db.insert(mlsBoards).values({
    slug: 'concierge-mls',
    name: 'Concierge Test MLS',
    shortName: 'CTM',
    states: ['WY'],
    counties: ['Concierge'],
    website: 'https://mls.example',
    sourceName: 'test',
    sourceUrl: 'https://mls.example',
  });
});
afterAll(() => t.close());

const headers = (who: SignedIn) => ({ ...BROWSER, cookie: who.cookie });
const get = (url: string, who: SignedIn) =>
  t.app.inject({ method: 'GET', url, headers: headers(who) });
const post = (url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method: 'POST', url, headers: headers(who), payload });
const put = (url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method: 'PUT', url, headers: headers(who), payload });

const OWNER = () => ({ name: 'Alice Owner', email: alice.email });

/** Every owner (Alice alone) signs the agreement as it stands; answers the listing's status. */
async function signAll(property: string) {
  const page = await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${property}`, alice);
  expect(page.statusCode).toBe(200);
  const signed = await post(
    MLS_LISTING_LIFECYCLE_API.sign,
    {
      property,
      document: page.json().document.hash,
      consent: true,
      consentVersion: ESIGN_DISCLOSURE_VERSION,
    },
    alice,
  );
  expect(signed.statusCode).toBe(200);
  expect(signed.json().completed).toBe(true);
  return (await get(`${MLS_LISTING_API.listing}?property=${property}`, alice)).json().listing;
}

async function conciergeOrderOf(propertyId: number) {
  const [row] = await t.app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.propertyId, propertyId), eq(products.slug, 'concierge-review')));
  return row;
}

/** A paid listing with a concierge review, assigned to Conny (per property or per order). */
async function conciergeListing(
  street: string,
  assign: 'property' | 'order' | 'none' = 'property',
) {
  const l = await listingReadyToSign(t.app, alice, {
    street,
    county: 'Concierge County',
    owners: [OWNER()],
    upgrades: ['concierge-review'],
  });
  const order = await conciergeOrderOf(l.id);
  expect(order?.status).toBe('confirmed');
  if (assign !== 'none')
    await t.app.vendors.assign({
      userId: conny.userId,
      kind: 'concierge',
      propertyId: l.id,
      orderId: assign === 'order' ? (order?.id ?? null) : null,
      assignedBy: ops.userId,
    });
  return l;
}

async function events(listingId: number) {
  return t.app.db
    .select({ kind: listingEvents.kind, by: users.email })
    .from(listingEvents)
    .leftJoin(users, eq(users.id, listingEvents.staffUserId))
    .where(eq(listingEvents.listingId, listingId))
    .orderBy(asc(listingEvents.id));
}

describe('which listings go to the concierge', () => {
  it('without a concierge order, or with one nobody is assigned to, the signature sends it to staff', async () => {
    const plain = await listingReadyToSign(t.app, alice, { owners: [OWNER()] });
    await t.app.vendors.assign({
      userId: conny.userId,
      kind: 'concierge',
      propertyId: plain.id,
      orderId: null,
      assignedBy: ops.userId,
    });
    expect((await signAll(plain.hash)).status).toBe('submitted');
    const unassigned = await conciergeListing('2 Nobody Rd', 'none');
    expect((await signAll(unassigned.hash)).status).toBe('submitted');
    // Neither is Conny's to review: not waiting, and the actions refuse.
    const list = (await get(CONCIERGE_API.list, conny)).json();
    expect(list.rows.map((r: { hash: string }) => r.hash)).not.toContain(plain.listing.hash);
    expect((await post(CONCIERGE_API.ready(plain.listing.hash), {}, conny)).statusCode).toBe(409);
    expect((await get(CONCIERGE_API.one(unassigned.listing.hash), conny)).statusCode).toBe(404);
  });

  it('an assignment to the concierge order counts; the concierge kind taken away ends it', async () => {
    const l = await conciergeListing('3 Order Way', 'order');
    const listing = await signAll(l.hash);
    expect(listing.status).toBe('concierge');
    expect((await get(CONCIERGE_API.one(l.listing.hash), conny)).statusCode).toBe(200);
    await t.app.vendors.setKinds(conny.userId, ['field']);
    await t.app.currentUser.changed(conny.userId);
    expect((await get(CONCIERGE_API.one(l.listing.hash), conny)).statusCode).toBe(403);
    await t.app.vendors.setKinds(conny.userId, ['concierge']);
    await t.app.currentUser.changed(conny.userId);
    // Taking the kind ended the assignment: the listing is nobody's now.
    expect((await get(CONCIERGE_API.one(l.listing.hash), conny)).statusCode).toBe(404);
  });
});

describe('the concierge returns a listing, the customer fixes it, staff approve', () => {
  it('runs the whole way with each rule on the way', async () => {
    const l = await conciergeListing('10 Concierge Ct');
    const listing = await signAll(l.hash);
    expect(listing.status).toBe('concierge');
    expect(listing.completedSteps).toContain('sign');
    expect(await mailsTo(t.app, alice.email)).toContain('10 Concierge Ct: every owner has signed');
    // The concierge assigned hears that it waits for them; another concierge does not.
    expect(await mailsTo(t.app, conny.email)).toContain('10 Concierge Ct is ready for your review');
    expect(await mailsTo(t.app, other.email)).not.toContain(
      '10 Concierge Ct is ready for your review',
    );

    // Not in staff's queue, and staff cannot decide on it yet.
    const queue = (await get(ADMIN_LISTINGS_API.listings, ops)).json();
    expect(queue.rows.map((r: { hash: string }) => r.hash)).not.toContain(l.listing.hash);
    const early = await post(
      ADMIN_LISTINGS_API.approve(l.listing.hash),
      { mlsNumber: 'C-1', board: 'x' },
      ops,
    );
    expect(early.statusCode).toBe(409);
    // The customer cannot change it while the concierge has it.
    const edit = await put(
      MLS_LISTING_API.form,
      { property: l.hash, form: listingForm([OWNER()]), finish: true },
      alice,
    );
    expect(edit.statusCode).toBe(409);

    // Conny sees it waiting; another concierge, a field vendor and the customer do not.
    const list = (await get(CONCIERGE_API.list, conny)).json();
    expect(list.rows).toEqual([
      expect.objectContaining({
        hash: l.listing.hash,
        status: 'concierge',
        streetAddress: '10 Concierge Ct',
        owners: [OWNER()],
        photoCount: 1,
      }),
    ]);
    expect((await get(CONCIERGE_API.list, other)).json().rows).toEqual([]);
    const [photo] = await t.app.db
      .select({ hash: listingPhotos.hash })
      .from(listingPhotos)
      .where(eq(listingPhotos.listingId, l.listing.id));
    if (!photo) throw new Error('no photo');
    for (const [method, url, body] of [
      ['GET', CONCIERGE_API.one(l.listing.hash), undefined],
      ['GET', CONCIERGE_API.photoFile(l.listing.hash, photo.hash, 'thumb'), undefined],
      [
        'POST',
        CONCIERGE_API.returnToCustomer(l.listing.hash),
        { notes: [{ field: 'listing', note: 'x' }] },
      ],
      ['POST', CONCIERGE_API.ready(l.listing.hash), {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: headers(other),
        ...(body ? { payload: body } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      const vendor = await t.app.inject({ method, url, headers: headers(field) });
      expect({ url, status: vendor.statusCode }).toEqual({ url, status: 403 });
      const customer = await t.app.inject({ method, url, headers: headers(alice) });
      expect({ url, status: customer.statusCode }).toEqual({ url, status: 403 });
    }
    expect((await get(CONCIERGE_API.one('made-up'), conny)).statusCode).toBe(404);

    const detail = (await get(CONCIERGE_API.one(l.listing.hash), conny)).json();
    expect(detail).toMatchObject({
      hash: l.listing.hash,
      status: 'concierge',
      waiting: true,
      property: { streetAddress: '10 Concierge Ct', state: 'WY' },
      propertyType: 'Residential',
      form: { ListPrice: 450_000, PublicRemarks: 'Bright three-bedroom home on a quiet street.' },
      photos: [{ hash: photo.hash }],
    });
    expect(detail).not.toHaveProperty('invoice');

    // Notes: an empty list, and a photo that is not the listing's, are refused.
    const none = await post(CONCIERGE_API.returnToCustomer(l.listing.hash), { notes: [] }, conny);
    expect(none.statusCode).toBe(422);
    const stranger = await post(
      CONCIERGE_API.returnToCustomer(l.listing.hash),
      { notes: [{ field: photoReasonKey('nothere'), note: 'Brighter, please.' }] },
      conny,
    );
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({ 'notes.0.field': [CT.photoUnknown] });

    const notes = {
      PublicRemarks: ['Mention the new roof.'],
      [photoReasonKey(photo.hash)]: ['Take this one in daylight.'],
    };
    const returned = await post(
      CONCIERGE_API.returnToCustomer(l.listing.hash),
      {
        notes: [
          { field: 'PublicRemarks', note: 'Mention the new roof.' },
          { field: photoReasonKey(photo.hash), note: 'Take this one in daylight.' },
        ],
      },
      conny,
    );
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'returned',
      waiting: false,
      returnReasons: notes,
    });
    expect((await post(CONCIERGE_API.ready(l.listing.hash), {}, conny)).statusCode).toBe(409);
    // The customer reads the notes where staff's reasons are shown, and may edit again.
    const view = (await get(`${MLS_LISTING_API.listing}?property=${l.hash}`, alice)).json().listing;
    expect(view).toMatchObject({ status: 'returned', returnReasons: notes });
    expect(view.completedSteps).not.toContain('sign');
    const mails = await mailsTo(t.app, alice.email);
    expect(mails).toContain('10 Concierge Ct: notes from your concierge');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'listing.concierge-return'));
    expect(audit).toMatchObject({
      actorId: conny.userId,
      recordType: 'mls_listing',
      recordId: l.listing.hash,
      before: { status: 'concierge' },
      after: { status: 'returned', returnReasons: notes },
    });

    const fixed = await put(
      MLS_LISTING_API.form,
      {
        property: l.hash,
        form: { ...listingForm([OWNER()]), PublicRemarks: 'Bright home with a new roof.' },
        finish: true,
      },
      alice,
    );
    expect(fixed.statusCode).toBe(200);
    // Signed again: back with the concierge, not with staff.
    expect((await signAll(l.hash)).status).toBe('concierge');
    const ready = await post(CONCIERGE_API.ready(l.listing.hash), {}, conny);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'submitted', waiting: false });
    expect(await mailsTo(t.app, alice.email)).toContain('10 Concierge Ct: on to our review');
    expect((await post(CONCIERGE_API.ready(l.listing.hash), {}, conny)).statusCode).toBe(409);
    // Still Conny's to read under "all", no longer waiting.
    expect((await get(CONCIERGE_API.list, conny)).json().rows).toEqual([]);
    const all = (await get(`${CONCIERGE_API.list}?status=all`, conny)).json();
    expect(all.rows.map((r: { hash: string }) => r.hash)).toContain(l.listing.hash);

    const staffQueue = (await get(ADMIN_LISTINGS_API.listings, ops)).json();
    expect(staffQueue.rows.map((r: { hash: string }) => r.hash)).toContain(l.listing.hash);
    const live = await post(
      ADMIN_LISTINGS_API.approve(l.listing.hash),
      { mlsNumber: 'CON-10' },
      ops,
    );
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'live', board: { slug: 'concierge-mls' } });
    expect((await events(l.listing.id)).map((e) => [e.kind, e.by])).toEqual([
      ['submitted', null],
      ['concierge_returned', conny.email],
      ['submitted', null],
      ['concierge_ready', conny.email],
      ['approved', ops.email],
    ]);
    const [row] = await t.app.db
      .select({ status: mlsListings.status })
      .from(mlsListings)
      .where(eq(mlsListings.id, l.listing.id));
    expect(row?.status).toBe('live');
  });

  it('two actions at once: one wins, the other is told the listing is not with them', async () => {
    const l = await conciergeListing('11 Race Rd');
    expect((await signAll(l.hash)).status).toBe('concierge');
    const [a, b] = await Promise.all([
      post(CONCIERGE_API.ready(l.listing.hash), {}, conny),
      post(
        CONCIERGE_API.returnToCustomer(l.listing.hash),
        { notes: [{ field: 'listing', note: 'One more look.' }] },
        conny,
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(CT.notWaiting);
    const kinds = (await events(l.listing.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k.startsWith('concierge_'))).toHaveLength(1);
  });
});
