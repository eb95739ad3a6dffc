import { LOCKBOX_API, LOCKBOX_TEXTS, type TAdminLockboxRental } from '@lantern/contracts';
import { auditLog, invoices, jobs, lockboxes, orders, taxRates } from '@lantern/db';
import { ADMIN_API, addDays, todayUtc } from '@lantern/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { whileRefused } from './helpers/db-faults.ts';
import { giveStaffRole } from './helpers/staff.ts';
import {
  completedSession,
  FIXTURE_WEBHOOK_SECRET,
  type StripeFixture,
  signedEvent,
  startStripeFixture,
} from './helpers/stripe-fixture.ts';

let t: TestApp;
let fixture: StripeFixture;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
let support: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  fixture = await startStripeFixture();
  t = await buildTestApp({
    stripe: {
      secretKey: 'sk_test_fixture',
      webhookSecret: FIXTURE_WEBHOOK_SECRET,
      apiUrl: fixture.url,
    },
  });
  alice = await signUpUser(t.app, 'lb-alice');
  bob = await signUpUser(t.app, 'lb-bob');
  ops = await signUpUser(t.app, 'lb-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  support = await signUpUser(t.app, 'lb-support');
  await giveStaffRole(t.app, support.userId, 'support');
  owner = await signUpUser(t.app, 'lb-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  // $39 taxed at 6.25% is $2.44; the $100 deposit is untaxed: $141.44 in all.
  await t.app.db.insert(taxRates).values({ state: 'IL', rateBasisPoints: 625 });
});
afterAll(async () => {
  await t.close();
  await fixture.close();
});

const get = (url: string, who: SignedIn = ops) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object, who: SignedIn = ops) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

let streetNo = 100;
/** A property of Alice's with a lockbox rental order, its invoice paid by check in `parts`. */
async function paidOrder(parts: number[] | 'all' = 'all') {
  const p = await addProperty(t.app, alice.userId, 'seller', { street: `${streetNo++} Lock Lane` });
  const placed = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'lockbox-rental' },
    alice,
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json().order.hash as string;
  const invoice = placed.json().order.invoice as string;
  const amounts = parts === 'all' ? [14_144] : parts;
  for (const [i, amountCents] of amounts.entries()) {
    const paid = await post(ADMIN_API.invoicePayments(invoice), {
      amountCents,
      method: 'check',
      reference: `10${i}`,
      receivedOn: todayUtc(),
    });
    expect(paid.statusCode).toBe(201);
  }
  return { property: p.hash, propertyId: p.id, order, invoice };
}

let serialNo = 1;
async function addLockbox(type = 'combination') {
  const serial = `T-${Date.now().toString(36)}-${serialNo++}`.toUpperCase();
  const res = await post(LOCKBOX_API.lockboxes, { serials: [serial], type });
  expect(res.statusCode).toBe(201);
  return res.json().lockboxes[0] as { hash: string; serial: string };
}

async function rentOut(startDate?: string, parts: number[] | 'all' = 'all') {
  const o = await paidOrder(parts);
  const box = await addLockbox();
  const res = await post(LOCKBOX_API.rentals, {
    order: o.order,
    lockbox: box.hash,
    ...(startDate ? { startDate } : {}),
  });
  expect(res.statusCode).toBe(201);
  return { ...o, box, rental: res.json() as TAdminLockboxRental };
}

const stateOf = async (hash: string) =>
  (await t.app.db.select().from(lockboxes).where(eq(lockboxes.hash, hash)))[0]?.state;

async function mails(prefix: string) {
  const rows = await t.app.db
    .select({ key: jobs.dedupeKey, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), like(jobs.dedupeKey, `${prefix}%`)));
  return rows.map((r) => ({ key: r.key, ...(r.payload as { to: string; subject: string }) }));
}

