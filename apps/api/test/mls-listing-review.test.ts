import {
  ADMIN_LISTINGS_API,
  LISTING_LIFECYCLE_TEXTS as LT,
  LISTING_REVIEW_TEXTS as RT,
} from '@lantern/contracts';
import {
  auditLog,
  invoices,
  jobs,
  listingPhotos,
  mlsListings,
  newHash,
  orders,
  refunds,
  taxRates,
} from '@lantern/db';
import {
  DASHBOARD_API,
  MLS_LISTING_API,
  MLS_LISTING_TEXTS,
  STRIPE_WEBHOOK_PATH,
} from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, listenLocally, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { whileRefused } from './helpers/db-faults.ts';
import { addWyomingBoards } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';
import {
  completedSession,
  FIXTURE_WEBHOOK_SECRET,
  type StripeFixture,
  signedEvent,
  startStripeFixture,
} from './helpers/stripe-fixture.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let fixture: StripeFixture;
let base: string;
let alice: SignedIn;
let ops: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  fixture = await startStripeFixture();
  t = await buildTestApp({
    stripe: {
      secretKey: 'sk_test_fixture',
      webhookSecret: FIXTURE_WEBHOOK_SECRET,
      apiUrl: fixture.url,
    },
  });
  base = await listenLocally(t);
  alice = await signUpUser(t.app, 'review-alice');
  ops = await signUpUser(t.app, 'review-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  support = await signUpUser(t.app, 'review-support');
  await giveStaffRole(t.app, support.userId, 'support');
  // "Solo" has one MLS; "Lone" none (staff choose one at approval); "Far" is served elsewhere.
  await addWyomingBoards(t.app, [
    ['review-solo-mls', 'Solo Review MLS', ['Solo']],
    ['review-far-mls', 'Far Review MLS', ['Far']],
  ]);
  await t.app.db.insert(taxRates).values({ state: 'WY', rateBasisPoints: 0 });
});
afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

