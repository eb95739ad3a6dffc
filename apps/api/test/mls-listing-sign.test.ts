import { createHash } from 'node:crypto';
import {
  ESIGN_DISCLOSURE_VERSION,
  LISTING_LIFECYCLE_TEXTS as L,
  MESSAGES,
  MLS_LISTING_LIFECYCLE_API,
} from '@lantern/contracts';
import {
  documentSigners,
  listingEvents,
  listingVersions,
  mlsListings,
  signingDocuments,
} from '@lantern/db';
import { MLS_LISTING_API, MLS_LISTING_TEXTS as T } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import {
  asCustomer,
  joinAsSeller,
  listingForm,
  listingReadyToSign,
  mailsTo,
} from './helpers/mls-listing-fixtures.ts';
import { pdfTextRuns } from './helpers/pdf-text.ts';

let t: TestApp;
let alice: SignedIn;
let carol: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'owner-a');
  carol = await signUpUser(t.app, 'owner-c');
  bob = await signUpUser(t.app, 'stranger');
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) SigningTest/1.0';
const get = (url: string, who: SignedIn) => asCustomer(t.app, UA).get(url, who);
const post = (url: string, payload: object, who: SignedIn) =>
  asCustomer(t.app, UA).post(url, payload, who);
const signPage = (hash: string, who: SignedIn) =>
  get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${hash}`, who);
const sign = (hash: string, document: string, who: SignedIn, extra: object = {}) =>
  post(
    MLS_LISTING_LIFECYCLE_API.sign,
    {
      property: hash,
      document,
      consent: true,
      consentVersion: ESIGN_DISCLOSURE_VERSION,
      ...extra,
    },
    who,
  );
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function stored(key: string): Promise<Buffer> {
  const stream = await t.app.storage.get(key);
  if (!stream) throw new Error(`missing ${key}`);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const twoOwners = () => [
  { name: 'Alice Owner', email: alice.email },
  { name: 'Carol Owner', email: carol.email },
];

const join = (propertyId: number, who: SignedIn, canEdit = false) =>
  joinAsSeller(t.app, propertyId, who, canEdit);

describe('the sign step', () => {
  it('stays closed until the listing is paid', async () => {
    const p = await listingReadyToSign(t.app, alice, { pay: false });
    const res = await signPage(p.hash, alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: L.payFirst });
  });

  it('is a 404 for another user’s property, on every route', async () => {
    const p = await listingReadyToSign(t.app, alice);
    const doc = (await signPage(p.hash, alice)).json().document.hash as string;
    expect((await signPage(p.hash, bob)).statusCode).toBe(404);
    const res = await sign(p.hash, doc, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MESSAGES.notFound });
    const file = await get(
      `${MLS_LISTING_LIFECYCLE_API.document(doc)}?property=${p.hash}&copy=unsigned`,
      bob,
    );
    expect(file.statusCode).toBe(404);
  });

  it('refuses a signature without consent, or with an old disclosure', async () => {
    const p = await listingReadyToSign(t.app, alice);
    const doc = (await signPage(p.hash, alice)).json().document.hash as string;
    const none = await sign(p.hash, doc, alice, { consent: false });
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json())).toContain('Tick the box to agree to sign electronically');
    const missing = await post(
      MLS_LISTING_LIFECYCLE_API.sign,
      { property: p.hash, document: doc, consentVersion: ESIGN_DISCLOSURE_VERSION },
      alice,
    );
    expect(missing.statusCode).toBe(422);
    const old = await sign(p.hash, doc, alice, { consentVersion: '2020-01-01' });
    expect(old.statusCode).toBe(422);
    const [signer] = await t.app.db
      .select()
      .from(documentSigners)
      .innerJoin(signingDocuments, eq(signingDocuments.id, documentSigners.documentId))
      .where(eq(signingDocuments.hash, doc));
    expect(signer?.document_signers.signedAt).toBeNull();
  });

  it('refuses a participant who is not an owner named on the listing', async () => {
    const p = await listingReadyToSign(t.app, alice);
    await join(p.id, bob, true);
    const page = (await signPage(p.hash, bob)).json();
    expect(page.youMaySign).toBe(false);
    expect(page.notSignerReason).toBe(L.notOwner);
    const res = await sign(p.hash, page.document.hash, bob);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: L.notOwner });
  });

  it('has every owner sign, then submits the listing with a verifiable trail', async () => {
    const p = await listingReadyToSign(t.app, alice, { owners: twoOwners() });
    const first = await signPage(p.hash, alice);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.disclosure.version).toBe(ESIGN_DISCLOSURE_VERSION);
    expect(page.youMaySign).toBe(true);
    expect(page.document).toMatchObject({
      kind: 'listing_agreement',
      status: 'awaiting',
      signedSha256: null,
      signers: [
        { name: 'Alice Owner', email: alice.email, signedAt: null, you: true },
        { name: 'Carol Owner', email: carol.email, signedAt: null, you: false },
      ],
    });
    // Carol is not on the property yet: she is invited, and asked to sign.
    expect(await mailsTo(t.app, carol.email)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('invited'),
        expect.stringContaining('Please sign the listing agreement'),
      ]),
    );
    // Reading again does not make another copy.
    expect((await signPage(p.hash, alice)).json().document.hash).toBe(page.document.hash);

    const signed = await sign(p.hash, page.document.hash, alice);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ completed: false, message: L.signed });
    const again = await sign(p.hash, page.document.hash, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: L.alreadySigned });

    await join(p.id, carol);
    const carolPage = (await signPage(p.hash, carol)).json();
    expect(carolPage.document.hash).toBe(page.document.hash);
    expect(carolPage.youMaySign).toBe(true);
    const last = await sign(p.hash, page.document.hash, carol);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({ completed: true, message: L.allSigned });

    const listing = (await get(`${MLS_LISTING_API.listing}?property=${p.hash}`, alice)).json()
      .listing;
    expect(listing.status).toBe('submitted');
    const events = await t.app.db
      .select({ kind: listingEvents.kind })
      .from(listingEvents)
      .where(eq(listingEvents.listingId, p.listing.id));
    expect(events).toEqual([{ kind: 'submitted' }]);
    expect(listing.submittedAt).not.toBeNull();
    expect(listing.completedSteps).toContain('sign');
    expect(listing.nextStep).toBe('review');
    expect(await mailsTo(t.app, alice.email)).toEqual(
      expect.arrayContaining([expect.stringContaining('every owner has signed')]),
    );

    // The trail: who, when, from where, which consent, which unsigned PDF.
    const [doc] = await t.app.db
      .select()
      .from(signingDocuments)
      .where(eq(signingDocuments.hash, page.document.hash));
    if (!doc?.signedKey || !doc.signedSha256) throw new Error('not signed');
    expect(doc.status).toBe('signed');
    const signers = await t.app.db
      .select()
      .from(documentSigners)
      .where(eq(documentSigners.documentId, doc.id))
      .orderBy(documentSigners.position);
    expect(signers.map((s) => [s.userId, s.consentVersion, s.userAgent, s.unsignedSha256])).toEqual(
      [
        [alice.userId, ESIGN_DISCLOSURE_VERSION, UA, doc.unsignedSha256],
        [carol.userId, ESIGN_DISCLOSURE_VERSION, UA, doc.unsignedSha256],
      ],
    );
    expect(signers.every((s) => s.ip && s.signedAt)).toBe(true);

    // Both hashes match the stored files, and the download is the stored signed copy.
    const unsigned = await stored(doc.unsignedKey);
    const signedPdf = await stored(doc.signedKey);
    expect(sha(unsigned)).toBe(doc.unsignedSha256);
    expect(sha(signedPdf)).toBe(doc.signedSha256);
    const download = await get(
      `${MLS_LISTING_LIFECYCLE_API.document(doc.hash)}?property=${p.hash}&copy=signed`,
      carol,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(sha(download.rawPayload)).toBe(doc.signedSha256);

    // The signed copy is the agreement plus certificate pages carrying the trail.
    const before = await PDFDocument.load(unsigned);
    const after = await PDFDocument.load(signedPdf);
    expect(after.getPageCount()).toBeGreaterThan(before.getPageCount());
    const certificate = (await pdfTextRuns(signedPdf))
      .slice(before.getPageCount())
      .flat()
      .join('\n');
    for (const text of [
      'Certificate of electronic signatures',
      doc.unsignedSha256,
      alice.email,
      carol.email,
      ESIGN_DISCLOSURE_VERSION,
      signers[0]?.ip ?? 'no ip',
    ]) {
      expect(certificate).toContain(text);
    }

    // What was signed is a listing version, and neither it nor the files' hashes can change.
    const versions = await t.app.db
      .select()
      .from(listingVersions)
      .where(eq(listingVersions.listingId, p.listing.id));
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ number: 1, documentId: doc.id });
    expect(versions[0]?.snapshot).toMatchObject({ form: { ListPrice: 450_000 } });
    await expect(
      t.app.db.execute(
        sql`update listing_versions set snapshot = '{}' where id = ${versions[0]?.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(
        sql`update signing_documents set signed_sha256 = 'x', unsigned_sha256 = 'y' where id = ${doc.id}`,
      ),
    ).rejects.toThrow();

    // Submitted: the listing can no longer be changed by the customer.
    const write = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.form,
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: { property: p.hash, form: listingForm(twoOwners()), finish: true },
    });
    expect(write.statusCode).toBe(409);
    expect(write.json()).toEqual({ message: T.submitted });
  });

  it('makes a new copy when the listing changes before everyone signed', async () => {
    const p = await listingReadyToSign(t.app, alice, { owners: twoOwners() });
    const old = (await signPage(p.hash, alice)).json().document.hash as string;
    expect((await sign(p.hash, old, alice)).statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: MLS_LISTING_API.form,
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: {
        property: p.hash,
        form: { ...listingForm(twoOwners()), ListPrice: 440_000 },
        finish: true,
      },
    });
    expect(edited.statusCode).toBe(200);
    await join(p.id, carol);
    // Carol's page still holds the old copy: signing it is refused.
    const stale = await sign(p.hash, old, carol);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: L.documentReplaced });
    // Carol cannot edit, so she cannot make the new copy; Alice's visit makes it.
    expect((await signPage(p.hash, carol)).json()).toMatchObject({
      document: null,
      notSignerReason: L.signEditorsOnly,
    });
    const fresh = (await signPage(p.hash, alice)).json();
    expect(fresh.replacedSignatures).toBe(true);
    expect(fresh.document.hash).not.toBe(old);
    expect(fresh.document.signers.every((s: { signedAt: unknown }) => s.signedAt === null)).toBe(
      true,
    );
    const [was] = await t.app.db
      .select({ status: signingDocuments.status })
      .from(signingDocuments)
      .where(eq(signingDocuments.hash, old));
    expect(was?.status).toBe('superseded');
    const [row] = await t.app.db
      .select({ status: mlsListings.status })
      .from(mlsListings)
      .where(eq(mlsListings.id, p.listing.id));
    expect(row?.status).toBe('draft');
  });
});
