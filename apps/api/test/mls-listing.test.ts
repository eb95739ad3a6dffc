import { MESSAGES } from '@lantern/contracts';
import {
  coupons,
  invoiceLines,
  invoices,
  listingPhotos,
  mlsListings,
  newHash,
  orders,
  propertyParticipants,
  taxRates,
} from '@lantern/db';
import {
  MLS_LISTING_FIELD_MESSAGES as M,
  MLS_LISTING_API,
  MLS_LISTING_TEXTS as T,
  type TPhotoStatus,
} from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addWyomingBoards, listingForm } from './helpers/mls-listing-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'lister');
  bob = await signUpUser(t.app, 'stranger');
  // Two boards serve "Twin", one serves "Solo" (named with "County" on one side only), none "Lone".
  await addWyomingBoards(t.app, [
    ['test-east-mls', 'East Test MLS', ['Twin', 'Solo County']],
    ['test-west-mls', 'West Test MLS', ['Twin County']],
  ]);
  await t.app.db.insert(taxRates).values({ state: 'WY', rateBasisPoints: 625 });
});
afterAll(() => t.close());

const get = (url: string, cookie = alice.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (url: string, payload: object, cookie = alice.cookie) =>
  t.app.inject({ method: 'PUT', url, headers: { ...BROWSER, cookie }, payload });
const listing = (hash: string, cookie = alice.cookie) =>
  get(`${MLS_LISTING_API.listing}?property=${hash}`, cookie);

/** A WY property in `county` with an MLS listing order (the customer's normal path). */
async function listedProperty(county = 'Lone County', street = '1 Listing Rd') {
  const p = await addProperty(t.app, alice.userId, 'seller', { street, state: 'WY', county });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: alice.cookie },
    payload: { property: p.hash, product: 'mls-listing-state' },
  });
  expect(res.statusCode).toBe(201);
  return { ...p, invoice: res.json().order.invoice as string };
}

const LOCATION = { propertyType: 'Residential', propertySubType: 'SingleFamilyResidence' };
/** The fixture's form with every optional figure given too. */
const FORM = {
  ...listingForm([{ name: 'Alice Owner', email: 'alice.owner@example.com' }]),
  BathroomsHalf: 1,
  YearBuilt: 1995,
  GarageSpaces: 2,
  TaxAnnualAmount: 4_210.55,
};

/** Location and form done, as the customer does them. */
async function throughForm(hash: string) {
  expect((await put(MLS_LISTING_API.location, { property: hash, ...LOCATION })).statusCode).toBe(
    200,
  );
  const form = await put(MLS_LISTING_API.form, { property: hash, form: FORM, finish: true });
  expect(form.statusCode).toBe(200);
}

/** A photo of the listing in the given state, as the uploader and its job leave it. */
async function addPhoto(propertyId: number, status: TPhotoStatus = 'ready') {
  const [row] = await t.app.db
    .select({ id: mlsListings.id, hash: mlsListings.hash })
    .from(mlsListings)
    .where(eq(mlsListings.propertyId, propertyId));
  if (!row) throw new Error('no listing');
  const hash = newHash();
  await t.app.db.insert(listingPhotos).values({
    hash,
    listingId: row.id,
    position: 0,
    status,
    fileName: 'front.jpg',
    contentType: 'image/jpeg',
    bytes: 1,
    storageKey: `listings/${row.hash}/photos/${hash}/original`,
  });
  return hash;
}

/** The photos step is done while the listing has a photo ready (photos tests upload real ones). */
const photosDone = (propertyId: number) => addPhoto(propertyId, 'ready');