const get = (url: string, who: SignedIn = ops) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object, who: SignedIn = ops) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const put = (url: string, payload: object, who: SignedIn = alice) =>
  t.app.inject({ method: 'PUT', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

const OWNER = { name: 'Alice Owner', email: 'alice.owner@example.com' };
const FORM = {
  ListPrice: 450_000,
  BedroomsTotal: 3,
  BathroomsFull: 2,
  LivingArea: 1_850,
  AssociationYN: false,
  PublicRemarks: 'Bright three-bedroom home on a quiet street.',
  ListingTerms: ['Cash'],
  Possession: ['CloseOfEscrow'],
  ExpirationDate: new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10),
};

/**
 * A listing built as the customer builds it (location, form, services, a ready photo) and paid:
 * by check, or by card through the Stripe fixture; then submitted as the last owner's signature
 * submits it (signing is tested in mls-listing-sign.test.ts).
 */
async function submittedListing(
  street: string,
  opts: {
    county?: string;
    upgrades?: string[];
    pay?: 'check' | 'card';
    submittedAt?: Date;
    owners?: Array<{ name: string; email: string }>;
  } = {},
) {
  const p = await addProperty(t.app, alice.userId, 'seller', {
    street,
    state: 'WY',
    county: opts.county ?? 'Lone County',
  });
  const ordered = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'mls-listing-state' },
    alice,
  );
  expect(ordered.statusCode).toBe(201);
  const invoice = ordered.json().order.invoice as string;
  const location = await put(MLS_LISTING_API.location, {
    property: p.hash,
    propertyType: 'Residential',
    propertySubType: 'SingleFamilyResidence',
  });
  expect(location.statusCode).toBe(200);
  const form = await put(MLS_LISTING_API.form, {
    property: p.hash,
    form: { ...FORM, Owners: opts.owners ?? [OWNER] },
    finish: true,
  });
  expect(form.statusCode).toBe(200);
  expect(
    (await put(MLS_LISTING_API.services, { property: p.hash, upgrades: opts.upgrades ?? [] }))
      .statusCode,
  ).toBe(200);
  const [row] = await t.app.db.select().from(mlsListings).where(eq(mlsListings.propertyId, p.id));
  if (!row) throw new Error('no listing');
  const photo = newHash();
  await t.app.db.insert(listingPhotos).values({
    hash: photo,
    listingId: row.id,
    position: 0,
    status: 'ready',
    fileName: 'front.jpg',
    contentType: 'image/jpeg',
    bytes: 1,
    storageKey: `listings/${row.hash}/photos/${photo}/original`,
  });
  const [inv] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
  if (!inv) throw new Error('no invoice');
  if (opts.pay === 'card') {
    const pay = await post(DASHBOARD_API.invoiceCheckout(invoice), {}, alice);
    expect(pay.statusCode).toBe(200);
    const sid = new URL(pay.json().url).pathname.split('/').pop() ?? '';
    const session = fixture.sessions.get(sid);
    if (!session) throw new Error('no session at the fixture');
    const event = signedEvent('checkout.session.completed', completedSession(session));
    const hook = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header ?? '' },
      payload: event.payload,
    });
    expect(hook.statusCode).toBe(200);
  } else {
    // Two checks: the refund goes back payment by payment.
    const half = Math.floor(inv.totalCents / 2);
    for (const [amountCents, reference] of [
      [half, '2001'],
      [inv.totalCents - half, '2002'],
    ] as const) {
      const paid = await t.app.paymentService.record(ops.userId, invoice, {
        amountCents,
        method: 'check',
        reference,
        receivedOn: new Date().toISOString().slice(0, 10),
      });
      expect(paid.ok).toBe(true);
    }
  }
  const before = (await get(`${MLS_LISTING_API.listing}?property=${p.hash}`, alice)).json();
  expect(before.listing.nextStep).toBe('sign');
  // What the last signature does in the signing transaction (signing has its own tests).
  expect(await t.app.db.transaction((tx) => t.app.mlsListings.submit(tx, row.id))).toBe(true);
  if (opts.submittedAt)
    await t.app.db
      .update(mlsListings)
      .set({ submittedAt: opts.submittedAt })
      .where(eq(mlsListings.id, row.id));
  return { property: p, listing: row.hash, listingId: row.id, invoice, photo };
}

async function mailsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => (r.payload as { subject: string }).subject);
}

const customerView = async (property: string) =>
  (await get(`${MLS_LISTING_API.listing}?property=${property}`, alice)).json().listing;

describe('who may review', () => {
  it('needs a session, the listings.review permission, and an existing listing', async () => {
    const anon = await t.app.inject({ method: 'GET', url: ADMIN_LISTINGS_API.listings });
    expect(anon.statusCode).toBe(401);
    const l = await submittedListing('1 Access Rd');
    for (const who of [support, alice]) {
      expect((await get(ADMIN_LISTINGS_API.listings, who)).statusCode).toBe(403);
      expect((await get(ADMIN_LISTINGS_API.listing(l.listing), who)).statusCode).toBe(403);
      const approve = await post(
        ADMIN_LISTINGS_API.approve(l.listing),
        { mlsNumber: 'A-1', board: 'review-far-mls' },
        who,
      );
      expect(approve.statusCode).toBe(403);
    }
    expect((await get(ADMIN_LISTINGS_API.listing('no-such-listing'))).statusCode).toBe(404);
    const unknown = await post(ADMIN_LISTINGS_API.approve('no-such-listing'), { mlsNumber: 'A-1' });
    expect(unknown.statusCode).toBe(404);
    // Nothing was decided by the refused attempts.
    expect((await get(ADMIN_LISTINGS_API.listing(l.listing))).json().status).toBe('submitted');
  });
});