describe('access', () => {
  it('needs lockboxes.manage: 401 signed out, 403 for support and customers', async () => {
    const anon = await t.app.inject({ method: 'GET', url: LOCKBOX_API.lockboxes });
    expect(anon.statusCode).toBe(401);
    for (const who of [support, alice]) {
      expect((await get(LOCKBOX_API.lockboxes, who)).statusCode).toBe(403);
      expect((await get(LOCKBOX_API.rentals, who)).statusCode).toBe(403);
      expect(
        (await post(LOCKBOX_API.lockboxes, { serials: ['NOPE-1'], type: 'combination' }, who))
          .statusCode,
      ).toBe(403);
    }
    expect((await get(LOCKBOX_API.lockboxes, owner)).statusCode).toBe(200);
    expect((await get(LOCKBOX_API.lockboxes, ops)).statusCode).toBe(200);
  });

  it('answers 404 for a lockbox, rental or order that does not exist', async () => {
    expect((await post(LOCKBOX_API.lockboxState('nope'), { state: 'lost' })).statusCode).toBe(404);
    expect((await post(LOCKBOX_API.rentalReturn('nope'), {})).statusCode).toBe(404);
    const box = await addLockbox();
    expect((await post(LOCKBOX_API.rentals, { order: 'nope', lockbox: box.hash })).statusCode).toBe(
      404,
    );
  });
});

