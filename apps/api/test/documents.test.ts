import {
  DOCUMENT_TEXTS,
  DOCUMENTS_API,
  MESSAGES,
  type TChecklist,
  type TDocument,
} from '@lantern/contracts';
import { mlsListings } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { addMlsListing, multipart } from './helpers/photo-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
let support: SignedIn;
let aliceProperty: string;
let bobProperty: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64)]);

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'docs-a');
  bob = await signUpUser(t.app, 'docs-b');
  ops = await signUpUser(t.app, 'docs-ops');
  support = await signUpUser(t.app, 'docs-support');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await giveStaffRole(t.app, support.userId, 'support');
  aliceProperty = (await addProperty(t.app, alice.userId, 'seller', { street: '12 Paper St' }))
    .hash;
  bobProperty = (await addProperty(t.app, bob.userId, 'seller', { street: '14 Ink St' })).hash;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

const checklistUrl = (property: string, kind = 'sale_seller') =>
  `${DOCUMENTS_API.checklist}?property=${property}&kind=${kind}`;

function upload(
  who: SignedIn,
  type: string,
  file: { name: string; type?: string; data: Buffer },
  property = aliceProperty,
) {
  const body = multipart([file]);
  return t.app.inject({
    method: 'POST',
    url: `${DOCUMENTS_API.upload}?property=${property}&kind=sale_seller&type=${type}`,
    headers: { ...BROWSER, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(type: string, name = 'disclosure.pdf'): Promise<TDocument> {
  const res = await upload(alice, type, { name, type: 'application/pdf', data: PDF });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document;
}

async function checklist(property = aliceProperty): Promise<TChecklist> {
  const res = await send('GET', checklistUrl(property), alice);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const item = (c: TChecklist, type: string) => c.items.find((i) => i.type === type);
const review = (who: SignedIn, hash: string, body: object) =>
  send('POST', DOCUMENTS_API.adminReview(hash), who, body);

describe('document uploads', () => {
  it('takes a PDF, JPEG or PNG by its bytes and keeps its size and SHA-256', async () => {
    const doc = await uploaded('listing_agreement', 'agreement.pdf');
    expect(doc).toMatchObject({
      state: 'submitted',
      version: 1,
      contentType: 'application/pdf',
      bytes: PDF.length,
      fileName: 'agreement.pdf',
    });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await send('GET', DOCUMENTS_API.file(doc.hash), alice);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a renamed program, whatever its name and declared type, in words', async () => {
    const res = await upload(alice, 'addendum', {
      name: 'addendum.pdf',
      type: 'application/pdf',
      data: EXE,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: DOCUMENT_TEXTS.wrongType,
      errors: { file: [DOCUMENT_TEXTS.wrongType] },
    });
    expect(item(await checklist(), 'addendum')?.latest).toBeNull();
  });

  it('refuses a file over 25 MB and an empty one', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 1 - PDF.length)]);
    const res = await upload(alice, 'other', { name: 'big.pdf', data: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(DOCUMENT_TEXTS.tooLarge);
    const empty = await upload(alice, 'other', { name: 'empty.pdf', data: Buffer.alloc(0) });
    expect(empty.json().message).toBe(DOCUMENT_TEXTS.empty);
    expect(item(await checklist(), 'other')?.latest).toBeNull();
  });

  it('answers 404 for another user’s property: checklist, upload, file, year', async () => {
    expect((await send('GET', checklistUrl(bobProperty), alice)).statusCode).toBe(404);
    const res = await upload(alice, 'other', { name: 'x.pdf', data: PDF }, bobProperty);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MESSAGES.notFound });
    const doc = await uploaded('purchase_contract', 'contract.pdf');
    expect((await send('GET', DOCUMENTS_API.file(doc.hash), bob)).statusCode).toBe(404);
    const year = await send('PUT', DOCUMENTS_API.yearBuilt, alice, {
      property: bobProperty,
      year: 1950,
    });
    expect(year.statusCode).toBe(404);
  });
});

describe('the checklist and the 1978 rule', () => {
  it('asks for the year, then needs the lead-based paint disclosure before 1978 only', async () => {
    const property = (await addProperty(t.app, alice.userId, 'seller', { street: '3 Old Mill Rd' }))
      .hash;
    let c = await checklist(property);
    expect(c.yearBuilt).toEqual({ year: null, source: null });
    expect(item(c, 'lead_paint_disclosure')).toMatchObject({ need: 'ask', missing: true });
    expect(c.missing).toBe(4);

    const put = (year: number) => send('PUT', DOCUMENTS_API.yearBuilt, alice, { property, year });
    expect((await put(1977)).statusCode).toBe(204);
    c = await checklist(property);
    expect(c.yearBuilt).toEqual({ year: 1977, source: 'stated' });
    expect(item(c, 'lead_paint_disclosure')?.need).toBe('required');

    await put(1978);
    c = await checklist(property);
    expect(item(c, 'lead_paint_disclosure')).toBeUndefined();
    expect(c.missing).toBe(3);

    const bad = await send('PUT', DOCUMENTS_API.yearBuilt, alice, { property, year: 1200 });
    expect(bad.statusCode).toBe(422);
  });

  it('takes the MLS listing’s YearBuilt over the year the customer stated', async () => {
    const created = await addProperty(t.app, alice.userId, 'seller', { street: '5 Listed Ave' });
    await send('PUT', DOCUMENTS_API.yearBuilt, alice, { property: created.hash, year: 1990 });
    const listing = await addMlsListing(t.app.db, created.id, alice.userId);
    await t.app.db
      .update(mlsListings)
      .set({ fields: { YearBuilt: 1965 } })
      .where(eq(mlsListings.id, listing.id));
    const c = await checklist(created.hash);
    expect(c.yearBuilt).toEqual({ year: 1965, source: 'mls' });
    expect(item(c, 'lead_paint_disclosure')?.need).toBe('required');
  });
});

describe('staff review', () => {
  it('sends back with a reason (mailed), takes the resubmission, approves it', async () => {
    const first = await uploaded('sellers_disclosure');
    const queue = await send('GET', `${DOCUMENTS_API.adminDocuments}?state=submitted`, ops);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().rows.map((r: { hash: string }) => r.hash)).toContain(first.hash);
    const found = await send('GET', `${DOCUMENTS_API.adminDocuments}?search=14%20Ink`, ops);
    expect(found.json().rows.map((r: { hash: string }) => r.hash)).not.toContain(first.hash);

    const missingReason = await review(ops, first.hash, { decision: 'reject' });
    expect(missingReason.statusCode).toBe(422);

    // The outbox sends at once and then keeps only address and subject: read the mail on its way.
    const enqueue = vi.spyOn(t.app.outbox, 'enqueue');
    const rejected = await review(ops, first.hash, {
      decision: 'reject',
      reason: 'unsigned',
      note: 'Page 2 needs your initials.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', reason: 'unsigned' });
    const mail = enqueue.mock.calls.map((c) => c[0]).find((m) => m.to === alice.email);
    enqueue.mockRestore();
    expect(mail?.subject).toBe("Please send the Seller's property disclosure again");
    expect(mail?.text).toContain('Why: A signature or initials are missing.');
    expect(mail?.text).toContain('Our note: Page 2 needs your initials.');
    expect(mail?.text).toContain(`/dashboard/documents?property=${aliceProperty}&kind=sale_seller`);

    const seen = item(await checklist(), 'sellers_disclosure');
    expect(seen).toMatchObject({ missing: true, canUpload: true });
    expect(seen?.latest).toMatchObject({
      state: 'rejected',
      reasonText: 'A signature or initials are missing.',
      note: 'Page 2 needs your initials.',
    });

    // A second decision on the same file is refused.
    expect((await review(ops, first.hash, { decision: 'approve' })).statusCode).toBe(409);

    const second = await uploaded('sellers_disclosure', 'disclosure-signed.pdf');
    expect(second.version).toBe(2);
    // The old file is no longer the one to decide on.
    const stale = await review(ops, first.hash, { decision: 'approve' });
    expect(stale.statusCode).toBe(409);

    const approved = await review(ops, second.hash, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ state: 'approved', reason: null });
    const done = item(await checklist(), 'sellers_disclosure');
    expect(done).toMatchObject({ missing: false, canUpload: false });

    const again = await upload(alice, 'sellers_disclosure', { name: 'again.pdf', data: PDF });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DOCUMENT_TEXTS.closed);
  });

  it('marks a document not needed, which completes its checklist item', async () => {
    const doc = (await checklist()).items.find((i) => i.type === 'purchase_contract')?.latest;
    expect(doc?.state).toBe('submitted');
    const res = await review(ops, doc?.hash ?? '', { decision: 'exempt' });
    expect(res.json().state).toBe('exempt');
    expect(item(await checklist(), 'purchase_contract')?.missing).toBe(false);
  });

  it('lets one of two reviews at once win; the other is refused', async () => {
    const doc = await uploaded('listing_agreement', 'agreement-2.pdf');
    const [a, b] = await Promise.all([
      review(ops, doc.hash, { decision: 'approve' }),
      review(ops, doc.hash, { decision: 'reject', reason: 'unreadable' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('sends back only for an offered reason; staff add and retire reasons', async () => {
    const doc = await uploaded('addendum', 'addendum.pdf');
    const unknown = await review(ops, doc.hash, { decision: 'reject', reason: 'no-such' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ reason: [DOCUMENT_TEXTS.reasonRetired] });

    const added = await send('POST', DOCUMENTS_API.adminReasons, ops, {
      label: 'The buyer’s name is spelled differently on each page.',
    });
    expect(added.statusCode, added.body).toBe(201);
    const reason = (added.json().reasons as { key: string; label: string }[]).find((r) =>
      r.label.startsWith('The buyer’s name'),
    );
    const twice = await send('POST', DOCUMENTS_API.adminReasons, ops, {
      label: 'The buyer’s name is spelled differently on each page.',
    });
    expect(twice.json().errors).toEqual({ label: [DOCUMENT_TEXTS.reasonExists] });

    const retired = await send('PUT', DOCUMENTS_API.adminReason(reason?.key ?? ''), ops, {
      retired: true,
    });
    expect(retired.json().reasons).toContainEqual({ ...reason, retired: true });
    const refused = await review(ops, doc.hash, { decision: 'reject', reason: reason?.key ?? '' });
    expect(refused.statusCode).toBe(422);

    await send('PUT', DOCUMENTS_API.adminReason(reason?.key ?? ''), ops, { retired: false });
    const sent = await review(ops, doc.hash, { decision: 'reject', reason: reason?.key ?? '' });
    expect(sent.json()).toMatchObject({ state: 'rejected', reasonText: reason?.label });
    // Retiring it later keeps the words on the document sent back for it.
    await send('PUT', DOCUMENTS_API.adminReason(reason?.key ?? ''), ops, { retired: true });
    expect(item(await checklist(), 'addendum')?.latest?.reasonText).toBe(reason?.label);
    expect(
      (await send('PUT', DOCUMENTS_API.adminReason('nope'), ops, { retired: true })).statusCode,
    ).toBe(404);
    expect((await send('GET', DOCUMENTS_API.adminReasons, support)).statusCode).toBe(403);
  });

  it('needs the documents.review permission', async () => {
    const doc = await uploaded('other', 'note.pdf');
    expect((await send('GET', DOCUMENTS_API.adminDocuments, support)).statusCode).toBe(403);
    expect((await review(support, doc.hash, { decision: 'approve' })).statusCode).toBe(403);
    expect((await review(alice, doc.hash, { decision: 'approve' })).statusCode).toBe(403);
    expect((await send('GET', DOCUMENTS_API.adminFile(doc.hash), ops)).statusCode).toBe(200);
    expect((await review(ops, 'nope', { decision: 'approve' })).statusCode).toBe(404);
  });
});