describe('the listing and who may see it', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${MLS_LISTING_API.listing}?property=x` });
    expect(res.statusCode).toBe(401);
  });

  it('tells a property with no MLS listing order to order one first, without failing', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '2 No Order St' });
    const res = await listing(p.hash);
    // 200: a step page opened before ordering is not an error (decision 056).
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      listing: null,
      notOrdered: { message: T.orderFirst, cancelled: false },
    });
    // The steps themselves still refuse until it is ordered.
    const payment = await t.app.inject({
      url: `${MLS_LISTING_API.payment}?property=${p.hash}`,
      headers: { cookie: alice.cookie },
    });
    expect(payment.statusCode).toBe(409);
  });

  it('makes the listing on first read from the order, once, and resumes at location', async () => {
    const p = await listedProperty('Lone County', '3 First Read Rd');
    const [a, b] = await Promise.all([listing(p.hash), listing(p.hash)]);
    expect(a.statusCode).toBe(200);
    expect(b.json().listing.hash).toBe(a.json().listing.hash);
    expect(a.json().listing).toMatchObject({
      status: 'draft',
      completedSteps: [],
      nextStep: 'location',
      canEdit: true,
      order: { productName: 'Flat Fee MLS Listing', status: 'pending_payment' },
      property: {
        hash: p.hash,
        streetAddress: '3 First Read Rd',
        state: 'WY',
        county: 'Lone County',
      },
      form: {},
      warnings: [],
    });
    const rows = await t.app.db.select().from(mlsListings).where(eq(mlsListings.propertyId, p.id));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for another user's listing, reading or writing", async () => {
    const p = await listedProperty('Lone County', '4 Private Way');
    expect((await listing(p.hash, bob.cookie)).statusCode).toBe(404);
    const write = await put(
      MLS_LISTING_API.location,
      { property: p.hash, ...LOCATION },
      bob.cookie,
    );
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual({ message: MESSAGES.notFound });
    expect(
      (await get(`${MLS_LISTING_API.payment}?property=${p.hash}`, bob.cookie)).statusCode,
    ).toBe(404);
  });

  it('lets a participant without can_edit read but not change it', async () => {
    const p = await listedProperty('Lone County', '5 Read Only Ct');
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId: p.id, userId: bob.userId, role: 'sellerAgent', canEdit: false });
    const read = await listing(p.hash, bob.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().listing.canEdit).toBe(false);
    for (const [url, body] of [
      [MLS_LISTING_API.location, LOCATION],
      [MLS_LISTING_API.form, { form: { ListPrice: 1 } }],
      [MLS_LISTING_API.services, { upgrades: [] }],
    ] as const) {
      const res = await put(url, { property: p.hash, ...body }, bob.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: T.readOnly });
    }
    expect((await listing(p.hash)).json().listing.completedSteps).toEqual([]);
  });
});

describe('step order', () => {
  it('refuses a step before the one it follows, naming the step to finish', async () => {
    const p = await listedProperty('Lone County', '6 Skip St');
    const form = await put(MLS_LISTING_API.form, { property: p.hash, form: { ListPrice: 1 } });
    expect(form.statusCode).toBe(409);
    expect(form.json()).toEqual({ message: 'Finish the Location step first.' });
    expect((await get(`${MLS_LISTING_API.services}?property=${p.hash}`)).json()).toEqual({
      message: 'Finish the Location step first.',
    });
    await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    const services = await put(MLS_LISTING_API.services, { property: p.hash, upgrades: [] });
    expect(services.statusCode).toBe(409);
    expect(services.json()).toEqual({ message: T.finishStepFirst('form') });
    await put(MLS_LISTING_API.form, { property: p.hash, form: FORM, finish: true });
    expect(
      (await put(MLS_LISTING_API.services, { property: p.hash, upgrades: [] })).statusCode,
    ).toBe(200);
    const payment = await get(`${MLS_LISTING_API.payment}?property=${p.hash}`);
    expect(payment.statusCode).toBe(409);
    expect(payment.json()).toEqual({ message: T.finishStepFirst('photos') });
    const after = (await listing(p.hash)).json().listing;
    expect(after.completedSteps).toEqual(['location', 'form', 'services']);
    expect(after.nextStep).toBe('photos');

    // Photos are done while one is ready: not while they are processing or refused.
    await addPhoto(p.id, 'processing');
    await addPhoto(p.id, 'refused');
    expect((await get(`${MLS_LISTING_API.payment}?property=${p.hash}`)).statusCode).toBe(409);
    const ready = await addPhoto(p.id, 'ready');
    expect((await listing(p.hash)).json().listing).toMatchObject({
      completedSteps: ['location', 'form', 'services', 'photos'],
      nextStep: 'payment',
    });
    expect((await get(`${MLS_LISTING_API.payment}?property=${p.hash}`)).statusCode).toBe(200);

    // Deleting the only ready photo opens the step again.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${MLS_LISTING_API.photo(ready)}?property=${p.hash}`,
      headers: { ...BROWSER, cookie: alice.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await listing(p.hash)).json().listing.nextStep).toBe('photos');
  });

  it('refuses photos before the services step is done', async () => {
    const p = await listedProperty('Lone County', '7 Early Photo Ln');
    await throughForm(p.hash);
    const res = await t.app.inject({
      method: 'POST',
      url: `${MLS_LISTING_API.photos}?property=${p.hash}`,
      headers: {
        ...BROWSER,
        cookie: alice.cookie,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: T.finishStepFirst('services') });
  });
});

