import { SHOWINGS_API, type TShowingRequest } from '@lantern/contracts';
import {
  internetTrackingSummaries,
  jobs,
  listings,
  propertyParticipants,
  showingRequestEvents,
  showingRequests,
} from '@lantern/db';
import { LEAD_SPAM_TEXTS, localDateTime, SHOWING_TEXTS } from '@lantern/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';

const ZONE = 'America/Chicago'; // The fixtures' properties are in Illinois.
const T = SHOWING_TEXTS;

let t: TestApp;
let seller: SignedIn;
let coSeller: SignedIn;
let stranger: SignedIn;
let buyerSide: SignedIn;
let main: { property: { id: number; hash: string }; listing: { id: number; hash: string } };
let other: { property: { id: number; hash: string }; listing: { id: number; hash: string } };

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'show-seller');
  coSeller = await signUpUser(t.app, 'show-coseller');
  stranger = await signUpUser(t.app, 'show-stranger');
  buyerSide = await signUpUser(t.app, 'show-buyer-side');
  main = await publishedFsboListing(t.app, seller, '21 Showing Lane');
  other = await publishedFsboListing(t.app, stranger, '23 Showing Lane');
  await t.app.db
    .insert(propertyParticipants)
    .values({ propertyId: main.property.id, userId: coSeller.userId, role: 'sellerAgent' });
  await addReader(t.app.db, main.property.id, buyerSide.userId);
});
afterAll(() => t.close());

/** Each request from an address of its own, so the per-IP limit counts one test at a time. */
let lastOctet = 0;
const nextIp = () => `203.0.113.${++lastOctet}`;

/** A day `days` from now in the home's zone, at `time` local. */
const localDay = (days: number) =>
  localDateTime(new Date(Date.now() + days * 86_400_000), ZONE).date;

let buyerCount = 0;
function form(extra: Partial<TShowingRequest> = {}): TShowingRequest {
  buyerCount += 1;
  return {
    name: `Casey Buyer ${buyerCount}`,
    email: `casey.${buyerCount}.${Date.now()}@example.com`,
    phone: '(555) 201-3300',
    date: localDay(3),
    time: '10:00',
    duration: 30,
    note: 'We would love to see the garden.',
    ...extra,
  };
}

const ask = (payload: object, ip = nextIp(), listing = main.listing.hash) =>
  t.app.inject({
    method: 'POST',
    url: SHOWINGS_API.request(listing),
    headers: BROWSER,
    remoteAddress: ip,
    payload,
  });

const as = (who: SignedIn) => ({
  list: (property = main.property.hash) =>
    t.app.inject({
      method: 'GET',
      url: `${SHOWINGS_API.owner}?property=${property}`,
      headers: { cookie: who.cookie },
    }),
  respond: (showing: string, body: object, property = main.property.hash) =>
    t.app.inject({
      method: 'POST',
      url: SHOWINGS_API.respond(showing),
      headers: { ...BROWSER, cookie: who.cookie },
      payload: { property, ...body },
    }),
});

const link = (token: string, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: Object.keys(body).length ? SHOWINGS_API.linkRespond : SHOWINGS_API.link,
    headers: BROWSER,
    payload: { token, ...body },
  });

interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/** The mails queued to an address, oldest first (the worker is off, so they keep their bodies). */
async function mailsTo(to: string): Promise<QueuedMail[]> {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`lower(${jobs.payload}->>'to') = lower(${to})`))
    .orderBy(asc(jobs.id));
  return rows.map((r) => r.payload as QueuedMail);
}

const tokenIn = (mail: QueuedMail | undefined) => {
  const match = /\/showings\/respond#token=([^\s"<]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no showing link in ${mail?.subject}`);
  return decodeURIComponent(match[1]);
};

const icsOf = (mail: QueuedMail | undefined) => {
  const file = mail?.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
  if (!file) throw new Error(`no calendar file in ${mail?.subject}`);
  return Buffer.from(file.contentBase64, 'base64')
    .toString('utf8')
    .replace(/\r\n[ \t]/g, '');
};