describe('the inventory', () => {
  it('adds lockboxes in stock, refuses a serial taken or malformed, and logs each', async () => {
    const res = await post(LOCKBOX_API.lockboxes, {
      serials: ['inv-a1', 'INV-A2'],
      type: 'push_button',
      notes: 'Shelf 2',
    });
    expect(res.statusCode).toBe(201);
    expect(
      res.json().lockboxes.map((l: { serial: string; state: string }) => [l.serial, l.state]),
    ).toEqual([
      ['INV-A1', 'in_stock'],
      ['INV-A2', 'in_stock'],
    ]);
    const again = await post(LOCKBOX_API.lockboxes, {
      serials: ['INV-A3', 'inv-a2'],
      type: 'push_button',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.serials).toEqual([LOCKBOX_TEXTS.serialsTaken(['INV-A2'])]);
    expect((await get(`${LOCKBOX_API.lockboxes}?search=INV-A3`)).json().rows).toEqual([]);
    const bad = await post(LOCKBOX_API.lockboxes, { serials: ['no spaces'], type: 'combination' });
    expect(bad.statusCode).toBe(422);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lockbox.add'));
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('pages by serial and filters by state, type and search', async () => {
    await post(LOCKBOX_API.lockboxes, {
      serials: ['PG-1', 'PG-2', 'PG-3'],
      type: 'electronic',
    });
    const first = (await get(`${LOCKBOX_API.lockboxes}?search=PG-&limit=2&dir=asc`)).json();
    expect(first.rows.map((r: { serial: string }) => r.serial)).toEqual(['PG-1', 'PG-2']);
    const next = (
      await get(`${LOCKBOX_API.lockboxes}?search=PG-&limit=2&dir=asc&cursor=${first.nextCursor}`)
    ).json();
    expect(next.rows.map((r: { serial: string }) => r.serial)).toEqual(['PG-3']);
    expect(next.nextCursor).toBeNull();
    const typed = (await get(`${LOCKBOX_API.lockboxes}?type=electronic&search=PG-`)).json();
    expect(typed.rows).toHaveLength(3);
    const none = (await get(`${LOCKBOX_API.lockboxes}?state=lost&search=PG-`)).json();
    expect(none.rows).toHaveLength(0);
  });

  it('moves lost, found and retired as the rules allow, with the activity log', async () => {
    const box = await addLockbox();
    const lost = await post(LOCKBOX_API.lockboxState(box.hash), {
      state: 'lost',
      notes: 'Not on the shelf',
    });
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({ state: 'lost', notes: 'Not on the shelf' });
    expect((await post(LOCKBOX_API.lockboxState(box.hash), { state: 'lost' })).json().message).toBe(
      LOCKBOX_TEXTS.sameState,
    );
    expect((await post(LOCKBOX_API.lockboxState(box.hash), { state: 'in_stock' })).statusCode).toBe(
      200,
    );
    const out = await post(LOCKBOX_API.lockboxState(box.hash), { state: 'out' });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toBe(LOCKBOX_TEXTS.outByRental);
    expect((await post(LOCKBOX_API.lockboxState(box.hash), { state: 'retired' })).statusCode).toBe(
      200,
    );
    const back = await post(LOCKBOX_API.lockboxState(box.hash), { state: 'in_stock' });
    expect(back.json().message).toBe(LOCKBOX_TEXTS.retiredFinal);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lockbox.state'), eq(auditLog.recordId, box.hash)))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.before).toMatchObject({ state: 'in_stock' });
    expect(entry?.after).toMatchObject({ state: 'lost', notes: 'Not on the shelf' });
  });
});

describe('renting out', () => {
  it('rents an in-stock lockbox to a paid order for 180 days with the deposit as billed', async () => {
    const start = addDays(todayUtc(), -3);
    const { rental, box, order, invoice, property } = await rentOut(start);
    expect(rental).toMatchObject({
      status: 'active',
      order,
      invoice: { hash: invoice },
      property: { hash: property, address: expect.stringContaining('Lock Lane') },
      customer: { email: alice.email },
      lockbox: { hash: box.hash },
      startDate: start,
      endDate: addDays(start, 180),
      daysLeft: 177,
      depositCents: 10_000,
      depositRefundedCents: 0,
      returnedOn: null,
    });
    expect(await stateOf(box.hash)).toBe('out');
    // The lockbox is out: neither another rental nor a state change may move it.
    const other = await paidOrder();
    const again = await post(LOCKBOX_API.rentals, { order: other.order, lockbox: box.hash });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.lockbox).toEqual([LOCKBOX_TEXTS.notInStock('Out')]);
    expect((await post(LOCKBOX_API.lockboxState(box.hash), { state: 'lost' })).json().message).toBe(
      LOCKBOX_TEXTS.onRental,
    );
    // One rental per order.
    const second = await addLockbox();
    const twice = await post(LOCKBOX_API.rentals, { order, lockbox: second.hash });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LOCKBOX_TEXTS.orderHasRental);
    // The order no longer waits; the other one does.
    const waiting = (await get(LOCKBOX_API.orders))
      .json()
      .orders.map((o: { hash: string }) => o.hash);
    expect(waiting).not.toContain(order);
    expect(waiting).toContain(other.order);
  });

  it('refuses an unpaid order, another product, and a start in the future', async () => {
    const p = await addProperty(t.app, bob.userId, 'seller', { street: '9 Unpaid Road' });
    const placed = await post(
      '/api/dashboard/orders',
      { property: p.hash, product: 'lockbox-rental' },
      bob,
    );
    const box = await addLockbox();
    const unpaid = await post(LOCKBOX_API.rentals, {
      order: placed.json().order.hash,
      lockbox: box.hash,
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(LOCKBOX_TEXTS.orderNotPaid);
    const photo = await post(
      '/api/dashboard/orders',
      { property: p.hash, product: 'photography' },
      bob,
    );
    const wrong = await post(LOCKBOX_API.rentals, {
      order: photo.json().order.hash,
      lockbox: box.hash,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.order).toEqual([LOCKBOX_TEXTS.orderNotLockbox]);
    const o = await paidOrder();
    const future = await post(LOCKBOX_API.rentals, {
      order: o.order,
      lockbox: box.hash,
      startDate: addDays(todayUtc(), 1),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.startDate).toEqual([LOCKBOX_TEXTS.futureDate]);
    expect(await stateOf(box.hash)).toBe('in_stock');
  });
});

describe('the return', () => {
  it('refunds the deposit in full, to the cent, from two part payments, once', async () => {
    // Paid by two checks: $60.01 and $81.43. The deposit comes back as $60.01 + $39.99.
    const { rental, box, invoice, order } = await rentOut(undefined, [6_001, 8_143]);
    const back = await post(LOCKBOX_API.rentalReturn(rental.hash), {});
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      refundedCents: 10_000,
      rental: { status: 'returned', returnedOn: todayUtc(), depositRefundedCents: 10_000 },
    });
    expect(await stateOf(box.hash)).toBe('in_stock');
    const inv = (await get(ADMIN_API.invoice(invoice))).json();
    expect(inv).toMatchObject({
      paidCents: 14_144,
      refundedCents: 10_000,
      status: 'partially_refunded',
    });
    expect(inv.refunds.map((r: { amountCents: number }) => r.amountCents).sort()).toEqual([
      3_999, 6_001,
    ]);
    const [o] = await t.app.db.select().from(orders).where(eq(orders.hash, order));
    expect(o?.status).toBe('completed');
    // A second return refunds nothing more.
    const twice = await post(LOCKBOX_API.rentalReturn(rental.hash), {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LOCKBOX_TEXTS.alreadyReturned);
    const [after] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(after?.refundedCents).toBe(10_000);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lockbox.return'), eq(auditLog.recordId, rental.hash)));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ refundedCents: 10_000 });
    // The lockbox can go out again.
    const next = await paidOrder();
    expect(
      (await post(LOCKBOX_API.rentals, { order: next.order, lockbox: box.hash })).statusCode,
    ).toBe(201);
  });

  it('answers no success when its activity row cannot be written; nothing is refunded twice', async () => {
    const { rental, invoice } = await rentOut();
    const status = (
      await whileRefused(t.app.db, "new.action = 'lockbox.return'", () =>
        post(LOCKBOX_API.rentalReturn(rental.hash), {}),
      )
    ).statusCode;
    expect(status).toBe(500);
    // The refund was made and counted before the last commit (money that went back stays
    // counted), so a second try finds nothing owed and refunds nothing again.
    const [after] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(after?.refundedCents).toBe(10_000);
    const again = await post(LOCKBOX_API.rentalReturn(rental.hash), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LOCKBOX_TEXTS.alreadyReturned);
  });

  it('refuses a return date before the start or in the future', async () => {
    const { rental } = await rentOut(addDays(todayUtc(), -10));
    const early = await post(LOCKBOX_API.rentalReturn(rental.hash), {
      returnedOn: addDays(todayUtc(), -11),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.returnedOn).toEqual([LOCKBOX_TEXTS.returnedBeforeStart]);
    const late = await post(LOCKBOX_API.rentalReturn(rental.hash), {
      returnedOn: addDays(todayUtc(), 1),
    });
    expect(late.statusCode).toBe(422);
  });

  it('shows the customer the rental and its refund; another user gets 404', async () => {
    const { rental, property } = await rentOut(addDays(todayUtc(), -200));
    const seen = await get(`${LOCKBOX_API.customer}?property=${property}`, alice);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().rental).toMatchObject({
      status: 'overdue',
      daysLeft: -20,
      depositCents: 10_000,
      depositRefundedCents: 0,
    });
    expect(JSON.stringify(seen.json())).not.toContain(rental.lockbox.serial);
    expect((await get(`${LOCKBOX_API.customer}?property=${property}`, bob)).statusCode).toBe(404);
    await post(LOCKBOX_API.rentalReturn(rental.hash), {});
    expect(
      (await get(`${LOCKBOX_API.customer}?property=${property}`, alice)).json().rental,
    ).toMatchObject({
      status: 'returned',
      depositRefundedCents: 10_000,
    });
  });
});

describe('the return of a deposit paid by card', () => {
  it('refunds through Stripe; a refusal keeps the return and a second try refunds it', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', {
      street: `${streetNo++} Card Lane`,
    });
    const placed = await post(
      '/api/dashboard/orders',
      { property: p.hash, product: 'lockbox-rental' },
      alice,
    );
    const invoice = placed.json().order.invoice as string;
    const checkout = await post(`/api/dashboard/invoices/${invoice}/checkout`, {}, alice);
    expect(checkout.statusCode).toBe(200);
    const sid = new URL(checkout.json().url).pathname.split('/').pop() ?? '';
    const session = completedSession(fixture.sessions.get(sid) ?? {});
    const event = signedEvent('checkout.session.completed', session);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header ?? '' },
      payload: event.payload,
    });
    expect(paid.statusCode).toBe(200);
    const box = await addLockbox();
    const rented = await post(LOCKBOX_API.rentals, {
      order: placed.json().order.hash,
      lockbox: box.hash,
    });
    expect(rented.statusCode).toBe(201);
    const hash = rented.json().hash as string;

    fixture.failRefunds = true;
    const refused = await post(LOCKBOX_API.rentalReturn(hash), {});
    fixture.failRefunds = false;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^The lockbox is recorded as returned, but the deposit was not refunded/,
    );
    expect(await stateOf(box.hash)).toBe('in_stock');
    const [kept] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(kept?.refundedCents).toBe(0);

    const again = await post(LOCKBOX_API.rentalReturn(hash), {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      refundedCents: 10_000,
      rental: { status: 'returned', depositRefundedCents: 10_000 },
    });
    const call = fixture.requests.findLast((r) => r.path === '/v1/refunds');
    expect(call?.form.get('amount')).toBe('10000');
    expect(call?.form.get('payment_intent')).toBe(session.payment_intent);
    const [after] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(after).toMatchObject({ paidCents: 14_144, refundedCents: 10_000 });
  });

  it('refunds once when two staff record the same return at once', async () => {
    const { rental, invoice } = await rentOut();
    const [one, two] = await Promise.all([
      post(LOCKBOX_API.rentalReturn(rental.hash), {}),
      post(LOCKBOX_API.rentalReturn(rental.hash), {}),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const [after] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(after?.refundedCents).toBe(10_000);
  });

  it('rents a lockbox once when two staff rent it at once', async () => {
    const [a, b] = [await paidOrder(), await paidOrder()];
    const box = await addLockbox();
    const results = await Promise.all([
      post(LOCKBOX_API.rentals, { order: a.order, lockbox: box.hash }),
      post(LOCKBOX_API.rentals, { order: b.order, lockbox: box.hash }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('reminders and the forfeit', () => {
  it('mails the owners once at -7, 0, +7, +14 and +21 days, even when the job runs twice', async () => {
    const start = '2026-01-01';
    const { rental } = await rentOut(start);
    const end = addDays(start, 180);
    const prefix = `lockbox-reminder:${rental.hash}:`;
    const run = async (offset: number) => {
      await t.app.lockboxes.sendReminders(addDays(end, offset));
      await t.app.lockboxes.sendReminders(addDays(end, offset));
    };
    await run(-8);
    expect(await mails(prefix)).toHaveLength(0);
    const seen: string[] = [];
    for (const offset of [-7, 0, 7, 14, 21]) {
      await run(offset);
      const now = await mails(prefix);
      expect(now).toHaveLength(seen.length + 1);
      const added = now.find((m) => !seen.includes(m.key ?? ''));
      expect(added?.key).toBe(`${prefix}${offset}:${alice.email.toLowerCase()}`);
      expect(added?.to).toBe(alice.email);
      seen.push(added?.key ?? '');
      // The days between send nothing.
      await run(offset + 1);
      expect(await mails(prefix)).toHaveLength(seen.length);
    }
    const subjects = (await mails(prefix)).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('ends on'))).toBe(true);
    expect(subjects.some((s) => s.includes('21 days overdue'))).toBe(true);
    const list = (
      await get(`${LOCKBOX_API.rentals}?status=overdue&search=${rental.lockbox.serial}`)
    ).json();
    expect(list.rows[0].remindersSent).toEqual([-7, 0, 7, 14, 21]);
  });

  it('forfeits the deposit 30 days overdue: kept, lockbox lost, customer told, once', async () => {
    const start = '2026-01-01';
    const { rental, box, invoice } = await rentOut(start);
    const end = addDays(start, 180);
    expect(await t.app.lockboxes.forfeitOverdue(addDays(end, 29))).toBe(0);
    expect(await stateOf(box.hash)).toBe('out');
    expect(await t.app.lockboxes.forfeitOverdue(addDays(end, 30))).toBeGreaterThanOrEqual(1);
    expect(await t.app.lockboxes.forfeitOverdue(addDays(end, 31))).toBe(0);
    expect(await stateOf(box.hash)).toBe('lost');
    const told = await mails(`lockbox-forfeit:${rental.hash}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toContain('deposit was kept');
    const [inv] = await t.app.db.select().from(invoices).where(eq(invoices.hash, invoice));
    expect(inv).toMatchObject({ paidCents: 14_144, refundedCents: 0, status: 'paid' });
    const ret = await post(LOCKBOX_API.rentalReturn(rental.hash), {});
    expect(ret.statusCode).toBe(409);
    expect(ret.json().message).toBe(LOCKBOX_TEXTS.forfeited);
    const list = (await get(`${LOCKBOX_API.rentals}?status=forfeited`)).json();
    expect(list.rows.map((r: { hash: string }) => r.hash)).toContain(rental.hash);
    // No reminder after the forfeit.
    await t.app.lockboxes.sendReminders(addDays(end, 35));
    expect(await mails(`lockbox-reminder:${rental.hash}:`)).toHaveLength(0);
  });

  it('counts the lockbox menu for roles with the permission only', async () => {
    await rentOut(addDays(todayUtc(), -181));
    const summary = (await get(ADMIN_API.summary)).json();
    const counted = await t.app.db.execute(
      sql`select count(*)::int as n from ${lockboxes} where ${lockboxes.state} = 'in_stock'`,
    );
    const rows = (counted as unknown as { rows: Array<{ n: number }> }).rows;
    expect(summary.lockboxes.inStock).toBe(rows[0]?.n);
    expect(summary.lockboxes.lost).toBeGreaterThanOrEqual(1);
    expect(summary.lockboxes.overdue).toBeGreaterThanOrEqual(1);
    expect((await get(ADMIN_API.summary, support)).json().lockboxes).toBeNull();
  });
});
