import {
  type TRealtimeEvent,
  type TWorkOrder,
  type TWorkOrderDetail,
  WEBHOOK_API,
  WORK_ORDER_API,
  WORK_ORDER_TEXTS,
} from '@lantern/contracts';
import { auditLog, jobs, workOrderEvents, workOrders } from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_JOB } from '../src/features/photos/photos.ts';
import { holidayOn } from '../src/features/work-orders/holidays.ts';
import { isBusinessDay, nextBusinessDay } from '../src/features/work-orders/schedule.ts';
import { timeZoneOfState } from '../src/lib/time-zones.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { jpeg, multipart } from './helpers/photo-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
let support: SignedIn;
let installer: SignedIn;
let otherInstaller: SignedIn;
let agent: SignedIn;

beforeAll(async () => {
  // Jobs run only when the test says (the photo job, below).
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'wo-alice');
  bob = await signUpUser(t.app, 'wo-bob');
  ops = await signUpUser(t.app, 'wo-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  support = await signUpUser(t.app, 'wo-support');
  await giveStaffRole(t.app, support.userId, 'support');
  installer = await signUpUser(t.app, 'wo-field');
  await giveVendorKinds(t.app, installer.userId, ['field']);
  otherInstaller = await signUpUser(t.app, 'wo-field2');
  await giveVendorKinds(t.app, otherInstaller.userId, ['field']);
  agent = await signUpUser(t.app, 'wo-agent');
  await giveVendorKinds(t.app, agent.userId, ['agent']);
});
afterAll(async () => t.close());

const get = (url: string, who: SignedIn = ops) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object, who: SignedIn = ops) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

let streetNo = 100;
/** A property of Alice's with an order of `product`. */
async function order(product = 'real-estate-sign-posts') {
  const p = await addProperty(t.app, alice.userId, 'seller', { street: `${streetNo++} Post Road` });
  const placed = await post('/api/dashboard/orders', { property: p.hash, product }, alice);
  expect(placed.statusCode).toBe(201);
  return { property: p.hash, order: placed.json().order.hash as string };
}

async function create(kind = 'sign_post_install', product = 'real-estate-sign-posts') {
  const o = await order(product);
  const res = await post(WORK_ORDER_API.list, { order: o.order, kind });
  expect(res.statusCode).toBe(201);
  return { ...o, wo: res.json() as TWorkOrder };
}

/** The first business day on or after `day` that is at least `earliest`. */
const firstOpen = (earliest: string) =>
  isBusinessDay(earliest) ? earliest : nextBusinessDay(earliest);

async function scheduled(kind = 'sign_post_install', product = 'real-estate-sign-posts') {
  const c = await create(kind, product);
  const res = await post(WORK_ORDER_API.schedule(c.wo.hash), { day: firstOpen(c.wo.earliestDay) });
  expect(res.statusCode).toBe(200);
  return c;
}

/** Upload proof photos as `who` (the installer by default) and make their sizes. */
async function uploadProof(
  hash: string,
  count = 1,
  who: SignedIn = installer,
  url = WORK_ORDER_API.vendorPhotos(hash),
) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `proof-${i}.jpg`,
      data: await jpeg(1600, 1200),
    })),
  );
  const body = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...BROWSER, ...body.headers, cookie: who.cookie },
    payload: body.payload,
  });
  await t.app.jobs.runDue([PHOTO_JOB]);
  return res;
}

async function mailsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => (r.payload as { subject: string }).subject);
}

describe('access', () => {
  it('needs workorders.manage: 401 signed out, 403 for support, customers and vendors', async () => {
    expect((await t.app.inject({ url: WORK_ORDER_API.list })).statusCode).toBe(401);
    expect((await get(WORK_ORDER_API.list, support)).statusCode).toBe(403);
    expect((await get(WORK_ORDER_API.list, alice)).statusCode).toBe(403);
    expect((await get(WORK_ORDER_API.list, installer)).statusCode).toBe(403);
    expect((await get(WORK_ORDER_API.list)).statusCode).toBe(200);
  });
  it('keeps /api/vendor/work-orders for field vendors', async () => {
    expect((await get(WORK_ORDER_API.vendorList, agent)).statusCode).toBe(403);
    expect((await get(WORK_ORDER_API.vendorList, alice)).statusCode).toBe(403);
    expect((await get(WORK_ORDER_API.vendorList, installer)).statusCode).toBe(200);
  });
});

