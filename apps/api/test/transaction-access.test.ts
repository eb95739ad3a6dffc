import { DOCUMENTS_API, type TTransactionAccessRequest } from '@lantern/contracts';
import {
  auditLog,
  jobs,
  propertyParticipants,
  transactionAccessRequests,
  transactionAccessViews,
} from '@lantern/db';
import {
  TRANSACTION_ACCESS_API,
  TRANSACTION_ACCESS_COOKIE,
  TRANSACTION_ACCESS_TEXTS,
} from '@lantern/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader, multipart } from './helpers/photo-fixtures.ts';

const T = TRANSACTION_ACCESS_TEXTS;
const API = TRANSACTION_ACCESS_API;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let t: TestApp;
let seller: SignedIn;
let coSeller: SignedIn;
let stranger: SignedIn;
let buyerSide: SignedIn;
let main: { property: { id: number; hash: string }; listing: { id: number; hash: string } };
let other: { property: { id: number; hash: string }; listing: { id: number; hash: string } };
let disclosure: { hash: string };

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'txa-seller');
  coSeller = await signUpUser(t.app, 'txa-coseller');
  stranger = await signUpUser(t.app, 'txa-stranger');
  buyerSide = await signUpUser(t.app, 'txa-buyer-side');
  main = await publishedFsboListing(t.app, seller, '31 Escrow Lane');
  other = await publishedFsboListing(t.app, stranger, '33 Escrow Lane');
  await t.app.db
    .insert(propertyParticipants)
    .values({ propertyId: main.property.id, userId: coSeller.userId, role: 'sellerAgent' });
  await addReader(t.app.db, main.property.id, buyerSide.userId);
  const body = multipart([{ name: 'disclosure.pdf', type: 'application/pdf', data: PDF }]);
  const up = await t.app.inject({
    method: 'POST',
    url: `${DOCUMENTS_API.upload}?property=${main.property.hash}&kind=sale_seller&type=sellers_disclosure`,
    headers: { ...BROWSER, cookie: seller.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(up.statusCode, up.body).toBe(201);
  disclosure = up.json().document;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let lastOctet = 0;
const nextIp = () => `198.51.100.${++lastOctet}`;

let count = 0;
function form(extra: Partial<TTransactionAccessRequest> = {}): TTransactionAccessRequest {
  count += 1;
  return {
    name: `Tess Title ${count}`,
    company: 'Prairie Title Co.',
    role: 'title_escrow',
    email: `tess.${count}.${Date.now()}@title.example.com`,
    message: 'We hold escrow for the buyer.',
    ...extra,
  };
}

const ask = (payload: object, ip = nextIp(), listing = main.listing.hash) =>
  t.app.inject({
    method: 'POST',
    url: API.listing(listing),
    headers: BROWSER,
    remoteAddress: ip,
    payload,
  });
const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: API.confirm,
    headers: BROWSER,
    remoteAddress: nextIp(),
    payload: { token },
  });
const view = (auth: { token?: string; cookie?: string }, ip = '192.0.2.77') =>
  t.app.inject({
    method: 'POST',
    url: API.view,
    headers: {
      ...BROWSER,
      'user-agent': 'TitleBrowser/1.0',
      ...(auth.cookie ? { cookie: `${TRANSACTION_ACCESS_COOKIE}=${auth.cookie}` } : {}),
    },
    remoteAddress: ip,
    payload: auth.token ? { token: auth.token } : {},
  });
const as = (who: SignedIn) => ({
  list: (property = main.property.hash) =>
    t.app.inject({
      method: 'GET',
      url: `${API.owner}?property=${property}`,
      headers: { cookie: who.cookie },
    }),
  act: (
    action: 'approve' | 'refuse' | 'revoke',
    request: string,
    body: object = {},
    property = main.property.hash,
  ) =>
    t.app.inject({
      method: 'POST',
      url: API[action](request),
      headers: { ...BROWSER, cookie: who.cookie },
      payload: { property, ...body },
    }),
});

interface QueuedMail {
  to: string;
  subject: string;
  text: string;
}
async function mailsTo(to: string): Promise<QueuedMail[]> {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`lower(${jobs.payload}->>'to') = lower(${to})`))
    .orderBy(asc(jobs.id));
  return rows.map((r) => r.payload as QueuedMail);
}
const tokenIn = (mail: QueuedMail | undefined, page: string) => {
  const match = new RegExp(`${page}#token=([^\\s"<]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in ${mail?.subject}`);
  return decodeURIComponent(match[1]);
};

/** A request made and confirmed: its hash, the requester's address. */
async function confirmedRequest(extra: Partial<TTransactionAccessRequest> = {}) {
  const body = form(extra);
  const res = await ask(body);
  expect(res.statusCode, res.body).toBe(202);
  const [mail] = await mailsTo(body.email);
  const done = await confirm(tokenIn(mail, '/transaction-access/confirm'));
  expect(done.statusCode, done.body).toBe(200);
  const [row] = await t.app.db
    .select()
    .from(transactionAccessRequests)
    .where(eq(transactionAccessRequests.email, body.email));
  if (!row) throw new Error('no request stored');
  return { hash: row.hash, email: body.email, row };
}

