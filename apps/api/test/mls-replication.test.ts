import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLog, closedSales, salesCoverage } from '@lantern/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import type { MlsReplicationConfig } from '../src/features/mls-replication/config.ts';
import { createMlsReplicationRepository } from '../src/features/mls-replication/mls-replication.repository.ts';
import {
  createMlsReplication,
  MLS_REPLICATION_JOB,
} from '../src/features/mls-replication/mls-replication.ts';
import { createResoClient } from '../src/features/mls-replication/reso-client.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type ResoFixture, type ResoRecord, startResoFixture } from './helpers/reso-fixture.ts';
import { runCommand } from './helpers/run-command.ts';
import { daysAgo } from './helpers/sales-fixtures.ts';

/**
 * Issue 49: replicating an MLS's closed sales from its RESO Web API, against a local server that
 * answers as the specification documents — page by page, resumable, with display rights.
 */
const ZIP = '98103';
let clock = Date.parse('2026-01-05T10:00:00.000Z');
/** A modification time later than every one before it. */
function modified(): string {
  clock += 60_000;
  return new Date(clock).toISOString();
}

function closed(key: string, over: Partial<ResoRecord> = {}): ResoRecord {
  return {
    ListingKey: key,
    StandardStatus: 'Closed',
    ModificationTimestamp: modified(),
    ClosePrice: 650_000,
    CloseDate: daysAgo(30),
    LivingArea: 1_800,
    BedroomsTotal: 3,
    BathroomsFull: 2,
    BathroomsHalf: 1,
    YearBuilt: 1994,
    Latitude: 47.66,
    Longitude: -122.34,
    PostalCode: `${ZIP}-1234`,
    StateOrProvince: 'WA',
    CountyOrParish: 'King',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    UnparsedAddress: `${key} Elm St, Seattle, WA 98103`,
    LotSizeAcres: 0.25,
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: true,
    ...over,
  };
}
const active = (key: string): ResoRecord => ({
  ListingKey: key,
  StandardStatus: 'Active',
  ModificationTimestamp: modified(),
  ListPrice: 700_000,
});

function configFor(f: ResoFixture, name: string): MlsReplicationConfig {
  return {
    name,
    source: `mls:${name}`,
    baseUrl: f.url,
    tokenUrl: f.tokenUrl,
    clientId: f.clientId,
    clientSecret: f.clientSecret,
    attribution: 'Listing data courtesy of Test MLS',
    intervalMs: 3_600_000,
    otherStatuses: ['Active', 'Pending', 'Canceled'],
    modelOnly: false,
  };
}

let t: TestApp;
let mls: ResoFixture;
const fixtures: ResoFixture[] = [];

