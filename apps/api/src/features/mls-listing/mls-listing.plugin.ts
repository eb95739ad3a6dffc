import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createListingChanges, type ListingChanges } from '../public-listings/listing-changes.ts';
import { createListingsPages, type ListingsPages } from '../public-listings/listings-pages.ts';
import {
  createListingsSitemap,
  type ListingsSitemap,
} from '../public-listings/listings-sitemap.ts';
import {
  createPublicListingSync,
  type PublicListingSync,
} from '../public-listings/public-listings.ts';
import { createMlsListingService, type MlsListingService } from './mls-listing.ts';
import {
  createListingReviewRepository,
  type ListingReviewRepository,
} from './mls-listing-review.repository.ts';
import { createListingReviewService, type ListingReviewService } from './review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The MLS listing builder's steps (issue 16; docs/decisions/031-mls-listing-builder.md). */
    mlsListingService: MlsListingService;
    /** Staff's review of submitted listings (issue 18): approve, send back, cannot be listed. */
    listingReview: ListingReviewService;
    listingReviewRepo: ListingReviewRepository;
    /** Live MLS and published FSBO listings on the public pages, kept in step with each change. */
    publicListings: PublicListingSync;
    /** `/sitemap-listings.xml`, kept until a listing changes (issue 46). */
    listingsSitemap: ListingsSitemap;
    /** Told when a public listing is published, changed or taken down, on any instance. */
    publicListingChanges: ListingChanges;
    /** A page of a public list with its capped count, kept until a listing changes (issue 46). */
    listingsPages: ListingsPages;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'mlsListingService',
      createMlsListingService({
        properties: app.properties,
        mlsListings: app.mlsListings,
        products: app.products,
        orders: app.orders,
        crm: app.crm,
        siteName: app.config.siteName,
        cardPayments: app.cardPayments !== null,
        checkouts: app.cardPayments,
      }),
    );
    const changes = createListingChanges(app.bus);
    app.decorate('publicListingChanges', changes);
    app.decorate(
      'listingsSitemap',
      createListingsSitemap({
        listings: app.listings,
        changes,
        origin: app.config.publicUrl.origin,
      }),
    );
    app.decorate('listingsPages', createListingsPages({ listings: app.listings, changes }));
    const publicListings = createPublicListingSync({
      listings: app.listings,
      fsboListings: app.fsboListings,
      webhooks: app.webhooks,
      publicUrl: app.config.publicUrl.origin,
      onSynced: changes.changed,
    });
    app.decorate('publicListings', publicListings);
    const reviewRepo = createListingReviewRepository(app.db);
    app.decorate('listingReviewRepo', reviewRepo);
    app.decorate(
      'listingReview',
      createListingReviewService({
        repo: reviewRepo,
        mlsListings: app.mlsListings,
        invoices: app.invoices,
        payments: app.paymentService,
        outbox: app.outbox,
        realtime: app.realtime,
        crm: app.crm,
        publicListings,
        brand: mailBrand(app.config),
        log: app.log,
      }),
    );
  },
  {
    name: 'mls-listing',
    dependencies: [
      'repositories',
      'property-data',
      'payments',
      'crm',
      'public-site',
      'realtime',
      'webhooks',
    ],
  },
);
