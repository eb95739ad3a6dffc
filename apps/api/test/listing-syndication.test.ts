import {
  ADMIN_LISTINGS_API,
  ESIGN_DISCLOSURE_VERSION,
  LISTING_SYNDICATION_CHOICES,
  LISTING_SYNDICATION_DEFAULTS,
  LISTING_SYNDICATION_TEXTS as LS,
  MESSAGES,
  MLS_LISTING_LIFECYCLE_API,
  type TListingSyndication,
} from '@lantern/contracts';
import { auditLog, fsboListings, listings, mlsListings } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { fsboListingReadyToPublish } from './helpers/listing-fixtures.ts';
import {
  addWyomingBoards,
  joinAsSeller,
  listingReadyToSign,
} from './helpers/mls-listing-fixtures.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 49, "Only what the seller agreed to": the owners choose where their listing may appear
 * beyond our site — on the MLS listing agreement before signing, at the FSBO publish step — and
 * may change it later; the public row partners replicate follows every change at once.
 */
let t: TestApp;
let alice: SignedIn;
let carol: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ jobsWorker: false });
  alice = await signUpUser(t.app, 'synd-owner');
  carol = await signUpUser(t.app, 'synd-coowner');
  bob = await signUpUser(t.app, 'synd-stranger');
  ops = await signUpUser(t.app, 'synd-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await addWyomingBoards(t.app, [['consent-mls', 'Consent MLS', ['Consent']]]);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const choices = (over: Partial<TListingSyndication> = {}): TListingSyndication => ({
  ...LISTING_SYNDICATION_DEFAULTS,
  ...over,
});
const mlsUrl = (hash: string) => `${MLS_LISTING_LIFECYCLE_API.syndication}?property=${hash}`;
const chooseMls = (hash: string, syndication: object, who: SignedIn = alice) =>
  send('PUT', MLS_LISTING_LIFECYCLE_API.syndication, who, { property: hash, syndication });
const chooseFsbo = (hash: string, syndication: object, who: SignedIn = alice) =>
  send('PUT', FSBO_LISTING_API.syndication, who, { property: hash, syndication });

async function audits(action: string, recordId: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.id));
}

async function publicRow(source: { mlsListingId: number } | { fsboListingId: number }) {
  const where =
    'mlsListingId' in source
      ? eq(listings.mlsListingId, source.mlsListingId)
      : eq(listings.fsboListingId, source.fsboListingId);
  const [row] = await t.app.db.select().from(listings).where(where);
  return row;
}

/** The agreement's words, whitespace made single, as a reader of the PDF sees them. */
async function agreementText(property: string, document: string) {
  const res = await send(
    'GET',
    `${MLS_LISTING_LIFECYCLE_API.document(document)}?property=${property}&copy=unsigned`,
    alice,
  );
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
}