beforeAll(async () => {
  mls = await startResoFixture({ maxPageSize: 2 });
  // Jobs run when a test runs them, as the runner would.
  t = await buildTestApp({
    jobsPollMs: 0,
    jobsWorker: false,
    mlsReplication: configFor(mls, 'test'),
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([mls, ...fixtures].map((f) => f.close()));
});

async function fixture(maxPageSize = 2) {
  const f = await startResoFixture({ maxPageSize });
  fixtures.push(f);
  return f;
}

const salesOf = (source: string) =>
  t.database.db.select().from(closedSales).where(eq(closedSales.source, source));
const stateOf = (source: string) =>
  createMlsReplicationRepository(t.database.db, t.app.closedSales).state(source);

/** A replication of its own on this app's store: a fixture, a source name, an injected sleep. */
function replicationFor(f: ResoFixture, name: string, sleep?: (ms: number) => Promise<void>) {
  const config = configFor(f, name);
  return createMlsReplication({
    config,
    repo: createMlsReplicationRepository(t.database.db, t.app.closedSales),
    client: createResoClient({ ...config, ...(sleep ? { sleep } : {}) }),
  });
}

describe('replication through the scheduled job', () => {
  it('stores Closed records page by page, following @odata.nextLink, with display rights', async () => {
    mls.records.push(
      closed('A1'),
      active('B2'),
      closed('C3', { InternetAddressDisplayYN: false }),
      closed('D4', { InternetEntireListingDisplayYN: undefined }),
      closed('E5', { BathroomsTotalDecimal: 1.75, LotSizeSquareFeet: 5000 }),
    );
    expect(t.app.jobs.kinds.has(MLS_REPLICATION_JOB)).toBe(true);
    expect(await t.app.jobs.runNow(MLS_REPLICATION_JOB, {})).toBe(true);

    // Three pages of at most two; each after the first is the link the server gave, as given.
    expect(mls.requests).toHaveLength(3);
    const first = new URL(mls.requests[0]?.url ?? '', mls.url).searchParams;
    expect(first.get('$filter')).toBe(
      "(StandardStatus eq 'Closed' or StandardStatus eq 'Active' or StandardStatus eq 'Pending' or StandardStatus eq 'Canceled')",
    );
    expect(first.get('$orderby')).toBe('ModificationTimestamp,ListingKey');
    expect(first.get('$top')).toBe('200');
    expect(new URL(mls.requests[1]?.url ?? '', mls.url).searchParams.get('$skip')).toBe('2');
    expect(mls.tokenRequests).toBe(1);

    const rows = await salesOf('mls:test');
    const byKey = Object.fromEntries(rows.map((r) => [r.listingKey, r]));
    expect(Object.keys(byKey).sort()).toEqual(['A1', 'C3', 'D4', 'E5']);
    expect(byKey.A1).toMatchObject({
      closePrice: 650_000,
      bathroomsTotalDecimal: 2.5,
      lotSizeSquareFeet: 10_890,
      postalCode: ZIP,
      priceDisplay: 'public',
      attribution: 'Listing data courtesy of Test MLS',
      unparsedAddress: 'A1 Elm St, Seattle, WA 98103',
    });
    expect(byKey.C3?.priceDisplay).toBe('model_only');
    expect(byKey.D4?.priceDisplay).toBe('model_only');
    expect(byKey.E5).toMatchObject({ bathroomsTotalDecimal: 1.75, lotSizeSquareFeet: 5000 });

    const state = await stateOf('mls:test');
    expect(state).toMatchObject({
      cursorKey: 'E5',
      cursorTimestamp: new Date(String(mls.records[4]?.ModificationTimestamp)),
      nextLink: null,
      recordsRead: 5,
      recordsStored: 4,
      recordsSkipped: 0,
      error: null,
    });
    expect(state?.finishedAt).toBeInstanceOf(Date);
    const [coverage] = await t.database.db
      .select()
      .from(salesCoverage)
      .where(eq(salesCoverage.postalCode, ZIP));
    expect(coverage?.sales12m).toBe(4);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sales.mls.replicated'), eq(auditLog.recordId, 'mls:test')));
    expect(entry).toMatchObject({ actorKind: 'system', url: `job:${MLS_REPLICATION_JOB}` });
    expect(entry?.after).toMatchObject({ read: 5, stored: 4, removed: 0, skipped: 0 });
  });

  it('asks next time only for records modified since the cursor, updating a changed sale', async () => {
    const cursor = (await stateOf('mls:test'))?.cursorTimestamp?.toISOString();
    const a1 = mls.records.find((r) => r.ListingKey === 'A1') as ResoRecord;
    Object.assign(a1, { ClosePrice: 640_000, ModificationTimestamp: modified() });
    mls.records.push(closed('F6'));
    mls.requests.length = 0;
    await t.app.jobs.runNow(MLS_REPLICATION_JOB, {});

    expect(mls.requests).toHaveLength(1);
    const filter = new URL(mls.requests[0]?.url ?? '', mls.url).searchParams.get('$filter');
    expect(filter).toContain(
      `(ModificationTimestamp gt ${cursor} or (ModificationTimestamp eq ${cursor} and ListingKey gt 'E5'))`,
    );
    expect(await stateOf('mls:test')).toMatchObject({
      recordsRead: 2,
      recordsStored: 2,
      cursorKey: 'F6',
    });
    const rows = await salesOf('mls:test');
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.listingKey === 'A1')?.closePrice).toBe(640_000);
  });

  it('removes a sale whose record is no longer Closed, and its coverage with it', async () => {
    const c3 = mls.records.find((r) => r.ListingKey === 'C3') as ResoRecord;
    Object.assign(c3, { StandardStatus: 'Active', ModificationTimestamp: modified() });
    await t.app.jobs.runNow(MLS_REPLICATION_JOB, {});

    const keys = (await salesOf('mls:test')).map((r) => r.listingKey).sort();
    expect(keys).toEqual(['A1', 'D4', 'E5', 'F6']);
    const [coverage] = await t.database.db
      .select()
      .from(salesCoverage)
      .where(eq(salesCoverage.postalCode, ZIP));
    expect(coverage?.sales12m).toBe(4);
  });

  it('skips and reports malformed records, storing the rest', async () => {
    mls.records.push(
      { StandardStatus: 'Closed', ModificationTimestamp: modified(), ClosePrice: 1 },
      closed('G7', { ClosePrice: 'six hundred' }),
      closed('H8', { CloseDate: '2025-02-30' }),
      closed('I9', { BedroomsTotal: 40_000 }),
      closed('J10'),
    );
    await t.app.jobs.runNow(MLS_REPLICATION_JOB, {});

    const state = await stateOf('mls:test');
    expect(state).toMatchObject({
      recordsRead: 5,
      recordsStored: 1,
      recordsSkipped: 4,
      error: null,
    });
    expect(state?.skipped).toEqual([
      { key: null, reason: expect.stringContaining('ListingKey') },
      { key: 'G7', reason: expect.stringContaining('ClosePrice') },
      { key: 'H8', reason: 'CloseDate: is not a real date' },
      { key: 'I9', reason: expect.stringContaining('BedroomsTotal') },
    ]);
    expect((await salesOf('mls:test')).map((r) => r.listingKey)).toContain('J10');
    expect(state?.cursorKey).toBe('J10');
  });
});

