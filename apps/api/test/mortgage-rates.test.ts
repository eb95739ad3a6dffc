import {
  formatCents,
  MORTGAGE_RATE_TEXTS,
  monthlyPayment,
  PAYMENT_FIELD_ERRORS,
} from '@lantern/contracts';
import { auditLog, listings, mortgageRates, type NewListing, staffRoles } from '@lantern/db';
import { addDays, todayUtc } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Mortgage rate and the listing page's payment estimate (issue 47; docs/decisions/090):
 * every staff member reads the rates, "Manage trust and notices" (`site.manage`) sets a new one,
 * refused in the user's words outside its bounds and logged with the rate it replaces; a listing
 * page for sale shows the estimate from that rate at once (the kept page dropped), a sold one and
 * the list cards never. The pages come from the public site's real build: run `pnpm build` in
 * apps/web first.
 */
let t: TestApp;
let manager: SignedIn;
let support: SignedIn;
let customer: SignedIn;

const URL = '/api/admin/mortgage-rates';
const FOR_SALE = '/listings/1-pay-st-PayOne1';
const SOLD = '/listings/2-pay-st-PaySold2';
const LIST = '/current-listings';
const HEADING = 'Monthly payment estimate';

function row(n: number, hash: string, over: Partial<NewListing> = {}): NewListing {
  return {
    hash,
    slug: `${n}-pay-st-${hash}`,
    status: 'active',
    streetAddress: `${n} Pay St`,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 300_000,
    propertyType: 'single-family',
    listedAt: new Date(Date.UTC(2026, 0, 5)),
    publishedAt: new Date(),
    ...over,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.insert(staffRoles).values({
    key: 'site',
    name: 'Site',
    description: '',
    permissions: ['site.manage'],
  });
  manager = await signUpUser(t.app, 'mr-manager');
  await giveStaffRole(t.app, manager.userId, 'site');
  support = await signUpUser(t.app, 'mr-support');
  await giveStaffRole(t.app, support.userId, 'support');
  customer = await signUpUser(t.app, 'mr-customer');
  await t.app.db
    .insert(listings)
    .values([
      row(1, 'PayOne1'),
      row(2, 'PaySold2', { status: 'sold', closedAt: new Date(Date.UTC(2026, 2, 1)) }),
      row(3, 'PayPend3', { status: 'pending' }),
      row(4, 'PayNone4', { price: null }),
    ]);
});
afterAll(() => t.close());

const post = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: URL, headers: { ...BROWSER, cookie: who.cookie }, payload });
const get = (who?: SignedIn) =>
  t.app.inject({ method: 'GET', url: URL, headers: who ? { cookie: who.cookie } : {} });
const page = async (path: string) => {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
/** The estimate's section without Astro's scoping attributes, or null when the page has none. */
const estimate = (html: string) =>
  /<section[^>]* id="payment"[\s\S]*?<\/section>/
    .exec(html)?.[0]
    .replace(/ data-astro-cid-\w+/g, '') ?? null;
/** Its words, tags and spaces folded. */
const words = (html: string | null) => (html ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const rateEntries = () =>
  t.app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordType, 'mortgage-rate'))
    .orderBy(auditLog.id);

const AS_OF = addDays(todayUtc(), -3);
const FIRST = {
  rateThousandths: 6_875,
  asOf: AS_OF,
  source: 'A weekly lender survey',
  sourceUrl: 'https://example.org/rates',
};

describe('who may read and set the rate', () => {
  it('lets any staff member read, and refuses customers and the signed-out', async () => {
    const ok = await get(support);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ current: null, earlier: [] });
    expect((await get(customer)).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
  });

  it('refuses a new rate from staff without the permission, and from customers', async () => {
    expect((await post(support, FIRST)).statusCode).toBe(403);
    expect((await post(customer, FIRST)).statusCode).toBe(403);
    expect(await t.app.db.select().from(mortgageRates)).toEqual([]);
  });
});

describe('a new rate out of bounds', () => {
  it('is refused field by field in the user’s words, and nothing is written', async () => {
    const res = await post(manager, {
      rateThousandths: 0,
      asOf: addDays(todayUtc(), 2),
      source: ' ',
      sourceUrl: 'http://example.org/rates',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      rateThousandths: [MORTGAGE_RATE_TEXTS.rate],
      asOf: [MORTGAGE_RATE_TEXTS.asOf],
      source: [MORTGAGE_RATE_TEXTS.source],
      sourceUrl: [MORTGAGE_RATE_TEXTS.sourceUrl],
    });
    for (const [field, value, text] of [
      ['rateThousandths', 20_001, MORTGAGE_RATE_TEXTS.rate],
      ['rateThousandths', 6.5, MORTGAGE_RATE_TEXTS.rate],
      ['asOf', '2026-02-30', MORTGAGE_RATE_TEXTS.asOf],
      ['asOf', 'last week', MORTGAGE_RATE_TEXTS.asOf],
      ['source', 'x'.repeat(121), MORTGAGE_RATE_TEXTS.source],
    ] as const) {
      const one = await post(manager, { ...FIRST, [field]: value });
      expect(one.json().errors, `${field} ${value}`).toEqual({ [field]: [text] });
    }
    expect(await t.app.db.select().from(mortgageRates)).toEqual([]);
    expect(await rateEntries()).toEqual([]);
  });
});

