import {
  ADMIN_LISTINGS_API,
  ESIGN_DISCLOSURE_VERSION,
  MLS_LISTING_LIFECYCLE_API,
  SETTLEMENT_API,
  SETTLEMENT_ESIGN_VERSION,
} from '@lantern/contracts';
import {
  auditLog,
  documentSigners,
  listingChangeRequests,
  listingVersions,
  mlsListings,
  newHash,
  settlementCdas,
  settlementTransactions,
  signingDocuments,
  vendorAssignments,
} from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { whileRefused } from './helpers/db-faults.ts';
import { asCustomer, listingReadyToSign } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * Issue 40 (decision 068): a signing route stores its PDFs outside any transaction, then its
 * change commits with its activity row. When that row cannot be written the signature and what
 * it made roll back, and the signed copy stored for it is deleted.
 */
let t: TestApp;
let alice: SignedIn;
let staff: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'outside-sign');
  staff = await signUpUser(t.app, 'outside-staff');
  await giveStaffRole(t.app, staff.userId, 'operations');
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) OutsideCommitTest/1.0';
const consent = { consent: true, consentVersion: ESIGN_DISCLOSURE_VERSION };
const post = (url: string, payload: object, who: SignedIn = alice) =>
  asCustomer(t.app, UA).post(url, payload, who);

async function storedUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.storage.keys()) if (key.startsWith(prefix)) keys.push(key);
  return keys.sort();
}

const auditRows = (action: string) =>
  t.app.db.select().from(auditLog).where(eq(auditLog.action, action));

async function documentOf(hash: string) {
  const [doc] = await t.app.db
    .select()
    .from(signingDocuments)
    .where(eq(signingDocuments.hash, hash));
  if (!doc) throw new Error('no document');
  const signers = await t.app.db
    .select()
    .from(documentSigners)
    .where(eq(documentSigners.documentId, doc.id));
  return { doc, signers };
}

async function listingOf(id: number) {
  const [row] = await t.app.db.select().from(mlsListings).where(eq(mlsListings.id, id));
  if (!row) throw new Error('no listing');
  return row;
}

/** A listing ready to sign, its agreement, and the sign request for it. */
async function agreementToSign() {
  const p = await listingReadyToSign(t.app, alice);
  const page = await asCustomer(t.app, UA).get(
    `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`,
    alice,
  );
  const document = page.json().document.hash as string;
  const sign = () =>
    post(MLS_LISTING_LIFECYCLE_API.sign, { property: p.hash, document, ...consent });
  return { p, document, sign };
}

describe('signing the listing agreement', () => {
  it('rolls back with its activity row: not signed, not submitted, no signed copy', async () => {
    const { p, document, sign } = await agreementToSign();
    const res = await whileRefused(t.app.db, "new.action = 'mls-listing.sign'", sign);
    expect(res.statusCode).toBe(500);

    const { doc, signers } = await documentOf(document);
    expect(doc).toMatchObject({ status: 'awaiting', signedKey: null, signedSha256: null });
    expect(signers.map((s) => s.signedAt)).toEqual([null]);
    expect((await listingOf(p.listing.id)).status).toBe('draft');
    const versions = await t.app.db
      .select()
      .from(listingVersions)
      .where(eq(listingVersions.listingId, p.listing.id));
    expect(versions).toEqual([]);
    expect(await storedUnder(`documents/${document}/`)).toEqual([
      `documents/${document}/unsigned.pdf`,
    ]);
    expect(await auditRows('mls-listing.sign')).toEqual([]);

    // With the log writable again the same signature goes through, with its row.
    const again = await sign();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ completed: true });
    expect((await listingOf(p.listing.id)).status).toBe('submitted');
    const signed = (await documentOf(document)).doc;
    expect(signed.status).toBe('signed');
    expect(await storedUnder(`documents/${document}/`)).toEqual(
      [`documents/${document}/unsigned.pdf`, signed.signedKey].sort(),
    );
    expect(await auditRows('mls-listing.sign')).toHaveLength(1);
  });
});

