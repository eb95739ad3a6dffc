import {
  CONCIERGE_LISTING_TEXTS as CL,
  CONCIERGE_API,
  CONCIERGE_DRAFT_API,
  ESIGN_DISCLOSURE_VERSION,
  MLS_LISTING_CONCIERGE_API,
  MLS_LISTING_LIFECYCLE_API,
} from '@lantern/contracts';
import { auditLog, listingEvents, listingPhotos, mlsBoards, newHash, users } from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { listingForm, listingReadyToSign, mailsTo } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/** Issue 39 (docs/decisions/065): the concierge works on the owners' MLS listing draft. */

let t: TestApp;
let alice: SignedIn;
let conny: SignedIn;
let other: SignedIn;
let field: SignedIn;
let mallory: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'cl-alice');
  conny = await signUpUser(t.app, 'cl-conny');
  other = await signUpUser(t.app, 'cl-other');
  field = await signUpUser(t.app, 'cl-field');
  mallory = await signUpUser(t.app, 'cl-mallory');
  ops = await signUpUser(t.app, 'cl-ops');
  await giveVendorKinds(t.app, conny.userId, ['concierge']);
  await giveVendorKinds(t.app, other.userId, ['concierge']);
  await giveVendorKinds(t.app, field.userId, ['field']);
  await giveStaffRole(t.app, ops.userId, 'operations');
  await t.app.db.update(users).set({ name: 'Connie Concierge' }).where(eq(users.id, conny.userId));
  await t.app.db.insert(mlsBoards).values({
    slug: 'cl-mls',
    name: 'Concierge Listing MLS',
    shortName: 'CLM',
    states: ['WY'],
    counties: ['Draft'],
    website: 'https://mls.example',
    sourceName: 'test',
    sourceUrl: 'https://mls.example',
  });
});
afterAll(() => t.close());

const headers = (who: SignedIn) => ({ ...BROWSER, cookie: who.cookie });
const get = (url: string, who: SignedIn) =>
  t.app.inject({ method: 'GET', url, headers: headers(who) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method, url, headers: headers(who), payload });

const OWNER = () => ({ name: 'Alice Owner', email: alice.email });

/** Alice's paid, unsigned listing; with `conciergeListing`, a paid concierge listing too. */
async function draft(street: string, conciergeListing = true) {
  const l = await listingReadyToSign(t.app, alice, {
    street,
    county: 'Draft County',
    owners: [OWNER()],
  });
  if (conciergeListing) {
    const ordered = await send(
      'POST',
      '/api/dashboard/orders',
      { property: l.hash, product: 'concierge-listing' },
      alice,
    );
    expect(ordered.statusCode).toBe(201);
    const invoice = ordered.json().order.invoice as string;
    const found = await t.app.invoices.find(invoice);
    if (!found) throw new Error('no invoice');
    const paid = await t.app.paymentService.record(alice.userId, invoice, {
      amountCents: found.totalCents,
      method: 'check',
      reference: `chk-${newHash().slice(0, 6)}`,
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.ok).toBe(true);
  }
  await t.app.vendors.assign({
    userId: conny.userId,
    kind: 'concierge',
    propertyId: l.id,
    orderId: null,
    assignedBy: ops.userId,
  });
  return l;
}

const draftUrl = (property: string) => `${CONCIERGE_DRAFT_API.listing}?property=${property}`;
const ownerUrl = (property: string) => `${MLS_LISTING_API.listing}?property=${property}`;

describe('who may open the draft', () => {
  it('another concierge, a field vendor, a customer and another customer are refused', async () => {
    const l = await draft('1 Access Ave');
    const p = { property: l.hash };
    for (const [who, code] of [
      [other, 404],
      [field, 403],
      [alice, 403],
    ] as const) {
      expect((await get(draftUrl(l.hash), who)).statusCode).toBe(code);
      expect((await send('POST', CONCIERGE_DRAFT_API.take, p, who)).statusCode).toBe(code);
      expect(
        (await send('PUT', CONCIERGE_DRAFT_API.form, { ...p, form: {}, finish: false }, who))
          .statusCode,
      ).toBe(code);
      expect(
        (await send('PUT', CONCIERGE_DRAFT_API.location, { ...p, propertyType: null }, who))
          .statusCode,
      ).toBe(code);
      expect((await get(`${CONCIERGE_DRAFT_API.photos}?property=${l.hash}`, who)).statusCode).toBe(
        code,
      );
      expect((await send('POST', CONCIERGE_DRAFT_API.handOver, p, who)).statusCode).toBe(code);
    }
    // A made-up property is the same 404 as another concierge's.
    expect((await get(draftUrl('Zz9Zz9Zz9Zz9'), conny)).statusCode).toBe(404);
    // Another customer cannot accept changes on Alice's listing.
    expect((await send('POST', MLS_LISTING_CONCIERGE_API.accept, p, mallory)).statusCode).toBe(404);
    // The assigned concierge reads it (not editable until taken).
    const read = await get(draftUrl(l.hash), conny);
    expect(read.statusCode).toBe(200);
    expect(read.json().listing).toMatchObject({ canEdit: false, concierge: { heldBy: null } });
  });

  it('a property without a paid concierge listing cannot be taken', async () => {
    const l = await draft('2 Review Only Rd', false);
    const res = await send('POST', CONCIERGE_DRAFT_API.take, { property: l.hash }, conny);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CL.notConciergeListing);
  });
});

