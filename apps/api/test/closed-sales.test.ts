import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SALES_COVERAGE_RULE, type TSalesImport } from '@lantern/contracts';
import { auditLog, closedSales, properties, salesAreaCoverage } from '@lantern/db';
import { ADMIN_API, FSBO_LISTING_API } from '@lantern/domain';
import { type ClosedSale, ENGINE, nearestCandidates } from '@lantern/valuation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridCell } from '../src/features/sales/closed-sales.repository.ts';
import { SALES_IMPORT_JOB } from '../src/features/sales/sales-import.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { runCommand } from './helpers/run-command.ts';
import {
  csvUpload,
  daysAgo,
  type KcSale,
  kcFile,
  CENTRE as MARKET_CENTRE,
  recentMarket,
} from './helpers/sales-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 37: the closed sales store and its two sources — staff's file imports (all lines or
 * none, every refused line reported, idempotent, the command line alike) and our own FSBO
 * listings marked sold (price shown only with consent) — the engine's candidates and coverage.
 */
let t: TestApp;
let staff: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  // Jobs run when a test runs them, as the runner would.
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  staff = await signUpUser(t.app, 'sales-ops');
  await giveStaffRole(t.app, staff.userId, 'operations');
  seller = await signUpUser(t.app, 'sales-seller');
});
afterAll(() => t.close());

const QUERY = new URLSearchParams({
  attribution: 'King County Department of Assessments',
  priceDisplay: 'model_only',
});