describe('a change request on a live listing and staff completing it', () => {
  it('each roll back with its activity row', async () => {
    const { p, sign } = await agreementToSign();
    expect((await sign()).statusCode).toBe(200);
    await t.app.db
      .update(mlsListings)
      .set({ status: 'live', mlsNumber: 'WY424242', standardStatus: 'Active', liveAt: new Date() })
      .where(eq(mlsListings.id, p.listing.id));
    const ask = () =>
      post(MLS_LISTING_LIFECYCLE_API.changes, {
        property: p.hash,
        details: { kind: 'price', ListPrice: 425_000 },
        ...consent,
      });

    const refused = await whileRefused(t.app.db, "new.action = 'mls-listing.change-request'", ask);
    expect(refused.statusCode).toBe(500);
    const none = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect(none).toEqual([]);
    // The change form prepared for it stands for nothing, and has no signed copy.
    const [form] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.kind, 'change_form'))
      .orderBy(sql`${signingDocuments.id} desc`)
      .limit(1);
    expect(form).toMatchObject({ listingId: p.listing.id, status: 'superseded', signedKey: null });
    expect(await storedUnder(`documents/${form?.hash}/`)).toEqual([
      `documents/${form?.hash}/unsigned.pdf`,
    ]);

    const asked = await ask();
    expect(asked.statusCode).toBe(201);
    const change = asked.json().change.hash as string;
    expect(await auditRows('mls-listing.change-request')).toHaveLength(1);

    const complete = () => post(ADMIN_LISTINGS_API.complete(change), {}, staff);
    const failed = await whileRefused(t.app.db, "new.action = 'listing-change.complete'", complete);
    expect(failed.statusCode).toBe(500);
    const [pending] = await t.app.db
      .select()
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.hash, change));
    expect(pending?.status).toBe('pending');
    const fields = (await listingOf(p.listing.id)).fields as { ListPrice?: number };
    expect(fields.ListPrice).toBe(450_000);

    expect((await complete()).statusCode).toBe(200);
    const done = (await listingOf(p.listing.id)).fields as { ListPrice?: number };
    expect(done.ListPrice).toBe(425_000);
    expect(await auditRows('listing-change.complete')).toHaveLength(1);
  });
});

describe('the settlement agent signing the CDA', () => {
  it('rolls back with its activity row: the CDA stays a draft, its document stands for nothing', async () => {
    const agent = await signUpUser(t.app, 'outside-settle');
    await giveVendorKinds(t.app, agent.userId, ['settlement']);
    const home = await addProperty(t.app, alice.userId, 'seller', { street: '7 Escrow Row' });
    await t.app.db
      .insert(vendorAssignments)
      .values({ hash: newHash(), userId: agent.userId, kind: 'settlement', propertyId: home.id });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...BROWSER, cookie: agent.cookie }, payload });
    const made = await send('POST', SETTLEMENT_API.list, {
      property: home.hash,
      escrowNumber: 'ESC-40',
      salePriceCents: 40_000_000,
      closingDate: '2026-12-15',
    });
    expect(made.statusCode, made.body).toBe(201);
    const hash = made.json().hash as string;
    const cda = await send('PUT', SETTLEMENT_API.cda(hash), {
      commissionCents: 1_000_000,
      payees: [{ name: 'Lantern Realty', role: 'listing_brokerage', amountCents: 1_000_000 }],
    });
    expect(cda.statusCode, cda.body).toBe(200);
    // The statement as its upload leaves it (that route is not what is tested here).
    await t.app.db
      .update(settlementTransactions)
      .set({ statementKey: 'settlement/x/statement.pdf', statementSha256: 'a'.repeat(64) })
      .where(eq(settlementTransactions.hash, hash));
    const sign = () =>
      send('POST', SETTLEMENT_API.sign(hash), {
        consent: true,
        consentVersion: SETTLEMENT_ESIGN_VERSION,
      });
    const cdaRow = async () => {
      const [row] = await t.app.db
        .select({ status: settlementCdas.status, documentId: settlementCdas.documentId })
        .from(settlementCdas)
        .innerJoin(
          settlementTransactions,
          eq(settlementTransactions.id, settlementCdas.transactionId),
        )
        .where(eq(settlementTransactions.hash, hash));
      return row;
    };

    const failed = await whileRefused(t.app.db, "new.action = 'settlement.cda_sign'", sign);
    expect(failed.statusCode).toBe(500);
    expect(await cdaRow()).toEqual({ status: 'draft', documentId: null });
    const [prepared] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.kind, 'settlement_cda'))
      .orderBy(sql`${signingDocuments.id} desc`)
      .limit(1);
    expect(prepared).toMatchObject({ status: 'superseded', signedKey: null });
    expect(await storedUnder(`documents/${prepared?.hash}/`)).toEqual([
      `documents/${prepared?.hash}/unsigned.pdf`,
    ]);
    expect(await auditRows('settlement.cda_sign')).toEqual([]);

    const signed = await sign();
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await cdaRow())?.status).toBe('signed');
    expect(await auditRows('settlement.cda_sign')).toHaveLength(1);
  });
});