describe('the concierge fills the draft and the owner reviews and signs', () => {
  it('runs from the take to the signature with each rule on the way', async () => {
    const l = await draft('10 Concierge Draft Ct');
    const p = { property: l.hash };
    // A second photo the owner added, so the concierge can reorder them.
    const second = newHash();
    await t.app.db.insert(listingPhotos).values({
      hash: second,
      listingId: l.listing.id,
      position: 1,
      status: 'ready',
      fileName: 'kitchen.jpg',
      contentType: 'image/jpeg',
      bytes: 1,
      storageKey: `listings/${l.listing.hash}/photos/${second}/original`,
    });
    // Waiting on the concierge's list before they take it.
    const list = (await get(CONCIERGE_API.list, conny)).json();
    expect(list.rows.map((r: { hash: string }) => r.hash)).toContain(l.listing.hash);
    const detail = (await get(CONCIERGE_API.one(l.listing.hash), conny)).json();
    expect(detail).toMatchObject({ propertyHash: l.hash, conciergeListing: true });

    // Nothing is written before the concierge takes it.
    const early = await send(
      'PUT',
      CONCIERGE_DRAFT_API.form,
      { ...p, form: listingForm([OWNER()]), finish: false },
      conny,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CL.notHeld);

    const taken = await send('POST', CONCIERGE_DRAFT_API.take, p, conny);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().listing).toMatchObject({
      canEdit: true,
      concierge: { heldBy: 'Connie Concierge', changes: null },
    });
    // Another concierge assigned too cannot take it while Conny holds it.
    await t.app.vendors.assign({
      userId: other.userId,
      kind: 'concierge',
      propertyId: l.id,
      orderId: null,
      assignedBy: ops.userId,
    });
    const second2 = await send('POST', CONCIERGE_DRAFT_API.take, p, other);
    expect(second2.statusCode).toBe(409);
    expect(second2.json().message).toBe(CL.heldByOther);

    // The owner reads it with who holds it, and can change nothing.
    const mine = (await get(ownerUrl(l.hash), alice)).json().listing;
    expect(mine.concierge.heldBy).toBe('Connie Concierge');
    expect(mine.canEdit).toBe(false);
    const blocked = await send(
      'PUT',
      MLS_LISTING_API.form,
      { ...p, form: listingForm([OWNER()]), finish: true },
      alice,
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(CL.heldBy('Connie Concierge'));
    expect(
      (await send('DELETE', `${MLS_LISTING_API.photo(second)}?property=${l.hash}`, {}, alice))
        .statusCode,
    ).toBe(409);
    const sign = await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${l.hash}`, alice);
    expect(sign.statusCode).toBe(409);

    // The builder's own validation: contact details in the remarks are refused.
    const form = listingForm([OWNER()]);
    const phone = await send(
      'PUT',
      CONCIERGE_DRAFT_API.form,
      { ...p, form: { ...form, PublicRemarks: 'Call 307-555-0188 today' }, finish: true },
      conny,
    );
    expect(phone.statusCode).toBe(422);
    expect(Object.keys(phone.json().errors)).toContain('form.PublicRemarks');

    const remarks = 'Sunny ranch home with a new roof and a fenced garden.';
    const saved = await send(
      'PUT',
      CONCIERGE_DRAFT_API.form,
      { ...p, form: { ...form, ListPrice: 412000, PublicRemarks: remarks }, finish: true },
      conny,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().listing.form).toMatchObject({ ListPrice: 412000, PublicRemarks: remarks });

    // Photos through the listing's pipeline, with the concierge's own file links.
    const photos = (await get(`${CONCIERGE_DRAFT_API.photos}?property=${l.hash}`, conny)).json();
    expect(photos.can_edit).toBe(true);
    expect(photos.photos[0].urls.thumb).toBe(
      `${CONCIERGE_DRAFT_API.photoFile(photos.photos[0].hash, 'thumb')}?property=${l.hash}`,
    );
    const order = [...photos.photos.map((x: { hash: string }) => x.hash)].reverse();
    const reordered = await send(
      'PUT',
      CONCIERGE_DRAFT_API.photosOrder,
      { ...p, photos: order },
      conny,
    );
    expect(reordered.statusCode).toBe(200);

    const handed = await send('POST', CONCIERGE_DRAFT_API.handOver, p, conny);
    expect(handed.statusCode).toBe(200);
    expect(handed.json().listing.canEdit).toBe(false);
    expect(await mailsTo(t.app, alice.email)).toContain(
      "10 Concierge Draft Ct: your concierge's changes to review",
    );
    // Handing back twice: it is not theirs now.
    expect((await send('POST', CONCIERGE_DRAFT_API.handOver, p, conny)).statusCode).toBe(409);

    // The owner reviews each change beside the earlier value.
    const back = (await get(ownerUrl(l.hash), alice)).json().listing;
    expect(back.concierge.heldBy).toBeNull();
    const changes = back.concierge.changes as { field: string; before: string; after: string }[];
    expect(changes.map((c) => c.field)).toEqual(['ListPrice', 'PublicRemarks', 'photos']);
    expect(changes[0]).toMatchObject({ before: '450,000', after: '412,000' });
    expect(changes[1]?.before).toBe(form.PublicRemarks);
    expect(changes[1]?.after).toBe(remarks);
    expect(changes[2]).toMatchObject({
      before: '2 photos: front.jpg, kitchen.jpg',
      after: '2 photos: kitchen.jpg, front.jpg',
    });
    // Not signed until reviewed, and the concierge cannot take it again meanwhile.
    const unreviewed = await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${l.hash}`, alice);
    expect(unreviewed.statusCode).toBe(409);
    expect(unreviewed.json().message).toBe(CL.reviewFirst);
    const again = await send('POST', CONCIERGE_DRAFT_API.take, p, conny);
    expect(again.json().message).toBe(CL.pendingReview);

    const accepted = await send('POST', MLS_LISTING_CONCIERGE_API.accept, p, alice);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().listing.concierge).toEqual({
      heldBy: null,
      handedAt: null,
      changes: null,
    });
    expect((await send('POST', MLS_LISTING_CONCIERGE_API.accept, p, alice)).statusCode).toBe(409);

    // The draft is the owner's again: their own edit is history too.
    const own = await send(
      'PUT',
      MLS_LISTING_API.form,
      { ...p, form: { ...form, ListPrice: 415000, PublicRemarks: remarks }, finish: true },
      alice,
    );
    expect(own.statusCode).toBe(200);

    // The owner signs as today; with the concierge listing paid it goes to the concierge.
    const page = (await get(`${MLS_LISTING_LIFECYCLE_API.sign}?property=${l.hash}`, alice)).json();
    const signed = await send(
      'POST',
      MLS_LISTING_LIFECYCLE_API.sign,
      {
        ...p,
        document: page.document.hash,
        consent: true,
        consentVersion: ESIGN_DISCLOSURE_VERSION,
      },
      alice,
    );
    expect(signed.statusCode).toBe(200);
    expect(signed.json().completed).toBe(true);

    // Both sides' changes are the listing's history, in order.
    const history = await t.app.db
      .select({ kind: listingEvents.kind, by: listingEvents.staffUserId, step: listingEvents.step })
      .from(listingEvents)
      .where(eq(listingEvents.listingId, l.listing.id))
      .orderBy(asc(listingEvents.id));
    expect(history).toEqual([
      { kind: 'concierge_took', by: conny.userId, step: null },
      { kind: 'concierge_edited', by: conny.userId, step: 'form' },
      { kind: 'concierge_handed', by: conny.userId, step: null },
      { kind: 'owner_accepted', by: alice.userId, step: null },
      { kind: 'owner_edited', by: alice.userId, step: 'form' },
      { kind: 'submitted', by: null, step: null },
    ]);
    const shown = (await get(CONCIERGE_API.one(l.listing.hash), conny)).json().history;
    expect(shown.map((h: { kind: string }) => h.kind)).toContain('concierge_edited');

    const audits = await t.app.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.recordId, l.listing.hash))
      .orderBy(asc(auditLog.id));
    expect(audits).toEqual([
      // The owners' sharing choices, saved by the draft's fixture before the concierge came.
      { action: 'mls-listing.syndication', actorId: alice.userId },
      { action: 'listing.concierge-take', actorId: conny.userId },
      { action: 'listing.concierge-hand-over', actorId: conny.userId },
      { action: 'listing.concierge-accept', actorId: alice.userId },
    ]);
  });

  it('the concierge may set the location too, and the owner sees it among the changes', async () => {
    const l = await draft('11 Location Ln');
    const p = { property: l.hash };
    expect((await send('POST', CONCIERGE_DRAFT_API.take, p, conny)).statusCode).toBe(200);
    const before = (await get(draftUrl(l.hash), conny)).json().listing;
    const subType = before.propertySubType === 'Townhouse' ? 'SingleFamilyResidence' : 'Townhouse';
    const loc = await send(
      'PUT',
      CONCIERGE_DRAFT_API.location,
      { ...p, propertyType: 'Residential', propertySubType: subType, board: null },
      conny,
    );
    expect(loc.statusCode).toBe(200);
    expect((await send('POST', CONCIERGE_DRAFT_API.handOver, p, conny)).statusCode).toBe(200);
    const changes = (await get(ownerUrl(l.hash), alice)).json().listing.concierge.changes;
    expect(changes).toEqual([
      expect.objectContaining({ field: 'propertySubType', after: subType }),
    ]);
  });
});
