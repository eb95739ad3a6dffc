import { MESSAGES } from '@lantern/contracts';
import { mlsBoards, productCoverage, products } from '@lantern/db';
import { CATALOGUE, US_JURISDICTIONS } from '@lantern/db/seed';
import { serviceSlugs } from '@lantern/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'alice');
  bob = await signUpUser(t.app, 'bob');
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const services = (hash: string, cookie: string) =>
  get(`/api/dashboard/services-for-property?property=${encodeURIComponent(hash)}`, cookie);
const setVisible = (property: string, visible: boolean, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/property-visibility',
    headers: { ...BROWSER, cookie },
    payload: { property, visible },
  });

describe('GET /api/dashboard/user-properties', () => {
  it('answers 401 without a session', async () => {
    const res = await get('/api/dashboard/user-properties');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
  });

  it("lists only the user's own properties, oldest first, with street, unit, role and colour", async () => {
    const user = await signUpUser(t.app, 'lister');
    const first = await addProperty(t.app, user.userId, 'seller', { street: '12 Oak Ave' });
    const second = await addProperty(t.app, user.userId, 'buyerAgent', {
      street: '9 Elm St',
      unit: 'Apt 4',
    });
    await addProperty(t.app, bob.userId, 'seller', { street: '77 Not Yours Rd' });
    const res = await get('/api/dashboard/user-properties', user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      properties: [
        {
          hash: first.hash,
          streetAddress: '12 Oak Ave',
          role: 'seller',
          badgeColor: '#1d4ed8',
          visible: true,
        },
        {
          hash: second.hash,
          streetAddress: '9 Elm St Apt 4',
          role: 'buyerAgent',
          badgeColor: '#b91c1c',
          visible: true,
        },
      ],
    });
  });

  it('answers an empty list to a user with no properties', async () => {
    const user = await signUpUser(t.app, 'empty');
    expect((await get('/api/dashboard/user-properties', user.cookie)).json()).toEqual({
      properties: [],
    });
  });
});

