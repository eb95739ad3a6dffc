import {
  LISTING_SYNDICATION_DEFAULTS,
  MLS_LISTING_LIFECYCLE_API,
  type TListingSyndication,
} from '@lantern/contracts';
import {
  jobs,
  listingPhotos,
  mlsBoards,
  mlsListings,
  newHash,
  propertyParticipants,
  taxRates,
} from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { BROWSER } from './build-test-app.ts';
import { addProperty, type SignedIn } from './dashboard-fixtures.ts';
import { LISTING_LOCATION, listingForm } from './mls-listing-draft.ts';

export { LISTING_LOCATION, listingForm };

/** Test MLS boards in Wyoming, each as [slug, name, the counties it serves]. */
export async function addWyomingBoards(
  app: FastifyInstance,
  boards: ReadonlyArray<[slug: string, name: string, counties: string[]]>,
): Promise<void> {
  await app.db.insert(mlsBoards).values(
    boards.map(([slug, name, counties]) => ({
      slug,
      name,
      shortName: name.split(' ')[0] ?? name,
      states: ['WY'],
      counties,
      website: 'https://mls.example',
      sourceName: 'test',
      sourceUrl: 'https://mls.example',
    })),
  );
}

/**
 * A property's MLS listing taken through the customer's first five steps through the API, as
 * the dashboard does them (issue 16), ready for the sign step (issue 18). The photo is a ready
 * row (the photo tests upload real files); payment is a check staff record.
 */
export async function listingReadyToSign(
  app: FastifyInstance,
  owner: SignedIn,
  opts: {
    owners?: ReadonlyArray<{ name: string; email: string }>;
    street?: string;
    county?: string;
    /** false: leave the invoice open (the sign step stays closed). */
    pay?: boolean;
    /** Upgrades chosen at the services step (billed on the listing's invoice). */
    upgrades?: string[];
    /** Where it may appear beyond our site (the form's defaults); null: not chosen yet. */
    syndication?: TListingSyndication | null;
  } = {},
) {
  await app.db.insert(taxRates).values({ state: 'WY', rateBasisPoints: 0 }).onConflictDoNothing();
  const p = await addProperty(app, owner.userId, 'seller', {
    street: opts.street ?? `${Math.floor(Math.random() * 9000) + 100} Signing Way`,
    state: 'WY',
    county: opts.county ?? 'Nowhere County',
  });
  const put = (url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { ...BROWSER, cookie: owner.cookie }, payload });
  const ordered = await app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: owner.cookie },
    payload: { property: p.hash, product: 'mls-listing-state' },
  });
  expect(ordered.statusCode).toBe(201);
  const invoice = ordered.json().order.invoice as string;
  expect(
    (await put(MLS_LISTING_API.location, { property: p.hash, ...LISTING_LOCATION })).statusCode,
  ).toBe(200);
  const owners = opts.owners ?? [{ name: 'Pat Owner', email: owner.email }];
  const form = await put(MLS_LISTING_API.form, {
    property: p.hash,
    form: listingForm(owners),
    finish: true,
  });
  expect(form.statusCode).toBe(200);
  expect(
    (await put(MLS_LISTING_API.services, { property: p.hash, upgrades: opts.upgrades ?? [] }))
      .statusCode,
  ).toBe(200);
  // The agreement is made only once the owners chose where the listing may appear (issue 49).
  const syndication =
    opts.syndication === undefined ? LISTING_SYNDICATION_DEFAULTS : opts.syndication;
  if (syndication) {
    const chosen = await put(MLS_LISTING_LIFECYCLE_API.syndication, {
      property: p.hash,
      syndication,
    });
    expect(chosen.statusCode).toBe(200);
  }
  const [listing] = await app.db.select().from(mlsListings).where(eq(mlsListings.propertyId, p.id));
  if (!listing) throw new Error('no listing');
  const photo = newHash();
  await app.db.insert(listingPhotos).values({
    hash: photo,
    listingId: listing.id,
    position: 0,
    status: 'ready',
    fileName: 'front.jpg',
    contentType: 'image/jpeg',
    bytes: 1,
    storageKey: `listings/${listing.hash}/photos/${photo}/original`,
  });
  const found = await app.invoices.find(invoice);
  if (!found) throw new Error('no invoice');
  if (opts.pay === false) return { ...p, invoice, listing, totalCents: found.totalCents };
  const paid = await app.paymentService.record(owner.userId, invoice, {
    amountCents: found.totalCents,
    method: 'check',
    reference: `chk-${photo.slice(0, 6)}`,
    receivedOn: new Date().toISOString().slice(0, 10),
  });
  expect(paid.ok).toBe(true);
  return { ...p, invoice, listing, totalCents: found.totalCents };
}

/** Subjects of the mails queued to an address (done mails keep only `to` and `subject`). */
export async function mailsTo(app: FastifyInstance, to: string): Promise<string[]> {
  const rows = await app.db
    .select({ subject: sql<string>`${jobs.payload}->>'subject'` })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`lower(${jobs.payload}->>'to') = lower(${to})`))
    .orderBy(jobs.id);
  return rows.map((r) => r.subject);
}

/**
 * GET and POST as a signed-in customer's browser with a fixed user agent (signatures record
 * it, and the signing tests check it on the certificate).
 */
export function asCustomer(app: FastifyInstance, userAgent: string) {
  return {
    get: (url: string, who: SignedIn) =>
      app.inject({ method: 'GET', url, headers: { cookie: who.cookie, 'user-agent': userAgent } }),
    post: (url: string, payload: object, who: SignedIn) =>
      app.inject({
        method: 'POST',
        url,
        headers: { ...BROWSER, cookie: who.cookie, 'user-agent': userAgent },
        payload,
      }),
  };
}

/** Another seller of the property, as accepting the emailed invitation makes them. */
export async function joinAsSeller(
  app: FastifyInstance,
  propertyId: number,
  who: SignedIn,
  canEdit = false,
) {
  await app.db
    .insert(propertyParticipants)
    .values({ propertyId, userId: who.userId, role: 'seller', canEdit })
    .onConflictDoNothing();
}