describe('the MLS listing: chosen before signing', () => {
  it('refuses bad bodies in words, hides another user’s listing, and needs can_edit', async () => {
    const p = await listingReadyToSign(t.app, alice, { syndication: null });
    const missing = await chooseMls(p.hash, { InternetEntireListingDisplayYN: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(MESSAGES.validationFailed);
    expect(Object.keys(missing.json().errors)).toContain('syndication.ClosePriceDisplayYN');
    const wrongType = await chooseMls(p.hash, choices({ ClosePriceDisplayYN: 'yes' as never }));
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors['syndication.ClosePriceDisplayYN'][0]).toMatch(/\w+ \w+/);

    for (const res of [
      await send('GET', mlsUrl(p.hash), bob),
      await chooseMls(p.hash, choices(), bob),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound);
    }
    await joinAsSeller(t.app, p.id, carol, false);
    const readOnly = await chooseMls(p.hash, choices(), carol);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe(LS.editorsOnly);
    expect((await send('GET', mlsUrl(p.hash), carol)).json()).toMatchObject({
      canChange: false,
      whyNot: LS.editorsOnly,
    });
    const [row] = await t.app.db.select().from(mlsListings).where(eq(mlsListings.id, p.listing.id));
    expect(row?.syndication).toBeNull();
    expect(await audits('mls-listing.syndication', p.listing.hash)).toHaveLength(0);
  });

  it('makes no agreement until chosen, then writes the choices into it, audited', async () => {
    const p = await listingReadyToSign(t.app, alice, { syndication: null });
    expect((await send('GET', mlsUrl(p.hash), alice)).json()).toEqual({
      syndication: null,
      canChange: true,
      whyNot: null,
    });
    const before = await send('GET', `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, alice);
    expect(before.json()).toMatchObject({ document: null, notSignerReason: LS.chooseFirst });

    const noAddress = choices({ InternetAddressDisplayYN: false });
    const saved = await chooseMls(p.hash, noAddress);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ syndication: noAddress, canChange: true, whyNot: null });
    const [entry] = await audits('mls-listing.syndication', p.listing.hash);
    expect(entry).toMatchObject({
      recordType: 'mls_listing',
      actorId: alice.userId,
      before: { status: 'draft', syndication: null },
      after: { syndication: noAddress },
    });

    const page = (
      await send('GET', `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, alice)
    ).json();
    expect(page.youMaySign).toBe(true);
    const text = await agreementText(p.hash, page.document.hash);
    expect(text).toContain('Sharing the listing beyond the MLS');
    for (const c of LISTING_SYNDICATION_CHOICES) {
      expect(text).toContain(`${c.label}: ${noAddress[c.key] ? 'Yes' : 'No'}.`);
    }

    // A new choice before signing makes a new copy; the old one cannot be signed.
    expect((await chooseMls(p.hash, choices({ ClosePriceDisplayYN: true }))).statusCode).toBe(200);
    const again = (
      await send('GET', `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, alice)
    ).json();
    expect(again.document.hash).not.toBe(page.document.hash);
    const text2 = await agreementText(p.hash, again.document.hash);
    expect(text2).toContain('Share the sale price once the home sells: Yes.');
  });
});

describe('the MLS listing: signed, then live', () => {
  it('keeps the signed choices until live, then the owners change them and the public row follows', async () => {
    const p = await listingReadyToSign(t.app, alice, {
      street: '12 Consent Ct',
      county: 'Consent County',
      owners: [
        { name: 'Alice Owner', email: alice.email },
        { name: 'Carol Owner', email: carol.email },
      ],
      syndication: choices({ InternetEntireListingDisplayYN: false }),
    });
    const page = (
      await send('GET', `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`, alice)
    ).json();
    const consent = { consent: true, consentVersion: ESIGN_DISCLOSURE_VERSION };
    const signBody = { property: p.hash, document: page.document.hash, ...consent };
    expect((await send('POST', MLS_LISTING_LIFECYCLE_API.sign, alice, signBody)).statusCode).toBe(
      200,
    );
    await joinAsSeller(t.app, p.id, carol, false);
    expect(
      (await send('POST', MLS_LISTING_LIFECYCLE_API.sign, carol, signBody)).json(),
    ).toMatchObject({ completed: true });
    // Signed and waiting for review: the agreement holds the choices.
    const fixed = await chooseMls(p.hash, choices());
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().message).toBe(LS.signedFixed);

    const approved = await send('POST', ADMIN_LISTINGS_API.approve(p.listing.hash), ops, {
      mlsNumber: 'SYN-12',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const first = await publicRow({ mlsListingId: p.listing.id });
    expect(first?.syndication).toEqual(choices({ InternetEntireListingDisplayYN: false }));
    expect(first?.syndicatedAt).toBeNull();

    // Carol is an owner named on it but cannot edit.
    expect((await chooseMls(p.hash, choices(), carol)).statusCode).toBe(403);
    const share = choices({ ClosePriceDisplayYN: true });
    const changed = await chooseMls(p.hash, share);
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await publicRow({ mlsListingId: p.listing.id });
    expect(second?.syndication).toEqual(share);
    expect(second?.syndicatedAt).toBeInstanceOf(Date);
    expect(second?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? 0);
    const [entry] = await audits('mls-listing.syndication', p.listing.hash);
    expect(entry?.before).toMatchObject({ status: 'live' });
    expect(entry?.after).toEqual({ syndication: share });

    // Withdrawing consent later never clears when it first travelled.
    expect(
      (await chooseMls(p.hash, choices({ InternetEntireListingDisplayYN: false }))).statusCode,
    ).toBe(200);
    const third = await publicRow({ mlsListingId: p.listing.id });
    expect(third?.syndication).toMatchObject({ InternetEntireListingDisplayYN: false });
    expect(third?.syndicatedAt).toEqual(second?.syndicatedAt);
  });
});

describe('the FSBO listing', () => {
  it('is published only with a choice, which the public row carries', async () => {
    const p = await fsboListingReadyToPublish(t.app, alice, '31 Consent Pl');
    const none = await send('POST', FSBO_LISTING_API.publish, alice, { property: p.hash });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ syndication: [LS.chooseBeforePublish] });
    const bad = await send('POST', FSBO_LISTING_API.publish, alice, {
      property: p.hash,
      syndication: { InternetAddressDisplayYN: false },
    });
    expect(bad.statusCode).toBe(422);
    const [fsbo] = await t.app.db
      .select()
      .from(fsboListings)
      .where(eq(fsboListings.propertyId, p.id));
    if (!fsbo) throw new Error('no listing');
    expect(fsbo.status).toBe('draft');
    expect(await publicRow({ fsboListingId: fsbo.id })).toBeUndefined();

    const noAddress = choices({ InternetAddressDisplayYN: false });
    const published = await send('POST', FSBO_LISTING_API.publish, alice, {
      property: p.hash,
      syndication: noAddress,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().listing).toMatchObject({ status: 'published', syndication: noAddress });
    const row = await publicRow({ fsboListingId: fsbo.id });
    expect(row?.syndication).toEqual(noAddress);
    expect(row?.syndicatedAt).toBeInstanceOf(Date);
    const [entry] = await audits('fsbo-listing.publish', fsbo.hash);
    expect(entry?.after).toEqual({ status: 'published', syndication: noAddress });

    // Unpublished and published again: the stored choice still holds.
    expect(
      (await send('POST', FSBO_LISTING_API.unpublish, alice, { property: p.hash })).statusCode,
    ).toBe(200);
    const again = await send('POST', FSBO_LISTING_API.publish, alice, { property: p.hash });
    expect(again.statusCode, again.body).toBe(200);
    expect((await publicRow({ fsboListingId: fsbo.id }))?.syndicatedAt).toEqual(row?.syndicatedAt);
  });

  it('changes later: validated, only for its editors, audited, and the public row follows', async () => {
    const p = await fsboListingReadyToPublish(t.app, alice, '32 Consent Pl');
    const [fsbo] = await t.app.db
      .select()
      .from(fsboListings)
      .where(eq(fsboListings.propertyId, p.id));
    if (!fsbo) throw new Error('no listing');
    const off = choices({ InternetEntireListingDisplayYN: false });
    const published = await send('POST', FSBO_LISTING_API.publish, alice, {
      property: p.hash,
      syndication: off,
    });
    expect(published.statusCode).toBe(200);
    const first = await publicRow({ fsboListingId: fsbo.id });
    expect(first?.syndicatedAt).toBeNull();

    expect((await chooseFsbo(p.hash, choices(), bob)).statusCode).toBe(404);
    await joinAsSeller(t.app, p.id, carol, false);
    expect((await chooseFsbo(p.hash, choices(), carol)).statusCode).toBe(403);
    const bad = await chooseFsbo(p.hash, { ...choices(), InternetConsumerCommentYN: null });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['syndication.InternetConsumerCommentYN']);

    const changed = await chooseFsbo(p.hash, choices());
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().listing.syndication).toEqual(choices());
    const second = await publicRow({ fsboListingId: fsbo.id });
    expect(second?.syndication).toEqual(choices());
    expect(second?.syndicatedAt).toBeInstanceOf(Date);
    expect(second?.updatedAt.getTime()).toBeGreaterThan(first?.updatedAt.getTime() ?? 0);
    const [entry] = await audits('fsbo-listing.syndication', fsbo.hash);
    expect(entry).toMatchObject({
      recordType: 'fsbo_listing',
      before: { syndication: off },
      after: { syndication: choices() },
    });

    expect((await chooseFsbo(p.hash, off)).statusCode).toBe(200);
    const third = await publicRow({ fsboListingId: fsbo.id });
    expect(third?.syndication).toEqual(off);
    expect(third?.syndicatedAt).toEqual(second?.syndicatedAt);
  });
});
