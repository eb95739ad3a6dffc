import { LISTINGS_API, MESSAGES, LISTING_SYNDICATION_DEFAULTS as SHARE } from '@lantern/contracts';
import { fsboListings, listingPriceEvents, listings } from '@lantern/db';
import {
  FSBO_LISTING_API,
  FSBO_LISTING_FIELD_MESSAGES as M,
  PHOTO_TEXTS,
  FSBO_LISTING_TEXTS as T,
} from '@lantern/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_JOB } from '../src/features/photos/photos.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addReader, jpeg, multipart } from './helpers/photo-fixtures.ts';

let t: TestApp;
let seller: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  // Jobs run only when a test runs them (the photo job, as the runner would).
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'fsbo-seller');
  stranger = await signUpUser(t.app, 'fsbo-stranger');
});
afterAll(() => t.close());

const send = (method: 'PUT' | 'POST', url: string, payload: object, who = seller) =>
  t.app.inject({ method, url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const get = (url: string, who = seller) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const listing = (hash: string, who = seller) =>
  get(`${FSBO_LISTING_API.listing}?property=${hash}`, who);
const publicList = async (view = 'current') =>
  (await t.app.inject({ method: 'GET', url: `${LISTINGS_API.listings}?view=${view}` })).json()
    .listings as Array<Record<string, unknown>>;

const BASICS = {
  price: 325_000,
  propertyType: 'single-family',
  bedrooms: 3,
  bathrooms: 2.5,
  livingArea: 1_720,
  yearBuilt: 1988,
};
const CONTACT = {
  name: 'Dana',
  showEmail: false,
  email: 'dana.private@example.com',
  showPhone: false,
  phone: '(555) 201-4433',
};
const DESCRIBE = {
  remarks: 'Sunny three-bedroom home near the park, with a new kitchen.',
  features: ['garage', 'updated-kitchen'],
};

/** A property of the seller's with basics, contact and describe done. */
async function described(street: string) {
  const p = await addProperty(t.app, seller.userId, 'seller', { street });
  for (const [path, key, value] of [
    [FSBO_LISTING_API.basics, 'basics', BASICS],
    [FSBO_LISTING_API.contact, 'contact', CONTACT],
    [FSBO_LISTING_API.describe, 'describe', DESCRIBE],
  ] as const) {
    const res = await send('PUT', path, { property: p.hash, [key]: value, finish: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  return p;
}

/** Upload real photos and run the photo job, as the dashboard and the runner do. */
async function addPhotos(hash: string, files: { name: string; data: Buffer }[]) {
  const body = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${FSBO_LISTING_API.photos}?property=${hash}`,
    headers: { ...BROWSER, cookie: seller.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.runDue([PHOTO_JOB]);
  return res.json();
}

async function published(street: string) {
  const p = await described(street);
  await addPhotos(p.hash, [{ name: 'front.jpg', data: await jpeg(1280, 960) }]);
  const res = await send('POST', FSBO_LISTING_API.publish, {
    property: p.hash,
    syndication: SHARE,
  });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

async function publicRowOf(propertyId: number) {
  const [fsbo] = await t.app.db
    .select()
    .from(fsboListings)
    .where(eq(fsboListings.propertyId, propertyId));
  if (!fsbo) throw new Error('no FSBO listing');
  const [row] = await t.app.db.select().from(listings).where(eq(listings.fsboListingId, fsbo.id));
  return row;
}
async function historyOf(listingId: number) {
  const rows = await t.app.db
    .select()
    .from(listingPriceEvents)
    .where(eq(listingPriceEvents.listingId, listingId))
    .orderBy(asc(listingPriceEvents.id));
  return rows.map((r) => [r.kind, r.price]);
}

describe('the FSBO listing and who may see it', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${FSBO_LISTING_API.listing}?property=x`,
    });
    expect(res.statusCode).toBe(401);
  });

  it("is made on the first read, and another user's draft is a 404 on every route", async () => {
    const p = await addProperty(t.app, seller.userId, 'seller', { street: '10 Owner Way' });
    const first = await listing(p.hash);
    expect(first.statusCode).toBe(200);
    expect(first.json().listing).toMatchObject({
      status: 'draft',
      completedSteps: [],
      nextStep: 'basics',
      canEdit: true,
      publicPath: null,
    });
    const q = `?property=${p.hash}`;
    const tries = [
      await listing(p.hash, stranger),
      await send('PUT', FSBO_LISTING_API.basics, { property: p.hash, basics: BASICS }, stranger),
      await send('PUT', FSBO_LISTING_API.contact, { property: p.hash, contact: CONTACT }, stranger),
      await send(
        'PUT',
        FSBO_LISTING_API.describe,
        { property: p.hash, describe: DESCRIBE },
        stranger,
      ),
      await get(FSBO_LISTING_API.photos + q, stranger),
      await send(
        'POST',
        FSBO_LISTING_API.publish,
        { property: p.hash, syndication: SHARE },
        stranger,
      ),
      await send('POST', FSBO_LISTING_API.unpublish, { property: p.hash }, stranger),
      await send(
        'PUT',
        FSBO_LISTING_API.marketStatus,
        { property: p.hash, status: 'pending' },
        stranger,
      ),
      await listing('no-such-property'),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound);
    }
  });

  it('is refused in words where the property is not offered the free FSBO listing', async () => {
    // A buyer's property: the catalogue offers the FSBO listing to the listing side only.
    const p = await addProperty(t.app, seller.userId, 'buyer', { street: '11 Buyer Way' });
    const res = await listing(p.hash);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(T.notOffered);
  });

  it('lets a participant without can_edit read, and refuses every change with 403', async () => {
    const p = await described('12 Reader Rd');
    await addReader(t.app.db, p.id, stranger.userId);
    expect((await listing(p.hash, stranger)).json().listing.canEdit).toBe(false);
    const res = await send(
      'PUT',
      FSBO_LISTING_API.basics,
      { property: p.hash, basics: BASICS },
      stranger,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(T.readOnly);
    expect(
      (
        await send(
          'POST',
          FSBO_LISTING_API.publish,
          { property: p.hash, syndication: SHARE },
          stranger,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('drafts', () => {
  it('saves a half-filled step as a draft, counting it done only when complete', async () => {
    const p = await addProperty(t.app, seller.userId, 'seller', { street: '20 Draft St' });
    const half = await send('PUT', FSBO_LISTING_API.basics, {
      property: p.hash,
      basics: { price: 199_000 },
    });
    expect(half.statusCode).toBe(200);
    expect(half.json().listing).toMatchObject({
      basics: { price: 199_000 },
      completedSteps: [],
      nextStep: 'basics',
    });
    // Finishing asks for what is missing, in words, under each field.
    const finish = await send('PUT', FSBO_LISTING_API.basics, {
      property: p.hash,
      basics: { price: 199_000 },
      finish: true,
    });
    expect(finish.statusCode).toBe(422);
    expect(finish.json().errors).toEqual({
      'basics.propertyType': [M.propertyType],
      'basics.bedrooms': [M.bedrooms],
      'basics.bathrooms': [M.bathrooms],
      'basics.livingArea': [M.livingArea],
    });
    // Land needs no rooms.
    const land = await send('PUT', FSBO_LISTING_API.basics, {
      property: p.hash,
      basics: { price: 60_000, propertyType: 'land' },
      finish: true,
    });
    expect(land.statusCode).toBe(200);
    expect(land.json().listing.completedSteps).toEqual(['basics']);
  });

  it('refuses a bad value in words, and keeps the draft as it was', async () => {
    const p = await addProperty(t.app, seller.userId, 'seller', { street: '21 Draft St' });
    await send('PUT', FSBO_LISTING_API.basics, { property: p.hash, basics: { price: 100_000 } });
    const res = await send('PUT', FSBO_LISTING_API.basics, {
      property: p.hash,
      basics: { price: 100_000.5, bathrooms: 2.25, bedrooms: -1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'basics.price': [M.price],
      'basics.bathrooms': [M.bathrooms],
      'basics.bedrooms': [M.bedrooms],
    });
    expect((await listing(p.hash)).json().listing.basics).toEqual({ price: 100_000 });
  });

  it('opens each step when the ones before it are done', async () => {
    const p = await addProperty(t.app, seller.userId, 'seller', { street: '22 Order Ave' });
    const early = await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: CONTACT,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(T.finishStepFirst('basics'));
    const photos = multipart([{ name: 'a.jpg', data: await jpeg(1280, 960) }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `${FSBO_LISTING_API.photos}?property=${p.hash}`,
      headers: { ...BROWSER, cookie: seller.cookie, ...photos.headers },
      payload: photos.payload,
    });
    expect(upload.statusCode).toBe(409);
  });

  it('refuses contact details in the description and warns of fair-housing phrases', async () => {
    const p = await described('23 Words Ln');
    const res = await send('PUT', FSBO_LISTING_API.describe, {
      property: p.hash,
      describe: { remarks: 'Call 555-201-4433 today!' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['describe.remarks']).toEqual([
      M.remarksContact('phone', '555-201-4433'),
    ]);
    const warned = await send('PUT', FSBO_LISTING_API.describe, {
      property: p.hash,
      describe: { remarks: 'Quiet street, perfect for families.', features: [] },
      finish: true,
    });
    expect(warned.statusCode).toBe(200);
    expect(warned.json().listing.warnings).toEqual([
      {
        field: 'describe.remarks',
        phrase: 'perfect for families',
        message: T.fairHousingWarning('perfect for families'),
      },
    ]);
    const feature = await send('PUT', FSBO_LISTING_API.describe, {
      property: p.hash,
      describe: { features: ['moat'] },
    });
    expect(feature.statusCode).toBe(422);
  });

  it('checks the contact only asks for what the seller chose to show', async () => {
    const p = await addProperty(t.app, seller.userId, 'seller', { street: '24 Contact Ct' });
    await send('PUT', FSBO_LISTING_API.basics, { property: p.hash, basics: BASICS, finish: true });
    const missing = await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: { name: 'Dana', showPhone: true },
      finish: true,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ 'contact.phone': [M.phone] });
    const bad = await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: { name: 'Dana', showPhone: true, phone: '12345' },
    });
    expect(bad.json().errors).toEqual({ 'contact.phone': [M.phone] });
    const ok = await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: { name: 'Dana' },
      finish: true,
    });
    expect(ok.json().listing.completedSteps).toEqual(['basics', 'contact']);
  });
});

describe('publishing', () => {
  it('needs basics, contact, description and a processed photo, then is public at once', async () => {
    const p = await described('30 Publish Pl');
    const early = await send('POST', FSBO_LISTING_API.publish, {
      property: p.hash,
      syndication: SHARE,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`${T.publishNeeds} ${T.needsPhoto}`);
    expect((await listing(p.hash)).json().listing.publishNeeds).toEqual([T.needsPhoto]);

    // A photo under the minimum is refused in words that do not name the MLS; it does not count.
    const small = await addPhotos(p.hash, [{ name: 'tiny.jpg', data: await jpeg(800, 600) }]);
    const photos = (await get(`${FSBO_LISTING_API.photos}?property=${p.hash}`)).json().photos;
    expect(photos[0]).toMatchObject({ status: 'refused', error: PHOTO_TEXTS.tooSmallForPage });
    expect(small.files[0].stored).toBe(true);
    expect(
      (await send('POST', FSBO_LISTING_API.publish, { property: p.hash, syndication: SHARE }))
        .statusCode,
    ).toBe(409);

    const { photos: after } = await addPhotos(p.hash, [
      { name: 'front.jpg', data: await jpeg(1280, 960) },
    ]);
    const front = after.find((x: { fileName: string }) => x.fileName === 'front.jpg');
    expect(front.urls).toBeNull(); // processing when the upload answered
    const ready = (await get(`${FSBO_LISTING_API.photos}?property=${p.hash}`)).json().photos;
    const web = ready.find((x: { fileName: string }) => x.fileName === 'front.jpg').urls.web;
    expect(web).toMatch(/^\/api\/dashboard\/fsbo-listing\/photos\/.+\/web\?property=/);
    expect((await get(web)).statusCode).toBe(200);
    expect((await get(web, stranger)).statusCode).toBe(404);
    // Stored under the FSBO listing's own prefix.
    const [fsbo] = await t.app.db
      .select()
      .from(fsboListings)
      .where(eq(fsboListings.propertyId, p.id));
    const rows = await t.app.listingPhotos.list({ kind: 'fsbo', id: fsbo?.id ?? 0 });
    expect(rows.every((r) => r.storageKey.startsWith(`fsbo-listings/${fsbo?.hash}/`))).toBe(true);

    expect(await publicRowOf(p.id)).toBeUndefined();
    const res = await send('POST', FSBO_LISTING_API.publish, {
      property: p.hash,
      syndication: SHARE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().listing;
    expect(view).toMatchObject({ status: 'published', nextStep: 'manage', publishNeeds: [] });
    expect(view.publicPath).toMatch(/^\/listings\/30-publish-pl-springfield-il-62701-/);

    const row = await publicRowOf(p.id);
    expect(row).toMatchObject({
      status: 'active',
      price: 325_000,
      propertyType: 'single-family',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFeet: 1_720,
      yearBuilt: 1988,
      remarks: DESCRIBE.remarks,
      features: ['Garage', 'Updated kitchen'],
      photoHash: front.hash,
    });
    const shown = (await publicList()).find((l) => l.id === row?.hash);
    expect(shown).toMatchObject({ address: '30 Publish Pl', price: 325_000 });
    const photo = await t.app.inject({ method: 'GET', url: LISTINGS_API.photo(row?.hash ?? '') });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    const again = await send('POST', FSBO_LISTING_API.publish, {
      property: p.hash,
      syndication: SHARE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.alreadyPublished);
  });
});

describe("the seller's contact details", () => {
  it('stay off the public row unless the seller chooses to show them', async () => {
    const p = await published('40 Private Dr');
    const hidden = await publicRowOf(p.id);
    expect(hidden).toMatchObject({ contactName: null, contactEmail: null, contactPhone: null });
    const body = JSON.stringify(await publicList());
    expect(body).not.toContain(CONTACT.email);
    expect(body).not.toContain('201-4433');

    const phoneOnly = await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: { ...CONTACT, showPhone: true },
    });
    expect(phoneOnly.statusCode).toBe(200);
    expect(await publicRowOf(p.id)).toMatchObject({
      contactName: 'Dana',
      contactEmail: null,
      contactPhone: CONTACT.phone,
    });
    // The public page (issue 19) says we do not represent the seller, shows the phone only, and
    // serves its photos on the public routes.
    const slug = (await publicRowOf(p.id))?.slug ?? '';
    const page = await t.app.inject({
      method: 'GET',
      url: `/listings/${slug}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('does not represent this seller.');
    // The brokerage's mark belongs to the site's footer (issue 45), not to this seller's listing.
    expect(page.body.split('<footer')[0]).not.toContain('Equal Housing Opportunity');
    expect(page.body).toContain('Contact the seller');
    expect(page.body).not.toContain(CONTACT.email);
    const web = /src="(\/api\/listings\/[^"]+\/web)"/.exec(page.body)?.[1] ?? '';
    expect((await t.app.inject({ method: 'GET', url: web })).statusCode).toBe(200);

    await send('PUT', FSBO_LISTING_API.contact, {
      property: p.hash,
      contact: { ...CONTACT, showEmail: true, showPhone: false },
    });
    expect(await publicRowOf(p.id)).toMatchObject({
      contactName: 'Dana',
      contactEmail: CONTACT.email,
      contactPhone: null,
    });

    await send('PUT', FSBO_LISTING_API.contact, { property: p.hash, contact: CONTACT });
    expect(await publicRowOf(p.id)).toMatchObject({
      contactName: null,
      contactEmail: null,
      contactPhone: null,
    });
  });
});

describe('managing a published listing', () => {
  it('edits reach the public row at once, and it must stay complete', async () => {
    const p = await published('50 Edit Blvd');
    const cut = await send('PUT', FSBO_LISTING_API.basics, {
      property: p.hash,
      basics: { ...BASICS, price: 315_000 },
    });
    expect(cut.statusCode).toBe(200);
    const row = await publicRowOf(p.id);
    expect(row?.price).toBe(315_000);
    const incomplete = await send('PUT', FSBO_LISTING_API.describe, {
      property: p.hash,
      describe: { remarks: '' },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().message).toBe(T.publishedMustStayComplete);
    expect(incomplete.json().errors).toEqual({ 'describe.remarks': [M.remarks] });
    expect((await publicRowOf(p.id))?.remarks).toBe(DESCRIBE.remarks);
    expect(await historyOf(row?.id ?? 0)).toEqual([
      ['listed', 325_000],
      ['price_changed', 315_000],
    ]);
  });

  it('goes pending, sold, back on the market, unpublished and published again, with its history', async () => {
    const p = await published('51 Market St');
    const status = (body: object) =>
      send('PUT', FSBO_LISTING_API.marketStatus, { property: p.hash, ...body });

    expect((await status({ status: 'pending' })).json().listing.marketStatus).toBe('pending');
    expect((await publicRowOf(p.id))?.status).toBe('pending');

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await status({ status: 'sold', soldPrice: 320_000, soldOn: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ soldOn: [M.soldInFuture] });
    const first = (await listing(p.hash)).json().listing.firstPublishedAt.slice(0, 10);
    const before = await status({ status: 'sold', soldPrice: 320_000, soldOn: '2020-01-02' });
    expect(before.json().errors).toEqual({ soldOn: [M.soldBeforeListed(first)] });
    const noDate = await status({ status: 'sold', soldPrice: 320_000, soldOn: '2020-02-31' });
    expect(noDate.statusCode).toBe(422);

    const today = new Date().toISOString().slice(0, 10);
    const sold = await status({ status: 'sold', soldPrice: 320_000, soldOn: today });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().listing).toMatchObject({
      marketStatus: 'sold',
      soldPrice: 320_000,
      soldOn: today,
    });
    const row = await publicRowOf(p.id);
    expect(row).toMatchObject({ status: 'sold', price: 320_000 });
    expect(row?.closedAt?.toISOString().slice(0, 10)).toBe(today);
    expect((await publicList('sold')).some((l) => l.id === row?.hash)).toBe(true);
    expect((await publicList('current')).some((l) => l.id === row?.hash)).toBe(false);

    const back = await status({ status: 'active' });
    expect(back.json().listing).toMatchObject({
      marketStatus: 'active',
      soldPrice: null,
      soldOn: null,
    });
    expect(await publicRowOf(p.id)).toMatchObject({ status: 'active', price: 325_000 });

    const off = await send('POST', FSBO_LISTING_API.unpublish, { property: p.hash });
    expect(off.json().listing).toMatchObject({ status: 'unpublished', publicPath: null });
    expect((await publicList('current')).some((l) => l.id === row?.hash)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: LISTINGS_API.photo(row?.hash ?? '') })).statusCode,
    ).toBe(404);
    // Nothing to mark while it is off the pages.
    expect((await status({ status: 'pending' })).statusCode).toBe(409);
    expect((await send('POST', FSBO_LISTING_API.unpublish, { property: p.hash })).statusCode).toBe(
      409,
    );

    const on = await send('POST', FSBO_LISTING_API.publish, {
      property: p.hash,
      syndication: SHARE,
    });
    expect(on.statusCode).toBe(200);
    const again = await publicRowOf(p.id);
    expect(again?.hash).toBe(row?.hash);
    expect(again?.slug).toBe(row?.slug);
    expect((await publicList('current')).some((l) => l.id === row?.hash)).toBe(true);
    expect(await historyOf(row?.id ?? 0)).toEqual([
      ['listed', 325_000],
      ['pending', 325_000],
      ['sold', 320_000],
      ['relisted', 325_000],
      ['withdrawn', 325_000],
      ['relisted', 325_000],
    ]);
  });

  it("follows the photos: a new first photo becomes the public row's photo", async () => {
    const p = await published('52 Photo Path');
    const { photos } = await addPhotos(p.hash, [
      { name: 'kitchen.jpg', data: await jpeg(1280, 960) },
    ]);
    const kitchen = photos.find((x: { fileName: string }) => x.fileName === 'kitchen.jpg');
    const order = [
      kitchen.hash,
      ...photos
        .filter((x: { hash: string }) => x.hash !== kitchen.hash)
        .map((x: { hash: string }) => x.hash),
    ];
    const res = await send('PUT', FSBO_LISTING_API.photosOrder, {
      property: p.hash,
      photos: order,
    });
    expect(res.statusCode).toBe(200);
    expect((await publicRowOf(p.id))?.photoHash).toBe(kitchen.hash);
  });
});

describe("the review step's preview", () => {
  it("renders the draft as its public page will look, photos on the owner's routes", async () => {
    const p = await described('60 Preview Row');
    await addPhotos(p.hash, [{ name: 'front.jpg', data: await jpeg(1280, 960) }]);
    const res = await get(`${FSBO_LISTING_API.preview}?property=${p.hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Framed by the dashboard's own review step, and by nothing else.
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<base target="_top">');
    expect(html).toContain('<strong>Preview</strong>');
    // No share links, showing form, access request, view counting or canonical address.
    for (const gone of [
      'Share this home',
      'data-showing-form',
      // The section's heading, not its class: the page's own styles are inline and name it.
      'id="listing-access"',
      'data-listing-beacon',
      'rel="canonical"',
      'og:url',
    ]) {
      expect(html).not.toContain(gone);
    }
    // The question form shows as buyers will see it, but sends nothing.
    expect(html).toMatch(/data-inquiry-form [^>]*data-preview/);
    expect(html).toContain('Preview');
    expect(html).toContain('60 Preview Row');
    expect(html).toContain('$325,000');
    expect(html).toContain(DESCRIBE.remarks);
    expect(html).toMatch(/\/api\/dashboard\/fsbo-listing\/photos\/[^/]+\/web\?property=/);
    // Buyers go through us: neither the seller's email nor phone is on the page.
    expect(html).not.toContain(CONTACT.email);
    expect(html).not.toContain('201-4433');
    expect((await get(`${FSBO_LISTING_API.preview}?property=${p.hash}`, stranger)).statusCode).toBe(
      404,
    );
  });
});
