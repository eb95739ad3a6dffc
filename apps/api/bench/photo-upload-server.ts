// Child process of bench/photo-upload.ts: the product (bench/memory-server.ts) with the seller's
// MLS listing taken through the steps before photos (Location, form, services) through the API,
// as the dashboard does, reporting its idle RSS and the peak while photos are uploaded and
// processed. The steps are walked, not written into the row, so the bench breaks loudly if the
// wizard changes again (issue 46: a listing inserted with no steps done refused every upload).
import { mlsListings, newHash } from '@lantern/db';
import { MLS_LISTING_API } from '@lantern/domain';
import { LISTING_LOCATION, listingForm } from '../test/helpers/mls-listing-draft.ts';
import { startProduct } from './memory-server.ts';

const { app, user, property, seller, order, serve } = await startProduct('photos');
const listingOrder = await order('mls-listing-state');
await app.db
  .insert(mlsListings)
  .values({ hash: newHash(), propertyId: property.id, orderId: listingOrder.id });
const steps = [
  [MLS_LISTING_API.location, LISTING_LOCATION],
  [
    MLS_LISTING_API.form,
    { form: listingForm([{ name: 'Pat Owner', email: user.email }]), finish: true },
  ],
  [MLS_LISTING_API.services, { upgrades: [] }],
] as const;
for (const [url, body] of steps) {
  const res = await app.inject({
    method: 'PUT',
    url,
    headers: seller,
    payload: { property: property.hash, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`PUT ${url}: ${res.statusCode} ${res.body}`);
}
await serve();
