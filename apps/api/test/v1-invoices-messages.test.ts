import {
  ZProblemSchema,
  ZV1InvoiceListSchema,
  ZV1InvoiceResponseSchema,
  ZV1MessageSchema,
  ZV1OrderResponseSchema,
  ZV1PropertyResponseSchema,
  ZV1ThreadListSchema,
  ZV1ThreadSchema,
} from '@lantern/contracts';
import { auditLog } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';
import { apiTokenFor, bearerCall } from './helpers/v1-tokens.ts';

/**
 * Issue 48: /api/v1/invoices and /api/v1/messages, v1's own resources. A token orders a paid
 * service through /api/v1, reads the invoice it made (all of them, one property's, one in full,
 * its receipt once staff record the payment), and writes and reads a property's messages; another
 * person's invoice, property or thread is a 404, and a token without the scope is refused by name.
 */
let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let ops: SignedIn;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'v1im-owner');
  other = await signUpUser(t.app, 'v1im-other');
  ops = await signUpUser(t.app, 'v1im-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  tokens.write = await apiTokenFor(t.app, owner, [
    'properties:write',
    'orders:write',
    'messages:write',
  ]);
  tokens.read = await apiTokenFor(t.app, owner, ['orders:read', 'messages:read']);
  tokens.messagesOnly = await apiTokenFor(t.app, owner, ['messages:write']);
  tokens.other = await apiTokenFor(t.app, other, ['orders:write', 'messages:write']);
});
afterAll(() => t.close());