/** A request approved by the seller: its hash and the mailed access token. */
async function approvedRequest(choice: object = {}) {
  const r = await confirmedRequest();
  const res = await as(seller).act('approve', r.hash, choice);
  expect(res.statusCode, res.body).toBe(200);
  const granted = (await mailsTo(r.email)).at(-1);
  expect(granted?.subject).toContain('Access to 31 Escrow Lane is open until');
  return { ...r, token: tokenIn(granted, '/transaction-access') };
}

describe('asking for access', () => {
  it('stores the request unconfirmed, mails a confirmation link and tells the owners nothing yet', async () => {
    const body = form();
    const res = await ask(body);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(T.request.sent);
    const [row] = await t.app.db
      .select()
      .from(transactionAccessRequests)
      .where(eq(transactionAccessRequests.email, body.email));
    expect(row?.status).toBe('unconfirmed');
    const [mail] = await mailsTo(body.email);
    const token = tokenIn(mail, '/transaction-access/confirm');
    // Only the keyed hash of the token is stored.
    expect(row?.confirmTokenHash).toBeTruthy();
    expect(row?.confirmTokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await as(seller).list();
    expect(list.json().requests.map((r: { hash: string }) => r.hash)).not.toContain(row?.hash);
  });

  it('answers the request page with the listing, and 404 for one that is not published', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.listing(main.listing.hash) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: '31 Escrow Lane', state: 'IL' });
    const none = await t.app.inject({ method: 'GET', url: API.listing('no-such-listing') });
    expect(none.statusCode).toBe(404);
    expect((await ask(form(), nextIp(), 'no-such-listing')).statusCode).toBe(404);
  });

  it('refuses a form without a name or role in words', async () => {
    const res = await ask({ ...form(), name: '', role: 'spy' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([T.errors.name]);
    expect(res.json().errors.role).toEqual([T.errors.role]);
  });

  it('drops a bot’s request (honeypot) with the same answer', async () => {
    const body = form({ website: 'http://spam.example' });
    const res = await ask(body);
    expect(res.statusCode).toBe(202);
    expect(await mailsTo(body.email)).toEqual([]);
    const rows = await t.app.db
      .select()
      .from(transactionAccessRequests)
      .where(eq(transactionAccessRequests.email, body.email));
    expect(rows).toEqual([]);
  });

  it('takes at most 5 requests an hour from one address: the 6th is a 429', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 5; i++) expect((await ask(form(), ip)).statusCode).toBe(202);
    const sixth = await ask(form(), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();
  });
});