async function upload(name: string, text: string, query = QUERY, who = staff) {
  const body = csvUpload(name, text);
  return t.app.inject({
    method: 'POST',
    url: `${ADMIN_API.salesImports}?${query}`,
    headers: { ...BROWSER, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

/** Upload, run the job, read the import as the page polls it. */
async function imported(name: string, text: string, query = QUERY): Promise<TSalesImport> {
  const res = await upload(name, text, query);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().status).toBe('queued');
  await t.app.jobs.runDue([SALES_IMPORT_JOB]);
  const polled = await t.app.inject({
    method: 'GET',
    url: ADMIN_API.salesImport(res.json().hash),
    headers: { cookie: staff.cookie },
  });
  expect(polled.statusCode).toBe(200);
  return polled.json();
}

const SEATTLE: KcSale[] = [
  { id: 1000000001, daysAgo: 20, price: 650_000, lat: 47.6812, lng: -122.3421 },
  { id: 1000000002, daysAgo: 45, price: 720_000, lat: 47.6851, lng: -122.3502 },
  { id: 1000000003, daysAgo: 90, price: 598_000, lat: 47.6703, lng: -122.3301 },
  // 12 km north: outside a 3 km circle.
  { id: 1000000004, daysAgo: 30, price: 810_000, lat: 47.7891, lng: -122.3421, zip: '98133' },
  // Older than 12 months: counted in the store, not in recent coverage.
  { id: 1000000005, daysAgo: 400, price: 540_000, lat: 47.6815, lng: -122.3425 },
];

const countOf = async (source: string) => t.app.closedSales.countBySource([source]);

describe('staff import a file of sales', () => {
  it('stores every line of a good file, with its source, display rights and import', async () => {
    const done = await imported('kc-recent.csv', kcFile(SEATTLE));
    expect(done).toMatchObject({
      status: 'done',
      source: 'file:kc-recent',
      linesRead: 5,
      stored: 5,
      alreadyStored: 0,
      refused: 0,
      refusals: [],
      priceDisplay: 'model_only',
      attribution: 'King County Department of Assessments',
      createdBy: staff.email,
    });
    const [row] = await t.app.db
      .select()
      .from(closedSales)
      .where(eq(closedSales.listingKey, `1000000001-${daysAgo(20)}`));
    expect(row).toMatchObject({
      source: 'file:kc-recent',
      parcelNumber: '1000000001',
      closeDate: daysAgo(20),
      closePrice: 650_000,
      livingArea: 1_800,
      bedroomsTotal: 3,
      bathroomsTotalDecimal: 2.25,
      postalCode: '98103',
      stateOrProvince: 'WA',
      priceDisplay: 'model_only',
    });
    expect(row?.gridCell).toBe(
      Math.floor(47.6812 * 50) * 20_000 + Math.floor(-122.3421 * 50) + 10_000,
    );
    // The person's upload and the stored result are both in the activity log.
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'sales_import'), eq(auditLog.recordId, done.hash)));
    expect(entries.map((e) => [e.action, e.actorKind]).sort()).toEqual([
      ['sales.import', 'staff'],
      ['sales.import.stored', 'system'],
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await countOf('file:kc-recent');
    const again = await imported('kc-recent.csv', kcFile(SEATTLE));
    expect(again).toMatchObject({ status: 'done', stored: 0, alreadyStored: 5 });
    expect(await countOf('file:kc-recent')).toBe(before);
  });

  it('stores nothing from a file with a bad line, and names the line and why', async () => {
    const lines = kcFile(
      [
        { id: 2000000001, daysAgo: 10, price: 500_000 },
        { id: 2000000002, daysAgo: 11, price: 510_000 },
      ],
      [
        '2000000003,20141301,500000,3,2,1500,5000,1,0,0,3,7,1500,0,1990,0,98103,47.68,-122.34,1500,5000',
      ],
    );
    const done = await imported('kc-bad.csv', lines);
    expect(done).toMatchObject({ status: 'refused', linesRead: 3, stored: 0, refused: 1 });
    expect(done.refusals).toEqual([{ line: 4, reason: 'date "20141301" is not a real date.' }]);
    expect(await countOf('file:kc-bad')).toBe(0);
  });

  it('refuses a file in neither layout, and an upload without a file or credit line', async () => {
    const done = await imported('other.csv', 'a,b,c\n1,2,3\n');
    expect(done.status).toBe('refused');
    expect(done.refusals[0]?.line).toBe(1);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API.salesImports}?${QUERY}`,
      headers: { ...BROWSER, cookie: staff.cookie },
    });
    expect(noFile.statusCode).toBe(422);
    const noCredit = await upload(
      'x.csv',
      kcFile(SEATTLE),
      new URLSearchParams({ priceDisplay: 'public' }),
    );
    expect(noCredit.statusCode).toBe(422);
    expect(noCredit.json().errors.attribution).toBeDefined();
  });

  it('is refused to customers and to staff roles without sales.import', async () => {
    const customer = await signUpUser(t.app, 'sales-customer');
    const support = await signUpUser(t.app, 'sales-support');
    await giveStaffRole(t.app, support.userId, 'support');
    for (const who of [customer, support]) {
      expect((await upload('x.csv', kcFile(SEATTLE), QUERY, who)).statusCode).toBe(403);
      const list = await t.app.inject({
        method: 'GET',
        url: ADMIN_API.salesImports,
        headers: { cookie: who.cookie },
      });
      expect(list.statusCode).toBe(403);
    }
  });

  it('lists the imports and the sales by source', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.salesImports,
      headers: { cookie: staff.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sources).toContainEqual({
      source: 'file:kc-recent',
      sales: 5,
      newest: daysAgo(20),
    });
    expect(res.json().imports[0].fileName).toBe('other.csv');
  });
});

describe('the engine’s candidates and coverage', () => {
  it('finds sales within the radius that closed in [after, before), nearest first', async () => {
    const near = await t.app.closedSales.candidatesNear({
      lat: 47.6812,
      lng: -122.3421,
      radiusKm: 3,
      before: daysAgo(0),
      after: daysAgo(365),
      limit: 50,
    });
    const keys = near.filter((s) => s.source === 'file:kc-recent').map((s) => s.ParcelNumber);
    expect(keys).toEqual(['1000000001', '1000000002', '1000000003']);
    expect(near[0]).toMatchObject({ priceDisplay: 'model_only', ClosePrice: 650_000 });
    expect(near[0]?.distanceKm).toBeLessThan(0.01);
    // Strictly before: a sale on the day asked about is not its own comparable.
    const before = await t.app.closedSales.candidatesNear({
      lat: 47.6812,
      lng: -122.3421,
      radiusKm: 3,
      before: daysAgo(20),
      after: daysAgo(365),
      limit: 50,
    });
    expect(before.map((s) => s.ParcelNumber)).not.toContain('1000000001');
    // Wider: the sale 12 km north is found too.
    const wide = await t.app.closedSales.candidatesNear({
      lat: 47.6812,
      lng: -122.3421,
      radiusKm: 15,
      before: daysAgo(0),
      after: daysAgo(365),
      limit: 2,
    });
    expect(wide).toHaveLength(2);
  });

  it('gives the engine the same sales, nearest first, with the facts it reads', async () => {
    const query = {
      lat: 47.6812,
      lng: -122.3421,
      radiusKm: 15,
      before: daysAgo(0),
      after: daysAgo(730),
      limit: 50,
    };
    const whole = await t.app.closedSales.candidatesNear(query);
    const slim = await t.app.closedSales.engineCandidates(query);
    expect(slim.map((s) => s.ListingKey)).toEqual(whole.map((s) => String(s.id)));
    expect(slim[0]).toMatchObject({
      CloseDate: daysAgo(20),
      ClosePrice: 650_000,
      Latitude: 47.6812,
      Longitude: -122.3421,
    });
    const pick = ({ ListingKey: _k, ParcelNumber: _p, PostalCode: _z, ...facts }: ClosedSale) => ({
      CloseDate: facts.CloseDate,
      ClosePrice: facts.ClosePrice,
      LivingArea: facts.LivingArea,
      LotSizeSquareFeet: facts.LotSizeSquareFeet,
      BedroomsTotal: facts.BedroomsTotal,
      BathroomsTotalDecimal: facts.BathroomsTotalDecimal,
      YearBuilt: facts.YearBuilt,
    });
    expect(slim.map(pick)).toEqual(whole.map(pick));
    expect(await t.app.closedSales.engineCandidates({ ...query, lat: 10, lng: 10 })).toEqual([]);
  });

  it('counts the last 12 months per ZIP and applies the rule', async () => {
    const cov = await t.app.salesCoverage.coverageFor('98103');
    expect(cov).toMatchObject({ postalCode: '98103', sales12m: 3, newestCloseDate: daysAgo(20) });
    expect(await t.app.salesCoverage.offers('98103')).toBe(false);
    const more: KcSale[] = Array.from({ length: SALES_COVERAGE_RULE.minSales }, (_, i) => ({
      id: 3000000000 + i,
      daysAgo: 5 + i,
      price: 600_000 + i * 1000,
      zip: '98115',
      lat: 47.68,
      lng: -122.3,
    }));
    await imported('kc-98115.csv', kcFile(more));
    expect(await t.app.salesCoverage.offers('98115')).toBe(true);
    expect(await t.app.salesCoverage.offers('98115', daysAgo(-400))).toBe(false);
    expect(await t.app.salesCoverage.coverageFor('99999')).toBeUndefined();
  });

  it('counts a home’s nearby area — its grid cell and the eight around it — across ZIP lines', async () => {
    // The ten 98115 sales above stand at 47.68, -122.3: a home one cell north, in a ZIP with no
    // sale of its own, is offered; one three cells away is not.
    const area = await t.app.closedSales.areaCoverageAt(47.7, -122.3);
    expect(area).toMatchObject({
      sales12m: SALES_COVERAGE_RULE.minSales,
      newestCloseDate: daysAgo(5),
    });
    expect(await t.app.salesCoverage.offersAt({ lat: 47.7, lng: -122.3 })).toBe(true);
    expect(await t.app.salesCoverage.offersAt({ lat: 47.74, lng: -122.3 })).toBe(false);
    // The three 98103 sales alone are too few; a year on, even the ten are too old.
    expect(await t.app.salesCoverage.offersAt({ lat: 47.6812, lng: -122.3921 })).toBe(false);
    expect(await t.app.salesCoverage.offersAt({ lat: 47.7, lng: -122.3 }, daysAgo(-400))).toBe(
      false,
    );
    expect(await t.app.closedSales.areaCoverageAt(10, 10)).toEqual({
      sales12m: 0,
      newestCloseDate: null,
    });
  });

  it('recounts every area daily, so sales age out and removed ones stop counting', async () => {
    const cell = await t.app.db
      .select()
      .from(salesAreaCoverage)
      .where(eq(salesAreaCoverage.gridCell, gridCell(47.68, -122.3)));
    expect(cell[0]?.sales12m).toBe(SALES_COVERAGE_RULE.minSales);
    await t.app.closedSales.refreshCoverage(daysAgo(-400));
    expect((await t.app.closedSales.areaCoverageAt(47.68, -122.3)).sales12m).toBe(0);
    await t.app.closedSales.refreshCoverage(daysAgo(0));
    expect((await t.app.closedSales.areaCoverageAt(47.68, -122.3)).sales12m).toBe(
      SALES_COVERAGE_RULE.minSales,
    );
  });
});

describe('our own FSBO listings marked sold', () => {
  const sell = (property: string, extra: object) =>
    t.app.inject({
      method: 'PUT',
      url: FSBO_LISTING_API.marketStatus,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: { property, status: 'sold', soldPrice: 301_000, soldOn: daysAgo(0), ...extra },
    });

  it('records the sale, public only with consent, at the property’s place', async () => {
    const { property } = await publishedFsboListing(t.app, seller, '14 Consent Ln');
    await t.app.db
      .update(properties)
      .set({ lat: 39.7817, lng: -89.6501, positionPrecision: 'rooftop' })
      .where(eq(properties.id, property.id));
    expect((await sell(property.hash, { showSoldPrice: true })).statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(closedSales)
      .where(eq(closedSales.source, 'lantern-fsbo'));
    expect(row).toMatchObject({
      closePrice: 301_000,
      closeDate: daysAgo(0),
      priceDisplay: 'public',
      livingArea: 1_540,
      bedroomsTotal: 3,
      bathroomsTotalDecimal: 2,
      yearBuilt: 1995,
      propertyType: 'Residential',
      propertySubType: 'SingleFamilyResidence',
      latitude: 39.7817,
      longitude: -89.6501,
      postalCode: '62701',
      stateOrProvince: 'IL',
      countyOrParish: 'Sangamon',
    });
    // The change and its activity entry: one entry, written in the same transaction.
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fsbo-listing.market-status'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ marketStatus: 'sold', showSoldPrice: true });
    // Marking it sold again with the same facts changes nothing.
    const importedAt = row?.importedAt;
    expect((await sell(property.hash, { showSoldPrice: true })).statusCode).toBe(200);
    const [again] = await t.app.db
      .select()
      .from(closedSales)
      .where(eq(closedSales.listingKey, row?.listingKey ?? ''));
    expect(again?.importedAt).toEqual(importedAt);
    expect(await countOf('lantern-fsbo')).toBe(1);
  });

  it('keeps the price for the model without consent, and no position at a ZIP centroid', async () => {
    const { property } = await publishedFsboListing(t.app, seller, '15 Quiet Ln');
    await t.app.db
      .update(properties)
      .set({ lat: 39.8, lng: -89.64, positionPrecision: 'zip' })
      .where(eq(properties.id, property.id));
    expect((await sell(property.hash, {})).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(closedSales)
      .where(
        and(eq(closedSales.source, 'lantern-fsbo'), eq(closedSales.priceDisplay, 'model_only')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ latitude: null, longitude: null, gridCell: null });
    // Back on the market: the sale fell through and leaves the store.
    const back = await t.app.inject({
      method: 'PUT',
      url: FSBO_LISTING_API.marketStatus,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: { property: property.hash, status: 'active' },
    });
    expect(back.statusCode).toBe(200);
    expect(await countOf('lantern-fsbo')).toBe(1);
  });
});

describe('pnpm sales:import', () => {
  const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'sales-import.ts');
  const dir = mkdtempSync(join(tmpdir(), 'lantern-sales-cli-'));
  const run = (...args: string[]) =>
    // Its own embedded database in a temporary DATA_DIR, as the server would open it.
    runCommand(process.execPath, [CLI, ...args], {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: join(dir, 'data'),
    });
  const last = (out: string) => JSON.parse(out.trim().split('\n').at(-1) ?? '{}');

  it('imports a file once, changes nothing the second time, and refuses a bad file whole', async () => {
    const good = join(dir, 'county.csv');
    writeFileSync(good, kcFile(SEATTLE));
    const args = [good, '--source', 'county', '--attribution', 'King County records'];
    const first = await run(...args);
    expect(first.status, first.stderr).toBe(0);
    expect(last(first.stdout)).toMatchObject({ source: 'file:county', status: 'done', stored: 5 });
    const second = await run(...args);
    expect(last(second.stdout)).toMatchObject({ stored: 0, alreadyStored: 5 });

    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      kcFile(SEATTLE, [
        '1,20240101,not-a-price,3,2,1500,5000,1,0,0,3,7,1500,0,1990,0,98103,47.68,-122.34,1500,5000',
      ]),
    );
    const refused = await run(bad, '--attribution', 'x', '--display', 'public');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('line 7: price "not-a-price" is not a number.');
    expect(last(refused.stdout)).toMatchObject({ status: 'refused', stored: 0, refused: 1 });

    const usage = await run(good);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: pnpm sales:import');
  }, 180_000);
});

describe('the engine’s candidates from a larger store', () => {
  it('reads, nearest first, the very sales the engine would choose from the whole store', async () => {
    // 400 sales spread over 3 km around a home: the store must hand over the engine's nearest,
    // not merely near ones, when it keeps fewer than it holds.
    await t.app.closedSales.insertMany(recentMarket(), {
      source: 'file:knn-market',
      priceDisplay: 'model_only',
      attribution: 'County records',
    });
    const { lat, lng } = MARKET_CENTRE;
    const window = { before: daysAgo(0), after: daysAgo(ENGINE.modelDays) };
    const all = await t.app.closedSales.candidatesNear({
      lat,
      lng,
      radiusKm: 500,
      ...window,
      limit: 10_000,
    });
    for (const [latOff, lngOff] of [
      [0, 0],
      [0.02, -0.03],
    ] as const) {
      const here = { lat: lat + latOff, lng: lng + lngOff };
      const expected = nearestCandidates(here.lat, here.lng, all).slice(0, 60);
      const read = await t.app.closedSales.engineCandidates({
        ...here,
        radiusKm: ENGINE.modelKm,
        ...window,
        limit: 60,
      });
      expect(read.map((s) => s.ListingKey)).toEqual(
        expected.map((s) => String((s as (typeof all)[number]).id)),
      );
    }
    expect(all.length).toBeGreaterThan(400);
  });
});
