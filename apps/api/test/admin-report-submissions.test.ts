import {
  REPORT_TEXTS,
  type TListingEventCounts,
  type TSubmissionsReport,
} from '@lantern/contracts';
import {
  auditLog,
  listingEvents,
  mlsBoards,
  mlsListings,
  newHash,
  orders,
  staffRoles,
} from '@lantern/db';
import { ADMIN_API, addDays, eachDay, type TListingEventKind } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, reportDayRange } from '../src/features/staff/reports/days.ts';
import { createReportService } from '../src/features/staff/reports/reports.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Reports, listing submissions by day and MLS (issue 20; docs/decisions/029-reports.md).
 * Events are written as the listing flow writes them (one `listing_events` row each), at instants
 * either side of midnight in New York, around the switch to daylight time on 10 March 2024.
 */
const ZONE = 'America/New_York';
let t: TestApp;
let owner: SignedIn;
let marketing: SignedIn;
let support: SignedIn;
let exporter: SignedIn;
let customer: SignedIn;
let listingId: number;
const board: Record<'atlas' | 'beacon', number> = { atlas: 0, beacon: 0 };

const get = (url: string, who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

async function addBoard(slug: string, name: string, shortName: string): Promise<number> {
  const [row] = await t.app.db
    .insert(mlsBoards)
    .values({
      slug,
      name,
      shortName,
      states: ['IL'],
      website: `https://${slug}.example`,
      sourceName: 'Test',
      sourceUrl: `https://${slug}.example/about`,
    })
    .returning({ id: mlsBoards.id });
  if (!row) throw new Error('no board');
  return row.id;
}

const event = (kind: TListingEventKind, boardId: number | null, iso: string) =>
  t.app.db.insert(listingEvents).values({ listingId, kind, boardId, createdAt: new Date(iso) });

beforeAll(async () => {
  t = await buildTestApp({ businessTimeZone: ZONE });
  await t.app.db.insert(staffRoles).values({
    key: 'export-only',
    name: 'Export only',
    description: '',
    permissions: ['data.export'],
  });
  const staff = async (tag: string, role: string) => {
    const who = await signUpUser(t.app, tag);
    await giveStaffRole(t.app, who.userId, role);
    return who;
  };
  owner = await staff('sub-owner', 'owner');
  marketing = await staff('sub-marketing', 'marketing');
  support = await staff('sub-support', 'support');
  exporter = await staff('sub-exporter', 'export-only');
  customer = await signUpUser(t.app, 'sub-customer');

  // One MLS listing to hang the events on (its own board is left unset: each event names the
  // MLS it concerned at its moment).
  const property = await addProperty(t.app, customer.userId, 'seller', { street: '8 Tally Ct' });
  const ordered = await t.app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: customer.cookie },
    payload: { property: property.hash, product: 'mls-listing-state' },
  });
  expect(ordered.statusCode).toBe(201);
  const [o] = await t.app.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.hash, ordered.json().order.hash));
  if (!o) throw new Error('no order');
  await t.app.db
    .insert(mlsListings)
    .values({ hash: newHash(), propertyId: property.id, orderId: o.id })
    .onConflictDoNothing();
  const [listing] = await t.app.db
    .select({ id: mlsListings.id })
    .from(mlsListings)
    .where(eq(mlsListings.orderId, o.id));
  if (!listing) throw new Error('no listing');
  listingId = listing.id;

  // Beacon is added first; Atlas comes first by name.
  board.beacon = await addBoard('beacon-report-test', 'Beacon Regional MLS', 'Beacon');
  board.atlas = await addBoard('atlas-report-test', 'Atlas MLS', 'Atlas');

  // 04:00 UTC on 8 March is 23:00 on the 7th in New York (EST): before the range.
  await event('submitted', board.atlas, '2024-03-08T04:00:00Z');
  // The 9th: two submissions to Beacon, and one Atlas listing sent back at 23:30 EST (04:30 UTC
  // on the 10th).
  await event('submitted', board.beacon, '2024-03-09T15:00:00Z');
  await event('submitted', board.beacon, '2024-03-09T16:00:00Z');
  await event('returned', board.atlas, '2024-03-10T04:30:00Z');
  // 01:00 UTC on the 11th is 21:00 on the 10th in New York (EDT since that morning).
  await event('approved', board.beacon, '2024-03-11T01:00:00Z');
  // The 12th: a submission with no MLS confirmed for its county, and the same listing found
  // unlistable; an Atlas listing refused at 23:30 EDT (03:30 UTC on the 13th).
  await event('submitted', null, '2024-03-12T15:00:00Z');
  await event('rejected', null, '2024-03-12T18:00:00Z');
  await event('rejected', board.atlas, '2024-03-13T03:30:00Z');
  // 04:30 UTC on the 13th is 00:30 on the 13th in New York: after the range.
  await event('approved', board.atlas, '2024-03-13T04:30:00Z');
});
afterAll(() => t.close());