describe('the listing page before any rate is set', () => {
  it('shows no payment estimate', async () => {
    // Kept now: setting a rate must drop it.
    expect(await page(FOR_SALE)).not.toContain(HEADING);
    expect(await page(FOR_SALE)).not.toContain(HEADING);
  });
});

describe('setting rates', () => {
  it('logs the first, shows it on a listing for sale at once, and on no list card', async () => {
    const res = await post(manager, FIRST);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ ...FIRST, setBy: { email: manager.email } });
    const [entry, ...more] = await rateEntries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'mortgage-rate.create',
      recordId: String(made.id),
      actorId: manager.userId,
      before: null,
      after: FIRST,
    });

    const html = estimate(await page(FOR_SALE));
    expect(html).toContain(`<h2 id="payment-heading">${HEADING}</h2>`);
    const e = monthlyPayment({
      priceCents: 30_000_000,
      downBasisPoints: 2_000,
      termYears: 30,
      rateThousandths: 6_875,
      yearlyTaxCents: 0,
      yearlyInsuranceCents: 0,
    });
    // $240,000 at 6.875 % over 30 years.
    expect(e.principalAndInterestCents).toBe(157_663);
    const text = words(html);
    expect(text).toContain(`${formatCents(e.totalCents)} a month`);
    expect(text).toContain(
      'Principal and interest $1,576.63 Property tax $0.00 Home insurance $0.00',
    );
    expect(text).toContain('A loan of $240,000.00 after $60,000.00 down, over 30 years at 6.875%.');
    expect(html).toMatch(/id="payment-rate" name="rate"[^>]* value="6.875"/);
    expect(html).toContain(
      '<a href="https://example.org/rates" rel="noopener">A weekly lender survey</a>',
    );
    expect(text).toContain('It is not a loan offer, a rate quote or a commitment to lend.');

    const list = await page(LIST);
    expect(list).toContain('1 Pay St');
    expect(list).not.toContain(HEADING);
    expect(list).not.toContain('data-payment');
    expect(list).not.toContain(formatCents(e.totalCents));
  });

  it('never shows it for a home sold, under contract or without a price', async () => {
    for (const path of [SOLD, '/listings/3-pay-st-PayPend3', '/listings/4-pay-st-PayNone4']) {
      const html = await page(path);
      expect(html, path).toContain('<h1 id="page-heading">');
      expect(html, path).not.toContain(HEADING);
    }
  });

  it('computes the visitor’s own assumptions from the form’s query, or says what is wrong', async () => {
    const html = estimate(
      await page(`${FOR_SALE}?down=10&term=15&rate=6&tax=3%2C600&insurance=1200`),
    );
    const e = monthlyPayment({
      priceCents: 30_000_000,
      downBasisPoints: 1_000,
      termYears: 15,
      rateThousandths: 6_000,
      yearlyTaxCents: 360_000,
      yearlyInsuranceCents: 120_000,
    });
    const text = words(html);
    expect(text).toContain(`${formatCents(e.totalCents)} a month`);
    expect(text).toContain(
      `Principal and interest ${formatCents(e.principalAndInterestCents)} Property tax $300.00 Home insurance $100.00`,
    );
    expect(html).toMatch(/<option value="15" selected>/);
    expect(html).toMatch(/value="3,600"/);

    const wrong = estimate(await page(`${FOR_SALE}?down=lots&term=30&rate=6`));
    expect(wrong).toContain(PAYMENT_FIELD_ERRORS.down);
    expect(wrong).toMatch(/value="lots" aria-invalid="true"/);
    expect(wrong).toMatch(/<span data-payment-figures hidden>/);
  });

  it('replaces the current rate with a newer one, logging the one it replaces', async () => {
    const second = { rateThousandths: 6_125, asOf: todayUtc(), source: 'Another survey' };
    const res = await post(manager, second);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ...second, sourceUrl: null });
    const entry = (await rateEntries()).at(-1);
    expect(entry?.before).toEqual(FIRST);
    expect(entry?.after).toEqual({ ...second, sourceUrl: null });

    const all = (await get(support)).json();
    expect(all.current).toMatchObject(second);
    expect(all.earlier).toHaveLength(1);
    expect(all.earlier[0]).toMatchObject(FIRST);

    const html = estimate(await page(FOR_SALE));
    expect(html).toMatch(/name="rate"[^>]* value="6.125"/);
    expect(words(html)).toContain('Starts at 6.125%, the rate Another survey gave for');
    expect(html).not.toContain('A weekly lender survey');
  });
});
