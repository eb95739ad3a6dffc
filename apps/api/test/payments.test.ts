import { PAYMENT_TEXTS } from '@lantern/contracts';
import {
  auditLog,
  invoices,
  jobs,
  orders,
  payments,
  properties,
  propertyParticipants,
} from '@lantern/db';
import { ADMIN_API, DASHBOARD_API } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { giveStaffRole } from './helpers/staff.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
let alice: SignedIn;
let coOwner: SignedIn;
let ops: SignedIn;
let support: SignedIn;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailUrl: smtp.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  alice = await signUpUser(t.app, 'pay-alice');
  coOwner = await signUpUser(t.app, 'pay-co');
  ops = await signUpUser(t.app, 'pay-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  support = await signUpUser(t.app, 'pay-support');
  await giveStaffRole(t.app, support.userId, 'support');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, who: SignedIn = alice) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object | undefined, who: SignedIn = ops) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

/** A property of Alice's with an open $149 MLS listing invoice; returns both hashes. */
async function openInvoice(street: string) {
  const p = await addProperty(t.app, alice.userId, 'seller', { street });
  const res = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'mls-listing-state' },
    alice,
  );
  expect(res.statusCode).toBe(201);
  return { property: p.hash, invoice: res.json().order.invoice as string };
}

const today = () => new Date().toISOString().slice(0, 10);
const check = (amountCents: number, reference = '1042') => ({
  amountCents,
  method: 'check',
  reference,
  receivedOn: today(),
});

async function mailsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map(
    (r) =>
      r.payload as {
        subject: string;
      },
  );
}

