import {
  REPLY_STOP,
  SHOWINGS_API,
  TEXT_FOR_INFO_API,
  TEXT_FOR_INFO_TEXTS,
  TEXT_MESSAGES,
  type TTextForInfo,
  TWILIO_PATHS,
} from '@lantern/contracts';
import {
  internetTrackingSummaries,
  jobs,
  listingLeadTextOptIns,
  listingTextCodes,
  listingTextLeads,
  showingRequestEvents,
  showingRequests,
  textOptOuts,
  texts,
  userPhones,
} from '@lantern/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { instantAt, wallClock } from '../src/features/texts/quiet-hours.ts';
import { QUIET_TEXT_JOB } from '../src/features/texts/quiet-texts.ts';
import { twilioSignature } from '../src/features/texts/signature.ts';
import { BROWSER, buildTestApp, ORIGIN, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';
import { startTwilioFixture, type TwilioFixture, twilioFixture } from './helpers/twilio-fixture.ts';

/**
 * Text for info (issue 22; docs/decisions/044-text-for-info.md): a buyer texts a listing's
 * 5-digit code to our number and gets its summary and link; owners who opted in get the lead by
 * text; stop words honoured; no texts between 9 pm and 8 am in the recipient's zone. The product
 * talks to the local Twilio stand-in; webhooks are signed as Twilio signs them.
 */

/** Every published listing here is in Illinois (the fixture's default state). */
const ZONE = 'America/Chicago';

let twilio: TwilioFixture;
let t: TestApp;
let seller: SignedIn;
let stranger: SignedIn;
let buyerSide: SignedIn;

beforeAll(async () => {
  twilio = await startTwilioFixture();
  t = await buildTestApp({
    jobsPollMs: 0,
    jobsWorker: false,
    twilio: {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      baseUrl: twilio.url,
    },
  });
  seller = await signUpUser(t.app, 'tfi-seller');
  stranger = await signUpUser(t.app, 'tfi-stranger');
  buyerSide = await signUpUser(t.app, 'tfi-buyer-side');
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let phoneCounter = 0;
/** Distinct numbers libphonenumber accepts as valid US numbers. */
const nextPhone = () => `+1202555${String(4000 + phoneCounter++).padStart(4, '0')}`;
let sidCounter = 0;
const nextSid = () => `SM${(0xf00000 + ++sidCounter).toString(16).padStart(32, '0')}`;

/** Tomorrow in the listings' zone at hh:mm: the clock the product reads is set to it. */
const TODAY = wallClock(new Date(), ZONE);
function localTime(hhmm: string, dayOffset = 1): Date {
  const today = TODAY;
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + dayOffset));
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour = instantAt(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
    h,
    ZONE,
  );
  return new Date(hour.getTime() + m * 60_000);
}
/** Only Date is faked: timers, the database and the server run as usual. */
function clockAt(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

/** An inbound text as Twilio posts it, signed (or forged) as told. */
function inbound(
  from: string,
  body: string,
  opts: { sid?: string; forge?: 'unsigned' | 'wrong-token' | 'altered' } = {},
) {
  const sid = opts.sid ?? nextSid();
  const params = {
    ...(twilioFixture('webhook-inbound.json') as Record<string, string>),
    SmsMessageSid: sid,
    SmsSid: sid,
    MessageSid: sid,
    From: from,
    To: twilio.from,
    Body: body,
  };
  const url = `${ORIGIN}${TWILIO_PATHS.messages}`;
  const signature =
    opts.forge === 'unsigned'
      ? null
      : twilioSignature(
          opts.forge === 'wrong-token' ? 'not-the-token-0123' : twilio.authToken,
          url,
          params,
        );
  const sent = opts.forge === 'altered' ? { ...params, Body: `${body}0` } : params;
  return t.app.inject({
    method: 'POST',
    url: TWILIO_PATHS.messages,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature ? { 'x-twilio-signature': signature } : {}),
    },
    payload: new URLSearchParams(sent).toString(),
  });
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const runTexts = () => t.app.jobs.runDue([QUIET_TEXT_JOB]);
const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);
const recordsOf = (phone: string) =>
  t.app.db.select().from(texts).where(eq(texts.phone, phone)).orderBy(texts.id);
