import {
  listingPagePath,
  OPEN_HOUSE_LIMITS,
  OPEN_HOUSES_API,
  OPEN_HOUSE_TEXTS as T,
  type TOpenHouse,
  type TOpenHousesResponse,
} from '@lantern/contracts';
import { type Listing, openHouses } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localParts } from '../src/features/listing-tools/open-houses/times.ts';
import { BROWSER, buildTestApp, ORIGIN, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { readFlyer } from './helpers/flyer-pdf.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';

const ZONE = 'America/Chicago'; // Springfield, IL: the fixtures' properties.
const DAY_MS = 24 * 60 * 60_000;
/** The home's day `n` days from now (YYYY-MM-DD). */
const day = (n: number) => localParts(new Date(Date.now() + n * DAY_MS), ZONE).date;

let t: TestApp;
let seller: SignedIn;
let stranger: SignedIn;
let buyer: SignedIn;
let property: { id: number; hash: string };
let listing: Listing;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'oh-seller');
  stranger = await signUpUser(t.app, 'oh-stranger');
  buyer = await signUpUser(t.app, 'oh-buyer');
  ({ property, listing } = await publishedFsboListing(t.app, seller, '12 Open House Ln'));
  await addReader(t.app.db, property.id, buyer.userId);
});
afterAll(() => t.close());

const send = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