describe('create', () => {
  it('creates a requested work order from a trip order, mails the customer and tells the property', async () => {
    const o = await order();
    const events: Array<{ channel: string; event: TRealtimeEvent }> = [];
    const off = t.app.bus.subscribe('realtime.event', (p) => events.push(p as (typeof events)[0]));
    const res = await post(WORK_ORDER_API.list, {
      order: o.order,
      kind: 'sign_post_install',
      notes: 'Front lawn, left of the drive.',
    });
    expect(res.statusCode).toBe(201);
    const wo = res.json() as TWorkOrder;
    expect(wo).toMatchObject({
      kind: 'sign_post_install',
      state: 'requested',
      scheduledDay: null,
      assignee: null,
      notes: 'Front lawn, left of the drive.',
      property: { hash: o.property, timeZone: 'America/Chicago' },
      customer: { email: alice.email },
    });
    expect(isBusinessDay(wo.earliestDay)).toBe(true);
    // On PostgreSQL the bus is LISTEN/NOTIFY: the event may arrive just after the answer.
    await expect
      .poll(() => events)
      .toContainEqual({
        channel: `property.${o.property}`,
        event: {
          event: 'WorkOrderUpdated',
          data: {
            hash: wo.hash,
            kind: 'sign_post_install',
            state: 'requested',
            scheduledDay: null,
          },
        },
      });
    off();
    expect(await mailsTo(alice.email)).toContain(
      `${streetNo - 1} Post Road: sign post install requested`,
    );
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, wo.hash));
    expect(entry).toMatchObject({ action: 'work_order.create', recordType: 'work_order' });
  });

  it('refuses orders that need no trip, kinds their product lacks, and a second open one of a kind', async () => {
    const listing = await order('concierge-review');
    const none = await post(WORK_ORDER_API.list, { order: listing.order, kind: 'photography' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(WORK_ORDER_TEXTS.orderNoTrip);

    const lockbox = await order('lockbox-rental');
    const wrong = await post(WORK_ORDER_API.list, {
      order: lockbox.order,
      kind: 'sign_post_install',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.kind[0]).toBe(
      'A sign post install is not part of a Lockbox Rental order.',
    );
    expect(
      (await post(WORK_ORDER_API.list, { order: lockbox.order, kind: 'lockbox_delivery' }))
        .statusCode,
    ).toBe(201);
    const twice = await post(WORK_ORDER_API.list, {
      order: lockbox.order,
      kind: 'lockbox_delivery',
    });
    expect(twice.statusCode).toBe(409);

    const unknown = await post(WORK_ORDER_API.list, {
      order: 'no-such-order',
      kind: 'photography',
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('finds trip orders by search, with the kinds each may need', async () => {
    const o = await order('photography');
    const res = await get(
      `${WORK_ORDER_API.orders}?search=${encodeURIComponent(`${streetNo - 1} Post`)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().orders).toEqual([
      expect.objectContaining({ hash: o.order, product: 'Photography', kinds: ['photography'] }),
    ]);
  });
});

describe('schedule', () => {
  it('refuses a day before the earliest, a weekend and a holiday, in words; takes a business day', async () => {
    const { wo } = await create();
    const early = await post(WORK_ORDER_API.schedule(wo.hash), { day: '2020-03-02' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.day[0]).toMatch(/at the earliest: requests made before 2 pm/);

    let saturday = wo.earliestDay;
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6)
      saturday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
    const weekend = await post(WORK_ORDER_API.schedule(wo.hash), { day: saturday });
    expect(weekend.statusCode).toBe(422);
    expect(weekend.json().message).toMatch(/is a Saturday\. Choose a weekday/);

    let holiday = wo.earliestDay;
    while (
      !holidayOn(holiday) ||
      !/^(1|2|3|4|5)$/.test(String(new Date(`${holiday}T00:00:00Z`).getUTCDay()))
    )
      holiday = new Date(Date.parse(`${holiday}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
    const closed = await post(WORK_ORDER_API.schedule(wo.hash), { day: holiday });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toContain(`is ${holidayOn(holiday)}.`);

    const bad = await post(WORK_ORDER_API.schedule(wo.hash), { day: '2027-02-30' });
    expect(bad.statusCode).toBe(422);

    const day = firstOpen(wo.earliestDay);
    const res = await post(WORK_ORDER_API.schedule(wo.hash), { day });
    expect(res.statusCode).toBe(200);
    const after = res.json() as TWorkOrderDetail;
    expect(after).toMatchObject({ state: 'scheduled', scheduledDay: day });
    expect(after.events.map((e) => [e.fromState, e.toState])).toEqual([
      [null, 'requested'],
      ['requested', 'scheduled'],
    ]);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, wo.hash), eq(auditLog.action, 'work_order.schedule')));
    expect(entry?.before).toMatchObject({ state: 'requested', scheduledDay: null });
    expect(entry?.after).toMatchObject({ state: 'scheduled', scheduledDay: day });
  });

  it('reads the cutoff from when the trip was asked for, in the property’s zone', async () => {
    const { wo } = await create();
    // Asked for long ago: the earliest day is still never today or before.
    await t.app.db
      .update(workOrders)
      .set({ requestedAt: new Date('2020-01-03T15:00:00Z') })
      .where(eq(workOrders.hash, wo.hash));
    const res = await get(WORK_ORDER_API.one(wo.hash));
    // Today where the property is (Illinois), not in UTC: they differ each evening there.
    const zone = timeZoneOfState('IL');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    expect(res.json().earliestDay > today).toBe(true);
  });
});

describe('assign and the vendor area', () => {
  it('assigns staff or a field vendor only; the vendor sees only their own work (another’s is 404)', async () => {
    const { wo } = await scheduled();
    const notField = await post(WORK_ORDER_API.assign(wo.hash), { assignee: agent.hash });
    expect(notField.statusCode).toBe(422);
    expect(notField.json().errors.assignee[0]).toBe(WORK_ORDER_TEXTS.notAssignee);
    const customer = await post(WORK_ORDER_API.assign(wo.hash), { assignee: bob.hash });
    expect(customer.statusCode).toBe(422);

    const res = await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash });
    expect(res.statusCode).toBe(200);
    expect(res.json().assignee).toMatchObject({ hash: installer.hash, email: installer.email });
    expect(
      (await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash })).statusCode,
    ).toBe(409);

    const mine = await get(WORK_ORDER_API.vendorList, installer);
    expect(mine.json().rows.map((r: TWorkOrder) => r.hash)).toContain(wo.hash);
    expect(mine.json().rows[0]).not.toHaveProperty('customer');
    const theirs = await get(WORK_ORDER_API.vendorList, otherInstaller);
    expect(theirs.json().rows.map((r: TWorkOrder) => r.hash)).not.toContain(wo.hash);
    expect((await get(WORK_ORDER_API.vendorOne(wo.hash), otherInstaller)).statusCode).toBe(404);
    expect(
      (await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'en_route' }, otherInstaller))
        .statusCode,
    ).toBe(404);
    expect((await get(WORK_ORDER_API.vendorOne(wo.hash), installer)).statusCode).toBe(200);

    const staff = await post(WORK_ORDER_API.assign(wo.hash), { assignee: ops.hash });
    expect(staff.statusCode).toBe(200);
    // Taken back from the installer: it is no longer theirs to see.
    expect((await get(WORK_ORDER_API.vendorOne(wo.hash), installer)).statusCode).toBe(404);

    const list = await get(`${WORK_ORDER_API.list}?assignee=${ops.hash}`);
    expect(list.json().rows.map((r: TWorkOrder) => r.hash)).toEqual([wo.hash]);
  });

  it('lets the installer go en route, add proof photos and finish; staff approval tells the customer and creates the removal', async () => {
    const { wo, property } = await scheduled();
    await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash });
    const early = await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'done' }, installer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A work order that is scheduled cannot become done.');
    const tooSoon = await uploadProof(wo.hash);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toBe(WORK_ORDER_TEXTS.photosWhenEnRoute);
    expect(
      (await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'en_route' }, installer))
        .statusCode,
    ).toBe(200);

    const noPhotos = await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'done' }, installer);
    expect(noPhotos.statusCode).toBe(409);
    expect(noPhotos.json().message).toBe(WORK_ORDER_TEXTS.photosNeeded);
    expect((await uploadProof(wo.hash, 1, otherInstaller)).statusCode).toBe(404);

    const uploaded = await uploadProof(wo.hash, 9);
    expect(uploaded.statusCode).toBe(200);
    const files = uploaded.json().files as Array<{ stored: boolean; error?: string }>;
    expect(files.filter((f) => f.stored)).toHaveLength(8);
    expect(files[8]).toEqual({
      name: 'proof-8.jpg',
      stored: false,
      error: 'A work order takes at most 8 proof photos.',
    });

    const mine = await get(WORK_ORDER_API.vendorOne(wo.hash), installer);
    const photo = mine.json().photos[0] as {
      hash: string;
      status: string;
      urls: { thumb: string; web: string };
    };
    expect(photo.status).toBe('ready');
    // The photo's file: the assignee and staff; the property's customer only once staff approve
    // it (decision 066); nobody else.
    expect((await get(photo.urls.thumb, installer)).statusCode).toBe(200);
    expect((await get(photo.urls.thumb, ops)).statusCode).toBe(200);
    expect((await get(photo.urls.thumb, alice)).statusCode).toBe(404);
    expect((await get(photo.urls.thumb, bob)).statusCode).toBe(404);
    expect((await get(photo.urls.thumb, otherInstaller)).statusCode).toBe(404);
    const customerPhotos = async () =>
      (await get(`${WORK_ORDER_API.customer}?property=${property}`, alice))
        .json()
        .workOrders.find((w: { hash: string }) => w.hash === wo.hash).photos as Array<{
        hash: string;
        urls: { thumb: string; web: string };
      }>;
    expect(await customerPhotos()).toEqual([]);

    // Issue 25: the customer's webhook hears `work_order.done` when the customer is told.
    const hook = await post(
      WEBHOOK_API.endpoints,
      { url: 'https://hooks.example.com/lantern', events: ['work_order.done'] },
      alice,
    );
    expect(hook.statusCode, hook.body).toBe(201);
    const hookDeliveries = async () =>
      (await get(WEBHOOK_API.deliveries(hook.json().endpoint.hash), alice)).json().rows as Array<{
        eventType: string;
        eventId: string;
      }>;

    const done = await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'done' }, installer);
    expect(done.statusCode).toBe(200);
    expect(await hookDeliveries()).toEqual([]);
    expect(done.json()).toMatchObject({
      state: 'done',
      proofReview: 'pending',
      photoCount: 8,
      removal: null,
    });
    // Done but not checked yet: still not the customer's to see.
    expect((await get(photo.urls.web, alice)).statusCode).toBe(404);
    expect(await customerPhotos()).toEqual([]);
    const street = `${streetNo - 1} Post Road`;
    // Done waits for staff: the customer hears of it once the photos are approved.
    expect(await mailsTo(alice.email)).not.toContain(`${street}: sign post install done`);

    const approved = await post(WORK_ORDER_API.review(wo.hash), { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'done', proofReview: 'approved' });
    expect(approved.json().removal).toEqual(expect.any(String));
    expect((await post(WORK_ORDER_API.review(wo.hash), { decision: 'approved' })).statusCode).toBe(
      409,
    );
    expect(await hookDeliveries()).toEqual([
      expect.objectContaining({ eventType: 'work_order.done' }),
    ]);

    // Approved: the customer's page lists the photos of the work and may fetch them.
    const shown = await customerPhotos();
    expect(shown).toHaveLength(8);
    expect(shown[0]?.hash).toBe(photo.hash);
    expect(shown[0]?.urls.web).toBe(
      `${WORK_ORDER_API.photoFile(photo.hash, 'web')}?property=${property}`,
    );
    const web = await get(shown[0]?.urls.web ?? '', alice);
    expect(web.statusCode).toBe(200);
    expect(web.headers['content-type']).toBe('image/jpeg');
    expect((await get(shown[0]?.urls.thumb ?? '', bob)).statusCode).toBe(404);
    expect((await get(shown[0]?.urls.thumb ?? '', otherInstaller)).statusCode).toBe(404);

    const removal = await get(WORK_ORDER_API.one(approved.json().removal));
    expect(removal.json()).toMatchObject({
      kind: 'sign_post_removal',
      state: 'requested',
      scheduledDay: null,
    });

    const customer = await get(`${WORK_ORDER_API.customer}?property=${property}`, alice);
    expect(customer.statusCode).toBe(200);
    expect(
      customer.json().workOrders.map((w: { kind: string; state: string }) => [w.kind, w.state]),
    ).toEqual([
      ['sign_post_removal', 'requested'],
      ['sign_post_install', 'done'],
    ]);
    expect((await get(`${WORK_ORDER_API.customer}?property=${property}`, bob)).statusCode).toBe(
      404,
    );
    const subjects = await mailsTo(alice.email);
    expect(subjects).toContain(`${street}: sign post install on the way`);
    expect(subjects).toContain(`${street}: sign post install done`);
    expect(subjects).toContain(`${street}: sign post removal requested`);
  });

  it('turns rejected proof into a failed trip with the reason, to be scheduled again', async () => {
    const { wo, property } = await scheduled('lockbox_delivery', 'lockbox-rental');
    await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash });
    await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'en_route' }, installer);
    await uploadProof(wo.hash);
    const proof = (await get(WORK_ORDER_API.vendorOne(wo.hash), installer)).json().photos[0] as {
      urls: { thumb: string };
    };
    expect(
      (await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'done' }, installer)).statusCode,
    ).toBe(200);
    const noReason = await post(WORK_ORDER_API.review(wo.hash), { decision: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    const rejected = await post(WORK_ORDER_API.review(wo.hash), {
      decision: 'rejected',
      reason: 'The lockbox is not on the front door.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'failed',
      proofReview: 'rejected',
      failureReason: 'The lockbox is not on the front door.',
      removal: null,
    });
    // Rejected photos never reach the customer (decision 066).
    expect((await get(proof.urls.thumb, alice)).statusCode).toBe(404);
    const listed = (await get(`${WORK_ORDER_API.customer}?property=${property}`, alice)).json();
    expect(listed.workOrders[0]).toMatchObject({ hash: wo.hash, photos: [] });
    const again = await post(WORK_ORDER_API.schedule(wo.hash), {
      day: firstOpen(rejected.json().earliestDay),
    });
    expect(again.statusCode).toBe(200);
  });

  it('lets staff doing the trip add proof photos from the admin area, with one activity row', async () => {
    const { wo } = await scheduled();
    expect((await post(WORK_ORDER_API.assign(wo.hash), { assignee: ops.hash })).statusCode).toBe(
      200,
    );
    expect((await post(WORK_ORDER_API.state(wo.hash), { state: 'en_route' })).statusCode).toBe(200);
    const res = await uploadProof(wo.hash, 1, ops, WORK_ORDER_API.photos(wo.hash));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files).toMatchObject([{ name: 'proof-0.jpg', stored: true }]);
    const logged = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.url, WORK_ORDER_API.photos(wo.hash)));
    expect(logged).toMatchObject([
      { action: 'work_order.photos', after: { photos: ['proof-0.jpg'] } },
    ]);
  });

  it('keeps a photography visit’s proof off the customer’s list: its photos are the gallery (decision 066)', async () => {
    const { wo, property } = await scheduled('photography', 'photography');
    await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash });
    await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'en_route' }, installer);
    await uploadProof(wo.hash);
    await post(WORK_ORDER_API.vendorState(wo.hash), { state: 'done' }, installer);
    const approved = await post(WORK_ORDER_API.review(wo.hash), { decision: 'approved' });
    expect(approved.json()).toMatchObject({ state: 'done', proofReview: 'approved' });
    const listed = (await get(`${WORK_ORDER_API.customer}?property=${property}`, alice)).json();
    expect(listed.workOrders[0]).toMatchObject({ hash: wo.hash, state: 'done', photos: [] });
  });

  it('needs a reason for a failed trip, keeps it, and lets staff schedule it again', async () => {
    const { wo } = await scheduled('photography', 'photography');
    await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash });
    const noReason = await post(
      WORK_ORDER_API.vendorState(wo.hash),
      { state: 'failed' },
      installer,
    );
    expect(noReason.statusCode).toBe(422);
    const failed = await post(
      WORK_ORDER_API.vendorState(wo.hash),
      { state: 'failed', reason: 'The gate was locked and nobody answered.' },
      installer,
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      state: 'failed',
      failureReason: 'The gate was locked and nobody answered.',
    });
    const again = await post(WORK_ORDER_API.schedule(wo.hash), {
      day: firstOpen(failed.json().earliestDay),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ state: 'scheduled', failureReason: null });
  });
});