describe('location and boards', () => {
  it('says no MLS is confirmed for the county yet and lets the customer continue', async () => {
    const p = await listedProperty('Lone County', '7 Lone Rd');
    const view = (await listing(p.hash)).json().listing;
    expect(view).toMatchObject({ boardOptions: [], board: null, boardPending: true });
    expect(view.boardPendingText).toBe(
      'We have not confirmed an MLS for Lone County yet — we will choose one when we review your listing',
    );
    const saved = await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().listing).toMatchObject({
      board: null,
      boardPending: true,
      completedSteps: ['location'],
      propertyType: 'Residential',
      propertySubType: 'SingleFamilyResidence',
    });
  });

  it('takes the one MLS serving the county, matching "Solo" to "Solo County"', async () => {
    const p = await listedProperty('solo', '8 Solo Rd');
    const view = (await listing(p.hash)).json().listing;
    expect(view.boardOptions.map((b: { slug: string }) => b.slug)).toEqual(['test-east-mls']);
    expect(view.board.slug).toBe('test-east-mls');
    expect(view.boardPending).toBe(false);
    const other = await put(MLS_LISTING_API.location, {
      property: p.hash,
      board: 'test-west-mls',
      ...LOCATION,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ board: [T.boardNotForCounty] });
    const saved = await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    expect(saved.json().listing.board.slug).toBe('test-east-mls');
  });

  it('makes the customer pick when several MLSs serve the county', async () => {
    const p = await listedProperty('Twin County', '9 Twin Rd');
    const view = (await listing(p.hash)).json().listing;
    expect(view.boardOptions.map((b: { slug: string }) => b.slug)).toEqual([
      'test-east-mls',
      'test-west-mls',
    ]);
    expect(view.board).toBeNull();
    const none = await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ board: [T.boardRequired] });
    const elsewhere = await put(MLS_LISTING_API.location, {
      property: p.hash,
      board: 'no-such-mls',
      ...LOCATION,
    });
    expect(elsewhere.json().errors).toEqual({ board: [T.boardNotForCounty] });
    const picked = await put(MLS_LISTING_API.location, {
      property: p.hash,
      board: 'test-west-mls',
      ...LOCATION,
    });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().listing.board.slug).toBe('test-west-mls');
  });

  it('wants a RESO property type and a sub-type that goes with it', async () => {
    const p = await listedProperty('Lone County', '10 Type Rd');
    const missing = await put(MLS_LISTING_API.location, { property: p.hash });
    expect(missing.json().errors).toEqual({
      propertyType: [T.propertyTypeRequired],
      propertySubType: [T.propertySubTypeRequired],
    });
    const mismatch = await put(MLS_LISTING_API.location, {
      property: p.hash,
      propertyType: 'Land',
      propertySubType: 'Condominium',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ propertySubType: [T.subTypeNotForType] });
    const unknown = await put(MLS_LISTING_API.location, {
      property: p.hash,
      propertyType: 'Castle',
      propertySubType: 'Condominium',
    });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('the listing form', () => {
  it('saves a partial draft, and names every missing field when finishing', async () => {
    const p = await listedProperty('Lone County', '11 Draft Rd');
    await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    const draft = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { ListPrice: 300_000 },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().listing).toMatchObject({
      form: { ListPrice: 300_000 },
      completedSteps: ['location'],
      nextStep: 'form',
    });
    const finish = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { ListPrice: 300_000, BedroomsTotal: 3.5 },
      finish: true,
    });
    expect(finish.statusCode).toBe(422);
    expect(finish.json().errors).toEqual({ 'form.BedroomsTotal': [M.BedroomsTotal] });
    const incomplete = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { ListPrice: 300_000, AssociationYN: true },
      finish: true,
    });
    expect(incomplete.json().errors).toMatchObject({
      'form.BedroomsTotal': [M.needsBuildingFacts],
      'form.AssociationFee': [M.associationFeeRequired],
      'form.PublicRemarks': [M.PublicRemarks],
      'form.ExpirationDate': [M.ExpirationDate],
      'form.Owners': [M.OwnersRequired],
    });
    // A refused finish changes nothing.
    expect((await listing(p.hash)).json().listing.form).toEqual({ ListPrice: 300_000 });
    const done = await put(MLS_LISTING_API.form, { property: p.hash, form: FORM, finish: true });
    expect(done.json().listing).toMatchObject({
      completedSteps: ['location', 'form'],
      nextStep: 'services',
    });
    // Emptying a field in a later draft un-counts the step.
    const { ListPrice: _, ...withoutPrice } = FORM;
    const back = await put(MLS_LISTING_API.form, { property: p.hash, form: withoutPrice });
    expect(back.json().listing.completedSteps).toEqual(['location']);
  });

  it('refuses remarks with a phone number, even in a draft', async () => {
    const p = await listedProperty('Lone County', '12 Phone Rd');
    await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    const res = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { PublicRemarks: 'Lovely home. Call (307) 555-0123 to see it!' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'form.PublicRemarks': [T.remarksContact('phone', '(307) 555-0123')],
    });
    const url = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { PublicRemarks: 'Tour it at www.x.com' },
    });
    expect(url.json().errors).toEqual({
      'form.PublicRemarks': [T.remarksContact('url', 'www.x.com')],
    });
    expect((await listing(p.hash)).json().listing.form).toEqual({});
  });

  it('saves remarks with a fair-housing phrase and warns, naming it', async () => {
    const p = await listedProperty('Lone County', '13 Warn Rd');
    await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    const res = await put(MLS_LISTING_API.form, {
      property: p.hash,
      form: { ...FORM, PublicRemarks: 'Quiet cottage, perfect for singles. No children.' },
      finish: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().listing.warnings).toEqual([
      {
        field: 'PublicRemarks',
        phrase: 'perfect for singles',
        message: T.fairHousingWarning('perfect for singles'),
      },
      {
        field: 'PublicRemarks',
        phrase: 'No children',
        message: T.fairHousingWarning('No children'),
      },
    ]);
  });

  it('re-checks the form when the property type changes', async () => {
    const p = await listedProperty('Lone County', '14 Land Rd');
    await put(MLS_LISTING_API.location, {
      property: p.hash,
      propertyType: 'Land',
      propertySubType: 'UnimprovedLand',
    });
    const land = { ...FORM, BedroomsTotal: null, BathroomsFull: null, LivingArea: null };
    const done = await put(MLS_LISTING_API.form, { property: p.hash, form: land, finish: true });
    expect(done.json().listing.completedSteps).toEqual(['location', 'form']);
    const home = await put(MLS_LISTING_API.location, { property: p.hash, ...LOCATION });
    expect(home.json().listing.completedSteps).toEqual(['location']);
  });
});

