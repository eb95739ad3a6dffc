import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { addProperty, type FixtureProperty, SHARE_DEFAULTS, xhr } from './dashboard-fixtures.ts';
import { expect } from './fixtures/test.ts';

/** A day `days` from today, as the listing form's dates are written. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface PaidMlsListing {
  /** The property the listing is for (the seller's own, added through the test route). */
  property: FixtureProperty;
  propertySubType?: string;
  /** RESO fields over the defaults below (ListPrice, PublicRemarks, Owners, …). */
  form: Record<string, unknown> & { Owners: { name: string; email: string }[] };
  upgrades?: string[];
  /** One JPEG per colour, uploaded in this order. */
  photos: { name: string; background: { r: number; g: number; b: number } }[];
  /** The check's reference staff record the payment under. */
  reference: string;
  /** Where it may appear beyond our site (the form's defaults); null: left for the test. */
  syndication?: Record<string, boolean> | null;
}

/**
 * An MLS listing through its first five steps, the way the builder's pages save them (proved by
 * mls-listing.spec.ts): order, location, form, upgrades, photos (waited on until ready), and the
 * invoice paid by check as staff. Answers the property's hash and the photos' hashes in order.
 */
export async function paidMlsListing(seller: Page, staff: Page, listing: PaidMlsListing) {
  const property = await addProperty(seller, listing.property);
  const order = await seller.request.post('/api/dashboard/orders', {
    headers: xhr(),
    data: { property, product: 'mls-listing-state' },
  });
  expect(order.status()).toBe(201);
  const invoice = (await order.json()).order.invoice as string;
  const put = async (url: string, data: object) => {
    const res = await seller.request.put(url, { headers: xhr(), data: { property, ...data } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await seller.request.get(`/api/dashboard/mls-listing?property=${property}`);
  await put('/api/dashboard/mls-listing/location', {
    propertyType: 'Residential',
    propertySubType: listing.propertySubType ?? 'SingleFamilyResidence',
  });
  await put('/api/dashboard/mls-listing/form', {
    finish: true,
    form: {
      BedroomsTotal: 3,
      BathroomsFull: 2,
      AssociationYN: false,
      ListingTerms: ['Cash', 'Conventional'],
      Possession: ['CloseOfEscrow'],
      ExpirationDate: inDays(120),
      ...listing.form,
    },
  });
  await put('/api/dashboard/mls-listing/services', { upgrades: listing.upgrades ?? [] });
  // The agreement is made only once the owners chose where the listing may appear (issue 49).
  if (listing.syndication !== null)
    await put('/api/dashboard/mls-listing/syndication', {
      syndication: listing.syndication ?? SHARE_DEFAULTS,
    });
  const photosUrl = `/api/dashboard/mls-listing/photos?property=${property}`;
  for (const { name, background } of listing.photos) {
    const buffer = await sharp({ create: { width: 1280, height: 960, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const upload = await seller.request.post(photosUrl, {
      headers: xhr(),
      multipart: { files: { name, mimeType: 'image/jpeg', buffer } },
    });
    expect(upload.status()).toBe(200);
  }
  const ready = listing.photos.map(() => 'ready').join();
  await expect
    .poll(async () => {
      const res = await seller.request.get(photosUrl);
      return (await res.json()).photos.map((p: { status: string }) => p.status).join();
    })
    .toBe(ready);
  const photos = (await (await seller.request.get(photosUrl)).json()).photos as { hash: string }[];
  const total = (
    await (
      await seller.request.get(`/api/dashboard/mls-listing/payment?property=${property}`)
    ).json()
  ).invoice.totalCents as number;
  const paid = await staff.request.post(`/api/admin/invoices/${invoice}/payments`, {
    headers: xhr(),
    data: {
      amountCents: total,
      method: 'check',
      reference: listing.reference,
      receivedOn: new Date().toISOString().slice(0, 10),
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { property, photos: photos.map((p) => p.hash) };
}

/**
 * The paid listing signed by its one owner (the seller) and approved by staff with an MLS number:
 * live, as the product makes one.
 */
export async function putLive(seller: Page, staff: Page, property: string): Promise<string> {
  const sign = await (
    await seller.request.get(`/api/dashboard/mls-listing/sign?property=${property}`)
  ).json();
  const signed = await seller.request.post('/api/dashboard/mls-listing/sign', {
    headers: xhr(),
    data: {
      property,
      document: sign.document.hash,
      consent: true,
      consentVersion: sign.disclosure.version,
    },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  const listing = (
    await (await seller.request.get(`/api/dashboard/mls-listing?property=${property}`)).json()
  ).listing.hash as string;
  const approved = await staff.request.post(`/api/admin/mls-listings/${listing}/approve`, {
    headers: xhr(),
    data: { mlsNumber: `PUB-${Date.now().toString(36).toUpperCase()}`, board: 'mred' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return listing;
}

/** The listing form's answers a test chooses; the rest are the same in every test. */
export interface ListingFormAnswers {
  ListPrice: number;
  BedroomsTotal: number;
  BathroomsFull: number;
  LivingArea: number;
  PublicRemarks: string;
  Owners: Array<{ name: string; email: string }>;
}

/**
 * The listing's first two steps through the API, as the pages save them, then every owner has
 * signed (test fixture; signing is its own flow): the listing is in the review queue.
 */
export async function submitListing(page: Page, property: string, answers: ListingFormAnswers) {
  const location = await page.request.put('/api/dashboard/mls-listing/location', {
    headers: xhr(),
    data: { property, propertyType: 'Residential', propertySubType: 'SingleFamilyResidence' },
  });
  expect(location.status()).toBe(200);
  const form = await page.request.put('/api/dashboard/mls-listing/form', {
    headers: xhr(),
    data: {
      property,
      finish: true,
      form: {
        ...answers,
        AssociationYN: false,
        ListingTerms: ['Cash'],
        Possession: ['CloseOfEscrow'],
        ExpirationDate: inDays(120),
      },
    },
  });
  expect(form.status()).toBe(200);
  const submitted = await page.request.post('/api/dashboard/test-fixtures/submit-listing', {
    headers: xhr(),
    data: { property },
  });
  expect(submitted.status()).toBe(200);
}

/** The only owner signs the agreement as it stands on the Sign step. */
export async function signAsOnlyOwner(page: Page, property: string) {
  await page.goto(`/dashboard/mls-listing/sign?property=${property}`);
  const form = page.getByRole('form', { name: 'Sign the agreement' });
  // The agreement's PDF is made when the page first asks for it.
  await expect(
    form.getByRole('heading', { name: 'Signing electronically: what you agree to' }),
  ).toBeVisible({ timeout: 20_000 });
  await form.getByLabel(/I agree to use electronic records and to sign electronically/).check();
  await form.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(
    page.getByText('Every owner has signed. The listing is with our team for review.'),
  ).toBeVisible({ timeout: 15_000 });
}
