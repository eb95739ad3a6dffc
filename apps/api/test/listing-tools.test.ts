import { LISTING_TOOLS_API } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'tools-seller');
  buyer = await signUpUser(t.app, 'tools-buyer');
  stranger = await signUpUser(t.app, 'tools-stranger');
});
afterAll(() => t.close());

const owned = (property: string, who: SignedIn) =>
  t.app.inject({
    method: 'GET',
    url: `${LISTING_TOOLS_API.listing}?property=${property}`,
    headers: { cookie: who.cookie },
  });

describe('GET /api/dashboard/listing', () => {
  it("gives the seller the property's public listing with its time zone", async () => {
    const { property, listing } = await publishedFsboListing(t.app, seller, '12 Lantern Tools Rd');
    const res = await owned(property.hash, seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().listing).toMatchObject({
      hash: listing.hash,
      kind: 'fsbo',
      status: 'active',
      published: true,
      slug: listing.slug,
      address: '12 Lantern Tools Rd',
      timeZone: 'America/Chicago',
    });
  });

  it("is a 404 for another user and for the buyer's side of the same property", async () => {
    const { property } = await publishedFsboListing(t.app, seller, '14 Lantern Tools Rd');
    await addReader(t.app.db, property.id, buyer.userId);
    expect((await owned(property.hash, stranger)).statusCode).toBe(404);
    expect((await owned(property.hash, buyer)).statusCode).toBe(404);
  });

  it('is a 404 for a property with no public listing, and 401 signed out', async () => {
    const bare = await addProperty(t.app, seller.userId, 'seller', {
      street: '16 Lantern Tools Rd',
    });
    expect((await owned(bare.hash, seller)).statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'GET',
      url: `${LISTING_TOOLS_API.listing}?property=${bare.hash}`,
    });
    expect(anon.statusCode).toBe(401);
  });
});
