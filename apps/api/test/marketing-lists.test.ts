import { MARKETING_TEXTS, REPORT_TEXTS } from '@lantern/contracts';
import { newHash, newsletterSubscribers, orders, products, users } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let marketer: SignedIn;
let support: SignedIn;
/** Four owners: newsletter only, news and offers only, both, neither. */
let news: SignedIn;
let promo: SignedIn;
let both: SignedIn;
let none: SignedIn;
/** A buyer only: never an owner. */
let buyer: SignedIn;
const tag = `mk${Date.now().toString(36)}`;

async function order(who: SignedIn, propertyId: number, slug: string) {
  const [product] = await t.app.db.select().from(products).where(eq(products.slug, slug));
  if (!product) throw new Error(`no product ${slug}`);
  await t.app.db.insert(orders).values({
    hash: newHash(),
    propertyId,
    productId: product.id,
    userId: who.userId,
    priceCents: product.priceCents,
    status: 'confirmed',
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  marketer = await signUpUser(t.app, `${tag}-marketer`);
  support = await signUpUser(t.app, `${tag}-support`);
  await giveStaffRole(t.app, marketer.userId, 'marketing');
  await giveStaffRole(t.app, support.userId, 'support');
  news = await signUpUser(t.app, `${tag}-news`);
  promo = await signUpUser(t.app, `${tag}-promo`);
  both = await signUpUser(t.app, `${tag}-both`);
  none = await signUpUser(t.app, `${tag}-none`);
  buyer = await signUpUser(t.app, `${tag}-buyer`);
  for (const who of [news, both]) {
    await t.app.db
      .insert(newsletterSubscribers)
      .values({ email: who.email.toUpperCase(), status: 'confirmed', confirmedAt: new Date() });
  }
  // A pending (unconfirmed) subscription is not an opt-in.
  await t.app.db.insert(newsletterSubscribers).values({ email: none.email, status: 'pending' });
  for (const who of [promo, both]) {
    await t.app.db.update(users).set({ promoOptin: true }).where(eq(users.id, who.userId));
  }
  const tx = await addProperty(t.app, news.userId, 'seller', {
    street: `1 ${tag} Oak St`,
    state: 'TX',
    county: 'Travis County',
  });
  await order(news, tx.id, 'photography');
  const il = await addProperty(t.app, promo.userId, 'landlord', { street: `2 ${tag} Elm St` });
  await order(promo, il.id, 'lockbox-rental');
  await addProperty(t.app, both.userId, 'seller', {
    street: `3 ${tag} Ash St`,
    state: 'TX',
    county: 'Harris County',
  });
  await addProperty(t.app, none.userId, 'seller', {
    street: `4 ${tag} Fir St`,
    state: 'TX',
    county: 'travis county',
  });
  await addProperty(t.app, buyer.userId, 'buyer', { street: `5 ${tag} Yew St` });
});
afterAll(() => t.close());

const get = (url: string, who: SignedIn = marketer) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

/** The emails a list answers for this test's people (other test files share the database). */
async function emails(list: 'owners' | 'properties' | 'orders', query: string) {
  const res = await get(`${ADMIN_API.marketing(list)}?search=${tag}&limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().rows as Array<{
    email?: string;
    owner?: { email: string };
    customer?: { email: string };
  }>;
  return rows.map((r) => r.email ?? r.owner?.email ?? r.customer?.email).sort();
}
const sorted = (...who: SignedIn[]) => who.map((w) => w.email).sort();

/** A CSV answer as records by header (this test's cells hold no commas or quotes). */
function csvRows(body: string): Array<Record<string, string>> {
  const [head = '', ...lines] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  const headers = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [headers[i], v])));
}

describe('marketing lists', () => {
  it('lists owners (sellers and landlords, never buyers) with their opt-ins', async () => {
    expect(await emails('owners', '')).toEqual(sorted(news, promo, both, none));
    const res = await get(`${ADMIN_API.marketing('owners')}?search=${tag}-both`);
    expect(res.json().rows[0]).toMatchObject({
      email: both.email,
      properties: 1,
      orders: 0,
      optIns: { newsletter: true, promotions: true },
    });
  });

  it('filters by opt-in: a pending subscription is no opt-in', async () => {
    expect(await emails('owners', 'optIn=opted-in')).toEqual(sorted(news, promo, both));
    expect(await emails('owners', 'optIn=newsletter')).toEqual(sorted(news, both));
    expect(await emails('owners', 'optIn=promotions')).toEqual(sorted(promo, both));
    expect(await emails('owners', 'optIn=none')).toEqual(sorted(none));
  });

  it('filters by state and county (county in any case) and by product ordered', async () => {
    expect(await emails('owners', 'state=tx')).toEqual(sorted(news, both, none));
    expect(await emails('owners', 'state=TX&county=TRAVIS%20COUNTY')).toEqual(sorted(news, none));
    expect(await emails('properties', 'county=Travis%20County')).toEqual(sorted(news, none));
    expect(await emails('owners', 'service=photography')).toEqual(sorted(news));
    expect(await emails('orders', 'service=lockbox-rental')).toEqual(sorted(promo));
    expect(await emails('properties', 'service=lockbox-rental')).toEqual(sorted(promo));
  });

  it('filters by day in the business time zone, and refuses a range the wrong way round', async () => {
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: t.app.config.businessTimeZone,
    }).format(new Date());
    expect(await emails('orders', `from=${today}&to=${today}`)).toEqual(sorted(news, promo));
    expect(await emails('orders', 'to=2001-01-01')).toEqual([]);
    const bad = await get(`${ADMIN_API.marketing('orders')}?from=2026-02-01&to=2026-01-01`);
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(REPORT_TEXTS.dayFromAfterTo);
    const state = await get(`${ADMIN_API.marketing('owners')}?state=ZZ`);
    expect(state.statusCode).toBe(422);
    expect(JSON.stringify(state.json())).toContain(MARKETING_TEXTS.state);
  });

  it('exports only people who opted in, whatever the filter says', async () => {
    const all = await get(`${ADMIN_API.marketingExport('owners')}?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    const rows = csvRows(all.body);
    expect(rows.map((r) => r.Email).sort()).toEqual(sorted(news, promo, both));
    expect(rows.find((r) => r.Email === promo.email)).toMatchObject({
      Newsletter: 'no',
      'News and offers': 'yes',
    });
    const nobody = await get(`${ADMIN_API.marketingExport('owners')}?search=${tag}&optIn=none`);
    expect(nobody.body.trim().split('\n')).toHaveLength(1); // the header row alone
    const props = await get(`${ADMIN_API.marketingExport('properties')}?search=${tag}&state=TX`);
    const propRows = csvRows(props.body);
    expect(propRows.map((r) => r['Owner email']).sort()).toEqual(sorted(news, both));
  });

  it('needs the marketing permission (and data.export for the CSV)', async () => {
    expect((await get(ADMIN_API.marketing('owners'), support)).statusCode).toBe(403);
    expect((await get(ADMIN_API.marketingExport('orders'), support)).statusCode).toBe(403);
    expect((await get(ADMIN_API.marketing('orders'), news)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: ADMIN_API.marketing('orders') });
    expect(anonymous.statusCode).toBe(401);
  });
});
