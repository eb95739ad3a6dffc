import { products } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { callAs, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 44: the public pages that show prices render on demand from the product catalogue (the
 * real build of apps/web), so a price changed on Admin → Products is on them at the next visit.
 */
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
});
afterAll(() => t.close());

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The text of every element marked `data-live` (the prices), whitespace folded. */
function livePrices(html: string): string[] {
  return [...html.matchAll(/<(\w+)\b[^>]*\bdata-live\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) =>
    (m[2] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The card in the main content that links to `href` (not the menu's link), to its item's end. */
function card(html: string, href: string): string {
  const start = html.indexOf(`<a href="${href}"`, html.indexOf('<main'));
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</li>', start));
}

async function setPrice(slug: string, priceCents: number) {
  const list = await callAs(t.app, owner, 'GET', `${ADMIN_API.products}?search=${slug}`);
  const row = (list.json().rows as Array<Record<string, unknown>>).find((r) => r.slug === slug);
  if (!row) throw new Error(`no product ${slug}`);
  const res = await callAs(t.app, owner, 'PUT', ADMIN_API.product(slug), {
    name: row.name,
    description: row.description,
    priceCents,
    roles: row.roles,
  });
  expect(res.statusCode).toBe(200);
}

describe('prices on the public pages', () => {
  it('come from the catalogue, each marked data-live', async () => {
    const photography = await page('/photography');
    expect(photography.statusCode).toBe(200);
    expect(photography.headers['cache-control']).toBe('no-cache');
    expect(livePrices(photography.body)).toEqual(['$179 Photography', 'Photography: $179']);

    const lockbox = await page('/lockbox-rental');
    expect(livePrices(lockbox.body)[0]).toBe('$39 + $100 refundable deposit Lockbox Rental');
    const seller = await page('/seller-agent');
    expect(livePrices(seller.body)[0]).toBe(
      'Seller Agent, Hourly $150 an hour Seller Agent, Flat Fee $2,995 flat fee, paid at closing ' +
        'Seller Agent, Full Service 2.5% of the price, paid at closing',
    );
    const signs = await page('/real-estate-signs');
    expect(livePrices(signs.body)[0]).toBe('Yard Signs $39 Sign Purchase $49');

    const services = await page('/services');
    expect(card(services.body, '/photography')).toMatch(/data-live[^>]*>\s*\$179\s*</);
    expect(card(services.body, '/free-fsbo-listing')).toMatch(/data-live[^>]*>\s*Free\s*</);
    // A page with no product of its own shows no price.
    expect(card(services.body, '/features/listing-analytics')).not.toContain('data-live');

    const flatFee = await page('/flat-fee-mls');
    expect(livePrices(flatFee.body).slice(0, 3)).toEqual([
      '$149 Flat fee for your MLS listing, paid once',
      'Free',
      '$149',
    ]);
    expect(flatFee.body).toContain('<table');
    expect(card(flatFee.body, '/photography')).toMatch(/data-live[^>]*>\s*\$179\s*</);

    const home = await page('/');
    expect(livePrices(home.body).slice(0, 2)).toEqual(['$149 flat fee', '$149']);
    expect(card(home.body, '/photography')).toMatch(/data-live[^>]*>\s*\$179\s*</);
  });

  it('show a change made through the admin API at the next visit', async () => {
    await setPrice('photography', 18_350);
    await setPrice('mls-listing-state', 15_900);
    for (const url of ['/photography', '/services', '/flat-fee-mls', '/']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('$179');
      const photos = url === '/photography' ? res.body : card(res.body, '/photography');
      expect(photos, url).toMatch(/data-live[^>]*>\s*(<span[^>]*>\s*)?\$183\.50\s*</);
    }
    expect(livePrices((await page('/')).body)[0]).toBe('$159 flat fee');
    expect(livePrices((await page('/flat-fee-mls')).body)[0]).toBe(
      '$159 Flat fee for your MLS listing, paid once',
    );
  });

  it('leave out a product the catalogue does not have, rather than show another figure', async () => {
    await t.app.db.delete(products).where(eq(products.slug, 'concierge-review'));
    const help = await page('/mls-listing-help');
    expect(livePrices(help.body)).toEqual([
      '$99 Concierge Listing Help',
      'Concierge Listing Help: $99',
    ]);
    const flatFee = await page('/flat-fee-mls');
    expect(flatFee.body).toContain('Concierge Listing Help');
    expect(flatFee.body).not.toContain('Concierge Listing Review');
  });

  it('an unknown page is the site’s 404 page; a client not asking for HTML gets JSON', async () => {
    const res = await page('/no-such-service');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Page not found');
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