/** A new request on the main listing, stored: its hash and the buyer's address. */
async function newRequest(extra: Partial<TShowingRequest> = {}) {
  const body = form(extra);
  const res = await ask(body);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.app.db
    .select()
    .from(showingRequests)
    .where(eq(showingRequests.buyerEmail, body.email));
  if (!row) throw new Error('no showing stored');
  return { hash: row.hash, email: body.email, name: body.name, row };
}

describe('asking for a showing', () => {
  it('stores the request as Pending at the instant the local time names, and mails every owner a link of their own', async () => {
    const body = form({ time: '14:30', duration: 45 });
    const res = await ask(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: T.form.sent(body.email) });
    const [row] = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.buyerEmail, body.email));
    expect(row).toMatchObject({ status: 'Pending', durationMinutes: 45, sequence: 0 });
    expect(localDateTime(row?.startAt as Date, ZONE)).toEqual({ date: body.date, time: '14:30' });
    // Listing analytics counts the request on today's row.
    const [day] = await t.app.db
      .select({ n: internetTrackingSummaries.showingRequestedCount })
      .from(internetTrackingSummaries)
      .where(eq(internetTrackingSummaries.listingId, row?.listingId ?? -1));
    expect(day?.n).toBeGreaterThanOrEqual(1);

    for (const owner of [seller, coSeller]) {
      const mail = (await mailsTo(owner.email)).find((m) => m.text.includes(body.name));
      expect(mail?.subject).toMatch(/^21 Showing Lane: a showing request for /);
      expect(mail?.text).toContain('We would love to see the garden.');
      expect(mail?.text).toContain('2:30 PM');
      // The buyer is reached through us: their address is in no owner's mail.
      expect(mail?.text).not.toContain(body.email);
      expect(mail?.html).not.toContain(body.email);
      expect(tokenIn(mail)).toBeTruthy();
    }
    // Nobody on the buyer's side of the property, nor the buyer, hears of it yet.
    const showingMail = (m: QueuedMail) => /showing/i.test(m.subject);
    expect((await mailsTo(buyerSide.email)).filter(showingMail)).toEqual([]);
    expect(await mailsTo(body.email)).toEqual([]);
  });

  it('refuses times in the past, too soon, too far ahead or at night, in words', async () => {
    const cases: Array<[Partial<TShowingRequest>, string, string]> = [
      [{ date: localDay(-1) }, 'time', T.errors.past],
      [{ date: localDay(120) }, 'date', T.errors.tooFar],
      [{ time: '05:30' }, 'time', T.errors.hours],
      [{ time: '23:00' }, 'time', T.errors.hours],
      [{ date: '2026-02-30' }, 'time', T.errors.noSuchTime],
    ];
    for (const [extra, field, words] of cases) {
      const res = await ask(form(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors[field]).toEqual([words]);
    }
    const bad = await ask(form({ name: ' ', phone: '12', duration: 20, time: '9am' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['duration', 'name', 'phone', 'time']);
  });

  it('drops a bot that filled the hidden field, refuses more than two links, and limits each address', async () => {
    const bot = form({ website: 'http://spam.example' });
    const res = await ask(bot);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: T.form.sent(bot.email) });
    const stored = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.buyerEmail, bot.email));
    expect(stored).toEqual([]);

    const links = await ask(
      form({ note: 'See https://a.example and https://b.example and www.c.example' }),
    );
    expect(links.statusCode).toBe(422);
    expect(links.json().errors.note).toEqual([LEAD_SPAM_TEXTS.tooManyLinks]);
    expect((await ask(form({ note: 'Two: https://a.example www.b.example' }))).statusCode).toBe(
      201,
    );

    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await ask(form(), ip)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await ask(form(), ip)).json().message).toBeTruthy();
  });

  it('is a 404 for an unknown or unpublished listing and a 409 once it is off the market', async () => {
    expect((await ask(form(), nextIp(), 'no-such-listing')).statusCode).toBe(404);
    const sold = await publishedFsboListing(t.app, stranger, '25 Showing Lane');
    await t.app.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold.listing.id));
    const res = await ask(form(), nextIp(), sold.listing.hash);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(T.errors.notTaking);
    await t.app.db
      .update(listings)
      .set({ publishedAt: null })
      .where(eq(listings.id, sold.listing.id));
    expect((await ask(form(), nextIp(), sold.listing.hash)).statusCode).toBe(404);
  });
});