describe('robustness', () => {
  it('resumes from the stored next link after a failure mid-run', async () => {
    const f = await fixture();
    f.records.push(closed('R1'), closed('R2'), closed('R3'), closed('R4'), closed('R5'));
    // The second page fails with an OData error, the next run's first with a cut connection.
    f.script.set(2, { status: 503, body: { error: { code: '503', message: 'Try later' } } });
    f.script.set(3, { status: 0, destroy: true });
    const replication = replicationFor(f, 'resume');

    const failed = await replication.run();
    expect(failed).toMatchObject({ status: 'failed', read: 2, stored: 2 });
    let state = await stateOf('mls:resume');
    expect(state?.error).toBe('The MLS answered HTTP 503: Try later');
    expect(state).toMatchObject({ cursorKey: 'R2', recordsStored: 2 });
    const link = state?.nextLink;
    expect(link).toContain('%24skip=2');

    expect(await replication.run()).toMatchObject({ status: 'failed', read: 0 });
    state = await stateOf('mls:resume');
    expect(state?.error).toMatch(/^The MLS request failed: /);
    expect(state?.nextLink).toBe(link);

    expect(await replication.run()).toMatchObject({ status: 'done', read: 3, stored: 3 });
    // Each resumption asked for exactly the link that was stored.
    expect(`${new URL(f.url).origin}${f.requests[2]?.url}`).toBe(link);
    expect(`${new URL(f.url).origin}${f.requests[3]?.url}`).toBe(link);
    expect((await salesOf('mls:resume')).map((r) => r.listingKey).sort()).toEqual([
      'R1',
      'R2',
      'R3',
      'R4',
      'R5',
    ]);
    expect(await stateOf('mls:resume')).toMatchObject({
      nextLink: null,
      error: null,
      cursorKey: 'R5',
    });
  });

  it('goes on from the cursor when the MLS refuses a stored next link as expired', async () => {
    const f = await fixture();
    f.records.push(closed('E1'), closed('E2'), closed('E3'), closed('E4'), closed('E5'));
    f.script.set(2, { status: 503, body: { error: { code: '503', message: 'Try later' } } });
    const expired = { error: { code: '410', message: 'This next link has expired' } };
    f.script.set(3, { status: 410, body: expired });
    const replication = replicationFor(f, 'expired');
    expect(await replication.run()).toMatchObject({ status: 'failed', read: 2, stored: 2 });
    const link = (await stateOf('mls:expired'))?.nextLink;
    expect(link).toContain('%24skip=2');

    expect(await replication.run()).toMatchObject({ status: 'done', read: 3, stored: 3 });
    expect(`${new URL(f.url).origin}${f.requests[2]?.url}`).toBe(link);
    // Then the first page again, after the stored cursor: nothing read twice, nothing missed.
    const asked = new URL(f.requests[3]?.url ?? '', f.url).searchParams;
    expect(asked.get('$skip')).toBeNull();
    expect(asked.get('$filter')).toContain("ListingKey gt 'E2'");
    expect((await salesOf('mls:expired')).map((r) => r.listingKey).sort()).toEqual([
      'E1',
      'E2',
      'E3',
      'E4',
      'E5',
    ]);
    expect(await stateOf('mls:expired')).toMatchObject({ nextLink: null, error: null });
  });

  it('does not start over when a link of the same run is refused', async () => {
    const f = await fixture();
    f.records.push(closed('N1'), closed('N2'), closed('N3'));
    f.script.set(2, { status: 404, body: { error: { code: '404', message: 'No such page' } } });
    expect(await replicationFor(f, 'same-run').run()).toMatchObject({ status: 'failed', read: 2 });
    expect(f.requests).toHaveLength(2);
    expect((await stateOf('mls:same-run'))?.error).toBe('The MLS answered HTTP 404: No such page');
  });

  it('fetches a new token once when the token expires mid-run', async () => {
    const f = await fixture();
    f.records.push(closed('T1'), closed('T2'), closed('T3'));
    f.before.set(2, () => f.expireTokens());
    expect(await replicationFor(f, 'token').run()).toMatchObject({ status: 'done', stored: 3 });
    expect(f.tokenRequests).toBe(2);
    // The second page was asked twice: refused with the old token, answered with the new one.
    expect(f.requests).toHaveLength(3);
    expect(f.requests[1]?.url).toBe(f.requests[2]?.url);
    expect(f.requests[1]?.authorization).not.toBe(f.requests[2]?.authorization);
  });

  it('records a refused secret without the secret, in the row and the activity log', async () => {
    const f = await fixture();
    f.records.push(closed('S1'));
    const config = { ...configFor(f, 'refused'), clientSecret: 'wrong-secret-value' };
    const replication = createMlsReplication({
      config,
      repo: createMlsReplicationRepository(t.database.db, t.app.closedSales),
      client: createResoClient(config),
    });
    expect(await replication.run()).toMatchObject({ status: 'failed' });
    const state = await stateOf('mls:refused');
    expect(state?.error).toBe(
      'The token request was refused (HTTP 401: Client authentication failed.)',
    );
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, 'mls:refused'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain('wrong-secret-value');
    expect(f.requests).toHaveLength(0);
  });

  it('waits out a 429 for its Retry-After, in seconds or as a date, capped', async () => {
    const f = await fixture();
    f.records.push(closed('W1'), closed('W2'), closed('W3'));
    const at = Date.now();
    f.script.set(2, { status: 429, headers: { 'retry-after': '7' } });
    f.script.set(3, {
      status: 429,
      headers: { 'retry-after': new Date(Math.ceil(at / 1000) * 1000 + 12_000).toUTCString() },
    });
    f.script.set(4, { status: 429, headers: { 'retry-after': '86400' } });
    const waits: number[] = [];
    const replication = replicationFor(f, 'throttled', async (ms) => {
      waits.push(ms);
    });
    expect(await replication.run()).toMatchObject({ status: 'done', stored: 3 });
    expect(waits[0]).toBe(7_000);
    // An HTTP date: the time left until it (a little under 12 s by the time it is read).
    expect(waits[1]).toBeGreaterThan(10_000);
    expect(waits[1]).toBeLessThanOrEqual(13_000);
    expect(waits[2]).toBe(120_000);
    expect(waits).toHaveLength(3);
  });
});