const RANGE = '?from=2024-03-08&to=2024-03-12';
const none: TListingEventCounts = { submitted: 0, approved: 0, returned: 0, rejected: 0 };

describe('submissions by day and MLS', () => {
  it('counts each event on its New York day and its MLS, every day and board shown', async () => {
    const res = await get(`${ADMIN_API.reportSubmissions}${RANGE}`, support);
    expect(res.statusCode).toBe(200);
    const report = res.json() as TSubmissionsReport;
    expect(report).toMatchObject({ from: '2024-03-08', to: '2024-03-12', timeZone: ZONE });
    expect(report.days).toEqual([
      '2024-03-08',
      '2024-03-09',
      '2024-03-10',
      '2024-03-11',
      '2024-03-12',
    ]);
    // By name, the events with no MLS in one entry last.
    expect(report.boards).toEqual([
      { slug: 'atlas-report-test', name: 'Atlas MLS', shortName: 'Atlas' },
      { slug: 'beacon-report-test', name: 'Beacon Regional MLS', shortName: 'Beacon' },
      { slug: null, name: REPORT_TEXTS.noBoard, shortName: REPORT_TEXTS.noBoard },
    ]);
    expect(report.cells).toHaveLength(15);
    const cell = (day: string, slug: string | null) =>
      report.cells.find((c) => c.day === day && c.board === slug)?.counts;
    const A = 'atlas-report-test';
    const B = 'beacon-report-test';
    // The 8th's only event was on the 7th in New York.
    expect(cell('2024-03-08', A)).toEqual(none);
    expect(cell('2024-03-09', B)).toEqual({ ...none, submitted: 2 });
    expect(cell('2024-03-09', A)).toEqual({ ...none, returned: 1 });
    expect(cell('2024-03-09', null)).toEqual(none);
    expect(cell('2024-03-10', B)).toEqual({ ...none, approved: 1 });
    expect(cell('2024-03-11', A)).toEqual(none);
    expect(cell('2024-03-12', null)).toEqual({ ...none, submitted: 1, rejected: 1 });
    // Refused at 23:30 on the 12th; its approval at 00:30 on the 13th is outside the range.
    expect(cell('2024-03-12', A)).toEqual({ ...none, rejected: 1 });
    // Days oldest first, then boards in the listed order.
    expect(report.cells.map((c) => `${c.day} ${c.board}`).slice(0, 4)).toEqual([
      `2024-03-08 ${A}`,
      `2024-03-08 ${B}`,
      '2024-03-08 null',
      `2024-03-09 ${A}`,
    ]);

    expect(report.totals).toEqual([
      { day: '2024-03-08', counts: none },
      { day: '2024-03-09', counts: { ...none, submitted: 2, returned: 1 } },
      { day: '2024-03-10', counts: { ...none, approved: 1 } },
      { day: '2024-03-11', counts: none },
      { day: '2024-03-12', counts: { ...none, submitted: 1, rejected: 2 } },
    ]);
  });

  it('puts each instant on the day of the configured zone: in UTC the boundary cases move', async () => {
    const utc = createReportService({ figures: t.app.reportFigures, zone: 'UTC' });
    const outcome = await utc.submissions({ from: '2024-03-08', to: '2024-03-12' });
    if (!outcome.ok) throw new Error(outcome.message);
    const total = (day: string) => outcome.value.totals.find((x) => x.day === day)?.counts;
    expect(total('2024-03-08')).toEqual({ ...none, submitted: 1 });
    expect(total('2024-03-09')).toEqual({ ...none, submitted: 2 });
    expect(total('2024-03-10')).toEqual({ ...none, returned: 1 });
    expect(total('2024-03-11')).toEqual({ ...none, approved: 1 });
    expect(total('2024-03-12')).toEqual({ ...none, submitted: 1, rejected: 1 });
  });

  it('lists every day as zero and no boards when nothing happened', async () => {
    const res = await get(`${ADMIN_API.reportSubmissions}?from=2024-02-28&to=2024-03-01`, support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2024-02-28',
      to: '2024-03-01',
      timeZone: ZONE,
      days: ['2024-02-28', '2024-02-29', '2024-03-01'],
      boards: [],
      cells: [],
      totals: [
        { day: '2024-02-28', counts: none },
        { day: '2024-02-29', counts: none },
        { day: '2024-03-01', counts: none },
      ],
    });
  });

  it('covers today and the 29 days before it when no range is given', async () => {
    await event('submitted', board.beacon, new Date().toISOString());
    const res = await get(ADMIN_API.reportSubmissions, support);
    expect(res.statusCode).toBe(200);
    const report = res.json() as TSubmissionsReport;
    const today = dayIn(ZONE, new Date());
    expect(report.to).toBe(today);
    expect(report.from).toBe(addDays(today, -29));
    expect(report.days).toHaveLength(30);
    expect(report.days[0]).toBe(report.from);
    expect(report.boards.map((b) => b.slug)).toEqual(['beacon-report-test']);
    expect(report.totals.at(-1)).toEqual({ day: today, counts: { ...none, submitted: 1 } });
    expect(report.totals.slice(0, -1).every((x) => x.counts.submitted === 0)).toBe(true);
  });

  it('refuses a range that is backwards, too long or not a day, in words', async () => {
    const url = ADMIN_API.reportSubmissions;
    const backwards = await get(`${url}?from=2024-03-12&to=2024-03-11`, support);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.from).toEqual([REPORT_TEXTS.dayFromAfterTo]);
    // 2023 has 365 days: to 1 January 2024 is 366, to the 2nd one too many.
    const year = await get(`${url}?from=2023-01-01&to=2024-01-01`, support);
    expect(year.statusCode).toBe(200);
    const long = await get(`${url}?from=2023-01-01&to=2024-01-02`, support);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.from).toEqual([REPORT_TEXTS.tooManyDays]);
    // A leap year is 366 days, the most one report covers.
    const leap = await get(`${url}?from=2024-01-01&to=2024-12-31`, support);
    expect(leap.statusCode).toBe(200);
    expect(leap.json().days).toHaveLength(366);
    for (const bad of ['2024-02-30', '2024-3-01', '2024-03', '1999-12-31', '2024-03-01T00:00']) {
      const res = await get(`${url}?from=${encodeURIComponent(bad)}&to=2024-03-02`, support);
      expect({ bad, status: res.statusCode, from: res.json().errors?.from }).toEqual({
        bad,
        status: 422,
        from: [REPORT_TEXTS.badDay],
      });
    }
    const csv = await get(`${ADMIN_API.reportSubmissionsExport}?to=2024-13-01`, owner);
    expect(csv.statusCode).toBe(422);
    expect(csv.json().errors.to).toEqual([REPORT_TEXTS.badDay]);
  });
});

