import { COVERAGE_TEXTS, MESSAGES, MLS_TEXTS, VENDOR_PRICE_TEXTS } from '@lantern/contracts';
import { auditLog, jobs, productCoverage, products } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import {
  addProperty,
  type CallArgs,
  callAs,
  type SignedIn,
  signUpUser,
} from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * Issue 20: coverage per product, MLS boards and vendor prices (docs/decisions/028). The public
 * pages that show the boards read them on each request (mls-pages.test.ts).
 */
let t: TestApp;
let owner: SignedIn;
let support: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  support = await signUpUser(t.app, 'support');
  await giveStaffRole(t.app, support.userId, 'support');
  seller = await signUpUser(t.app, 'seller');
});
afterAll(() => t.close());

const call = (...args: CallArgs) => callAs(t.app, ...args);

const offered = async (hash: string, slug: string, who = seller) =>
  (await call(who, 'GET', `/api/dashboard/services-for-property?property=${hash}`)).json()[slug];

const lastAudit = async (action: string, recordId: string) => {
  const [entry] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
};

type Place = { state: string; county: string | null; roles: string[] | null };
const LISTING_SIDE = ['seller', 'sellerAgent', 'landlord', 'landlordAgent', 'concierge'];

describe('coverage', () => {
  it('any staff role reads where a product is offered: the 50 states and DC to start with', async () => {
    const res = await call(support, 'GET', ADMIN_API.productCoverage('photography'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { roles: string[]; places: Place[] };
    expect(body.roles).toEqual(LISTING_SIDE);
    expect(body.places).toHaveLength(51);
    expect(body.places.every((p) => p.county === null)).toBe(true);
    expect(body.places.map((p) => p.state)).toContain('DC');
    expect((await call(support, 'GET', ADMIN_API.productCoverage('no-such'))).statusCode).toBe(404);
  });

  it('only products.manage changes it', async () => {
    const res = await call(support, 'PUT', ADMIN_API.productCoverage('photography'), {
      places: [{ state: 'IL', county: null }],
    });
    expect(res.statusCode).toBe(403);
  });

  it('a change reaches services-for-property at once; places kept keep their roles, new ones take the product’s', async () => {
    const springfield = await addProperty(t.app, seller.userId, 'seller', { street: '1 Cov St' });
    const chicago = await addProperty(t.app, seller.userId, 'seller', {
      street: '2 Cov St',
      county: 'Cook County',
    });
    const asBuyer = await addProperty(t.app, seller.userId, 'buyer', { street: '3 Cov St' });
    expect(await offered(springfield.hash, 'photography')).toBe(true);

    // Give Texas's row roles of its own, to see that a save leaves them alone.
    const [photo] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'photography'));
    await t.app.db
      .update(productCoverage)
      .set({ roles: ['seller'] })
      .where(and(eq(productCoverage.productId, photo?.id ?? 0), eq(productCoverage.state, 'TX')));

    const before = (await call(owner, 'GET', ADMIN_API.productCoverage('photography'))).json()
      .places as Place[];
    const withoutIllinois = before
      .filter((p) => p.state !== 'IL')
      .map(({ state, county }) => ({ state, county }));
    const res = await call(owner, 'PUT', ADMIN_API.productCoverage('photography'), {
      places: withoutIllinois,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().places).toHaveLength(50);
    expect(await offered(springfield.hash, 'photography')).toBe(false);
    expect(await offered(springfield.hash, 'fsbo-listing')).toBe(true); // other products unchanged

    // One county of Illinois, typed without "County" as staff would.
    const oneCounty = await call(owner, 'PUT', ADMIN_API.productCoverage('photography'), {
      places: [...withoutIllinois, { state: 'il', county: ' Sangamon ' }],
    });
    expect(oneCounty.statusCode).toBe(200);
    const places = oneCounty.json().places as Place[];
    expect(places.find((p) => p.state === 'IL')).toEqual({
      state: 'IL',
      county: 'Sangamon',
      roles: LISTING_SIDE,
    });
    expect(places.find((p) => p.state === 'TX')?.roles).toEqual(['seller']);
    expect(await offered(springfield.hash, 'photography')).toBe(true);
    expect(await offered(chicago.hash, 'photography')).toBe(false);
    expect(await offered(asBuyer.hash, 'photography')).toBe(false); // roles still listing side

    const entry = await lastAudit('product.coverage', 'photography');
    expect(entry?.actorEmail).toBe(owner.email);
    const logged = (v: unknown) => (v as { places: string[] } | undefined)?.places ?? [];
    expect(logged(entry?.before)).toContain('TX');
    expect(logged(entry?.before)).not.toContain('IL: Sangamon');
    expect(logged(entry?.after)).toContain('IL: Sangamon');
    expect(logged(entry?.after)).not.toContain('IL');

    // Back to every state, Illinois whole again.
    const restored = await call(owner, 'PUT', ADMIN_API.productCoverage('photography'), {
      places: [...withoutIllinois, { state: 'IL', county: null }],
    });
    expect(restored.statusCode).toBe(200);
    expect(await offered(chicago.hash, 'photography')).toBe(true);
  });

  it('refuses places outside the 50 states and DC, duplicates and long names, in words', async () => {
    const put = (places: unknown[]) =>
      call(owner, 'PUT', ADMIN_API.productCoverage('comps'), { places });
    const territory = await put([{ state: 'PR', county: null }]);
    expect(territory.statusCode).toBe(422);
    expect(territory.json().errors['places.0.state']).toContain(COVERAGE_TEXTS.state);
    const twice = await put([
      { state: 'WA', county: 'King' },
      { state: 'WA', county: 'King County' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['places.1.county']).toContain(COVERAGE_TEXTS.duplicate);
    const long = await put([{ state: 'WA', county: 'K'.repeat(81) }]);
    expect(long.json().errors['places.0.county']).toContain(COVERAGE_TEXTS.county);
    expect(
      (
        await call(owner, 'PUT', ADMIN_API.productCoverage('no-such'), {
          places: [{ state: 'WA', county: null }],
        })
      ).statusCode,
    ).toBe(404);
    // Nothing changed.
    expect(
      ((await call(owner, 'GET', ADMIN_API.productCoverage('comps'))).json().places as Place[])
        .length,
    ).toBe(51);
  });

  it('an empty list takes the product away everywhere', async () => {
    const place = await addProperty(t.app, seller.userId, 'seller', { street: '4 Cov St' });
    expect(await offered(place.hash, 'sign-purchase')).toBe(true);
    const res = await call(owner, 'PUT', ADMIN_API.productCoverage('sign-purchase'), {
      places: [],
    });
    expect(res.statusCode).toBe(200);
    expect(await offered(place.hash, 'sign-purchase')).toBe(false);
  });
});

const board = (over: Record<string, unknown> = {}) => ({
  name: 'Green Mountain Test MLS',
  shortName: 'GMTMLS',
  states: ['VT'],
  counties: ['Chittenden'],
  region: 'Northern Vermont',
  website: 'https://gmt-mls.example',
  sourceName: 'GMTMLS website',
  sourceUrl: 'https://gmt-mls.example/about',
  notes: null,
  listingFeeCents: 12_500,
  rules: 'Photos within 3 days.\nNo coming-soon listings.',
  ...over,
});

describe('MLS boards', () => {
  it('any staff role lists them by name and searches by name, short name, slug or state', async () => {
    const res = await call(support, 'GET', `${ADMIN_API.mlsBoards}?limit=100`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<{ slug: string; name: string }>;
    expect(rows.length).toBeGreaterThanOrEqual(25);
    const names = rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const texas = (await call(support, 'GET', `${ADMIN_API.mlsBoards}?search=tx`)).json()
      .rows as Array<{ slug: string }>;
    expect(texas.map((r) => r.slug).sort()).toEqual(['har', 'ntreis', 'sabor', 'unlock-mls']);
    const har = (await call(support, 'GET', `${ADMIN_API.mlsBoards}?search=Houston`)).json().rows;
    expect(har[0]).toMatchObject({ slug: 'har', listingFeeCents: null, rules: null });
  });

  it('a change of counties turns local MLS listing on there at once, and is logged', async () => {
    const yakima = await addProperty(t.app, seller.userId, 'seller', {
      street: '5 Orchard Rd',
      state: 'WA',
      county: 'Yakima County',
    });
    expect(await offered(yakima.hash, 'mls-listing-local')).toBe(false);
    const nwmls = (await call(owner, 'GET', `${ADMIN_API.mlsBoards}?search=nwmls`)).json().rows[0];
    const { slug: _s, updatedAt: _u, ...fields } = nwmls;
    const refused = await call(support, 'PUT', ADMIN_API.mlsBoard('nwmls'), fields);
    expect(refused.statusCode).toBe(403);
    const jobsBefore = await t.app.db.select().from(jobs);
    const res = await call(owner, 'PUT', ADMIN_API.mlsBoard('nwmls'), {
      ...fields,
      counties: [...fields.counties, 'Yakima', 'king'],
      listingFeeCents: 9_900,
      rules: 'Listings need a signed listing agreement.',
    });
    expect(res.statusCode).toBe(200);
    // A name already listed in another case is dropped, not doubled.
    expect(res.json().counties).toEqual(['King', 'Snohomish', 'Pierce', 'Yakima']);
    expect(res.json()).toMatchObject({ listingFeeCents: 9_900 });
    expect(await offered(yakima.hash, 'mls-listing-local')).toBe(true);

    const entry = await lastAudit('mls-board.update', 'nwmls');
    expect(entry?.before).toMatchObject({ counties: ['King', 'Snohomish', 'Pierce'], rules: null });
    expect(entry?.after).toMatchObject({
      counties: ['King', 'Snohomish', 'Pierce', 'Yakima'],
      listingFeeCents: 9_900,
    });
    // The public pages read the table as they are served: a save queues no background work.
    expect(await t.app.db.select().from(jobs)).toEqual(jobsBefore);
  });

  it('adds a board whose counties offer local MLS listing; a taken slug is a 409', async () => {
    const burlington = await addProperty(t.app, seller.userId, 'seller', {
      street: '6 Lake St',
      state: 'VT',
      county: 'Chittenden County',
    });
    expect(await offered(burlington.hash, 'mls-listing-local')).toBe(false);
    expect(
      (await call(support, 'POST', ADMIN_API.mlsBoards, { ...board(), slug: 'gmt-mls' }))
        .statusCode,
    ).toBe(403);
    const made = await call(owner, 'POST', ADMIN_API.mlsBoards, { ...board(), slug: 'gmt-mls' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ slug: 'gmt-mls', states: ['VT'], listingFeeCents: 12_500 });
    expect(await offered(burlington.hash, 'mls-listing-local')).toBe(true);
    expect((await lastAudit('mls-board.create', 'gmt-mls'))?.after).toMatchObject({
      name: 'Green Mountain Test MLS',
    });
    const again = await call(owner, 'POST', ADMIN_API.mlsBoards, { ...board(), slug: 'gmt-mls' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.slug).toEqual([MLS_TEXTS.slugTaken]);
    expect((await call(owner, 'PUT', ADMIN_API.mlsBoard('no-such-mls'), board())).statusCode).toBe(
      404,
    );
  });

  it('refuses a bad slug, plain http, a negative fee, no states and unknown states', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ slug: 'Bad Slug' }, 'slug', MLS_TEXTS.slug],
      [{ website: 'http://gmt-mls.example' }, 'website', MLS_TEXTS.url],
      [{ listingFeeCents: -1 }, 'listingFeeCents', MLS_TEXTS.fee],
      [{ listingFeeCents: 12.5 }, 'listingFeeCents', MLS_TEXTS.fee],
      [{ states: [] }, 'states', MLS_TEXTS.statesRequired],
      [{ states: ['VT', 'ZZ'] }, 'states.1', COVERAGE_TEXTS.state],
      [{ states: ['VT', 'VT'] }, 'states.1', MLS_TEXTS.statesDuplicate],
      [{ name: ' ' }, 'name', MLS_TEXTS.nameRequired],
      [{ rules: 'x'.repeat(4001) }, 'rules', MLS_TEXTS.rules],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(owner, 'POST', ADMIN_API.mlsBoards, {
        ...board(),
        slug: 'valid-slug',
        ...over,
      });
      expect({ field, status: res.statusCode }).toEqual({ field, status: 422 });
      expect(res.json().errors[field], field).toContain(message);
    }
  });
});

describe('vendor prices', () => {
  let photographer: SignedIn;
  beforeAll(async () => {
    photographer = await signUpUser(t.app, 'photographer');
    await giveVendorKinds(t.app, photographer.userId, ['field']);
  });

  it('need vendors.prices, to read as well as to change', async () => {
    expect((await call(support, 'GET', ADMIN_API.vendorPrices)).statusCode).toBe(403);
    expect(
      (
        await call(support, 'PUT', ADMIN_API.vendorPrices, {
          productSlug: 'photography',
          vendorEmail: null,
          priceCents: 100,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a default per product, a vendor’s own price beside it, each change logged', async () => {
    const set = (body: Record<string, unknown>) => call(owner, 'PUT', ADMIN_API.vendorPrices, body);
    const made = await set({ productSlug: 'photography', vendorEmail: null, priceCents: 6_000 });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({
      product: { slug: 'photography' },
      vendor: null,
      priceCents: 6_000,
    });
    const changed = await set({ productSlug: 'photography', vendorEmail: null, priceCents: 6_500 });
    expect(changed.json().id).toBe(made.json().id);
    const logged = await lastAudit('vendor-price.set', String(made.json().id));
    expect(logged?.before).toEqual({ product: 'photography', vendor: null, priceCents: 6_000 });
    expect(logged?.after).toEqual({ product: 'photography', vendor: null, priceCents: 6_500 });

    const own = await set({
      productSlug: 'photography',
      vendorEmail: photographer.email.toUpperCase(),
      priceCents: 7_250,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().vendor).toMatchObject({ hash: photographer.hash, email: photographer.email });
    await set({ productSlug: 'lockbox-rental', vendorEmail: null, priceCents: 1_500 });

    const list = await call(owner, 'GET', `${ADMIN_API.vendorPrices}?limit=100`);
    expect(
      (
        list.json().rows as Array<{ product: { slug: string }; vendor: { email: string } | null }>
      ).map((r) => [r.product.slug, r.vendor?.email ?? null]),
    ).toEqual([
      ['lockbox-rental', null],
      ['photography', null],
      ['photography', photographer.email],
    ]);
    const search = await call(owner, 'GET', `${ADMIN_API.vendorPrices}?search=photographer`);
    expect(search.json().rows).toHaveLength(1);

    const removed = await call(owner, 'DELETE', ADMIN_API.vendorPrice(own.json().id));
    expect(removed.statusCode).toBe(204);
    expect((await lastAudit('vendor-price.remove', String(own.json().id)))?.before).toEqual({
      product: 'photography',
      vendor: photographer.email,
      priceCents: 7_250,
    });
    expect((await call(owner, 'DELETE', ADMIN_API.vendorPrice(own.json().id))).statusCode).toBe(
      404,
    );
  });

  it('refuses people who are not vendors, unknown products and fractions of a cent', async () => {
    const customer = await signUpUser(t.app, 'not-a-vendor');
    const set = (body: Record<string, unknown>) => call(owner, 'PUT', ADMIN_API.vendorPrices, body);
    const notVendor = await set({
      productSlug: 'photography',
      vendorEmail: customer.email,
      priceCents: 100,
    });
    expect(notVendor.statusCode).toBe(422);
    expect(notVendor.json()).toMatchObject({
      message: MESSAGES.validationFailed,
      errors: { vendorEmail: [VENDOR_PRICE_TEXTS.notVendor] },
    });
    const unknown = await set({ productSlug: 'no-such', vendorEmail: null, priceCents: 100 });
    expect(unknown.json().errors.productSlug).toEqual([VENDOR_PRICE_TEXTS.product]);
    for (const priceCents of [12.5, -1, 10_000_001, '100'])
      expect(
        (await set({ productSlug: 'photography', vendorEmail: null, priceCents })).json().errors
          .priceCents,
      ).toContain(VENDOR_PRICE_TEXTS.price);
  });
});
