import { createHash } from 'node:crypto';
import {
  SETTLEMENT_API as API,
  SELLER_SETTLEMENT_API,
  SETTLEMENT_ESIGN_VERSION,
  SETTLEMENT_TEXTS,
  type TSellerSettlementDocument,
  type TSettlementTransactionDetail,
} from '@lantern/contracts';
import {
  documentSigners,
  newHash,
  propertyParticipants,
  settlementCdaPayees,
  settlementCdas,
  signingDocuments,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import { type TVendorKind, VENDOR_KIND_KEYS } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { multipart } from './helpers/photo-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * Issue 24, the settlement vendor page (docs/decisions/049): access by kind and assignment,
 * transactions, the statement, the CDA's arithmetic, its signature through the signing service,
 * staff's approval, and that an approved CDA refuses every change in the service and the database.
 */
let t: TestApp;
let seller: SignedIn;
let agent: SignedIn; // settlement vendor assigned to the property
let otherAgent: SignedIn; // settlement vendor assigned elsewhere
let staff: SignedIn;
let support: SignedIn;
let propertyHash: string;
let propertyId: number;
let otherPropertyHash: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const CONSENT = { consent: true, consentVersion: SETTLEMENT_ESIGN_VERSION };

const send = (method: string, url: string, who: SignedIn | null, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...BROWSER, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function assign(userId: number, kind: TVendorKind, property: number) {
  await t.app.db
    .insert(vendorAssignments)
    .values({ hash: newHash(), userId, kind, propertyId: property })
    .onConflictDoNothing();
}

function uploadStatement(who: SignedIn, hash: string, data = PDF, name = 'statement.pdf') {
  const body = multipart([{ name, type: 'application/pdf', data }]);
  return t.app.inject({
    method: 'POST',
    url: API.statement(hash),
    headers: { ...BROWSER, cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

async function newTransaction(who = agent, property = propertyHash) {
  const res = await send('POST', API.list, who, {
    property,
    escrowNumber: 'ESC-1001',
    salePriceCents: 50_000_000,
    closingDate: '2026-12-15',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSettlementTransactionDetail;
}

const sellerList = (property: string) =>
  `${SELLER_SETTLEMENT_API.list}?property=${encodeURIComponent(property)}`;

const payees = [
  { name: 'Lantern Realty', role: 'listing_brokerage', amountCents: 500_000 },
  {
    name: 'Buyer Side Homes',
    role: 'buyer_brokerage',
    amountCents: 999_999,
    instructions: 'Wire to account on file',
  },
  { name: 'Referral Co', role: 'referral', amountCents: 1 },
];

beforeAll(async () => {
  // More sign-ups than one address may make in an hour.
  t = await buildTestApp({ rateLimits: false });
  seller = await signUpUser(t.app, 'seller');
  agent = await signUpUser(t.app, 'settle');
  otherAgent = await signUpUser(t.app, 'settle-other');
  staff = await signUpUser(t.app, 'ops');
  support = await signUpUser(t.app, 'support');
  await giveVendorKinds(t.app, agent.userId, ['settlement']);
  await giveVendorKinds(t.app, otherAgent.userId, ['settlement']);
  await giveStaffRole(t.app, staff.userId, 'operations');
  await giveStaffRole(t.app, support.userId, 'support');
  const property = await addProperty(t.app, seller.userId);
  propertyHash = property.hash;
  propertyId = (await t.app.properties.findByHash(property.hash))?.id ?? 0;
  const other = await addProperty(t.app, seller.userId, 'seller', { street: '12 Elm St' });
  otherPropertyHash = other.hash;
  const otherId = (await t.app.properties.findByHash(other.hash))?.id ?? 0;
  await assign(agent.userId, 'settlement', propertyId);
  await assign(otherAgent.userId, 'settlement', otherId);
});
afterAll(() => t.close());

describe('vendor access', () => {
  it('each vendor kind, assigned or not: only an assigned settlement vendor sees the transaction', async () => {
    const tx = await newTransaction();
    const outcomes: string[] = [];
    for (const kind of VENDOR_KIND_KEYS) {
      for (const assigned of [true, false]) {
        const who = await signUpUser(t.app, `k-${kind}`);
        await giveVendorKinds(t.app, who.userId, [kind]);
        if (assigned) await assign(who.userId, kind, propertyId);
        const one = await send('GET', API.one(tx.hash), who);
        const list = await send('GET', API.list, who);
        const rows = list.statusCode === 200 ? list.json().rows.length : null;
        outcomes.push(`${kind}/${assigned ? 'assigned' : 'unassigned'}: ${one.statusCode} ${rows}`);
      }
    }
    expect(outcomes).toEqual(
      VENDOR_KIND_KEYS.flatMap((kind) =>
        kind === 'settlement'
          ? [`${kind}/assigned: 200 1`, `${kind}/unassigned: 404 0`]
          : [`${kind}/assigned: 403 null`, `${kind}/unassigned: 403 null`],
      ),
    );
    // Close it so the other tests can open their own.
    await t.app.db.execute(
      sql`update settlement_transactions set status = 'closed' where hash = ${tx.hash}`,
    );
  });

  it('another settlement vendor gets 404 on every route of a transaction not theirs', async () => {
    const tx = await newTransaction();
    for (const [method, url, payload] of [
      ['GET', API.one(tx.hash)],
      ['PUT', API.one(tx.hash), { salePriceCents: 1, closingDate: '2026-12-01', status: 'open' }],
      ['PUT', API.cda(tx.hash), { commissionCents: 1, payees: [] }],
      ['POST', API.sign(tx.hash), CONSENT],
      ['GET', API.statement(tx.hash)],
      ['GET', API.cdaFile(tx.hash, 'unsigned')],
    ] as const) {
      const res = await send(method, url, otherAgent, payload);
      expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 404 });
    }
    expect((await uploadStatement(otherAgent, tx.hash)).statusCode).toBe(404);
    // Nor can they start one on a property not assigned to them.
    const res = await send('POST', API.list, otherAgent, {
      property: propertyHash,
      salePriceCents: 100,
      closingDate: '2026-12-01',
    });
    expect(res.statusCode).toBe(404);
    // Their own list is their property's only.
    const props = await send('GET', API.properties, otherAgent);
    expect(props.json().properties.map((p: { hash: string }) => p.hash)).toEqual([
      otherPropertyHash,
    ]);
    // Losing the settlement kind ends the access.
    const leaving = await signUpUser(t.app, 'leaving');
    await giveVendorKinds(t.app, leaving.userId, ['settlement', 'agent']);
    await assign(leaving.userId, 'settlement', propertyId);
    expect((await send('GET', API.one(tx.hash), leaving)).statusCode).toBe(200);
    await t.app.db
      .delete(userVendorKinds)
      .where(
        and(eq(userVendorKinds.userId, leaving.userId), eq(userVendorKinds.kind, 'settlement')),
      );
    await t.app.currentUser.changed(leaving.userId);
    expect((await send('GET', API.one(tx.hash), leaving)).statusCode).toBe(403);
    await t.app.db.execute(
      sql`update settlement_transactions set status = 'closed' where hash = ${tx.hash}`,
    );
  });

  it('staff start a transaction only where a settlement vendor is assigned; the vendor sees it', async () => {
    const unassigned = await addProperty(t.app, seller.userId, 'seller', {
      street: '9 Nowhere Rd',
    });
    const figures = { salePriceCents: 30_000_000, closingDate: '2027-01-20' };
    const refused = await send('POST', API.adminList, staff, {
      property: unassigned.hash,
      ...figures,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.property).toEqual([SETTLEMENT_TEXTS.noSettlementVendor]);
    const listed = (await send('GET', API.adminProperties, staff)).json().properties;
    expect(listed.map((p: { hash: string }) => p.hash).sort()).toEqual(
      [propertyHash, otherPropertyHash].sort(),
    );
    const made = await send('POST', API.adminList, staff, {
      property: otherPropertyHash,
      ...figures,
    });
    expect(made.statusCode, made.body).toBe(201);
    const hash = made.json().hash as string;
    expect((await send('GET', API.one(hash), otherAgent)).statusCode).toBe(200);
    expect((await send('GET', API.one(hash), agent)).statusCode).toBe(404);
    await t.app.db.execute(
      sql`update settlement_transactions set status = 'closed' where hash = ${hash}`,
    );
  });

  it('staff need settlement.approve', async () => {
    expect((await send('GET', API.adminList, support)).statusCode).toBe(403);
    expect((await send('GET', API.adminList, staff)).statusCode).toBe(200);
    expect((await send('GET', API.adminList, agent)).statusCode).toBe(403);
  });
});

describe('a transaction and its CDA', () => {
  let hash: string;

  it('one open transaction per property', async () => {
    hash = (await newTransaction()).hash;
    const again = await send('POST', API.list, agent, {
      property: propertyHash,
      salePriceCents: 100,
      closingDate: '2026-12-01',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SETTLEMENT_TEXTS.openAlready);
    const list = await send('GET', `${API.list}?status=open`, agent);
    expect(list.json().rows.map((r: { hash: string }) => r.hash)).toEqual([hash]);
  });

  it('refuses payees that do not add up, with the gap in words, and saves those that do', async () => {
    const short = await send('PUT', API.cda(hash), agent, {
      commissionCents: 1_500_001,
      payees,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.payees[0]).toContain('$0.01 less than the commission of $15,000.01');
    const zero = await send('PUT', API.cda(hash), agent, {
      commissionCents: 1_500_000,
      payees: [...payees.slice(0, 2), { ...payees[2], amountCents: 0 }],
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors['payees.2.amountCents']).toHaveLength(1);
    const ok = await send('PUT', API.cda(hash), agent, { commissionCents: 1_500_000, payees });
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as TSettlementTransactionDetail;
    expect(body.cda?.status).toBe('draft');
    expect(body.cda?.payees.map((p) => p.amountCents)).toEqual([500_000, 999_999, 1]);
    expect(body.cda?.payees[1]?.instructions).toBe('Wire to account on file');
  });

  it('needs the statement, a PDF by its bytes, before signing', async () => {
    const early = await send('POST', API.sign(hash), agent, CONSENT);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SETTLEMENT_TEXTS.noStatement);
    const fake = await uploadStatement(agent, hash, Buffer.from('not a pdf at all'), 'x.pdf');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().message).toBe(SETTLEMENT_TEXTS.statementNotPdf);
    const up = await uploadStatement(agent, hash);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().statement.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    const file = await send('GET', API.statement(hash), agent);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('is signed by the settlement agent with the whole trail; the PDF carries the payees', async () => {
    const noConsent = await send('POST', API.sign(hash), agent, { consent: false });
    expect(noConsent.statusCode).toBe(422);
    const enqueue = vi.spyOn(t.app.outbox, 'enqueue');
    const res = await t.app.inject({
      method: 'POST',
      url: API.sign(hash),
      headers: { ...BROWSER, cookie: agent.cookie, 'user-agent': 'SettlementTest/1.0' },
      payload: CONSENT,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Staff who approve are told (decision 066); support, the seller and the agent are not.
    const mails = enqueue.mock.calls.map((c) => c[0]);
    enqueue.mockRestore();
    expect(mails.map((m) => m.to)).toEqual([staff.email]);
    expect(mails[0]?.subject).toBe(
      'Commission disbursement to approve: 1600 Main St, Springfield, IL 62701',
    );
    expect(mails[0]?.text).toContain(
      `${agent.email} signed the commission disbursement authorisation for 1600 Main St, Springfield, IL 62701: $15,000.00 in commission.`,
    );
    expect(mails[0]?.text).toContain(`/admin/settlement/${hash}`);
    // Signed is not approved: the seller sees nothing of it yet.
    const early = await send('GET', sellerList(propertyHash), seller);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().transactions).toEqual([]);
    for (const file of ['statement', 'cda'] as const)
      expect((await send('GET', SELLER_SETTLEMENT_API.file(hash, file), seller)).statusCode).toBe(
        404,
      );
    const body = res.json() as TSettlementTransactionDetail;
    expect(body.cda?.status).toBe('signed');
    expect(body.cda?.document?.status).toBe('signed');
    expect(body.cda?.document?.signers).toEqual([
      expect.objectContaining({ email: agent.email, you: true }),
    ]);
    const [doc] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.hash, body.cda?.document?.hash ?? ''));
    expect(doc?.kind).toBe('settlement_cda');
    const [signer] = await t.app.db
      .select()
      .from(documentSigners)
      .where(eq(documentSigners.documentId, doc?.id ?? 0));
    expect(signer).toMatchObject({
      userId: agent.userId,
      userAgent: 'SettlementTest/1.0',
      consentVersion: SETTLEMENT_ESIGN_VERSION,
      unsignedSha256: doc?.unsignedSha256,
    });
    expect(signer?.ip).toBeTruthy();
    const unsigned = await send('GET', API.cdaFile(hash, 'unsigned'), agent);
    const signed = await send('GET', API.cdaFile(hash, 'signed'), agent);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(unsigned.rawPayload)).toBe(doc?.unsignedSha256);
    expect(sha(signed.rawPayload)).toBe(doc?.signedSha256);
    const pdf = await PDFDocument.load(signed.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2); // the CDA and its certificate
    expect(pdf.getTitle()).toBe('Commission Disbursement Authorisation');
  });

  it('cannot be edited once signed; the figures on it are fixed', async () => {
    const edit = await send('PUT', API.cda(hash), agent, { commissionCents: 1_500_000, payees });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SETTLEMENT_TEXTS.cdaSigned);
    const figures = await send('PUT', API.one(hash), agent, {
      escrowNumber: 'ESC-1001',
      salePriceCents: 49_000_000,
      closingDate: '2026-12-15',
      status: 'open',
    });
    expect(figures.statusCode).toBe(409);
    expect(figures.json().message).toBe(SETTLEMENT_TEXTS.figuresFixed);
  });

  it('staff send it back with a note; the agent edits and signs again', async () => {
    const noNote = await send('POST', API.adminReturn(hash), staff, { note: '' });
    expect(noNote.statusCode).toBe(422);
    const enqueue = vi.spyOn(t.app.outbox, 'enqueue');
    const back = await send('POST', API.adminReturn(hash), staff, {
      note: 'The referral is 1 cent, please check.',
    });
    expect(back.statusCode, back.body).toBe(200);
    const mail = enqueue.mock.calls.map((c) => c[0]).find((m) => m.to === agent.email);
    enqueue.mockRestore();
    expect(mail?.subject).toBe(
      'Please correct the commission disbursement for 1600 Main St, Springfield, IL 62701',
    );
    expect(mail?.text).toContain('Our note: The referral is 1 cent, please check.');
    expect(mail?.text).toContain(`/vendor/settlement/${hash}`);
    expect(back.json().cda.status).toBe('draft');
    const seen = await send('GET', API.one(hash), agent);
    expect(seen.json().cda.returnNote).toBe('The referral is 1 cent, please check.');
    const edit = await send('PUT', API.cda(hash), agent, {
      commissionCents: 1_500_000,
      payees: [
        payees[0],
        { ...payees[1], amountCents: 900_000 },
        { ...payees[2], amountCents: 100_000 },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const sign = await send('POST', API.sign(hash), agent, CONSENT);
    expect(sign.statusCode, sign.body).toBe(200);
    expect(sign.json().cda.returnNote).toBeNull();
    const queue = await send('GET', API.adminList, staff);
    expect(queue.json().rows.map((r: { hash: string }) => r.hash)).toContain(hash);
  });

  it('staff approve; then every change is refused by the service and by the database', async () => {
    const enqueue = vi.spyOn(t.app.outbox, 'enqueue');
    const approve = await send('POST', API.adminApprove(hash), staff);
    expect(approve.statusCode, approve.body).toBe(200);
    const mail = enqueue.mock.calls.map((c) => c[0]).find((m) => m.to === agent.email);
    const sellerMail = enqueue.mock.calls.map((c) => c[0]).find((m) => m.to === seller.email);
    enqueue.mockRestore();
    expect(mail?.subject).toBe(
      'Commission disbursement approved: 1600 Main St, Springfield, IL 62701',
    );
    expect(sellerMail?.subject).toBe(
      'Your closing documents for 1600 Main St, Springfield, IL 62701',
    );
    expect(sellerMail?.text).toContain(`/dashboard/documents?property=${propertyHash}`);
    const body = approve.json() as TSettlementTransactionDetail;
    expect(body.cda?.status).toBe('approved');
    expect(body.cda?.approvedAt).toBeTruthy();
    expect((await send('POST', API.adminApprove(hash), staff)).statusCode).toBe(409);
    expect((await send('POST', API.adminReturn(hash), staff, { note: 'x' })).statusCode).toBe(409);
    const edit = await send('PUT', API.cda(hash), agent, { commissionCents: 1_500_000, payees });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SETTLEMENT_TEXTS.cdaApproved);
    expect((await send('POST', API.sign(hash), agent, CONSENT)).statusCode).toBe(409);
    expect((await uploadStatement(agent, hash)).statusCode).toBe(409);
    // Closing the transaction is still allowed (its status is not on the CDA).
    const close = await send('PUT', API.one(hash), agent, {
      escrowNumber: 'ESC-1001',
      salePriceCents: 50_000_000,
      closingDate: '2026-12-15',
      status: 'closed',
    });
    expect(close.statusCode, close.body).toBe(200);

    // The database layer, past the service.
    const [cda] = await t.app.db
      .select()
      .from(settlementCdas)
      .where(eq(settlementCdas.id, (await t.app.settlementRepo.find(hash, null))?.cda?.id ?? 0));
    if (!cda) throw new Error('no cda');
    const refused = async (run: () => Promise<unknown>) => {
      const err = await run().then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(err?.cause?.message ?? err?.message)).toMatch(/immutable/);
    };
    await refused(() =>
      t.app.db
        .update(settlementCdas)
        .set({ commissionCents: 1 })
        .where(eq(settlementCdas.id, cda.id)),
    );
    await refused(() =>
      t.app.db.update(settlementCdas).set({ status: 'draft' }).where(eq(settlementCdas.id, cda.id)),
    );
    await refused(() => t.app.db.delete(settlementCdas).where(eq(settlementCdas.id, cda.id)));
    await refused(() =>
      t.app.db
        .update(settlementCdaPayees)
        .set({ amountCents: 2 })
        .where(eq(settlementCdaPayees.cdaId, cda.id)),
    );
    await refused(() =>
      t.app.db.delete(settlementCdaPayees).where(eq(settlementCdaPayees.cdaId, cda.id)),
    );
    await refused(() =>
      t.app.db
        .insert(settlementCdaPayees)
        .values({ cdaId: cda.id, position: 9, name: 'X', role: 'other', amountCents: 1 }),
    );
    // The repository's own write, as a race past the service check would make it.
    expect(await t.app.settlementRepo.saveCda(cda.transactionId, agent.userId, 1, [])).toBe(
      'approved',
    );
    const after = await send('GET', API.adminOne(hash), staff);
    expect(after.json().cda.payees.map((p: { amountCents: number }) => p.amountCents)).toEqual([
      500_000, 900_000, 100_000,
    ]);
  });

  it('gives the sellers the statement and the signed CDA once approved, and nobody else', async () => {
    const list = await send('GET', sellerList(propertyHash), seller);
    expect(list.statusCode, list.body).toBe(200);
    const [sale] = list.json().transactions as TSellerSettlementDocument[];
    const [doc] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(
        eq(
          signingDocuments.id,
          (await t.app.settlementRepo.find(hash, null))?.cda?.documentId ?? 0,
        ),
      );
    expect(sale).toMatchObject({
      hash,
      closingDate: '2026-12-15',
      salePriceCents: 50_000_000,
      statement: { fileName: 'statement.pdf', bytes: PDF.length },
      cda: { sha256: doc?.signedSha256 },
    });
    const statement = await send('GET', sale?.statement?.url ?? '', seller);
    expect(statement.statusCode).toBe(200);
    expect(statement.rawPayload.equals(PDF)).toBe(true);
    const cda = await send('GET', sale?.cda.url ?? '', seller);
    expect(cda.statusCode).toBe(200);
    expect(createHash('sha256').update(cda.rawPayload).digest('hex')).toBe(doc?.signedSha256);

    // Another customer, a buyer of the same home, and the settlement agent: 404 everywhere.
    const stranger = await signUpUser(t.app, 'stranger');
    const buyer = await signUpUser(t.app, 'buyer');
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId, userId: buyer.userId, role: 'buyer', canEdit: false });
    for (const who of [stranger, buyer, agent, otherAgent]) {
      expect((await send('GET', sellerList(propertyHash), who)).statusCode).toBe(404);
      for (const file of ['statement', 'cda'] as const)
        expect((await send('GET', SELLER_SETTLEMENT_API.file(hash, file), who)).statusCode).toBe(
          404,
        );
    }
    // A seller's agent invited on the property is on the selling side and sees them.
    const helper = await signUpUser(t.app, 'seller-agent');
    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId, userId: helper.userId, role: 'sellerAgent', canEdit: false });
    expect((await send('GET', SELLER_SETTLEMENT_API.file(hash, 'cda'), helper)).statusCode).toBe(
      200,
    );
    // The seller's other property has no approved sale: nothing there.
    const other = await send('GET', sellerList(otherPropertyHash), seller);
    expect(other.json().transactions).toEqual([]);
  });
});

describe('at the same moment', () => {
  it('an edit and a signature: what is signed is what is stored', async () => {
    const hash = (await newTransaction()).hash;
    await uploadStatement(agent, hash);
    for (let round = 0; round < 3; round++) {
      const amount = 100_000 + round;
      expect(
        (
          await send('PUT', API.cda(hash), agent, {
            commissionCents: 200_000,
            payees: [
              { ...payees[0], amountCents: 100_000 },
              { ...payees[1], amountCents: 100_000 },
            ],
          })
        ).statusCode,
      ).toBe(200);
      const [edit, sign] = await Promise.all([
        send('PUT', API.cda(hash), agent, {
          commissionCents: 200_000,
          payees: [
            { ...payees[0], amountCents: amount },
            { ...payees[1], amountCents: 200_000 - amount },
          ],
        }),
        send('POST', API.sign(hash), agent, CONSENT),
      ]);
      expect([200, 409]).toContain(edit.statusCode);
      expect([200, 409]).toContain(sign.statusCode);
      const now = (await send('GET', API.one(hash), agent)).json() as TSettlementTransactionDetail;
      if (now.cda?.status === 'signed') {
        const doc = await t.app.signingDocuments.findByHash(now.cda.document?.hash ?? '');
        const data = t.app.signing.dataOf(doc?.document ?? ({} as never)) as {
          payees: { amountCents: number }[];
        };
        expect(data.payees.map((p) => p.amountCents)).toEqual(
          now.cda.payees.map((p) => p.amountCents),
        );
        const back = await send('POST', API.adminReturn(hash), staff, { note: 'again' });
        expect(back.statusCode).toBe(200);
      }
    }
  });

  it('approve and send back at once: exactly one wins', async () => {
    const open = (await send('GET', `${API.list}?status=open`, agent)).json().rows;
    expect(open).toHaveLength(1);
    const hash = open[0].hash as string;
    const now = (await send('GET', API.one(hash), agent)).json() as TSettlementTransactionDetail;
    if (now.cda?.status === 'signed')
      expect((await send('POST', API.adminReturn(hash), staff, { note: 'x' })).statusCode).toBe(
        200,
      );
    const saved = await send('PUT', API.cda(hash), agent, {
      commissionCents: 200_000,
      payees: [
        { ...payees[0], amountCents: 100_000 },
        { ...payees[1], amountCents: 100_000 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const signed = await send('POST', API.sign(hash), agent, CONSENT);
    expect(signed.statusCode, signed.body).toBe(200);
    const [a, b] = await Promise.all([
      send('POST', API.adminApprove(hash), staff),
      send('POST', API.adminReturn(hash), staff, { note: 'wait' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const final = (await send('GET', API.adminOne(hash), staff)).json();
    expect(final.cda.status).toBe(a.statusCode === 200 ? 'approved' : 'draft');
  });
});