describe('configuration', () => {
  const env = {
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    DATA_DIR: '/tmp/lantern-mls-config',
  } as const;
  const all = {
    MLS_RESO_NAME: 'nwmls',
    MLS_RESO_BASE_URL: 'https://api.example-mls.com/reso/odata/',
    MLS_RESO_TOKEN_URL: 'https://api.example-mls.com/oauth/token',
    MLS_RESO_CLIENT_ID: 'id',
    MLS_RESO_CLIENT_SECRET: 'secret',
    MLS_RESO_ATTRIBUTION: 'Listing data courtesy of NWMLS',
  };

  it('is off unless configured: no job kind, nothing decorated', async () => {
    expect(loadConfig(env).config.mlsReplication).toBeUndefined();
    const off = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
    try {
      expect(off.app.mlsReplication).toBeNull();
      expect(off.app.jobs.kinds.has(MLS_REPLICATION_JOB)).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('needs every required setting once one is given', () => {
    expect(() => loadConfig({ ...env, MLS_RESO_NAME: 'nwmls' })).toThrow(/MLS_RESO_BASE_URL/);
    const on = loadConfig({ ...env, ...all, MLS_RESO_MODEL_ONLY: 'true' }).config.mlsReplication;
    expect(on).toMatchObject({
      source: 'mls:nwmls',
      baseUrl: 'https://api.example-mls.com/reso/odata',
      intervalMs: 3_600_000,
      modelOnly: true,
    });
  });
});

describe('pnpm mls:replicate', () => {
  const CLI = join(import.meta.dirname, '..', 'src', 'cli', 'mls-replicate.ts');
  const base = () => ({
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: join(mkdtempSync(join(tmpdir(), 'lantern-mls-cli-')), 'data'),
  });

  it("runs once by hand with the server's settings, and says when it is off", async () => {
    const off = await runCommand(process.execPath, [CLI], base());
    expect(off.status).toBe(2);
    expect(off.stderr).toContain('MLS replication is off');

    const f = await fixture();
    f.records.push(closed('K1'), active('K2'), closed('K3'));
    const env = {
      ...base(),
      MLS_RESO_NAME: 'cli',
      MLS_RESO_BASE_URL: f.url,
      MLS_RESO_TOKEN_URL: f.tokenUrl,
      MLS_RESO_CLIENT_ID: f.clientId,
      MLS_RESO_CLIENT_SECRET: f.clientSecret,
      MLS_RESO_ATTRIBUTION: 'Listing data courtesy of Test MLS',
    };
    const run = await runCommand(process.execPath, [CLI], env);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({
      source: 'mls:cli',
      status: 'done',
      read: 3,
      stored: 2,
    });
    expect(run.stdout + run.stderr).not.toContain(f.clientSecret);
    // A fresh PGlite folder is created and migrated by the child: slow on a loaded machine.
  }, 180_000);
});