describe('submissions as CSV', () => {
  it('downloads one row per day and MLS, zeros included, and logs the export', async () => {
    const res = await get(`${ADMIN_API.reportSubmissionsExport}${RANGE}`, marketing);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="submissions-2024-03-08-to-2024-03-12.csv"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Day,MLS,Submitted,Approved,Sent back,Cannot be listed');
    expect(lines.slice(1, 7)).toEqual([
      '2024-03-08,Atlas MLS,0,0,0,0',
      '2024-03-08,Beacon Regional MLS,0,0,0,0',
      `2024-03-08,${REPORT_TEXTS.noBoard},0,0,0,0`,
      '2024-03-09,Atlas MLS,0,0,1,0',
      '2024-03-09,Beacon Regional MLS,2,0,0,0',
      `2024-03-09,${REPORT_TEXTS.noBoard},0,0,0,0`,
    ]);
    expect(lines).toHaveLength(16);
    expect(lines).toContain(`2024-03-12,${REPORT_TEXTS.noBoard},1,0,0,1`);
    expect(lines).toContain('2024-03-12,Atlas MLS,0,0,0,1');

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'reports.submissions.export'),
          eq(auditLog.actorEmail, marketing.email),
        ),
      );
    expect(entry).toMatchObject({
      method: 'GET',
      status: 200,
      url: expect.stringContaining(RANGE),
    });
  });
});