/** The text jobs still waiting for `phone` (a done job keeps no number in its payload). */
const waitingTextsFor = (phone: string) =>
  t.app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, QUIET_TEXT_JOB), sql`${jobs.payload}->>'to' = ${phone}`))
    .orderBy(jobs.id);
/** The text jobs queued for these inbound texts (their dedupe key names the text). */
const answerJobsFor = async (phone: string) => {
  const ids = (await recordsOf(phone)).filter((r) => r.direction === 'inbound').map((r) => r.id);
  return t.app.db
    .select()
    .from(jobs)
    .where(
      inArray(
        jobs.dedupeKey,
        ids.map((id) => `listing_info:${id}`),
      ),
    )
    .orderBy(jobs.id);
};
const jobByKey = async (key: string) =>
  (await t.app.db.select().from(jobs).where(eq(jobs.dedupeKey, key)))[0];
/**
 * Make a job due now. (PGlite's clock follows the faked Date and PostgreSQL's does not, so the
 * tests move jobs rather than wait for them.)
 */
const dueNow = (id: number | undefined) =>
  t.app.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.id, id ?? 0));

const tab = (property: string, who: SignedIn = seller) =>
  t.app.inject({
    method: 'GET',
    url: `${TEXT_FOR_INFO_API.texts}?property=${property}`,
    headers: { cookie: who.cookie },
  });
const setLeadTexts = (property: string, on: boolean, who: SignedIn = seller) =>
  t.app.inject({
    method: 'PUT',
    url: TEXT_FOR_INFO_API.leadTexts,
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { property, on },
  });

/** A published listing of the seller's and its code, read from the owners' tab. */
async function listingWithCode(street: string, who: SignedIn = seller) {
  const published = await publishedFsboListing(t.app, who, street);
  const res = await tab(published.property.hash, who);
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json() as TTextForInfo;
  if (!view.code) throw new Error('no code');
  return { ...published, code: view.code, view };
}

/** Give a user a verified phone, as phone verification leaves it (decision 012). */
async function verifiedPhone(user: SignedIn, phone: string) {
  await t.app.db
    .insert(userPhones)
    .values({ userId: user.userId, phone, verifiedAt: new Date() })
    .onConflictDoUpdate({ target: userPhones.userId, set: { phone, verifiedAt: new Date() } });
}