const list = async (who = seller, hash = property.hash) => {
  const res = await send(who, 'GET', `${OPEN_HOUSES_API.list}?property=${hash}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TOpenHousesResponse;
};

const schedule = (body: Record<string, unknown>, who = seller) =>
  send(who, 'POST', OPEN_HOUSES_API.list, { property: property.hash, ...body });

const added = async (body: Record<string, unknown>) => {
  const res = await schedule(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().openHouse as TOpenHouse;
};

describe('open houses', () => {
  it('schedules one in the home’s zone and lists it, with the flyer’s link', async () => {
    const date = day(3);
    const oh = await added({
      date,
      startTime: '13:00',
      endTime: '15:00',
      note: '  Park on Elm St.  ',
    });
    expect(oh).toMatchObject({ state: 'scheduled', date, startTime: '13:00', endTime: '15:00' });
    expect(oh.note).toBe('Park on Elm St.');
    expect(oh.label).toMatch(/^\w+day, \w+ \d+, 1:00 – 3:00 PM C[SD]T$/);
    expect(localParts(new Date(oh.startsAt), ZONE)).toEqual({ date, time: '13:00' });

    const data = await list();
    expect(data).toMatchObject({
      timeZone: ZONE,
      timeZoneName: 'Central Time',
      canSchedule: true,
      flyerUrl: `${OPEN_HOUSES_API.flyer}?property=${property.hash}`,
    });
    expect(data.upcoming.map((o) => o.id)).toContain(oh.id);
  });

  it('refuses broken rules in words, on the field to correct', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: day(4), startTime: '15:00', endTime: '14:00' }, 'endTime', T.endBeforeStart],
      [{ date: day(4), startTime: '10:00', endTime: '19:00' }, 'endTime', T.tooLong],
      [{ date: day(4), startTime: '10:00', endTime: '10:20' }, 'endTime', T.tooShort],
      [{ date: day(-2), startTime: '10:00', endTime: '12:00' }, 'date', T.dayPassed],
      [{ date: day(200), startTime: '10:00', endTime: '12:00' }, 'date', T.tooFarAhead],
      [{ date: '2026-02-30', startTime: '10:00', endTime: '12:00' }, 'date', T.dateInvalid],
      [{ date: '', startTime: '10:00', endTime: '12:00' }, 'date', T.dateRequired],
      [{ date: day(4), startTime: '25:00', endTime: '12:00' }, 'startTime', T.timeInvalid],
      [{ date: day(4), startTime: '10:00' }, 'endTime', T.endRequired],
      [{ date: day(4), startTime: '', endTime: '12:00' }, 'startTime', T.startRequired],
      [
        { date: day(4), startTime: '10:00', endTime: '12:00', note: 'x'.repeat(201) },
        'note',
        T.noteTooLong,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await schedule(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('refuses overlaps, and takes back-to-back times', async () => {
    const date = day(5);
    const first = await added({ date, startTime: '10:00', endTime: '12:00' });
    const clash = await schedule({ date, startTime: '11:30', endTime: '13:00' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.startTime).toEqual([T.overlaps(first.label)]);
    await added({ date, startTime: '12:00', endTime: '13:00' });
  });

  it('changes one that has not started, and cancels it, keeping it for the record', async () => {
    const oh = await added({ date: day(6), startTime: '09:00', endTime: '10:00' });
    const changed = await send(seller, 'PUT', OPEN_HOUSES_API.item(oh.id), {
      property: property.hash,
      date: day(6),
      startTime: '09:30',
      endTime: '11:00',
      note: 'Side door',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().openHouse).toMatchObject({
      id: oh.id,
      startTime: '09:30',
      endTime: '11:00',
      note: 'Side door',
    });
    const cancelled = await send(seller, 'POST', OPEN_HOUSES_API.cancel(oh.id), {
      property: property.hash,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().openHouse.state).toBe('cancelled');
    const data = await list();
    expect(data.upcoming.map((o) => o.id)).not.toContain(oh.id);
    expect(data.past.find((o) => o.id === oh.id)?.state).toBe('cancelled');
    // A cancelled one can be neither changed nor cancelled again.
    const again = await send(seller, 'POST', OPEN_HOUSES_API.cancel(oh.id), {
      property: property.hash,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, T.alreadyCancelled]);
    const change = await send(seller, 'PUT', OPEN_HOUSES_API.item(oh.id), {
      property: property.hash,
      date: day(6),
      startTime: '09:30',
      endTime: '11:00',
    });
    expect([change.statusCode, change.json().message]).toEqual([409, T.alreadyCancelled]);
  });

  it('keeps past ones, refuses changing a running one but lets it be cancelled', async () => {
    const now = Date.now();
    const [past, running] = await t.app.db
      .insert(openHouses)
      .values([
        {
          hash: `pastOH${now}`,
          listingId: listing.id,
          startsAt: new Date(now - 3 * DAY_MS),
          endsAt: new Date(now - 3 * DAY_MS + 7_200_000),
        },
        {
          hash: `nowOH${now}`,
          listingId: listing.id,
          startsAt: new Date(now - 1_800_000),
          endsAt: new Date(now + 1_800_000),
        },
      ])
      .returning();
    if (!past || !running) throw new Error('no rows');
    const data = await list();
    expect(data.past.find((o) => o.id === past.hash)?.state).toBe('past');
    expect(data.upcoming.find((o) => o.id === running.hash)?.state).toBe('now');
    const body = { property: property.hash, date: day(8), startTime: '10:00', endTime: '11:00' };
    const pastChange = await send(seller, 'PUT', OPEN_HOUSES_API.item(past.hash), body);
    expect([pastChange.statusCode, pastChange.json().message]).toEqual([409, T.ended]);
    const pastCancel = await send(seller, 'POST', OPEN_HOUSES_API.cancel(past.hash), {
      property: property.hash,
    });
    expect(pastCancel.statusCode).toBe(409);
    const runningChange = await send(seller, 'PUT', OPEN_HOUSES_API.item(running.hash), body);
    expect([runningChange.statusCode, runningChange.json().message]).toEqual([409, T.started]);
    const runningCancel = await send(seller, 'POST', OPEN_HOUSES_API.cancel(running.hash), {
      property: property.hash,
    });
    expect(runningCancel.statusCode).toBe(200);
  });

  it('shows upcoming ones on the public page at once, with schema.org events', async () => {
    const oh = await added({
      date: day(9),
      startTime: '13:00',
      endTime: '15:00',
      note: 'Ring the <b>bell</b>',
    });
    const page = await t.app.inject({ method: 'GET', url: listingPagePath(listing.slug ?? '') });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<h2 id="listing-open-houses">Open houses</h2>');
    expect(html).toContain(`datetime="${oh.startsAt}">${oh.label}</time>`);
    expect(html).toContain('Ring the &lt;b&gt;bell&lt;/b&gt;');
    const ld = JSON.parse(
      html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    const events = ld.about.event as { startDate: string; endDate: string; '@type': string }[];
    expect(events.find((e) => e.startDate === oh.startsAt)).toMatchObject({
      '@type': 'Event',
      name: 'Open house: 12 Open House Ln',
      endDate: oh.endsAt,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { address: { streetAddress: '12 Open House Ln', postalCode: '62701' } },
    });
    // Only a listing for sale or under contract shows them.
    expect(await t.app.openHouses.forPage({ ...listing, status: 'pending' })).not.toEqual([]);
    expect(await t.app.openHouses.forPage({ ...listing, status: 'sold' })).toEqual([]);
    expect(await t.app.openHouses.forPage({ ...listing, publishedAt: null })).toEqual([]);
    // Cancelled: off the page on the next request.
    await send(seller, 'POST', OPEN_HOUSES_API.cancel(oh.id), { property: property.hash });
    const after = await t.app.inject({ method: 'GET', url: listingPagePath(listing.slug ?? '') });
    expect(after.body).not.toContain(oh.label);
  });

  it('makes a one-page PDF flyer with the photo, address, times and a QR code to the page', async () => {
    const oh = await added({ date: day(10), startTime: '14:00', endTime: '16:00' });
    const res = await send(seller, 'GET', `${OPEN_HOUSES_API.flyer}?property=${property.hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="flyer-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const flyer = await readFlyer(new Uint8Array(res.rawPayload));
    expect(flyer.pages).toHaveLength(1);
    expect(flyer.images).toBe(1);
    const url = `${ORIGIN}${listingPagePath(listing.slug ?? '')}`;
    const words = flyer.texts.join('\n');
    expect(words).toContain('12 Open House Ln');
    expect(words).toContain('$289,000');
    expect(words).toContain(oh.label);
    expect(words).toContain('does not represent this seller');
    expect(flyer.texts.join('')).toContain(url);
    expect(flyer.qr).toBe(url);
  });

  it('is a 404 for another user and for the buyer’s side, in every route', async () => {
    const [oh] = (await list()).upcoming;
    if (!oh) throw new Error('none upcoming');
    const body = { property: property.hash, date: day(11), startTime: '10:00', endTime: '11:00' };
    for (const who of [stranger, buyer]) {
      const q = `?property=${property.hash}`;
      expect((await send(who, 'GET', `${OPEN_HOUSES_API.list}${q}`)).statusCode).toBe(404);
      expect((await send(who, 'GET', `${OPEN_HOUSES_API.flyer}${q}`)).statusCode).toBe(404);
      expect((await send(who, 'POST', OPEN_HOUSES_API.list, body)).statusCode).toBe(404);
      expect((await send(who, 'PUT', OPEN_HOUSES_API.item(oh.id), body)).statusCode).toBe(404);
      const cancel = await send(who, 'POST', OPEN_HOUSES_API.cancel(oh.id), body);
      expect(cancel.statusCode).toBe(404);
    }
    // Nor can an owner of another listing reach this one's open house through their own.
    const other = await publishedFsboListing(t.app, stranger, '14 Open House Ln');
    const cross = await send(stranger, 'POST', OPEN_HOUSES_API.cancel(oh.id), {
      property: other.property.hash,
    });
    expect(cross.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'GET',
      url: `${OPEN_HOUSES_API.flyer}?property=${property.hash}`,
    });
    expect(anon.statusCode).toBe(401);
    expect((await list()).upcoming.find((o) => o.id === oh.id)?.state).toBe(oh.state);
  });

  it(`allows ${OPEN_HOUSE_LIMITS.maxUpcoming} planned at once`, async () => {
    const own = await publishedFsboListing(t.app, seller, '16 Open House Ln');
    const add = (n: number) =>
      send(seller, 'POST', OPEN_HOUSES_API.list, {
        property: own.property.hash,
        date: day(20 + n),
        startTime: '10:00',
        endTime: '11:00',
      });
    for (let n = 0; n < OPEN_HOUSE_LIMITS.maxUpcoming; n++) {
      expect((await add(n)).statusCode).toBe(200);
    }
    const over = await add(OPEN_HOUSE_LIMITS.maxUpcoming);
    expect([over.statusCode, over.json().message]).toEqual([409, T.tooMany]);
  });

  it('has no open houses or flyer while the listing is off the public site', async () => {
    const own = await publishedFsboListing(t.app, seller, '18 Open House Ln');
    const oh = await send(seller, 'POST', OPEN_HOUSES_API.list, {
      property: own.property.hash,
      date: day(3),
      startTime: '10:00',
      endTime: '11:00',
    });
    expect(oh.statusCode).toBe(200);
    const off = await send(seller, 'POST', FSBO_LISTING_API.unpublish, {
      property: own.property.hash,
    });
    expect(off.statusCode, off.body).toBe(200);
    const data = await list(seller, own.property.hash);
    expect(data).toMatchObject({ canSchedule: false, flyerUrl: null });
    const again = await send(seller, 'POST', OPEN_HOUSES_API.list, {
      property: own.property.hash,
      date: day(4),
      startTime: '10:00',
      endTime: '11:00',
    });
    expect([again.statusCode, again.json().message]).toEqual([409, T.notOnSale]);
    const flyer = await send(
      seller,
      'GET',
      `${OPEN_HOUSES_API.flyer}?property=${own.property.hash}`,
    );
    expect([flyer.statusCode, flyer.json().message]).toEqual([409, T.notPublished]);
    const rows = await t.app.db
      .select()
      .from(openHouses)
      .where(eq(openHouses.listingId, own.listing.id));
    expect(rows).toHaveLength(1);
  });
});