describe('who may read the submissions report', () => {
  it('needs "See orders and revenue" to read, and "Export lists" as well to download', async () => {
    const view = `${ADMIN_API.reportSubmissions}${RANGE}`;
    const csv = `${ADMIN_API.reportSubmissionsExport}${RANGE}`;
    expect((await get(view, support)).statusCode).toBe(200);
    expect((await get(view, exporter)).statusCode).toBe(403);
    expect((await get(view, customer)).statusCode).toBe(403);
    expect((await get(view, null)).statusCode).toBe(401);
    // Support sees orders but may not export; the export-only role may not see orders.
    expect((await get(csv, support)).statusCode).toBe(403);
    expect((await get(csv, exporter)).statusCode).toBe(403);
    expect((await get(csv, customer)).statusCode).toBe(403);
    expect((await get(csv, null)).statusCode).toBe(401);
    expect((await get(csv, owner)).statusCode).toBe(200);
  });
});

describe('report days', () => {
  it('reads the day in a zone, steps across months and leap days and bounds the range', () => {
    expect(dayIn('America/New_York', new Date('2024-03-01T03:00:00Z'))).toBe('2024-02-29');
    expect(dayIn('UTC', new Date('2024-03-01T03:00:00Z'))).toBe('2024-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    // Across the switch to daylight time: still one calendar day a step.
    expect(eachDay('2024-03-09', '2024-03-11')).toEqual(['2024-03-09', '2024-03-10', '2024-03-11']);
    const now = new Date('2026-01-01T03:00:00Z'); // still 31 December 2025 in New York
    expect(reportDayRange({}, 'America/New_York', now)).toEqual({
      ok: true,
      from: '2025-12-02',
      to: '2025-12-31',
    });
    expect(reportDayRange({}, 'UTC', now)).toEqual({
      ok: true,
      from: '2025-12-03',
      to: '2026-01-01',
    });
    expect(reportDayRange({ to: '2024-03-01' }, 'UTC', now)).toEqual({
      ok: true,
      from: '2024-02-01',
      to: '2024-03-01',
    });
    expect(reportDayRange({ from: '2025-01-01', to: '2026-01-01' }, 'UTC', now)).toMatchObject({
      ok: true,
    });
    expect(reportDayRange({ from: '2025-01-01', to: '2026-01-02' }, 'UTC', now)).toEqual({
      ok: false,
      errors: { from: [REPORT_TEXTS.tooManyDays] },
    });
  });
});