const services = (hash: string, cookie = alice.cookie) =>
  get(`${MLS_LISTING_API.services}?property=${hash}`, cookie);
const invoiceOf = async (hash: string) => {
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.hash, hash));
  if (!row) throw new Error('no invoice');
  return row;
};

describe('services on the listing invoice', () => {
  it('offers the catalogue upgrades with their prices, and no showing management', async () => {
    const p = await listedProperty('Lone County', '15 Offer Rd');
    await throughForm(p.hash);
    const res = await services(p.hash);
    expect(res.statusCode).toBe(200);
    const slugs = res.json().upgrades.map((u: { slug: string }) => u.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'photography',
        'lockbox-rental',
        'real-estate-sign-posts',
        'concierge-review',
      ]),
    );
    expect(slugs.some((s: string) => s.includes('showing'))).toBe(false);
    expect(
      res.json().upgrades.find((u: { slug: string }) => u.slug === 'lockbox-rental'),
    ).toMatchObject({
      name: 'Lockbox Rental',
      priceCents: 3_900,
      depositCents: 10_000,
      chosen: false,
    });
    expect(res.json().invoiceTotalCents).toBe(14_900 + 931); // 6.25% tax in WY
  });

  it('bills each chosen upgrade on the listing invoice and takes it off again', async () => {
    const p = await listedProperty('Lone County', '16 Upgrade Rd');
    await throughForm(p.hash);
    const res = await put(MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography', 'lockbox-rental'],
    });
    expect(res.statusCode).toBe(200);
    // Taxed 149 + 179 + 39 = $367.00 → tax $22.94 (half up of 22.9375); deposit $100 untaxed.
    expect(res.json().invoiceTotalCents).toBe(36_700 + 2_294 + 10_000);
    const chosen = res.json().upgrades.filter((u: { chosen: boolean }) => u.chosen);
    expect(chosen.map((u: { slug: string; billedOn: string }) => [u.slug, u.billedOn])).toEqual([
      ['photography', 'listing'],
      ['lockbox-rental', 'listing'],
    ]);
    const invoice = await invoiceOf(p.invoice);
    expect(invoice).toMatchObject({
      subtotalCents: 46_700,
      discountCents: 0,
      taxCents: 2_294,
      totalCents: 48_994,
      status: 'open',
    });
    const lines = await t.app.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines.map((l) => [l.description, l.amountCents, l.taxable, l.orderId !== null])).toEqual(
      [
        ['Flat Fee MLS Listing', 14_900, true, false],
        ['Photography', 17_900, true, true],
        ['Lockbox Rental', 3_900, true, true],
        ['Refundable deposit', 10_000, false, true],
      ],
    );

    // The Orders page shows each upgrade's order with the listing's invoice.
    const listed = (await get(`/api/dashboard/orders?property=${p.hash}`)).json().orders;
    expect(listed.map((o: { product: string; invoice: string }) => [o.product, o.invoice])).toEqual(
      [
        ['lockbox-rental', p.invoice],
        ['photography', p.invoice],
        ['mls-listing-state', p.invoice],
      ],
    );

    const fewer = await put(MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography'],
    });
    expect(fewer.json().invoiceTotalCents).toBe(32_800 + 2_050);
    const lockbox = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.hash, chosen[1].order));
    expect(lockbox).toEqual([{ status: 'cancelled' }]);
    const after = await t.app.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id));
    expect(after).toHaveLength(2);
    expect((await listing(p.hash)).json().listing.completedSteps).toEqual([
      'location',
      'form',
      'services',
    ]);
  });

  it('adds an upgrade once when two saves race, and keeps the coupon discount', async () => {
    await t.app.db.insert(coupons).values({ code: 'LIST20', amountOffCents: 2_000 });
    const p = await addProperty(t.app, alice.userId, 'seller', {
      street: '21 Race Rd',
      state: 'WY',
      county: 'Lone County',
    });
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/orders',
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: { property: p.hash, product: 'mls-listing-state', coupon: 'list20' },
    });
    const invoice = ordered.json().order.invoice as string;
    await listing(p.hash);
    await throughForm(p.hash);
    const both = await Promise.all([
      put(MLS_LISTING_API.services, { property: p.hash, upgrades: ['photography'] }),
      put(MLS_LISTING_API.services, { property: p.hash, upgrades: ['photography'] }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    // Taxed 149 + 179 − 20 = $308.00 → tax $19.25.
    expect(await invoiceOf(invoice)).toMatchObject({
      subtotalCents: 32_800,
      discountCents: 2_000,
      taxCents: 1_925,
      totalCents: 32_725,
    });
    const photography = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(invoiceLines, eq(invoiceLines.orderId, orders.id))
      .where(eq(orders.propertyId, p.id));
    expect(photography).toHaveLength(1);
  });

  it('shows an upgrade ordered earlier on its own invoice, and removing it voids that invoice', async () => {
    const p = await listedProperty('Lone County', '22 Earlier Rd');
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/orders',
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: { property: p.hash, product: 'photography' },
    });
    const own = ordered.json().order.invoice as string;
    await throughForm(p.hash);
    const view = (await services(p.hash)).json();
    expect(view.upgrades.find((u: { slug: string }) => u.slug === 'photography')).toMatchObject({
      chosen: true,
      billedOn: 'own',
      locked: false,
    });
    expect(
      (await put(MLS_LISTING_API.services, { property: p.hash, upgrades: [] })).statusCode,
    ).toBe(200);
    expect((await invoiceOf(own)).status).toBe('void');
    expect((await invoiceOf(p.invoice)).totalCents).toBe(14_900 + 931);
  });

  it('refuses an upgrade that is not one the listing offers', async () => {
    const p = await listedProperty('Lone County', '17 Unknown Rd');
    await throughForm(p.hash);
    const res = await put(MLS_LISTING_API.services, { property: p.hash, upgrades: ['comps'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ upgrades: [T.upgradeUnknown] });
  });
});