describe('transitions', () => {
  it('refuses illegal moves in words and keeps final states final', async () => {
    const { wo } = await create('lockbox_delivery', 'lockbox-rental');
    const notYet = await post(WORK_ORDER_API.state(wo.hash), { state: 'en_route' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('A work order that is requested cannot become en route.');
    expect((await post(WORK_ORDER_API.state(wo.hash), { state: 'cancelled' })).statusCode).toBe(
      200,
    );
    const after = await post(WORK_ORDER_API.schedule(wo.hash), { day: firstOpen(wo.earliestDay) });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This work order is cancelled; it cannot be scheduled.');
    expect(
      (await post(WORK_ORDER_API.assign(wo.hash), { assignee: installer.hash })).statusCode,
    ).toBe(409);
    expect((await post(WORK_ORDER_API.state(wo.hash), { state: 'scheduled' })).statusCode).toBe(
      422,
    );
    expect((await post(WORK_ORDER_API.state('nope'), { state: 'cancelled' })).statusCode).toBe(404);
  });

  it('takes concurrent moves one at a time: one wins, the other is refused', async () => {
    const { wo } = await scheduled();
    const [a, b] = await Promise.all([
      post(WORK_ORDER_API.state(wo.hash), { state: 'cancelled' }),
      post(WORK_ORDER_API.state(wo.hash), { state: 'en_route' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.app.db
      .select()
      .from(workOrderEvents)
      .innerJoin(workOrders, eq(workOrders.id, workOrderEvents.workOrderId))
      .where(eq(workOrders.hash, wo.hash));
    // Created, scheduled, and exactly one of the two moves.
    expect(rows).toHaveLength(3);
  });
});

describe('the list', () => {
  it('filters by state and kind as a keyset-paged table', async () => {
    const { wo } = await create('sign_post_repair');
    const res = await get(`${WORK_ORDER_API.list}?state=requested&kind=sign_post_repair&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: TWorkOrder) => r.hash)).toEqual([wo.hash]);
    const none = await get(`${WORK_ORDER_API.list}?state=done&kind=sign_post_repair`);
    expect(none.json().rows).toEqual([]);
    const bad = await get(`${WORK_ORDER_API.list}?cursor=garbage`);
    expect(bad.statusCode).toBe(422);
  });
});