describe('the seller answers in the dashboard', () => {
  it('lists the requests for every owner, without the buyer’s email; others get a 404', async () => {
    const { hash, email } = await newRequest();
    for (const who of [seller, coSeller]) {
      const res = await as(who).list();
      expect(res.statusCode).toBe(200);
      const found = res.json().showings.find((s: { hash: string }) => s.hash === hash);
      expect(found).toMatchObject({
        status: 'Pending',
        turn: 'seller',
        buyerPhone: null,
        actions: ['confirm', 'propose', 'decline'],
        history: [{ kind: 'requested', by: 'buyer', via: 'form', status: 'Pending' }],
      });
      expect(res.body).not.toContain(email);
      expect(res.json().timeZone).toBe(ZONE);
    }
    expect((await as(stranger).list()).statusCode).toBe(404);
    expect((await as(buyerSide).list()).statusCode).toBe(404);
    // Another owner's showing, through one's own property, is not found either.
    expect(
      (await as(stranger).respond(hash, { action: 'confirm' }, other.property.hash)).statusCode,
    ).toBe(404);
    expect((await as(stranger).respond(hash, { action: 'confirm' })).statusCode).toBe(404);
    expect((await as(buyerSide).respond(hash, { action: 'decline' })).statusCode).toBe(404);
  });

  it('confirms: both sides get an .ics invitation (PUBLISH, UTC times, UID), and the buyer’s phone shows', async () => {
    const { hash, email, name, row } = await newRequest({ time: '11:15' });
    const res = await as(seller).respond(hash, { action: 'confirm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: T.done.confirm,
      showing: { status: 'Confirmed', buyerPhone: '(555) 201-3300', actions: ['cancel'] },
    });
    expect(res.json().showing.history.at(-1)).toMatchObject({
      kind: 'confirm',
      by: 'seller',
      actor: seller.email,
      via: 'dashboard',
    });

    const buyerMail = (await mailsTo(email)).at(-1);
    expect(buyerMail?.subject).toMatch(/^Showing confirmed: 21 Showing Lane, /);
    const ics = icsOf(buyerMail);
    const utc = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`UID:showing-${hash}@localhost`);
    expect(ics).toContain(`DTSTART:${utc(row.startAt)}`);
    expect(ics).toContain(`DTEND:${utc(new Date(row.startAt.getTime() + 30 * 60_000))}`);
    expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('SUMMARY:Showing of 21 Showing Lane');
    expect(ics).toContain('LOCATION:21 Showing Lane\\, Springfield\\, IL 62701');
    const sellerMail = (await mailsTo(seller.email))
      .filter((m) => m.subject.startsWith('Showing confirmed'))
      .at(-1);
    expect(sellerMail?.text).toContain(name);
    expect(sellerMail?.text).toContain('(555) 201-3300');
    expect(icsOf(sellerMail)).toContain(`UID:showing-${hash}@localhost`);

    // A legal move only: a confirmed showing is not declined.
    const again = await as(coSeller).respond(hash, { action: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.refusals.notAllowed);

    // The seller cancels: METHOD:CANCEL, the same UID, a higher SEQUENCE, to both sides.
    const cancelled = await as(coSeller).respond(hash, { action: 'cancel' });
    expect(cancelled.json().showing.status).toBe('Cancelled');
    const cancel = icsOf((await mailsTo(email)).at(-1));
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain(`UID:showing-${hash}@localhost`);
    expect(cancel).toContain('SEQUENCE:2');
    expect(icsOf((await mailsTo(seller.email)).at(-1))).toContain('METHOD:CANCEL');
    const final = await as(seller).respond(hash, { action: 'confirm' });
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toBe(T.refusals.final('cancelled'));
  });

  it('proposes another time; the buyer accepts it through their link and the invitation carries it', async () => {
    const { hash, email } = await newRequest();
    const none = await as(seller).respond(hash, { action: 'propose' });
    expect(none.statusCode).toBe(422);
    const night = await as(seller).respond(hash, {
      action: 'propose',
      date: localDay(4),
      time: '22:00',
    });
    expect(night.json().errors.time).toEqual([T.errors.hours]);
    const res = await as(seller).respond(hash, {
      action: 'propose',
      date: localDay(4),
      time: '16:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().showing).toMatchObject({
      status: 'Pending',
      turn: 'buyer',
      actions: ['propose', 'decline'],
    });
    const proposed = new Date(res.json().showing.proposedStart);
    expect(localDateTime(proposed, ZONE)).toEqual({ date: localDay(4), time: '16:00' });
    // Now it is the buyer's turn: the seller cannot confirm their own proposal.
    expect((await as(seller).respond(hash, { action: 'confirm' })).json().message).toBe(
      T.refusals.notYourTurn,
    );

    const mail = (await mailsTo(email)).at(-1);
    expect(mail?.subject).toBe('21 Showing Lane: the seller proposed another time');
    const token = tokenIn(mail);
    const view = await link(token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      side: 'buyer',
      status: 'Pending',
      turn: 'buyer',
      actions: ['confirm', 'cancel'],
      buyerName: null,
      note: null,
      notice: null,
    });
    const accepted = await link(token, { action: 'confirm' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'Confirmed',
      message: T.done.confirm,
      actions: [],
    });
    expect(accepted.json().start).toBe(proposed.toISOString());
    const utc = proposed
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(icsOf((await mailsTo(email)).at(-1))).toContain(`DTSTART:${utc}`);
    const [row] = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.hash, hash));
    expect(row).toMatchObject({ status: 'Confirmed', proposedStart: null, lastActorSide: 'buyer' });
  });

  it('declines, and the buyer is told in words', async () => {
    const { hash, email } = await newRequest();
    const res = await as(seller).respond(hash, { action: 'decline' });
    expect(res.json().showing.status).toBe('Denied');
    const mail = (await mailsTo(email)).at(-1);
    expect(mail?.subject).toBe('21 Showing Lane: your showing request');
    expect(mail?.attachments ?? []).toEqual([]);
  });

  it('leaves one outcome when a confirm and a decline race', async () => {
    for (let round = 0; round < 3; round++) {
      const { hash } = await newRequest();
      const answers = await Promise.all([
        as(seller).respond(hash, { action: 'confirm' }),
        as(coSeller).respond(hash, { action: 'decline' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)?.json().showing.status;
      const [row] = await t.app.db
        .select()
        .from(showingRequests)
        .where(eq(showingRequests.hash, hash));
      expect(row?.status).toBe(winner);
      expect(row?.sequence).toBe(1);
      const events = await t.app.db
        .select()
        .from(showingRequestEvents)
        .where(eq(showingRequestEvents.showingId, row?.id ?? 0));
      expect(events.map((e) => e.kind)).toHaveLength(2);
    }
  });
});

describe('mailed links', () => {
  it('let the owner answer once: a replay, or a link older than the last change, changes nothing', async () => {
    const { hash } = await newRequest();
    const mail = (await mailsTo(seller.email)).at(-1);
    const token = tokenIn(mail);
    const view = await link(token);
    expect(view.json()).toMatchObject({
      side: 'seller',
      status: 'Pending',
      actions: ['confirm', 'propose', 'decline'],
      note: 'We would love to see the garden.',
    });
    expect(view.json().buyerName).toMatch(/^Casey Buyer/);
    expect(JSON.stringify(view.json())).not.toMatch(/@example\.com/);

    const first = await link(token, { action: 'confirm' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Confirmed', message: T.done.confirm });
    // The same link again: neither a second confirm nor a flip to declined.
    const replay = await link(token, { action: 'decline' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(T.refusals.staleLink);
    expect((await link(token)).json()).toMatchObject({
      status: 'Confirmed',
      actions: [],
      notice: T.refusals.staleLink,
    });
    // The co-seller's own link, mailed before the confirmation, is stale too.
    const coToken = tokenIn(
      (await mailsTo(coSeller.email)).filter((m) => m.subject.includes('a showing request')).at(-1),
    );
    expect((await link(coToken, { action: 'decline' })).statusCode).toBe(409);
    const [row] = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.hash, hash));
    expect(row).toMatchObject({ status: 'Confirmed', sequence: 1 });
    const events = await t.app.db
      .select()
      .from(showingRequestEvents)
      .where(eq(showingRequestEvents.showingId, row?.id ?? 0));
    expect(events.at(-1)).toMatchObject({
      kind: 'confirm',
      channel: 'mail',
      actorId: seller.userId,
    });
  });

  it('refuse forged or altered tokens, and an owner’s link once they left the property', async () => {
    const { hash } = await newRequest();
    const token = tokenIn((await mailsTo(coSeller.email)).at(-1));
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    claims[2] = stranger.userId;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'made-up', `${payload}.AAAA`]) {
      const res = await link(bad, { action: 'decline' });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(T.refusals.badLink);
    }
    await t.app.db
      .delete(propertyParticipants)
      .where(
        and(
          eq(propertyParticipants.propertyId, main.property.id),
          eq(propertyParticipants.userId, coSeller.userId),
        ),
      );
    try {
      expect((await link(token)).statusCode).toBe(410);
      expect((await link(token, { action: 'decline' })).statusCode).toBe(410);
      const [row] = await t.app.db
        .select()
        .from(showingRequests)
        .where(eq(showingRequests.hash, hash));
      expect(row?.status).toBe('Pending');
    } finally {
      await t.app.db
        .insert(propertyParticipants)
        .values({ propertyId: main.property.id, userId: coSeller.userId, role: 'sellerAgent' });
    }
  });

  it('let the buyer cancel a confirmed showing; the owners get the calendar cancellation', async () => {
    const { hash, email } = await newRequest();
    await as(seller).respond(hash, { action: 'confirm' });
    const token = tokenIn((await mailsTo(email)).at(-1));
    const res = await link(token, { action: 'cancel' });
    expect(res.json()).toMatchObject({ status: 'Cancelled', message: T.done.cancel });
    const ownerMail = (await mailsTo(seller.email)).at(-1);
    expect(ownerMail?.subject).toMatch(/^Showing cancelled: 21 Showing Lane/);
    expect(ownerMail?.text).toMatch(/Casey Buyer \d+ cancelled/);
    expect(icsOf(ownerMail)).toContain('METHOD:CANCEL');
  });
});

describe('the service for a text reply', () => {
  it('answers through app.showings.respond as an owner, and refuses someone who is not one', async () => {
    const { hash } = await newRequest();
    const refused = await t.app.showings.respond(
      hash,
      'confirm',
      {},
      {
        side: 'seller',
        userId: stranger.userId,
        via: 'text',
      },
    );
    expect(refused).toMatchObject({ ok: false, status: 404 });
    const done = await t.app.showings.respond(
      hash,
      'decline',
      {},
      {
        side: 'seller',
        userId: seller.userId,
        via: 'text',
      },
    );
    expect(done.ok).toBe(true);
    const res = await as(seller).list();
    const found = res.json().showings.find((s: { hash: string }) => s.hash === hash);
    expect(found.history.at(-1)).toMatchObject({ kind: 'decline', via: 'text', status: 'Denied' });
  });
});