describe('GET /api/dashboard/services-for-property', () => {
  it('answers every service slug of spec section 3, by where the property is and the role', async () => {
    const seller = await addProperty(t.app, alice.userId, 'seller', {
      state: 'CA',
      county: 'Los Angeles County',
    });
    const res = await services(seller.hash, alice.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, boolean>;
    expect(Object.keys(body).sort()).toEqual(serviceSlugs('Lantern').sort());
    expect(body).toMatchObject({
      'mls-listing-state': true,
      'mls-listing-local': true, // CRMLS lists Los Angeles County among its core counties
      'fsbo-listing': true,
      'lantern-signs': true,
      'seller-flat-fee-representation': true,
      'buyer-flat-fee-representation': false,
      // Placed by no geocoder, so no valuation is offered (issue 38: street-level homes only).
      'free-comps': false,
    });

    const buyer = await addProperty(t.app, alice.userId, 'buyer', { state: 'TX' });
    const asBuyer = (await services(buyer.hash, alice.cookie)).json();
    expect(asBuyer).toMatchObject({
      'mls-listing-state': false,
      'buyer-flat-fee-representation': true,
      'seller-flat-fee-representation': false,
      'home-value-report': false,
      photography: false,
    });
  });

  it('offers nothing where the catalogue has no coverage (outside the 50 states and DC)', async () => {
    const pr = await addProperty(t.app, alice.userId, 'seller', {
      state: 'PR',
      county: 'San Juan',
    });
    const body = (await services(pr.hash, alice.cookie)).json() as Record<string, boolean>;
    expect(Object.values(body).every((v) => v === false)).toBe(true);
  });

  it('offers local MLS listing only where an MLS of the dataset lists the county', async () => {
    await t.database.db.insert(mlsBoards).values({
      slug: `test-mls-${Date.now()}`,
      name: 'Test Northwest MLS',
      shortName: 'TNMLS',
      states: ['WA'],
      counties: ['King', 'Snohomish County'],
      website: 'https://mls.example',
      sourceName: 'test',
      sourceUrl: 'https://mls.example',
    });
    const local = (hash: string) =>
      services(hash, alice.cookie).then((r) => r.json()['mls-listing-local']);
    const covered = await addProperty(t.app, alice.userId, 'seller', {
      state: 'WA',
      county: 'king county',
    });
    const covered2 = await addProperty(t.app, alice.userId, 'landlord', {
      state: 'WA',
      county: 'Snohomish County',
    });
    const neighbour = await addProperty(t.app, alice.userId, 'seller', {
      state: 'WA',
      county: 'Yakima County',
    });
    const otherState = await addProperty(t.app, alice.userId, 'seller', {
      state: 'OR',
      county: 'King County',
    });
    const buyer = await addProperty(t.app, alice.userId, 'buyer', {
      state: 'WA',
      county: 'King County',
    });
    expect(await local(covered.hash)).toBe(true);
    expect(await local(covered2.hash)).toBe(true);
    expect(await local(neighbour.hash)).toBe(false);
    expect(await local(otherState.hash)).toBe(false);
    expect(await local(buyer.hash)).toBe(false); // coverage offers it to the listing side only
    // The seeded directory's core counties count too (HAR lists Harris County).
    const houston = await addProperty(t.app, alice.userId, 'seller', {
      state: 'TX',
      county: 'Harris County',
    });
    expect(await local(houston.hash)).toBe(true);
  });

  it('leaves out local MLS listing when coverage does not offer it there, MLS or not', async () => {
    await t.database.db.insert(mlsBoards).values({
      slug: `test-pr-mls-${Date.now()}`,
      name: 'Test Island MLS',
      shortName: 'TIMLS',
      states: ['PR'],
      counties: ['San Juan'],
      website: 'https://mls.example',
      sourceName: 'test',
      sourceUrl: 'https://mls.example',
    });
    const pr = await addProperty(t.app, alice.userId, 'seller', {
      state: 'PR',
      county: 'San Juan',
    });
    expect((await services(pr.hash, alice.cookie)).json()['mls-listing-local']).toBe(false);
  });

  it("answers another user's hash and a made-up hash alike: 404 with the same body", async () => {
    const bobs = await addProperty(t.app, bob.userId);
    const theirs = await services(bobs.hash, alice.cookie);
    const madeUp = await services('AAAAAAAAAAAAAAAAAAAA', alice.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(madeUp.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: MESSAGES.notFound });
    expect(madeUp.body).toBe(theirs.body);
  });

  it('answers 401 without a session and 422 without a property', async () => {
    const mine = await addProperty(t.app, alice.userId);
    expect(
      (await get(`/api/dashboard/services-for-property?property=${mine.hash}`)).statusCode,
    ).toBe(401);
    const missing = await get('/api/dashboard/services-for-property', alice.cookie);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('property');
  });
});

describe('POST /api/dashboard/property-visibility', () => {
  it('hides and shows a property for this user only', async () => {
    const carol = await signUpUser(t.app, 'carol');
    const home = await addProperty(t.app, carol.userId);
    const hidden = await setVisible(home.hash, false, carol.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ hash: home.hash, visible: false });
    const list = (await get('/api/dashboard/user-properties', carol.cookie)).json();
    expect(list.properties[0].visible).toBe(false);
    expect((await setVisible(home.hash, true, carol.cookie)).json().visible).toBe(true);
  });

  it("answers another user's hash and a made-up hash alike: 404, and changes nothing", async () => {
    const bobs = await addProperty(t.app, bob.userId);
    const theirs = await setVisible(bobs.hash, false, alice.cookie);
    const madeUp = await setVisible('ZZZZZZZZZZZZZZZZZZZZ', false, alice.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.body).toBe(theirs.body);
    const bobsList = (await get('/api/dashboard/user-properties', bob.cookie)).json();
    expect(bobsList.properties.every((p: { visible: boolean }) => p.visible)).toBe(true);
  });

  it('needs a session and a same-origin page', async () => {
    const mine = await addProperty(t.app, alice.userId);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/property-visibility',
      headers: BROWSER,
      payload: { property: mine.hash, visible: false },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/property-visibility',
      headers: {
        cookie: alice.cookie,
        origin: 'https://evil.example',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: { property: mine.hash, visible: false },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/products and the catalogue seed', () => {
  it('answers the catalogue with prices in cents: flat-fee MLS $149, FSBO free', async () => {
    const res = await get('/api/dashboard/products', alice.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().products as Array<{ slug: string; priceCents: number | null }>;
    expect(list.find((p) => p.slug === 'mls-listing-state')?.priceCents).toBe(14_900);
    expect(list.find((p) => p.slug === 'fsbo-listing')?.priceCents).toBe(0);
    expect(list.map((p) => p.slug).sort()).toEqual(serviceSlugs('Lantern').sort());
    expect((await get('/api/dashboard/products')).statusCode).toBe(401);
  });

  it('covers every state and DC for each nationwide product, and seeding again adds nothing', async () => {
    const { seedProductCatalogue } = await import('@lantern/db/seed');
    expect(await seedProductCatalogue(t.database.db, { signsSlug: 'lantern-signs' })).toEqual([]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(productCoverage)
      .innerJoin(products, eq(products.id, productCoverage.productId))
      .where(eq(products.slug, 'mls-listing-state'));
    expect(row?.n).toBe(51);
    expect(US_JURISDICTIONS).toHaveLength(51);
    const nationwide = CATALOGUE.filter((e) => e.coverage === 'nationwide').length;
    const [all] = await t.database.db
      .select({ n: count() })
      .from(productCoverage)
      .where(eq(productCoverage.state, 'DC'));
    // DC rows: one per nationwide product (other tests add MLS boards, not coverage).
    expect(all?.n).toBe(nationwide);
  });
});