describe('listing codes', () => {
  it('gives each published listing its own 5-digit code, shown to its owners and on its page', async () => {
    const a = await listingWithCode('10 Text Info Rd');
    const b = await listingWithCode('12 Text Info Rd');
    for (const code of [a.code, b.code]) {
      expect(code).toMatch(/^[1-9]\d{4}$/);
    }
    expect(a.code).not.toBe(b.code);
    expect(a.view).toMatchObject({ available: true, number: '(500) 555-0006', leads: [] });
    // The same code on every visit.
    expect(((await tab(a.property.hash)).json() as TTextForInfo).code).toBe(a.code);

    const page = await t.app.inject({ method: 'GET', url: `/listings/${a.listing.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `Text <strong>${a.code}</strong> to <a href="sms:+15005550006?body=${a.code}">(500) 555-0006</a> for details.`,
    );
    expect(page.body).toContain('Reply STOP to opt out.');
    const [stored] = await t.app.db
      .select()
      .from(listingTextCodes)
      .where(eq(listingTextCodes.listingId, a.listing.id));
    expect(stored?.code).toBe(a.code);
  });

  it("is a 404 for another user's listing and for the buyer's side of the same property", async () => {
    const { property } = await listingWithCode('14 Text Info Rd');
    await addReader(t.app.db, property.id, buyerSide.userId);
    for (const who of [stranger, buyerSide]) {
      expect((await tab(property.hash, who)).statusCode).toBe(404);
      expect((await setLeadTexts(property.hash, true, who)).statusCode).toBe(404);
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${TEXT_FOR_INFO_API.texts}?property=${property.hash}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the inbound webhook', () => {
  it('refuses a forged X-Twilio-Signature with 403 and stores nothing', async () => {
    const { code, listing } = await listingWithCode('20 Text Info Rd');
    const buyer = nextPhone();
    for (const forge of ['unsigned', 'wrong-token', 'altered'] as const) {
      const res = await inbound(buyer, code, { forge });
      expect(res.statusCode).toBe(403);
    }
    expect(await recordsOf(buyer)).toEqual([]);
    expect(await waitingTextsFor(buyer)).toEqual([]);
    const leads = await t.app.db
      .select()
      .from(listingTextLeads)
      .where(eq(listingTextLeads.listingId, listing.id));
    expect(leads).toEqual([]);
  });

  it('answers a listing\'s code with its summary and link, ending "Reply STOP to opt out"', async () => {
    const { code, listing, property } = await listingWithCode('22 Text Info Rd');
    const buyer = nextPhone();
    clockAt(localTime('12:00'));
    // Spaces anywhere and any surrounding words' absence: "123 45" is the code.
    const res = await inbound(buyer, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(EMPTY_TWIML);
    await runTexts();
    const [answer, ...more] = sentTo(buyer);
    expect(more).toEqual([]);
    expect(answer?.body).toContain('$289,000');
    expect(answer?.body).toContain('3 bd, 2 ba');
    expect(answer?.body).toContain(
      `22 Text Info Rd, ${listing.city}, ${listing.state} ${listing.zipCode}`,
    );
    expect(answer?.body).toContain(`${ORIGIN}/listings/${listing.slug}`);
    expect(answer?.body.endsWith(REPLY_STOP)).toBe(true);
    expect(REPLY_STOP).toBe('Reply STOP to opt out');

    const records = await recordsOf(buyer);
    expect(records.map((r) => [r.direction, r.kind])).toEqual([
      ['inbound', 'listing_keyword'],
      ['outbound', 'listing_info'],
    ]);
    expect(records[1]?.providerSid).toBe(answer?.sid);

    // The owners see the buyer in their tab.
    const view = (await tab(property.hash)).json() as TTextForInfo;
    expect(view.leads).toEqual([expect.objectContaining({ phone: buyer, texts: 1 })]);
    // And listing analytics counts the text.
    const [day] = await t.app.db
      .select({ n: internetTrackingSummaries.textCount })
      .from(internetTrackingSummaries)
      .where(eq(internetTrackingSummaries.listingId, listing.id));
    expect(day?.n).toBe(1);
  });

  it('answers a code no listing has with a short help, and ignores other texts', async () => {
    const taken = new Set(
      (await t.app.db.select({ code: listingTextCodes.code }).from(listingTextCodes)).map(
        (r) => r.code,
      ),
    );
    const unknown = ['54321', '67890', '13579'].find((c) => !taken.has(c)) ?? '24680';
    const buyer = nextPhone();
    clockAt(localTime('12:00'));
    await inbound(buyer, `#${unknown}!`);
    await inbound(buyer, 'Is the house still for sale?');
    await inbound(buyer, '1234');
    await runTexts();
    expect(sentTo(buyer).map((m) => m.body)).toEqual([
      `Lantern: no home on our site has the code ${unknown}. Check the 5-digit code on the sign or listing page and text it again. Reply STOP to opt out`,
    ]);
  });

  it('sends nothing more for a replayed MessageSid', async () => {
    const { code, listing } = await listingWithCode('24 Text Info Rd');
    const buyer = nextPhone();
    clockAt(localTime('12:00'));
    const sid = nextSid();
    expect((await inbound(buyer, code, { sid })).statusCode).toBe(200);
    await runTexts();
    const replay = await inbound(buyer, code, { sid });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(EMPTY_TWIML);
    await runTexts();
    expect(sentTo(buyer)).toHaveLength(1);
    expect(await answerJobsFor(buyer)).toHaveLength(1);
    expect((await recordsOf(buyer)).filter((r) => r.direction === 'inbound')).toHaveLength(1);
    const [lead] = await t.app.db
      .select()
      .from(listingTextLeads)
      .where(eq(listingTextLeads.listingId, listing.id));
    expect(lead?.textCount).toBe(1);
  });

  describe('honours every stop word', () => {
    for (const [i, word] of ['STOP', 'unsubscribe', 'Cancel', ' END ', 'quit.'].entries()) {
      it(`"${word}": opted out, never texted again`, async () => {
        const { code } = await listingWithCode(`${30 + i} Stop Word Rd`);
        const buyer = nextPhone();
        clockAt(localTime('12:00'));
        await inbound(buyer, code);
        await runTexts();
        expect(sentTo(buyer)).toHaveLength(1);

        const stop = await inbound(buyer, word);
        expect(stop.statusCode).toBe(200);
        // Decision 030's confirmation, the one text an opted-out number gets.
        expect(stop.body).toContain(TEXT_MESSAGES.optedOut('Lantern'));
        const [optOut] = await t.app.db
          .select()
          .from(textOptOuts)
          .where(eq(textOptOuts.phone, buyer));
        expect(optOut).toMatchObject({ source: 'keyword' });

        await inbound(buyer, code);
        await runTexts();
        expect(sentTo(buyer)).toHaveLength(1);
        const last = (await recordsOf(buyer)).at(-1);
        expect(last).toMatchObject({
          direction: 'outbound',
          kind: 'listing_info',
          status: 'opted_out',
        });
      });
    }
  });
});

describe('quiet hours', () => {
  it('texts at 20:59 local at once', async () => {
    const { code } = await listingWithCode('40 Quiet Rd');
    const buyer = nextPhone();
    clockAt(localTime('20:59'));
    await inbound(buyer, code);
    await runTexts();
    expect(sentTo(buyer)).toHaveLength(1);
  });

  it('holds a text asked for at 21:00 until 08:00, and one due at 07:59 another minute', async () => {
    const { code } = await listingWithCode('42 Quiet Rd');
    const buyer = nextPhone();
    const asked = localTime('21:00');
    clockAt(asked);
    await inbound(buyer, code);
    await runTexts();
    expect(sentTo(buyer)).toEqual([]);
    const [held] = await waitingTextsFor(buyer);
    expect(held?.status).toBe('pending');
    // Queued for 08:00 the next morning: 11 hours from the clock's 21:00.
    const wait = (held?.runAt.getTime() ?? 0) - (held?.createdAt.getTime() ?? 0);
    expect(Math.abs(wait - 11 * 3_600_000)).toBeLessThan(60_000);

    // The job comes due while the clock still reads 07:59: it waits one more minute.
    await dueNow(held?.id);
    clockAt(localTime('07:59', 2));
    await runTexts();
    expect(sentTo(buyer)).toEqual([]);
    const again = await jobByKey(`${QUIET_TEXT_JOB}:after-quiet:${held?.id}`);
    expect(again?.status).toBe('pending');
    const minute = (again?.runAt.getTime() ?? 0) - (again?.createdAt.getTime() ?? 0);
    expect(Math.abs(minute - 60_000)).toBeLessThan(5_000);

    // At 08:00 it goes.
    await dueNow(again?.id);
    clockAt(localTime('08:00', 2));
    await runTexts();
    expect(sentTo(buyer)).toHaveLength(1);
    expect(sentTo(buyer)[0]?.body.endsWith(REPLY_STOP)).toBe(true);
  });

  it('is the service other tools call: app.texts.sendRespectingQuietHours', async () => {
    const to = nextPhone();
    clockAt(localTime('07:59'));
    const held = await t.app.texts.sendRespectingQuietHours({
      to,
      kind: 'listing_lead',
      body: 'A showing was asked for.',
      timeZone: ZONE,
    });
    expect(held).toMatchObject({ held: true, queued: true });
    expect(held.sendAt.toISOString()).toBe(localTime('08:00').toISOString());
    const [waiting] = await waitingTextsFor(to);
    await runTexts();
    expect(sentTo(to)).toEqual([]);
    clockAt(localTime('08:00'));
    await dueNow(waiting?.id);
    const now = await t.app.texts.sendRespectingQuietHours({
      to,
      kind: 'listing_lead',
      body: 'Another.',
      timeZone: ZONE,
    });
    expect(now).toMatchObject({ held: false, queued: true });
    await runTexts();
    expect(
      sentTo(to)
        .map((m) => m.body)
        .sort(),
    ).toEqual(['A showing was asked for.', 'Another.']);
  });
});

describe('the texts.send job', () => {
  it('fails at once on Twilio refusing the number (400), and ends quietly for an opted-out one', async () => {
    clockAt(localTime('12:00'));
    const invalid = nextPhone();
    twilio.refuse.set(invalid, { status: 400, file: 'error-invalid-to.json' });
    await t.app.texts.sendRespectingQuietHours({
      to: invalid,
      kind: 'listing_info',
      body: 'Details.',
      timeZone: ZONE,
      dedupeKey: `test-invalid:${invalid}`,
    });
    await runTexts();
    expect(await jobByKey(`test-invalid:${invalid}`)).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
    expect((await recordsOf(invalid)).at(-1)).toMatchObject({ status: 'failed', errorCode: 21211 });

    const stopped = nextPhone();
    await inbound(stopped, 'STOP');
    await t.app.texts.sendRespectingQuietHours({
      to: stopped,
      kind: 'listing_info',
      body: 'Details.',
      timeZone: ZONE,
      dedupeKey: `test-stopped:${stopped}`,
    });
    await runTexts();
    expect(await jobByKey(`test-stopped:${stopped}`)).toMatchObject({ status: 'done' });
    expect((await recordsOf(stopped)).at(-1)).toMatchObject({ status: 'opted_out' });
    expect(sentTo(stopped)).toEqual([]);
  });
});

describe("the owners' lead texts", () => {
  it('texts the lead only to an owner who opted in, once per buyer, and stops when turned off or on STOP', async () => {
    const { code, property } = await listingWithCode('50 Lead Text Rd');
    const sellerPhone = nextPhone();
    clockAt(localTime('12:00'));

    // Before opting in: the lead is listed, nothing is texted to the seller.
    const early = nextPhone();
    await inbound(early, code);
    await runTexts();
    expect(sentTo(sellerPhone)).toEqual([]);

    // Opting in needs a verified phone.
    const refused = await setLeadTexts(property.hash, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(TEXT_FOR_INFO_TEXTS.noVerifiedPhone);

    await verifiedPhone(seller, sellerPhone);
    const on = await setLeadTexts(property.hash, true);
    expect(on.statusCode, on.body).toBe(200);
    expect((on.json() as TTextForInfo).leadTexts).toMatchObject({
      on: true,
      phone: sellerPhone,
      verifiedPhone: sellerPhone,
      phoneStopped: false,
    });
    const [consent] = await t.app.db
      .select()
      .from(listingLeadTextOptIns)
      .where(eq(listingLeadTextOptIns.userId, seller.userId));
    expect(consent).toMatchObject({ phone: sellerPhone, onVia: 'dashboard', offAt: null });
    expect(consent?.consentText).toContain('(202) 555-');
    await runTexts();
    expect(sentTo(sellerPhone).map((m) => m.body)).toEqual([
      expect.stringContaining('we will text you when someone texts for info about 50 Lead Text Rd'),
    ]);

    // A new buyer: the seller gets the lead; the same buyer again: counted, not texted again.
    const buyer = nextPhone();
    await inbound(buyer, code);
    await inbound(buyer, code);
    await runTexts();
    const leadTexts = sentTo(sellerPhone).slice(1);
    expect(leadTexts.map((m) => m.body)).toEqual([
      `Lantern: someone asked about 50 Lead Text Rd by text: (202) 555-${buyer.slice(-4)}. ${REPLY_STOP}`,
    ]);
    const view = (await tab(property.hash)).json() as TTextForInfo;
    expect(view.leads.find((l) => l.phone === buyer)?.texts).toBe(2);
    expect(view.leads.find((l) => l.phone === early)?.texts).toBe(1);

    // Turned off from the dashboard: no more lead texts.
    const off = await setLeadTexts(property.hash, false);
    expect((off.json() as TTextForInfo).leadTexts.on).toBe(false);
    await inbound(nextPhone(), code);
    await runTexts();
    expect(sentTo(sellerPhone)).toHaveLength(2);

    // On again, then STOP from the seller's own phone: recorded, never texted.
    await setLeadTexts(property.hash, true);
    await runTexts();
    expect(sentTo(sellerPhone)).toHaveLength(3);
    await inbound(sellerPhone, 'STOP');
    expect(((await tab(property.hash)).json() as TTextForInfo).leadTexts.phoneStopped).toBe(true);
    await inbound(nextPhone(), code);
    await runTexts();
    expect(sentTo(sellerPhone)).toHaveLength(3);
    expect((await recordsOf(sellerPhone)).at(-1)).toMatchObject({
      kind: 'listing_lead',
      status: 'opted_out',
      userId: seller.userId,
    });
    // And turning it on again is refused in words while the phone has stopped our texts.
    const stopped = await setLeadTexts(property.hash, true);
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json().message).toBe(TEXT_FOR_INFO_TEXTS.phoneStopped);
  });
});

describe('showing requests by text', () => {
  it('texts an opted-in owner each request, and "YES n" from their phone confirms it once', async () => {
    const { listing, property } = await listingWithCode('60 Showing Text Rd');
    const sellerPhone = nextPhone();
    clockAt(localTime('12:00'));
    await verifiedPhone(seller, sellerPhone);
    expect((await setLeadTexts(property.hash, true)).statusCode).toBe(200);
    await runTexts();

    const day = localTime('12:00', 3);
    const date = `${day.getUTCFullYear()}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}`;
    const asked = await t.app.inject({
      method: 'POST',
      url: SHOWINGS_API.request(listing.hash),
      headers: BROWSER,
      remoteAddress: '10.60.0.1',
      payload: {
        name: 'Sam Visitor',
        email: 'sam.visitor@example.com',
        phone: '',
        date,
        time: '10:00',
        duration: 30,
        note: '',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [showing] = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.listingId, listing.id));
    if (!showing) throw new Error('no showing stored');
    await runTexts();
    const request = sentTo(sellerPhone).at(-1);
    expect(request?.body).toContain(`Sam Visitor asks to see 60 Showing Text Rd`);
    expect(request?.body).toContain(`Reply YES ${showing.id} to confirm or NO ${showing.id}`);
    expect(request?.body.endsWith(REPLY_STOP)).toBe(true);

    // Someone else's phone cannot answer it; nothing changes.
    await inbound(nextPhone(), `YES ${showing.id}`);
    const untouched = await t.app.db
      .select({ status: showingRequests.status })
      .from(showingRequests)
      .where(eq(showingRequests.id, showing.id));
    expect(untouched[0]?.status).toBe('Pending');

    // The owner's "yes 12" confirms it and is answered; a replay of the same text does nothing.
    const sid = nextSid();
    expect((await inbound(sellerPhone, ` yes ${showing.id} `, { sid })).statusCode).toBe(200);
    expect((await inbound(sellerPhone, ` yes ${showing.id} `, { sid })).statusCode).toBe(200);
    const [after] = await t.app.db
      .select()
      .from(showingRequests)
      .where(eq(showingRequests.id, showing.id));
    expect(after?.status).toBe('Confirmed');
    const events = await t.app.db
      .select()
      .from(showingRequestEvents)
      .where(eq(showingRequestEvents.showingId, showing.id));
    expect(events.filter((e) => e.channel === 'text').map((e) => e.status)).toEqual(['Confirmed']);
    await runTexts();
    expect(sentTo(sellerPhone).at(-1)?.body).toContain(
      'confirmed — the showing of 60 Showing Text Rd',
    );

    // Declining it now is refused in words, by text.
    await inbound(sellerPhone, `NO ${showing.id}`);
    await runTexts();
    expect(sentTo(sellerPhone).at(-1)?.body).toContain(`showing ${showing.id} was not changed`);
    vi.useRealTimers();
  });
});