describe('the queue', () => {
  it('shows submitted listings oldest first, filters by state and searches', async () => {
    const now = Date.now();
    const newer = await submittedListing('2 Newer Queue Rd', {
      submittedAt: new Date(now - 1_000),
    });
    const older = await submittedListing('3 Older Queue Rd', {
      submittedAt: new Date(now - 86_400_000 * 300),
      owners: [OWNER, { name: 'Queue Co Owner', email: 'queue.co@example.com' }],
    });
    const draft = await addProperty(t.app, alice.userId, 'seller', {
      street: '4 Draft Queue Rd',
      state: 'WY',
      county: 'Lone County',
    });
    await post(
      '/api/dashboard/orders',
      { property: draft.hash, product: 'mls-listing-state' },
      alice,
    );
    await get(`${MLS_LISTING_API.listing}?property=${draft.hash}`, alice);

    const queue = (await get(ADMIN_LISTINGS_API.listings)).json();
    const hashes = queue.rows.map((r: { hash: string }) => r.hash);
    expect(hashes.indexOf(older.listing)).toBeLessThan(hashes.indexOf(newer.listing));
    expect(hashes.indexOf(older.listing)).toBe(0);
    expect(queue.rows.every((r: { status: string }) => r.status === 'submitted')).toBe(true);
    expect(queue.rows[0]).toMatchObject({
      streetAddress: '3 Older Queue Rd',
      state: 'WY',
      board: null,
      owners: [OWNER, { name: 'Queue Co Owner', email: 'queue.co@example.com' }],
      mlsNumber: null,
    });

    const drafts = (await get(`${ADMIN_LISTINGS_API.listings}?status=draft`)).json();
    expect(drafts.rows.map((r: { streetAddress: string }) => r.streetAddress)).toContain(
      '4 Draft Queue Rd',
    );
    expect(drafts.rows.every((r: { status: string }) => r.status === 'draft')).toBe(true);

    const byStreet = (await get(`${ADMIN_LISTINGS_API.listings}?search=newer queue`)).json();
    expect(byStreet.rows.map((r: { hash: string }) => r.hash)).toEqual([newer.listing]);
    const byOwner = (await get(`${ADMIN_LISTINGS_API.listings}?search=queue.co@example`)).json();
    expect(byOwner.rows.map((r: { hash: string }) => r.hash)).toEqual([older.listing]);

    // Keyset pages: one at a time, the second page after the first.
    const first = (await get(`${ADMIN_LISTINGS_API.listings}?limit=1`)).json();
    expect(first.rows[0].hash).toBe(older.listing);
    const second = (
      await get(`${ADMIN_LISTINGS_API.listings}?limit=1&cursor=${first.nextCursor}`)
    ).json();
    expect(second.rows[0].hash).not.toBe(older.listing);
    expect((await get(`${ADMIN_LISTINGS_API.listings}?cursor=not-ours`)).statusCode).toBe(422);
  });

  it('shows staff everything they check: fields, photos, owners, board and invoice', async () => {
    const l = await submittedListing('5 Detail Rd', { county: 'Solo County' });
    const res = await get(ADMIN_LISTINGS_API.listing(l.listing));
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      status: 'submitted',
      property: { streetAddress: '5 Detail Rd', state: 'WY', county: 'Solo County' },
      board: { slug: 'review-solo-mls' },
      propertyType: 'Residential',
      form: { ListPrice: 450_000, Owners: [OWNER] },
      invoice: { hash: l.invoice, status: 'paid', totalCents: 14_900, paidCents: 14_900 },
      refundableCents: 14_900,
      photos: [{ hash: l.photo, fileName: 'front.jpg' }],
      history: [{ kind: 'submitted', board: 'Solo Review MLS' }],
    });
    expect(d.boards.map((b: { slug: string }) => b.slug)).toEqual(
      expect.arrayContaining(['review-solo-mls', 'review-far-mls']),
    );
    // The photo's file goes through the same permission (the fixture row has no file: 404).
    expect(d.photos[0].urls.thumb).toMatch(/^\/api\/admin\/mls-listings\/.+\/photos\/.+\/thumb$/);
    expect((await get(d.photos[0].urls.thumb, support)).statusCode).toBe(403);
    expect((await get(d.photos[0].urls.thumb)).statusCode).toBe(404);
  });
});

