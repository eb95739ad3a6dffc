import {
  PHOTO_APPOINTMENT_TEXTS as P,
  PHOTO_APPOINTMENT_API,
  type TPhotoAppointmentView,
  type TWorkOrder,
  WORK_ORDER_API,
  WORK_ORDER_TEXTS,
} from '@lantern/contracts';
import { jobs, workOrders } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let ops: SignedIn;
let pat: SignedIn;
let sam: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'pa-alice');
  bob = await signUpUser(t.app, 'pa-bob');
  carol = await signUpUser(t.app, 'pa-carol');
  ops = await signUpUser(t.app, 'pa-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  pat = await signUpUser(t.app, 'pa-pat');
  sam = await signUpUser(t.app, 'pa-sam');
  await giveVendorKinds(t.app, pat.userId, ['field']);
  await giveVendorKinds(t.app, sam.userId, ['field']);
  // Pat photographs in Illinois and Indiana, weekday mornings: 9:00 and 10:30 each day.
  const saved = await send(
    'PUT',
    PHOTO_APPOINTMENT_API.vendorHours,
    { states: ['il', 'IN'], weeklyHours: weekdays('09:00', '12:00'), daysOff: [] },
    pat,
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => t.close());

const get = (url: string, who: SignedIn) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const send = (method: 'POST' | 'PUT', url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method, url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const post = (url: string, payload: object, who: SignedIn) => send('POST', url, payload, who);

const weekdays = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

let streetNo = 500;
/** A property of `who`'s in Illinois with a photography order, priced and paid. */
async function paidPhotography(who: SignedIn) {
  const p = await addProperty(t.app, who.userId, 'seller', { street: `${streetNo++} Lens Way` });
  const placed = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'photography' },
    who,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order.hash as string;
  const view = () => get(`${PHOTO_APPOINTMENT_API.customer}?property=${p.hash}`, who);
  // Priced in the catalogue: the invoice is open until paid, and no visit is offered before.
  expect((await view()).json().notice).toBe(P.unpaid);
  const invoice = placed.json().order.invoice as string;
  const owed = (await get(`/api/dashboard/invoices/${invoice}`, who)).json().invoice
    .balanceCents as number;
  const paid = await post(
    ADMIN_API.invoicePayments(invoice),
    {
      amountCents: owed,
      method: 'check',
      reference: '9',
      receivedOn: new Date().toISOString().slice(0, 10),
    },
    ops,
  );
  expect(paid.statusCode, paid.body).toBe(201);
  return { property: p.hash, order };
}

/** A slot more than 25 hours ahead, so the 24-hour rule lets it be changed at once. */
const changeableSlots = (v: TPhotoAppointmentView) =>
  v.slots.filter((s) => Date.parse(s.startsAt) > Date.now() + 25 * 3_600_000);

const viewOf = async (property: string, who: SignedIn) => {
  const res = await get(`${PHOTO_APPOINTMENT_API.customer}?property=${property}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPhotoAppointmentView;
};

async function subjectsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => (r.payload as { subject: string }).subject);
}

describe('photographers’ hours', () => {
  it('are kept by the photographer in /vendor and by staff, checked in words', async () => {
    const hours = { states: ['il', 'IN'], weeklyHours: weekdays('09:00', '12:00'), daysOff: [] };
    const saved = await send('PUT', PHOTO_APPOINTMENT_API.vendorHours, hours, pat);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ states: ['IL', 'IN'], weeklyHours: hours.weeklyHours });
    // Sam goes to Texas only: never offered for an Illinois property.
    const samHash = (await get(PHOTO_APPOINTMENT_API.vendorHours, sam)).json().photographer.hash;
    const bySt = await send(
      'PUT',
      PHOTO_APPOINTMENT_API.adminHours(samHash),
      { states: ['TX'], weeklyHours: weekdays('09:00', '17:00'), daysOff: [] },
      ops,
    );
    expect(bySt.statusCode, bySt.body).toBe(200);
    const bad = await send(
      'PUT',
      PHOTO_APPOINTMENT_API.vendorHours,
      {
        states: ['IL'],
        weeklyHours: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '11:00', end: '13:00' },
          { weekday: 2, start: '09:00', end: '10:00' },
        ],
        daysOff: [],
      },
      pat,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['weeklyHours.1.start']).toEqual([P.windowsOverlap]);
    expect(bad.json().errors['weeklyHours.2.end']).toEqual([P.windowTooShort]);
    // Not a field vendor: 404 for staff, 403 in /vendor.
    expect((await get(PHOTO_APPOINTMENT_API.adminHours('nope'), ops)).statusCode).toBe(404);
    expect((await get(PHOTO_APPOINTMENT_API.vendorHours, alice)).statusCode).toBe(403);
  });
});

describe('booking', () => {
  it('offers only the photographer who goes to the state, from the cutoff’s earliest day; booking schedules the visit', async () => {
    const { property } = await paidPhotography(alice);
    const view = await viewOf(property, alice);
    expect(view, JSON.stringify({ ...view, slots: view.slots.length })).toMatchObject({
      timeZone: 'America/Chicago',
      appointment: null,
      notice: null,
    });
    expect(new Set(view.slots.map((s) => s.photographer.name))).toEqual(new Set([pat.email]));
    // The earliest follows the 2 pm cutoff: never today; 9:00 or 10:30 in Chicago.
    expect(Date.parse(view.slots[0]?.startsAt ?? '')).toBeGreaterThan(Date.now());
    const first = changeableSlots(view)[0];
    if (!first) throw new Error('no slot');
    expect(new Date(first.startsAt).getUTCHours()).toBeGreaterThanOrEqual(14);

    const booked = await post(
      PHOTO_APPOINTMENT_API.customer,
      { property, photographer: first.photographer.hash, startsAt: first.startsAt },
      alice,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const after = booked.json() as TPhotoAppointmentView;
    expect(after.appointment, JSON.stringify(after.appointment)).toMatchObject({
      startsAt: first.startsAt,
      photographer: pat.email,
      changeable: true,
    });
    // Mailed to the customer and to the photographer.
    expect((await subjectsTo(alice.email)).some((s) => s.startsWith('Photography at'))).toBe(true);
    expect((await subjectsTo(pat.email)).some((s) => s.startsWith('Photography at'))).toBe(true);
    // The photographer sees it among their own work orders; another field vendor does not.
    const mine = (await get(WORK_ORDER_API.vendorList, pat)).json().rows as TWorkOrder[];
    const visit = mine.find((w) => w.appointment?.startsAt === first.startsAt);
    expect(visit).toMatchObject({ kind: 'photography', state: 'scheduled' });
    expect((await get(WORK_ORDER_API.vendorOne(visit?.hash ?? ''), sam)).statusCode).toBe(404);
    expect((await get(WORK_ORDER_API.vendorList, sam)).json().rows).toEqual([]);
    // Staff cannot re-day or reassign it behind the customer's back.
    const staffDay = await post(
      WORK_ORDER_API.schedule(visit?.hash ?? ''),
      { day: visit?.scheduledDay },
      ops,
    );
    expect(staffDay.json().message).toBe(WORK_ORDER_TEXTS.bookedByCustomer);
    // A second booking is refused: move it instead.
    const second = after.slots[0];
    const again = await post(
      PHOTO_APPOINTMENT_API.customer,
      { property, photographer: second?.photographer.hash, startsAt: second?.startsAt },
      alice,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(P.alreadyBooked);
  });

  it('is another customer’s: 404, and a time not offered is refused', async () => {
    const { property } = await paidPhotography(alice);
    expect(
      (await get(`${PHOTO_APPOINTMENT_API.customer}?property=${property}`, bob)).statusCode,
    ).toBe(404);
    const view = await viewOf(property, alice);
    const slot = view.slots[0];
    for (const path of [PHOTO_APPOINTMENT_API.customer, PHOTO_APPOINTMENT_API.move])
      expect(
        (
          await post(
            path,
            { property, photographer: slot?.photographer.hash, startsAt: slot?.startsAt },
            bob,
          )
        ).statusCode,
      ).toBe(404);
    expect((await post(PHOTO_APPOINTMENT_API.cancel, { property }, bob)).statusCode).toBe(404);
    const samHash = (await get(PHOTO_APPOINTMENT_API.vendorHours, sam)).json().photographer.hash;
    const wrong = await post(
      PHOTO_APPOINTMENT_API.customer,
      { property, photographer: samHash, startsAt: slot?.startsAt },
      alice,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.startsAt).toEqual([P.slot]);
    const offGrid = await post(
      PHOTO_APPOINTMENT_API.customer,
      {
        property,
        photographer: slot?.photographer.hash,
        startsAt: new Date(new Date(slot?.startsAt ?? '').getTime() + 60_000).toISOString(),
      },
      alice,
    );
    expect(offGrid.statusCode).toBe(422);
  });

  it('gives a slot to one customer only when two book it at once', async () => {
    const a = await paidPhotography(bob);
    const c = await paidPhotography(carol);
    const slot = (await viewOf(a.property, bob)).slots[0];
    if (!slot) throw new Error('no slot');
    const [x, y] = await Promise.all([
      post(
        PHOTO_APPOINTMENT_API.customer,
        { property: a.property, photographer: slot.photographer.hash, startsAt: slot.startsAt },
        bob,
      ),
      post(
        PHOTO_APPOINTMENT_API.customer,
        { property: c.property, photographer: slot.photographer.hash, startsAt: slot.startsAt },
        carol,
      ),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json().message).toBe(P.slotGone);
    const holders = await t.app.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(
        and(
          eq(workOrders.appointmentStartsAt, new Date(slot.startsAt)),
          eq(workOrders.state, 'scheduled'),
        ),
      );
    expect(holders).toHaveLength(1);
    // The taken time is no longer offered to anyone.
    const other = x.statusCode === 409 ? a : c;
    const who = x.statusCode === 409 ? bob : carol;
    expect((await viewOf(other.property, who)).slots.map((s) => s.startsAt)).not.toContain(
      slot.startsAt,
    );
  });
});

describe('moving and cancelling', () => {
  it('moves and cancels until 24 hours before, then refuses in words', async () => {
    const { property } = await paidPhotography(alice);
    const view = await viewOf(property, alice);
    const [first, later] = [changeableSlots(view)[0], view.slots.at(-1)];
    if (!first || !later) throw new Error('no slots');
    const book = await post(
      PHOTO_APPOINTMENT_API.customer,
      { property, photographer: first.photographer.hash, startsAt: first.startsAt },
      alice,
    );
    expect(book.statusCode, book.body).toBe(201);
    const same = await post(
      PHOTO_APPOINTMENT_API.move,
      { property, photographer: first.photographer.hash, startsAt: first.startsAt },
      alice,
    );
    expect(same.json().message).toBe(P.sameSlot);
    const moved = await post(
      PHOTO_APPOINTMENT_API.move,
      { property, photographer: later.photographer.hash, startsAt: later.startsAt },
      alice,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment.startsAt).toBe(later.startsAt);
    expect((await subjectsTo(pat.email)).some((s) => s.includes('moved to'))).toBe(true);
    // The first time is free again.
    expect(moved.json().slots.map((s: { startsAt: string }) => s.startsAt)).toContain(
      first.startsAt,
    );

    // Less than 24 hours before the start: no more changes here.
    const hash = moved.json().appointment.workOrder as string;
    const soon = new Date(Date.now() + 23 * 3_600_000);
    await t.app.db
      .update(workOrders)
      .set({ appointmentStartsAt: soon, appointmentEndsAt: new Date(soon.getTime() + 5_400_000) })
      .where(eq(workOrders.hash, hash));
    const late = await viewOf(property, alice);
    expect(late.appointment?.changeable).toBe(false);
    expect(late.slots).toEqual([]);
    for (const res of [
      await post(
        PHOTO_APPOINTMENT_API.move,
        { property, photographer: first.photographer.hash, startsAt: first.startsAt },
        alice,
      ),
      await post(PHOTO_APPOINTMENT_API.cancel, { property }, alice),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(P.tooLate(24));
    }
    // 25 hours before: cancelled, the work order with it; a new booking may follow.
    const ok = new Date(Date.now() + 25 * 3_600_000);
    await t.app.db
      .update(workOrders)
      .set({ appointmentStartsAt: ok, appointmentEndsAt: new Date(ok.getTime() + 5_400_000) })
      .where(eq(workOrders.hash, hash));
    const cancelled = await post(PHOTO_APPOINTMENT_API.cancel, { property }, alice);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ appointment: null, notice: null });
    const [row] = await t.app.db.select().from(workOrders).where(eq(workOrders.hash, hash));
    expect(row?.state).toBe('cancelled');
    expect((await subjectsTo(alice.email)).some((s) => s.endsWith('cancelled'))).toBe(true);
  });

  it('lets a participant who may not order see the visit but not change it', async () => {
    const { property } = await paidPhotography(alice);
    const viewer = await signUpUser(t.app, `pa-viewer-${streetNo}`);
    const [prop] = await t.app.db
      .execute<{ id: number }>(sql`select id from properties where hash = ${property}`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    await t.app.db.execute(
      sql`insert into property_participants (property_id, user_id, role, can_edit) values (${prop?.id}, ${viewer.userId}, 'seller', false)`,
    );
    const view = await viewOf(property, viewer);
    expect(view).toMatchObject({ canChange: false, slots: [] });
    const res = await post(PHOTO_APPOINTMENT_API.cancel, { property }, viewer);
    expect(res.statusCode).toBe(403);
  });
});