describe('an open invoice without a card processor', () => {
  it('shows the customer how to pay by check or bank transfer, and what is owed', async () => {
    const { invoice } = await openInvoice('1 Check Way');
    const res = await get(`/api/dashboard/invoices/${invoice}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().invoice).toMatchObject({
      status: 'open',
      paidCents: 0,
      refundedCents: 0,
      balanceCents: 14_900,
      payments: [],
      refunds: [],
      paymentInstructions: expect.stringMatching(/check made out to Lantern.*bank transfer/),
      cardPayments: false,
    });
    // Without Stripe keys there is no card checkout to go to.
    const pay = await post(`/api/dashboard/invoices/${invoice}/checkout`, {}, alice);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe(PAYMENT_TEXTS.cardsOff);
  });
});

describe('staff record a payment', () => {
  it('needs the payments permission: support may read the invoice but not record', async () => {
    const { invoice } = await openInvoice('2 Check Way');
    expect((await get(ADMIN_API.invoice(invoice), support)).statusCode).toBe(200);
    expect(
      (await post(ADMIN_API.invoicePayments(invoice), check(14_900), support)).statusCode,
    ).toBe(403);
    expect((await post(ADMIN_API.invoicePayments(invoice), check(14_900), alice)).statusCode).toBe(
      403,
    );
    expect((await get(ADMIN_API.invoice('nope'), ops)).statusCode).toBe(404);
    expect((await post(ADMIN_API.invoicePayments('nope'), check(1))).statusCode).toBe(404);
  });

  it('takes part payments, refuses more than is owed or a future date, and pays in full', async () => {
    const { property, invoice } = await openInvoice('3 Check Way');
    const [prop] = await t.app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.hash, property));
    await t.app.db.insert(propertyParticipants).values({
      propertyId: prop?.id ?? 0,
      userId: coOwner.userId,
      role: 'seller',
      canEdit: true,
    });
    const ws = await openSocket(base, { cookie: alice.cookie });
    await ws.subscribe(`property.${property}`);

    const part = await post(ADMIN_API.invoicePayments(invoice), check(5_000, '1001'));
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ status: 'open', paidCents: 5_000, balanceCents: 9_900 });
    expect(part.json().payments).toEqual([
      {
        hash: expect.any(String),
        amountCents: 5_000,
        method: 'check',
        reference: '1001',
        receivedOn: today(),
        recordedBy: ops.email,
      },
    ]);

    const over = await post(ADMIN_API.invoicePayments(invoice), check(9_901));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amountCents).toEqual([PAYMENT_TEXTS.amountTooBig]);
    const future = await post(ADMIN_API.invoicePayments(invoice), {
      ...check(100),
      receivedOn: '2999-01-01',
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.receivedOn).toEqual([PAYMENT_TEXTS.futureDate]);
    const badMethod = await post(ADMIN_API.invoicePayments(invoice), {
      ...check(100),
      method: 'card',
    });
    expect(badMethod.statusCode).toBe(422);
    // Nothing of the refused attempts was kept.
    expect((await get(ADMIN_API.invoice(invoice), ops)).json().paidCents).toBe(5_000);

    const rest = await post(ADMIN_API.invoicePayments(invoice), {
      amountCents: 9_900,
      method: 'bank_transfer',
      reference: 'WIRE-77',
      receivedOn: today(),
    });
    expect(rest.statusCode).toBe(201);
    expect(rest.json()).toMatchObject({
      status: 'paid',
      paidCents: 14_900,
      balanceCents: 0,
      orderStatus: 'confirmed',
      paidAt: expect.any(String),
    });

    // The property's sockets hear it.
    const event = await ws.next((m) => (m.event as string) === 'InvoiceUpdated');
    expect(event).toMatchObject({
      channel: `property.${property}`,
      data: { hash: invoice, status: 'open' },
    });
    const paidEvent = await ws.next((m) => (m.event as string) === 'InvoiceUpdated');
    expect(paidEvent).toMatchObject({ data: { hash: invoice, status: 'paid' } });
    ws.close();

    // The customer sees it paid, with no instructions left.
    const seen = (await get(`/api/dashboard/invoices/${invoice}`)).json().invoice;
    expect(seen).toMatchObject({ status: 'paid', balanceCents: 0, paymentInstructions: null });
    expect(seen.payments).toHaveLength(2);
    expect(seen.payments[0]).not.toHaveProperty('recordedBy');

    // The person billed gets the receipt with a PDF; the co-owner a notice without one.
    // (Read from the SMTP server: once sent, the mail job keeps only the address and subject.)
    expect(
      (await mailsTo(alice.email)).filter((m) => m.subject.startsWith('Receipt')),
    ).toHaveLength(1);
    const receipt = await simpleParser(
      (await smtp.waitFor(alice.email, 5000, (m) => /^Subject: Receipt/m.test(m.raw))).raw,
    );
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt.attachments[0]?.filename).toMatch(/^receipt-INV-\d{6}\.pdf$/);
    expect(
      (await mailsTo(coOwner.email)).filter((m) => m.subject.includes('is paid')),
    ).toHaveLength(1);
    const notice = await simpleParser(
      (await smtp.waitFor(coOwner.email, 5000, (m) => /^Subject: .*is paid/m.test(m.raw))).raw,
    );
    expect(notice.attachments).toHaveLength(0);

    // Once paid, no more payments are taken.
    const again = await post(ADMIN_API.invoicePayments(invoice), check(1));
    expect(again.statusCode).toBe(409);

    // Every recorded payment is in the activity log with before and after.
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.payment'), eq(auditLog.recordId, invoice)));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => (e.after as { status: string }).status).sort()).toEqual([
      'open',
      'paid',
    ]);
  });

  it('the customer downloads the PDF receipt once the invoice is paid; nobody else can', async () => {
    const { invoice } = await openInvoice('6 Receipt Row');
    const receipt = (who: SignedIn) => get(DASHBOARD_API.invoiceReceipt(invoice), who);
    const early = await receipt(alice);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PAYMENT_TEXTS.noReceipt);

    expect((await post(ADMIN_API.invoicePayments(invoice), check(14_900))).statusCode).toBe(201);
    const res = await receipt(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-INV-\d{6}\.pdf"$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Someone who is not on the property: as if it did not exist.
    expect((await receipt(support)).statusCode).toBe(404);
  });

  it('two staff recording the whole balance at once pay it once', async () => {
    const { invoice } = await openInvoice('4 Check Way');
    const results = await Promise.all([
      post(ADMIN_API.invoicePayments(invoice), check(14_900, 'A')),
      post(ADMIN_API.invoicePayments(invoice), check(14_900, 'B')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [row] = await t.app.db
      .select({ paid: invoices.paidCents })
      .from(invoices)
      .where(eq(invoices.hash, invoice));
    expect(row?.paid).toBe(14_900);
  });
});

describe('refunds and voids', () => {
  it('refunds part then the rest, never more than was paid less earlier refunds', async () => {
    const { invoice } = await openInvoice('5 Refund Rd');
    const paid = await post(ADMIN_API.invoicePayments(invoice), check(14_900));
    const payment = paid.json().payments[0].hash as string;
    const refund = (amountCents: number, who: SignedIn = ops) =>
      post(
        ADMIN_API.invoiceRefunds(invoice),
        { payment, amountCents, reason: 'Listing withdrawn' },
        who,
      );

    expect((await refund(100, support)).statusCode).toBe(403);
    const tooBig = await refund(14_901);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.amountCents).toEqual([PAYMENT_TEXTS.refundTooBig]);

    const partial = await refund(4_000);
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 4_000 });
    expect((await refund(10_901)).statusCode).toBe(422);

    const seen = (await get(`/api/dashboard/invoices/${invoice}`)).json().invoice;
    expect(seen.refunds).toEqual([
      {
        hash: expect.any(String),
        payment,
        amountCents: 4_000,
        reason: 'Listing withdrawn',
        createdAt: expect.any(String),
      },
    ]);

    const rest = await refund(10_900);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: 14_900 });
    expect((await refund(1)).statusCode).toBe(409);
  });

  it('a refund of an unpaid invoice or of another invoice’s payment is refused', async () => {
    const a = await openInvoice('6 Refund Rd');
    const b = await openInvoice('7 Refund Rd');
    const paidA = await post(ADMIN_API.invoicePayments(a.invoice), check(14_900));
    const paymentA = paidA.json().payments[0].hash as string;
    const onOpen = await post(ADMIN_API.invoiceRefunds(b.invoice), {
      payment: paymentA,
      amountCents: 100,
      reason: 'x',
    });
    expect(onOpen.statusCode).toBe(409);
    await post(ADMIN_API.invoicePayments(b.invoice), check(14_900));
    const crossed = await post(ADMIN_API.invoiceRefunds(b.invoice), {
      payment: paymentA,
      amountCents: 100,
      reason: 'x',
    });
    expect(crossed.statusCode).toBe(422);
  });

  it('voids an open invoice nothing was paid on and cancels its order', async () => {
    const { invoice } = await openInvoice('8 Void Ln');
    const res = await post(ADMIN_API.invoiceVoid(invoice), undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'void', orderStatus: 'cancelled' });
    expect((await post(ADMIN_API.invoicePayments(invoice), check(1))).statusCode).toBe(409);
    const part = await openInvoice('9 Void Ln');
    await post(ADMIN_API.invoicePayments(part.invoice), check(100));
    expect((await post(ADMIN_API.invoiceVoid(part.invoice), undefined)).statusCode).toBe(409);
  });
});

describe('the database keeps the money straight by itself', () => {
  it('refuses a payment of zero and refunds above payments', async () => {
    const { invoice } = await openInvoice('10 Check Way');
    const [inv] = await t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.hash, invoice));
    await expect(
      t.app.db.insert(payments).values({
        hash: `zero-${Date.now()}`,
        invoiceId: inv?.id ?? 0,
        amountCents: 0,
        method: 'cash',
        reference: 'x',
        receivedOn: today(),
      }),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .update(invoices)
        .set({ refundedCents: 1 })
        .where(eq(invoices.id, inv?.id ?? 0)),
    ).rejects.toThrow();
  });
});

describe('staff invoice list', () => {
  it('finds an invoice by number and filters by status', async () => {
    const { invoice } = await openInvoice('11 List St');
    const detail = (await get(ADMIN_API.invoice(invoice), ops)).json();
    const byNumber = await get(`${ADMIN_API.invoices}?search=${detail.number}`, support);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().rows.map((r: { hash: string }) => r.hash)).toEqual([invoice]);
    const open = await get(`${ADMIN_API.invoices}?status=open&limit=100`, ops);
    expect(open.json().rows.every((r: { status: string }) => r.status === 'open')).toBe(true);
    const refunded = await get(`${ADMIN_API.invoices}?status=refunded`, ops);
    expect(refunded.json().rows.length).toBeGreaterThan(0);
    const orderRow = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(invoices.hash, invoice));
    expect(orderRow[0]?.status).toBe('pending_payment');
  });
});