describe('approve', () => {
  it('needs an MLS number, and a board when none was confirmed for the county', async () => {
    const l = await submittedListing('10 Approve Rd');
    const empty = await post(ADMIN_LISTINGS_API.approve(l.listing), { mlsNumber: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.mlsNumber).toEqual([
      'Enter the MLS number the MLS gave the listing.',
    ]);
    const noBoard = await post(ADMIN_LISTINGS_API.approve(l.listing), { mlsNumber: 'WY-1001' });
    expect(noBoard.statusCode).toBe(422);
    expect(noBoard.json().errors).toEqual({ board: [LT.boardNeeded] });
    const unknown = await post(ADMIN_LISTINGS_API.approve(l.listing), {
      mlsNumber: 'WY-1001',
      board: 'no-such-board',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ board: [LT.boardUnknown] });
    expect((await customerView(l.property.hash)).status).toBe('submitted');
  });

  it('puts it live, tells the owners by mail and over the socket; a second decision is 409', async () => {
    const l = await submittedListing('11 Approve Rd');
    const ws = await openSocket(base, { cookie: alice.cookie });
    await ws.subscribe(`property.${l.property.hash}`);

    const res = await post(ADMIN_LISTINGS_API.approve(l.listing), {
      mlsNumber: 'WY-2002',
      board: 'review-far-mls',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'live',
      mlsNumber: 'WY-2002',
      standardStatus: 'Active',
      board: { slug: 'review-far-mls' },
      liveAt: expect.any(String),
    });
    expect(res.json().history).toEqual([
      { at: expect.any(String), kind: 'submitted', by: null, board: null, step: null },
      {
        at: expect.any(String),
        kind: 'approved',
        by: ops.email,
        board: 'Far Review MLS',
        step: null,
      },
    ]);

    const event = await ws.next((m) => (m.event as string) === 'ListingUpdated');
    expect(event).toMatchObject({
      channel: `property.${l.property.hash}`,
      data: { hash: l.listing, status: 'live' },
    });
    ws.close();

    const view = await customerView(l.property.hash);
    expect(view).toMatchObject({
      status: 'live',
      mlsNumber: 'WY-2002',
      standardStatus: 'Active',
      board: { slug: 'review-far-mls' },
    });
    expect(view.completedSteps).toContain('review');
    // The owner named on the listing and the person who ordered it, each once.
    expect(await mailsTo(OWNER.email)).toContain('11 Approve Rd is live on the MLS (#WY-2002)');
    expect(await mailsTo(alice.email)).toContain('11 Approve Rd is live on the MLS (#WY-2002)');

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'listing.approve'), eq(auditLog.recordId, l.listing)));
    expect(entry).toMatchObject({
      recordType: 'mls_listing',
      before: expect.objectContaining({ status: 'submitted' }),
      after: expect.objectContaining({ status: 'live', mlsNumber: 'WY-2002' }),
    });

    for (const [url, body] of [
      [ADMIN_LISTINGS_API.approve(l.listing), { mlsNumber: 'WY-3003', board: 'review-far-mls' }],
      [ADMIN_LISTINGS_API.sendBack(l.listing), { reasons: [{ field: 'listing', reason: 'x' }] }],
      [ADMIN_LISTINGS_API.reject(l.listing), { reason: 'Too late.' }],
    ] as const) {
      const again = await post(url, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(LT.notSubmitted);
    }
    expect((await customerView(l.property.hash)).mlsNumber).toBe('WY-2002');
  });

  it('keeps the board confirmed for the county, and refuses a number the board already has', async () => {
    const a = await submittedListing('12 Approve Rd', { county: 'Solo County' });
    const b = await submittedListing('13 Approve Rd', { county: 'Solo County' });
    const first = await post(ADMIN_LISTINGS_API.approve(a.listing), { mlsNumber: 'SOLO-7' });
    expect(first.statusCode).toBe(200);
    expect(first.json().board.slug).toBe('review-solo-mls');
    const dup = await post(ADMIN_LISTINGS_API.approve(b.listing), { mlsNumber: 'solo-7' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ mlsNumber: [RT.mlsNumberTaken] });
    // The same number on another board is another listing's business.
    const other = await post(ADMIN_LISTINGS_API.approve(b.listing), {
      mlsNumber: 'SOLO-7',
      board: 'review-far-mls',
    });
    expect(other.statusCode).toBe(200);
    const found = (await get(`${ADMIN_LISTINGS_API.listings}?status=live&search=SOLO-7`)).json();
    expect(found.rows.map((r: { hash: string }) => r.hash).sort()).toEqual(
      [a.listing, b.listing].sort(),
    );
  });
});