describe('payment', () => {
  it('shows the invoice; a payment confirms every order on it and completes the step', async () => {
    const p = await listedProperty('Lone County', '18 Pay Rd');
    await throughForm(p.hash);
    await put(MLS_LISTING_API.services, { property: p.hash, upgrades: ['photography'] });
    await photosDone(p.id);
    const before = await get(`${MLS_LISTING_API.payment}?property=${p.hash}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      invoiceHidden: false,
      paid: false,
      otherInvoices: [],
      invoice: {
        hash: p.invoice,
        status: 'open',
        subtotalCents: 32_800,
        taxCents: 2_050,
        totalCents: 34_850,
        balanceCents: 34_850,
        lines: [
          { description: 'Flat Fee MLS Listing', amountCents: 14_900 },
          { description: 'Photography', amountCents: 17_900 },
        ],
      },
    });
    expect((await listing(p.hash)).json().listing.nextStep).toBe('payment');

    const paid = await t.app.paymentService.record(alice.userId, p.invoice, {
      amountCents: 34_850,
      method: 'check',
      reference: '1001',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.ok).toBe(true);
    const statuses = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.propertyId, p.id));
    expect(statuses.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
    const after = await get(`${MLS_LISTING_API.payment}?property=${p.hash}`);
    expect(after.json()).toMatchObject({
      paid: true,
      invoice: { status: 'paid', balanceCents: 0 },
    });
    expect((await listing(p.hash)).json().listing).toMatchObject({
      completedSteps: ['location', 'form', 'services', 'photos', 'payment'],
      nextStep: 'sign',
    });

    // Once paid: a paid upgrade cannot be removed; a new one gets an invoice of its own.
    const remove = await put(MLS_LISTING_API.services, { property: p.hash, upgrades: [] });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: T.upgradeStarted('Photography') });
    const more = await put(MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography', 'concierge-review'],
    });
    expect(more.statusCode).toBe(200);
    expect(
      more.json().upgrades.find((u: { slug: string }) => u.slug === 'concierge-review'),
    ).toMatchObject({ chosen: true, billedOn: 'own', locked: false });
    expect((await invoiceOf(p.invoice)).totalCents).toBe(34_850);
    const again = (await get(`${MLS_LISTING_API.payment}?property=${p.hash}`)).json();
    expect(again.paid).toBe(false);
    expect(again.otherInvoices).toHaveLength(1);
    expect(again.otherInvoices[0]).toMatchObject({
      status: 'open',
      lines: [{ description: 'Concierge Listing Review' }],
    });
    expect((await listing(p.hash)).json().listing.nextStep).toBe('payment');
  });

  it('voiding the listing invoice cancels every order on it', async () => {
    const p = await listedProperty('Lone County', '19 Void Rd');
    await throughForm(p.hash);
    await put(MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography', 'lockbox-rental'],
    });
    const voided = await t.app.paymentService.void(p.invoice);
    expect(voided.ok).toBe(true);
    const statuses = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.propertyId, p.id)));
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    // With its order cancelled the listing is gone until the MLS listing is ordered again.
    expect((await listing(p.hash)).json()).toEqual({
      listing: null,
      notOrdered: { message: T.orderCancelled, cancelled: true },
    });
  });

  it('hides the invoice from a participant who cannot edit, but shows whether it is paid', async () => {
    const p = await listedProperty('Lone County', '20 Hidden Rd');
    await throughForm(p.hash);
    await put(MLS_LISTING_API.services, { property: p.hash, upgrades: [] });
    await photosDone(p.id);
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId: p.id, userId: bob.userId, role: 'sellerAgent', canEdit: false });
    const res = await get(`${MLS_LISTING_API.payment}?property=${p.hash}`, bob.cookie);
    expect(res.json()).toMatchObject({ invoiceHidden: true, invoice: null, paid: false });
  });
});
