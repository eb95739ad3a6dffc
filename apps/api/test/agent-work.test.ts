import {
  AGENT_WORK_TEXTS,
  INVOICE_LINE_TEXTS,
  type TAgentHours,
  type TAgentProperty,
  type TCustomerAgentWork,
  type TOffer,
} from '@lantern/contracts';
import {
  agentHours,
  invoiceLines,
  invoices,
  jobs,
  orders,
  propertyParticipants,
  taxRates,
} from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { multipart } from './helpers/photo-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let owner: SignedIn;
let ann: SignedIn;
let ben: SignedIn;
let aliceProperty: string;
let bobProperty: string;
let hourlyOrder: string;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
const base = (hash: string) => `/api/vendor/agent/properties/${hash}`;

async function placeOrder(who: SignedIn, property: string, product: string) {
  const res = await send('POST', '/api/dashboard/orders', who, { property, product });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { hash: string };
}

async function assign(agent: SignedIn, property: string, order: string | null = null) {
  const res = await send('POST', `/api/admin/users/${agent.hash}/assignments`, owner, {
    kind: 'agent',
    property,
    order,
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'aw-alice');
  bob = await signUpUser(t.app, 'aw-bob');
  owner = await signUpUser(t.app, 'aw-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  ann = await signUpUser(t.app, 'aw-ann');
  ben = await signUpUser(t.app, 'aw-ben');
  await giveVendorKinds(t.app, ann.userId, ['agent']);
  await giveVendorKinds(t.app, ben.userId, ['agent']);
  await t.app.db.insert(taxRates).values({ state: 'IL', rateBasisPoints: 625 });
  aliceProperty = (await addProperty(t.app, alice.userId, 'seller', { street: '10 Agent Way' }))
    .hash;
  bobProperty = (await addProperty(t.app, bob.userId, 'seller', { street: '20 Other Rd' })).hash;
  hourlyOrder = (await placeOrder(alice, aliceProperty, 'seller-hourly-representation')).hash;
  await assign(ann, aliceProperty, hourlyOrder);
  await assign(ben, bobProperty);
});
afterAll(async () => t.close());

describe('the agent vendor page', () => {
  it('lists the assigned properties with their customers, and the property with its hourly order', async () => {
    const list = await send('GET', '/api/vendor/agent/properties', ann);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().rows as Array<{ property: { hash: string }; customers: string[] }>;
    expect(rows.map((r) => r.property.hash)).toEqual([aliceProperty]);
    expect(rows[0]?.customers).toEqual([alice.email]);

    const detail = await send('GET', base(aliceProperty), ann);
    expect(detail.statusCode, detail.body).toBe(200);
    const p = detail.json() as TAgentProperty;
    expect(p.address).toContain('10 Agent Way');
    expect(p.customers).toEqual([
      { name: alice.email, email: alice.email, role: 'seller', roleLabel: 'Seller' },
    ]);
    expect(p.orders.map((o) => o.slug)).toEqual(['seller-hourly-representation']);
    expect(p.hourly).toMatchObject({ order: hourlyOrder, rateCents: 15_000 });
    expect(p.listings).toEqual([]);
  });

  it('answers 404 on every route to an agent not assigned to the property', async () => {
    const hoursRes = await send('POST', `${base(aliceProperty)}/hours`, ann, {
      day: '2024-03-01',
      minutes: 30,
      note: 'Call with the seller',
    });
    expect(hoursRes.statusCode, hoursRes.body).toBe(201);
    const entry = (hoursRes.json() as TAgentHours).entries[0]?.hash as string;
    const offerRes = await send('POST', `${base(aliceProperty)}/offers`, ann, {
      priceCents: 30_000_000,
      buyerAgent: 'Pat Lee, Lee Realty',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(offerRes.statusCode, offerRes.body).toBe(201);
    const offer = (offerRes.json() as TOffer).hash;
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', base(aliceProperty)],
      ['GET', `${base(aliceProperty)}/documents`],
      ['GET', `${base(aliceProperty)}/documents/anything/file`],
      ['GET', `${base(aliceProperty)}/messages`],
      ['POST', `${base(aliceProperty)}/messages`, { body: 'Hello' }],
      ['GET', `${base(aliceProperty)}/hours`],
      ['POST', `${base(aliceProperty)}/hours`, { day: '2024-03-01', minutes: 5, note: 'x' }],
      ['DELETE', `${base(aliceProperty)}/hours/${entry}`],
      ['GET', `${base(aliceProperty)}/offers`],
      [
        'POST',
        `${base(aliceProperty)}/offers`,
        { priceCents: 1, buyerAgent: 'x', expiresAt: new Date(Date.now() + 1e7).toISOString() },
      ],
      ['POST', `${base(aliceProperty)}/offers/${offer}/status`, { status: 'accepted' }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await send(method, url, ben, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The agent routes list exactly what the route table holds, so none is forgotten here.
    const agentRoutes = t.app.access.routes.filter((r) =>
      r.url.startsWith('/api/vendor/agent/properties/:hash'),
    );
    expect(agentRoutes).toHaveLength(routes.length);
    // Nothing of Alice's is listed for Ben, and a customer is no agent (403).
    const benList = (await send('GET', '/api/vendor/agent/properties', ben)).json().rows;
    expect(benList.map((r: { property: { hash: string } }) => r.property.hash)).toEqual([
      bobProperty,
    ]);
    expect((await send('GET', base(aliceProperty), alice)).statusCode).toBe(403);
    // Ann may remove her own unbilled entry.
    const removed = await send('DELETE', `${base(aliceProperty)}/hours/${entry}`, ann);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as TAgentHours).entries).toEqual([]);
  });

  it('shows the seller documents checklist with review states and serves the files of that property only', async () => {
    const body = multipart([{ name: 'disclosure.pdf', type: 'application/pdf', data: PDF }]);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/dashboard/documents/files?property=${aliceProperty}&kind=sale_seller&type=sellers_disclosure`,
      headers: { ...BROWSER, cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const doc = up.json().document as { hash: string };
    const list = await send('GET', `${base(aliceProperty)}/documents`, ann);
    expect(list.statusCode, list.body).toBe(200);
    const item = list
      .json()
      .items.find((i: { type: string }) => i.type === 'sellers_disclosure') as {
      latest: { hash: string; state: string } | null;
    };
    expect(item.latest).toMatchObject({ hash: doc.hash, state: 'submitted' });
    const file = await send('GET', `${base(aliceProperty)}/documents/${doc.hash}/file`, ann);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Ben sees neither it nor, through his own property, Alice's file.
    expect(
      (await send('GET', `${base(bobProperty)}/documents/${doc.hash}/file`, ben)).statusCode,
    ).toBe(404);
  });

  it('writes in the property’s thread, which the customer reads', async () => {
    const res = await send('POST', `${base(aliceProperty)}/messages`, ann, {
      body: 'I have two showings booked for Saturday.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const thread = await send('GET', `/api/messages?property=${aliceProperty}`, alice);
    const messages = thread.json().messages as Array<{ body: string; author: string }>;
    expect(messages.at(-1)).toMatchObject({
      body: 'I have two showings booked for Saturday.',
      author: ann.email,
    });
    await send('POST', '/api/messages', alice, { property: aliceProperty, body: 'Thank you!' });
    const agentView = await send('GET', `${base(aliceProperty)}/messages`, ann);
    expect(agentView.json().messages.map((m: { body: string }) => m.body)).toContain('Thank you!');
  });

  it('logs hours the customer sees, refuses a day to come, and refuses a property without hourly representation', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const bad = await send('POST', `${base(aliceProperty)}/hours`, ann, {
      day: future,
      minutes: 30,
      note: 'Too early',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.day).toEqual([AGENT_WORK_TEXTS.dayFuture]);
    const badMinutes = await send('POST', `${base(aliceProperty)}/hours`, ann, {
      day: '2024-03-02',
      minutes: 0,
      note: 'Nothing',
    });
    expect(badMinutes.statusCode).toBe(422);

    const res = await send('POST', `${base(aliceProperty)}/hours`, ann, {
      day: '2024-03-02',
      minutes: 90,
      note: 'Priced the home with the seller',
    });
    expect(res.statusCode, res.body).toBe(201);
    const hours = res.json() as TAgentHours;
    expect(hours).toMatchObject({ unbilledMinutes: 90, unbilledCents: 22_500 });

    const seen = await send('GET', `/api/dashboard/agent-work?property=${aliceProperty}`, alice);
    expect(seen.statusCode).toBe(200);
    const work = seen.json() as TCustomerAgentWork;
    expect(work.hours.entries[0]).toMatchObject({
      day: '2024-03-02',
      minutes: 90,
      note: 'Priced the home with the seller',
      agent: ann.email,
      invoice: null,
      amountCents: 22_500,
    });
    expect(
      (await send('GET', `/api/dashboard/agent-work?property=${aliceProperty}`, bob)).statusCode,
    ).toBe(404);

    const none = await send('POST', `${base(bobProperty)}/hours`, ben, {
      day: '2024-03-02',
      minutes: 30,
      note: 'Call',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(AGENT_WORK_TEXTS.notHourly);
  });

  it('records an offer and moves it along its states; the customer sees each', async () => {
    const res = await send('POST', `${base(aliceProperty)}/offers`, ann, {
      priceCents: 31_500_000,
      buyerAgent: 'Sam Ruiz, Ruiz Homes',
      expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      note: 'Cash, 21-day close',
    });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json() as TOffer;
    expect(offer.status).toBe('received');
    const status = (payload: object) =>
      send('POST', `${base(aliceProperty)}/offers/${offer.hash}/status`, ann, payload);

    const past = await status({ status: 'countered', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    const countered = await status({
      status: 'countered',
      expiresAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
    });
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().status).toBe('countered');
    expect((await status({ status: 'accepted' })).json().status).toBe('accepted');
    const again = await status({ status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AGENT_WORK_TEXTS.offerFinal('Accepted'));

    const work = (
      await send('GET', `/api/dashboard/agent-work?property=${aliceProperty}`, alice)
    ).json() as TCustomerAgentWork;
    expect(work.offers.find((o) => o.hash === offer.hash)).toMatchObject({
      status: 'accepted',
      priceCents: 31_500_000,
      buyerAgent: 'Sam Ruiz, Ruiz Homes',
    });
  });

  it('reads an open offer past its expiry as expired, and it no longer moves', async () => {
    const res = await send('POST', `${base(aliceProperty)}/offers`, ann, {
      priceCents: 29_000_000,
      buyerAgent: 'Kim Day',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const hash = (res.json() as TOffer).hash;
    await t.app.db.execute(
      sql`update property_offers set expires_at = now() - interval '1 minute' where hash = ${hash}`,
    );
    const offers = (await send('GET', `${base(aliceProperty)}/offers`, ann)).json()
      .offers as TOffer[];
    expect(offers.find((o) => o.hash === hash)?.status).toBe('expired');
    const move = await send('POST', `${base(aliceProperty)}/offers/${hash}/status`, ann, {
      status: 'accepted',
    });
    expect(move.statusCode).toBe(409);
  });
});

describe('billing hours', () => {
  it('bills the unbilled hours once into an agent-hours invoice at the hourly rate plus tax', async () => {
    // What staff's order page offers to bill, before tax.
    const pending = await send('GET', `/api/admin/orders/${hourlyOrder}/agent-hours`, owner);
    expect(pending.json()).toEqual({ entries: 1, minutes: 90, cents: 22_500 });
    const res = await send('POST', `/api/admin/orders/${hourlyOrder}/bill-agent-hours`, owner);
    expect(res.statusCode, res.body).toBe(201);
    // 90 minutes at $150 an hour is $225.00; 6.25% tax is $14.06 (half up).
    expect(res.json()).toMatchObject({ entries: 1, minutes: 90, invoice: { totalCents: 23_906 } });
    const invoiceHash = res.json().invoice.hash as string;

    const again = await send('POST', `/api/admin/orders/${hourlyOrder}/bill-agent-hours`, owner);
    expect(again.statusCode).toBe(409);
    expect(
      (await send('GET', `/api/admin/orders/${hourlyOrder}/agent-hours`, owner)).json(),
    ).toEqual({ entries: 0, minutes: 0, cents: 0 });
    expect(again.json().message).toBe(AGENT_WORK_TEXTS.nothingToBill);

    const hours = (await send('GET', `${base(aliceProperty)}/hours`, ann)).json() as TAgentHours;
    expect(hours.entries[0]?.invoice).toBe(res.json().invoice.number);
    expect(hours.unbilledMinutes).toBe(0);
    const removed = await send(
      'DELETE',
      `${base(aliceProperty)}/hours/${hours.entries[0]?.hash}`,
      ann,
    );
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(AGENT_WORK_TEXTS.billed);

    // The customer finds it among their invoices; the order itself is untouched.
    const list = await send('GET', `/api/dashboard/invoices?property=${aliceProperty}`, alice);
    const listed = (
      list.json().invoices as Array<{ hash: string; kind: string; description: string }>
    ).find((i) => i.hash === invoiceHash);
    expect(listed).toMatchObject({
      kind: 'agent_hours',
      description: `${INVOICE_LINE_TEXTS.agentHoursPrefix}Seller Agent, Hourly`,
    });
    const [order] = await t.app.db.select().from(orders).where(eq(orders.hash, hourlyOrder));
    expect(order?.status).toBe('quote_requested');

    // A billed hour never changes, even written to directly.
    await expect(
      t.app.db
        .update(agentHours)
        .set({ minutes: 1 })
        .where(eq(agentHours.orderId, order?.id ?? 0)),
    ).rejects.toThrow();
  });

  it('never bills an hour twice when staff bill at the same moment', async () => {
    for (const [day, minutes] of [
      ['2024-04-01', 60],
      ['2024-04-02', 45],
      ['2024-04-03', 15],
    ] as const) {
      const res = await send('POST', `${base(aliceProperty)}/hours`, ann, {
        day,
        minutes,
        note: 'Showing feedback calls',
      });
      expect(res.statusCode).toBe(201);
    }
    const results = await Promise.all(
      [0, 1, 2].map(() => send('POST', `/api/admin/orders/${hourlyOrder}/bill-agent-hours`, owner)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const made = results.find((r) => r.statusCode === 201)?.json();
    expect(made).toMatchObject({ entries: 3, minutes: 120 });

    const [order] = await t.app.db.select().from(orders).where(eq(orders.hash, hourlyOrder));
    const billed = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoices.orderId, order?.id ?? 0), eq(invoices.kind, 'agent_hours')));
    // Four entries logged in all, each on exactly one line of exactly one invoice.
    expect(billed[0]?.n).toBe(4);
    const unbilled = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentHours)
      .where(and(eq(agentHours.orderId, order?.id ?? 0), sql`${agentHours.invoiceId} is null`));
    expect(unbilled[0]?.n).toBe(0);
  });

  it('refuses an order that is not hourly representation', async () => {
    const flat = await placeOrder(bob, bobProperty, 'seller-flat-fee-representation');
    const res = await send('POST', `/api/admin/orders/${flat.hash}/bill-agent-hours`, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AGENT_WORK_TEXTS.billNotHourly);
    expect(
      (await send('GET', `/api/admin/orders/${flat.hash}/agent-hours`, owner)).statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/admin/orders/nope/bill-agent-hours', owner)).statusCode).toBe(
      404,
    );
  });
});

describe('telling the customer (decision 066)', () => {
  const mailsTo = async (email: string) =>
    (
      await t.app.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`))
        .orderBy(jobs.id)
    )
      .map((r) => r.payload as { subject: string; text: string; html: string })
      // Every sign-up is asked to confirm its address; that mail is not the agent's.
      .filter((m) => !m.subject.startsWith('Confirm your email'));

  it('mails whoever ordered hourly representation each time the agent logs time', async () => {
    const before = (await mailsTo(alice.email)).length;
    const res = await send('POST', `${base(aliceProperty)}/hours`, ann, {
      day: '2024-03-07',
      minutes: 45,
      note: 'Met the stager at the house',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mails = (await mailsTo(alice.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual(['10 Agent Way: 45 min logged by your agent']);
    const text = mails[0]?.text ?? '';
    expect(text).toContain(
      `${ann.email} logged 45 min of work on 10 Agent Way for March 7, 2024: Met the stager at the house`,
    );
    expect(text).toContain('At the hourly rate that is $112.50.');
    expect(text).toContain(`/dashboard/seller-agent?property=${aliceProperty}`);
    // Nobody else hears of Alice's hours.
    expect(await mailsTo(bob.email)).toEqual([]);
    expect(await mailsTo(ann.email)).toEqual([]);
  });

  it('mails the sellers of the property, and no buyer, when the agent records an offer', async () => {
    const carl = await signUpUser(t.app, 'aw-carl');
    const dana = await signUpUser(t.app, 'aw-dana');
    const property = await t.app.properties.findByHash(aliceProperty);
    if (!property) throw new Error('no property');
    await t.app.db.insert(propertyParticipants).values([
      { propertyId: property.id, userId: carl.userId, role: 'sellerAgent', canEdit: false },
      { propertyId: property.id, userId: dana.userId, role: 'buyer', canEdit: false },
    ]);
    const before = (await mailsTo(alice.email)).length;
    const res = await send('POST', `${base(aliceProperty)}/offers`, ann, {
      priceCents: 30_250_000,
      buyerAgent: 'Lee Park, Park Realty',
      expiresAt: '2099-06-05T22:00:00Z',
      note: 'Asks to close in 30 days',
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const who of [alice, carl]) {
      const mails = (await mailsTo(who.email)).slice(who === alice ? before : 0);
      expect(mails.map((m) => m.subject)).toEqual(['10 Agent Way: an offer of $302,500.00']);
      expect(mails[0]?.text).toContain(
        `${ann.email} recorded an offer of $302,500.00 on 10 Agent Way, from Lee Park, Park Realty.`,
      );
      // The property's zone (Illinois): 22:00 UTC is 5:00 PM CDT.
      expect(mails[0]?.text).toContain('It expires Friday, June 5, 2099 at 5:00 PM CDT.');
      expect(mails[0]?.text).toContain("Your agent's note: Asks to close in 30 days");
    }
    expect(await mailsTo(dana.email)).toEqual([]);
    expect(await mailsTo(bob.email)).toEqual([]);
  });
});