describe('send back', () => {
  it('stores the reasons by field; the customer sees them and may change the listing again', async () => {
    const l = await submittedListing('20 Return Rd');
    const empty = await post(ADMIN_LISTINGS_API.sendBack(l.listing), { reasons: [] });
    expect(empty.statusCode).toBe(422);
    const res = await post(ADMIN_LISTINGS_API.sendBack(l.listing), {
      reasons: [
        { field: 'PublicRemarks', reason: 'Say how many bedrooms are upstairs.' },
        { field: 'PublicRemarks', reason: 'Remove the word "exclusive".' },
        { field: 'photos', reason: 'Add a photo of the front of the house.' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const reasons = {
      PublicRemarks: ['Say how many bedrooms are upstairs.', 'Remove the word "exclusive".'],
      photos: ['Add a photo of the front of the house.'],
    };
    expect(res.json()).toMatchObject({ status: 'returned', returnReasons: reasons });
    expect(res.json().history.map((h: { kind: string; by: string }) => [h.kind, h.by])).toEqual([
      ['submitted', null],
      ['returned', ops.email],
    ]);

    const view = await customerView(l.property.hash);
    expect(view).toMatchObject({ status: 'returned', returnReasons: reasons });
    expect(view.completedSteps).not.toContain('sign');
    const edit = await put(MLS_LISTING_API.form, {
      property: l.property.hash,
      form: { ...FORM, PublicRemarks: 'Bright home; two bedrooms upstairs.', Owners: [OWNER] },
      finish: true,
    });
    expect(edit.statusCode).toBe(200);

    expect(await mailsTo(OWNER.email)).toContain(
      '20 Return Rd: a few things to fix before it goes on the MLS',
    );
    const again = await post(ADMIN_LISTINGS_API.approve(l.listing), {
      mlsNumber: 'WY-9',
      board: 'review-far-mls',
    });
    expect(again.statusCode).toBe(409);
    // Not waiting any more: off the default queue, on the "sent back" one.
    const queue = (await get(ADMIN_LISTINGS_API.listings)).json();
    expect(queue.rows.map((r: { hash: string }) => r.hash)).not.toContain(l.listing);
    const returned = (await get(`${ADMIN_LISTINGS_API.listings}?status=returned`)).json();
    expect(returned.rows.map((r: { hash: string }) => r.hash)).toContain(l.listing);
  });
});

describe('cannot be listed', () => {
  it('refunds every payment of the invoice in full, cancels its orders and tells the owners', async () => {
    const l = await submittedListing('30 Reject Rd', { upgrades: ['photography'] });
    const res = await post(ADMIN_LISTINGS_API.reject(l.listing), {
      reason: 'The property is outside every MLS we work with.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectedReason: 'The property is outside every MLS we work with.',
      invoice: { status: 'refunded', paidCents: 32_800, refundedCents: 32_800 },
      refundableCents: 0,
      order: { status: 'cancelled' },
    });
    expect(res.json().history.at(-1)).toMatchObject({ kind: 'rejected', by: ops.email });

    const [inv] = await t.app.db.select().from(invoices).where(eq(invoices.hash, l.invoice));
    const made = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.invoiceId, inv?.id ?? 0));
    expect(made).toHaveLength(2);
    expect(made.reduce((s, r) => s + r.amountCents, 0)).toBe(32_800);
    expect(made[0]?.reason).toBe(
      'Cannot be listed: The property is outside every MLS we work with.',
    );
    expect(made[0]?.recordedBy).toBe(ops.userId);
    const statuses = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.propertyId, l.property.id));
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);

    // The owners still read why on the listing, and it can no longer be changed.
    const view = await customerView(l.property.hash);
    expect(view).toMatchObject({
      status: 'rejected',
      rejectedReason: 'The property is outside every MLS we work with.',
    });
    const edit = await put(MLS_LISTING_API.form, {
      property: l.property.hash,
      form: FORM,
      finish: false,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(MLS_LISTING_TEXTS.submitted);
    expect(await mailsTo(OWNER.email)).toContain('30 Reject Rd cannot be listed: refunded in full');

    // Ordering the MLS listing again starts a new listing.
    const again = await post(
      '/api/dashboard/orders',
      { property: l.property.hash, product: 'mls-listing-state' },
      alice,
    );
    expect(again.statusCode).toBe(201);
    expect(await customerView(l.property.hash)).toMatchObject({ status: 'draft' });
    expect((await customerView(l.property.hash)).hash).not.toBe(l.listing);
  });

  it('refunds a card payment through Stripe', async () => {
    const l = await submittedListing('31 Card Reject Rd', { pay: 'card' });
    const res = await post(ADMIN_LISTINGS_API.reject(l.listing), { reason: 'Not a real address.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'refunded', refundedCents: 14_900 });
    const call = fixture.requests.findLast((r) => r.path === '/v1/refunds');
    expect(call?.form.get('amount')).toBe('14900');
    expect(call?.idempotencyKey).toMatch(/^refund-/);
  });

  it('leaves the listing waiting when the refund fails', async () => {
    const l = await submittedListing('32 Failed Refund Rd', { pay: 'card' });
    fixture.failRefunds = true;
    try {
      const res = await post(ADMIN_LISTINGS_API.reject(l.listing), { reason: 'Not listable.' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^The refund could not be made/);
    } finally {
      fixture.failRefunds = false;
    }
    const d = (await get(ADMIN_LISTINGS_API.listing(l.listing))).json();
    expect(d).toMatchObject({
      status: 'submitted',
      rejectedReason: null,
      invoice: { status: 'paid', refundedCents: 0 },
    });
    expect(d.history.map((h: { kind: string }) => h.kind)).toEqual(['submitted']);
    // Nothing went back, so it may still be approved.
    const approve = await post(ADMIN_LISTINGS_API.approve(l.listing), {
      mlsNumber: 'WY-3232',
      board: 'review-far-mls',
    });
    expect(approve.statusCode).toBe(200);
  });

  it('is rejected with its activity row; a row refused leaves it claimed for a second try', async () => {
    const l = await submittedListing('33 Unlogged Reject Rd', { pay: 'card' });
    const start = fixture.requests.length;
    const rows = () =>
      t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'listing.reject'), eq(auditLog.recordId, l.listing)));
    const status = (
      await whileRefused(t.app.db, "new.action = 'listing.reject'", () =>
        post(ADMIN_LISTINGS_API.reject(l.listing), { reason: 'Not listable.' }),
      )
    ).statusCode;
    // The money went back in Stripe; the rejection rolled back with its row.
    expect(status).toBe(500);
    const d = (await get(ADMIN_LISTINGS_API.listing(l.listing))).json();
    expect(d).toMatchObject({
      status: 'submitted',
      rejectedReason: 'Not listable.',
      invoice: { status: 'refunded', refundedCents: 14_900 },
      order: { status: 'confirmed' },
    });
    expect(await rows()).toEqual([]);

    const again = await post(ADMIN_LISTINGS_API.reject(l.listing), { reason: 'Not listable.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'rejected', order: { status: 'cancelled' } });
    expect(await rows()).toHaveLength(1);
    // Refunded once: the second try had nothing left to refund.
    expect(fixture.requests.slice(start).filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
  });
});