const call = (name: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  bearerCall(t.app, tokens[name] ?? '', method, url, payload);

/** A property made through /api/v1 with a $149 MLS listing ordered on it: its open invoice. */
async function orderedInvoice(street: string) {
  const created = await call('write', 'POST', '/api/v1/properties', {
    propertyLocation: 'address',
    transactionRole: 'seller',
    propertyAddress: {
      apn: '',
      streetAddress: street,
      unit: '',
      city: 'Springfield',
      county: 'Sangamon County',
      state: 'IL',
      zipCode: '62701',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const property = ZV1PropertyResponseSchema.parse(created.json()).property.hash;
  const ordered = await call('write', 'POST', '/api/v1/orders', {
    property,
    product: 'mls-listing-state',
  });
  expect(ordered.statusCode, ordered.body).toBe(201);
  const invoice = ZV1OrderResponseSchema.parse(ordered.json()).order.invoice;
  if (!invoice) throw new Error('the order made no invoice');
  return { property, invoice };
}

describe('/api/v1/invoices', () => {
  it('lists and reads the invoices of ordered services, newest first, one property’s by filter', async () => {
    const first = await orderedInvoice('1 Invoice Ave');
    const second = await orderedInvoice('2 Invoice Ave');

    const all = await call('read', 'GET', '/api/v1/invoices');
    expect(all.statusCode, all.body).toBe(200);
    const hashes = ZV1InvoiceListSchema.parse(all.json()).invoices.map((i) => i.hash);
    expect(hashes.indexOf(second.invoice)).toBeLessThan(hashes.indexOf(first.invoice));
    expect(hashes).toContain(first.invoice);

    const page = await call('read', 'GET', '/api/v1/invoices?limit=1');
    expect(ZV1InvoiceListSchema.parse(page.json()).invoices).toHaveLength(1);
    expect(page.headers['next-cursor']).toBeTruthy();

    const filtered = await call('read', 'GET', `/api/v1/invoices?property=${first.property}`);
    expect(filtered.statusCode).toBe(200);
    const only = ZV1InvoiceListSchema.parse(filtered.json()).invoices;
    expect(only.map((i) => i.hash)).toEqual([first.invoice]);
    expect(only[0]).toMatchObject({ property: first.property, status: 'open', totalCents: 14_900 });

    const one = await call('read', 'GET', `/api/v1/invoices/${first.invoice}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(ZV1InvoiceResponseSchema.parse(one.json()).invoice).toMatchObject({
      hash: first.invoice,
      property: first.property,
      balanceCents: 14_900,
      payments: [],
    });
  });

  it('another person’s invoice or property is a 404; without orders:read the scope is named', async () => {
    const { property, invoice } = await orderedInvoice('3 Invoice Ave');
    expect((await call('other', 'GET', `/api/v1/invoices/${invoice}`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/v1/invoices?property=${property}`)).statusCode).toBe(
      404,
    );
    const receipt = await call('other', 'GET', `/api/v1/invoices/${invoice}/receipt.pdf`);
    expect(receipt.statusCode).toBe(404);
    const theirs = await call('other', 'GET', '/api/v1/invoices');
    expect(ZV1InvoiceListSchema.parse(theirs.json()).invoices.map((i) => i.hash)).not.toContain(
      invoice,
    );

    const refused = await call('messagesOnly', 'GET', `/api/v1/invoices/${invoice}`);
    expect(refused.statusCode).toBe(403);
    const problem = ZProblemSchema.parse(refused.json());
    expect(problem.code).toBe('insufficient_scope');
    expect(problem.scope).toBe('orders:read');
  });

  it('answers the receipt as a PDF once the invoice is paid, 409 before', async () => {
    const { invoice } = await orderedInvoice('4 Invoice Ave');
    const url = `/api/v1/invoices/${invoice}/receipt.pdf`;
    const early = await call('read', 'GET', url);
    expect(early.statusCode).toBe(409);

    const paid = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.invoicePayments(invoice),
      headers: { ...BROWSER, cookie: ops.cookie },
      payload: {
        amountCents: 14_900,
        method: 'check',
        reference: '48',
        receivedOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const res = await call('read', 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="receipt-INV-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a lone surrogate in the path or the query is a 4xx, never a 5xx', async () => {
    for (const url of [
      '/api/v1/invoices/%ED%A0%80',
      '/api/v1/invoices/%ED%A0%80/receipt.pdf',
      '/api/v1/invoices?property=%ED%A0%80',
    ]) {
      const res = await call('read', 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('/api/v1/messages', () => {
  it('sends a message with messages:write and reads it in the thread and the thread list', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '5 Message Mews' });
    const sent = await call('write', 'POST', '/api/v1/messages', {
      property: home.hash,
      body: '  When is the photographer coming?  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = ZV1MessageSchema.parse(sent.json());
    expect(message).toMatchObject({
      property: home.hash,
      body: 'When is the photographer coming?',
    });
    // The activity log has the send, against the property.
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'property'), eq(auditLog.recordId, home.hash)));
    expect(rows.map((r) => r.action)).toContain('POST /api/v1/messages');

    const thread = await call('read', 'GET', `/api/v1/messages?property=${home.hash}`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(ZV1ThreadSchema.parse(thread.json()).messages.map((m) => m.hash)).toEqual([
      message.hash,
    ]);
    const list = await call('read', 'GET', '/api/v1/messages/threads');
    expect(list.statusCode, list.body).toBe(200);
    const mine = ZV1ThreadListSchema.parse(list.json()).threads.find(
      (th) => th.property === home.hash,
    );
    expect(mine?.lastMessage?.hash).toBe(message.hash);

    const read = await call('write', 'POST', '/api/v1/messages/read', {
      property: home.hash,
      upTo: message.hash,
    });
    expect(read.statusCode, read.body).toBe(204);
  });

  it('a read-only token may not send; another person’s thread is a 404', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '6 Message Mews' });
    const readOnly = await call('read', 'POST', '/api/v1/messages', {
      property: home.hash,
      body: 'Hello',
    });
    expect(readOnly.statusCode).toBe(403);
    expect(ZProblemSchema.parse(readOnly.json()).scope).toBe('messages:write');

    const theirs = await call('other', 'GET', `/api/v1/messages?property=${home.hash}`);
    expect(theirs.statusCode).toBe(404);
    const write = await call('other', 'POST', '/api/v1/messages', {
      property: home.hash,
      body: 'Let me in',
    });
    expect(write.statusCode).toBe(404);
    const list = await call('other', 'GET', '/api/v1/messages/threads');
    const seen = ZV1ThreadListSchema.parse(list.json()).threads.map((th) => th.property);
    expect(seen).not.toContain(home.hash);
  });

  it('a lone surrogate in a body or the query is a 4xx, never a 5xx', async () => {
    const home = await addProperty(t.app, owner.userId, 'seller', { street: '7 Message Mews' });
    const answers = [
      await call('write', 'POST', '/api/v1/messages', { property: home.hash, body: 'a\uD800b' }),
      await call('write', 'POST', '/api/v1/messages', { property: '\uD800', body: 'Hello' }),
      await call('write', 'POST', '/api/v1/messages/read', { property: home.hash, upTo: '\uD800' }),
      await call('read', 'GET', '/api/v1/messages?property=%ED%A0%80'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });
});