describe('confirming the email', () => {
  it('sends the request to each owner once, and says so again for a second click', async () => {
    const body = form({ company: 'Lakeside Escrow' });
    await ask(body);
    const token = tokenIn((await mailsTo(body.email))[0], '/transaction-access/confirm');
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(T.confirm.done);
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(T.confirm.already);
    for (const owner of [seller, coSeller]) {
      const mails = (await mailsTo(owner.email)).filter((m) => m.text.includes(body.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('Lakeside Escrow');
    }
    // The buyer's side of the property is not an owner of the listing.
    expect((await mailsTo(buyerSide.email)).filter((m) => m.text.includes(body.email))).toEqual([]);
  });

  it('refuses a forged token and one past its 48 hours', async () => {
    expect((await confirm('not-a-real-token')).statusCode).toBe(410);
    const body = form();
    await ask(body);
    const token = tokenIn((await mailsTo(body.email))[0], '/transaction-access/confirm');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 49 * 3_600_000 });
    const late = await confirm(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(T.confirm.badLink);
  });
});

describe('the owners’ answer and the shared view', () => {
  it('approve → view (logged, only what was shared) → revoke → 404 on the next request', async () => {
    const r = await approvedRequest({ days: 10, shares: ['documents'] });
    const first = await view({ token: r.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain(`${TRANSACTION_ACCESS_COOKIE}=`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/api/transaction-access');
    const v = first.json();
    expect(v.shares.sort()).toEqual(['documents', 'listing']);
    expect(v.listing.address).toBe('31 Escrow Lane');
    expect(v.documents.map((d: { hash: string }) => d.hash)).toEqual([disclosure.hash]);
    expect(v.showings).toBeNull();
    const days = (Date.parse(v.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);

    // The cookie alone opens the view and the shared file.
    expect((await view({ cookie: r.token })).statusCode).toBe(200);
    const file = await t.app.inject({
      method: 'GET',
      url: API.documentFile(disclosure.hash),
      headers: { cookie: `${TRANSACTION_ACCESS_COOKIE}=${r.token}` },
      remoteAddress: '192.0.2.78',
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Every view is logged and the owners see the log.
    const logged = await t.app.db
      .select()
      .from(transactionAccessViews)
      .where(eq(transactionAccessViews.requestId, r.row.id));
    expect(logged).toHaveLength(3);
    expect(logged.map((l) => l.ip).sort()).toEqual(['192.0.2.77', '192.0.2.77', '192.0.2.78']);
    expect(logged.find((l) => l.what.startsWith('document:'))?.what).toBe(
      'document:sellers_disclosure:disclosure.pdf',
    );
    expect(logged[0]?.userAgent).toBe('TitleBrowser/1.0');
    const mine = (await as(coSeller).list())
      .json()
      .requests.find((x: { hash: string }) => x.hash === r.hash);
    expect(mine.status).toBe('approved');
    expect(mine.views).toHaveLength(3);
    expect(mine.decidedBy).toBeTruthy();

    const revoked = await as(coSeller).act('revoke', r.hash);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().request.status).toBe('revoked');
    const after = await view({ cookie: r.token });
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(T.view.noAccess);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: API.documentFile(disclosure.hash),
          headers: { cookie: `${TRANSACTION_ACCESS_COOKIE}=${r.token}` },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(seller).act('revoke', r.hash)).statusCode).toBe(409);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, r.hash));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['transaction-access.approve', 'transaction-access.revoke']),
    );
  });

  it('ends access when its days have run out (30 by default)', async () => {
    const r = await approvedRequest();
    const v = (await view({ token: r.token })).json();
    // By default the listing's facts and its documents are shared, not the showings.
    expect(v.documents).toHaveLength(1);
    expect(v.showings).toBeNull();
    const days = (Date.parse(v.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * 86_400_000 });
    expect((await view({ cookie: r.token })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    expect((await view({ cookie: r.token })).statusCode).toBe(404);
    const mine = (await as(seller).list())
      .json()
      .requests.find((x: { hash: string }) => x.hash === r.hash);
    expect(mine.status).toBe('expired');
  });

  it('takes 1 to 90 days only', async () => {
    const r = await confirmedRequest();
    for (const days of [0, 91, 1.5]) {
      const res = await as(seller).act('approve', r.hash, { days });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.days).toEqual([T.errors.days]);
    }
    expect((await as(seller).act('approve', r.hash, { days: 90 })).statusCode).toBe(200);
    expect((await as(seller).act('approve', r.hash, { days: 5 })).statusCode).toBe(409);
  });

  it('two owners answering at once: one answer wins, the other is told it was answered', async () => {
    const r = await confirmedRequest();
    const [a, b] = await Promise.all([
      as(seller).act('approve', r.hash, { days: 7 }),
      as(coSeller).act('refuse', r.hash),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toBe(T.errors.notPending);
    const [row] = await t.app.db
      .select()
      .from(transactionAccessRequests)
      .where(eq(transactionAccessRequests.hash, r.hash));
    expect(row?.status).toBe(a.statusCode === 200 ? 'approved' : 'refused');
    // The requester hears one answer only (after the confirmation mail).
    expect(await mailsTo(r.email)).toHaveLength(2);
  });

  it('refuses: the requester is told, and nothing can be opened', async () => {
    const r = await confirmedRequest();
    const res = await as(seller).act('refuse', r.hash);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request.status).toBe('refused');
    const told = (await mailsTo(r.email)).at(-1);
    expect(told?.subject).toBe('Your request for access to 31 Escrow Lane');
    expect((await as(seller).act('approve', r.hash)).statusCode).toBe(409);
    const [row] = await t.app.db
      .select()
      .from(transactionAccessRequests)
      .where(eq(transactionAccessRequests.hash, r.hash));
    expect(row?.accessTokenHash).toBeNull();
  });

  it('hides a request from anyone but the listing’s owners (404), and another property’s request too', async () => {
    const r = await confirmedRequest();
    for (const who of [stranger, buyerSide]) {
      expect((await as(who).list()).statusCode).toBe(404);
      expect((await as(who).act('approve', r.hash)).statusCode).toBe(404);
      expect((await as(who).act('refuse', r.hash)).statusCode).toBe(404);
    }
    // The stranger's own listing does not reach the main listing's request.
    const through = await as(stranger).act('approve', r.hash, {}, other.property.hash);
    expect(through.statusCode).toBe(404);
    expect(
      (await as(stranger).list(other.property.hash))
        .json()
        .requests.map((x: { hash: string }) => x.hash),
    ).not.toContain(r.hash);
    // A request still unconfirmed is not there for the owners either.
    const body = form();
    await ask(body);
    const [row] = await t.app.db
      .select()
      .from(transactionAccessRequests)
      .where(eq(transactionAccessRequests.email, body.email));
    expect((await as(seller).act('approve', row?.hash ?? '')).statusCode).toBe(404);
  });

  it('shows no document that is not the property’s, and nothing for a made-up token', async () => {
    const r = await approvedRequest({ shares: ['documents', 'showings'] });
    const v = (await view({ token: r.token })).json();
    expect(v.showings).toEqual([]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: API.documentFile('no-such-document'),
      headers: { cookie: `${TRANSACTION_ACCESS_COOKIE}=${r.token}` },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await view({ token: 'made-up' })).statusCode).toBe(404);
    expect((await view({})).statusCode).toBe(404);
  });
});
