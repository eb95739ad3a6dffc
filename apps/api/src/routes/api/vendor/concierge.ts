import {
  CONCIERGE_API,
  MESSAGES,
  streetAddressUnit,
  type TConciergeListingDetail,
  type TResoPropertySubType,
  type TResoPropertyType,
  type TReturnReasons,
  ZConciergeListingDetailSchema,
  ZConciergeListingParamsSchema,
  ZConciergeListingPhotoParamsSchema,
  ZConciergeListingsPageSchema,
  ZConciergeListingsQuerySchema,
  ZConciergeReturnRequestSchema,
} from '@lantern/contracts';
import { findFairHousingPhrases, MLS_LISTING_TEXTS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedForm } from '../../../features/mls-listing/mls-listing.ts';
import { mlsPhotoOwner } from '../../../features/photos/photos.ts';
import { ERRORS, fileReply, NOT_FOUND, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const concierge = { access: { vendor: ['concierge'] as const } };

/**
 * The concierge's listings (issue 24; docs/decisions/048): those assigned to them — anyone
 * else's answers 404 — read as the customer built them, and the two actions while one is with
 * them: return it to the customer with notes, or mark it ready for staff review.
 */
const conciergeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListings(app);
  registerPhotos(app);
  registerDecisions(app);
};

async function detail(
  app: ZodApp,
  userId: number,
  hash: string,
): Promise<TConciergeListingDetail | null> {
  const found = await app.conciergeRepo.findFor(userId, hash);
  if (!found) return null;
  const { listing, property } = found;
  const [photos, history, conciergeListing] = await Promise.all([
    app.photos.list(mlsPhotoOwner(listing)),
    app.listingReviewRepo.history(listing.id),
    app.conciergeRepo.conciergeListingPaid(listing.id),
  ]);
  const form = storedForm(listing.fields);
  return {
    hash: listing.hash,
    status: listing.status,
    waiting: listing.status === 'concierge',
    propertyHash: property.hash,
    conciergeListing,
    submittedAt: listing.submittedAt?.toISOString() ?? null,
    property: {
      streetAddress: streetAddressUnit(property.street, property.unit),
      city: property.city,
      state: property.state,
      zipCode: property.zip,
    },
    propertyType: (listing.propertyType as TResoPropertyType | null) ?? null,
    propertySubType: (listing.propertySubType as TResoPropertySubType | null) ?? null,
    form,
    warnings: findFairHousingPhrases(form.PublicRemarks ?? '').map((phrase) => ({
      field: 'PublicRemarks',
      phrase,
      message: MLS_LISTING_TEXTS.fairHousingWarning(phrase),
    })),
    photos: photos
      .filter((p) => p.status === 'ready')
      .map((p) => ({
        hash: p.hash,
        caption: p.caption,
        fileName: p.fileName,
        urls: {
          thumb: CONCIERGE_API.photoFile(listing.hash, p.hash, 'thumb'),
          web: CONCIERGE_API.photoFile(listing.hash, p.hash, 'web'),
        },
      })),
    returnReasons: (listing.returnReasons as TReturnReasons | null) ?? null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      kind: h.kind,
      by: h.by,
      board: h.board,
      step: h.step,
    })),
  };
}

/** The concierge's listings and one of them. */
function registerListings(app: ZodApp) {
  const repo = app.conciergeRepo;

  app.get(
    '/concierge/listings',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary:
          "The concierge's listings: those waiting for them (default), oldest signing first, or all assigned",
        querystring: ZConciergeListingsQuerySchema,
        response: { 200: ZConciergeListingsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => repo.page(request.access.userId, request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => ({
          hash: r.hash,
          status: r.status,
          streetAddress: streetAddressUnit(r.street, r.unit),
          city: r.city,
          state: r.state,
          owners: storedForm(r.fields).Owners ?? [],
          submittedAt: r.submittedAt?.toISOString() ?? null,
          photoCount: r.photoCount,
        })),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/concierge/listings/:hash',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary: 'One of the concierge’s listings: fields, photos, notes, history (another’s: 404)',
        params: ZConciergeListingParamsSchema,
        response: { 200: ZConciergeListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await detail(app, request.access.userId, request.params.hash)) ?? notFound(reply),
  );
}

/** A listing's photo files. */
function registerPhotos(app: ZodApp) {
  const repo = app.conciergeRepo;

  app.get(
    '/concierge/listings/:hash/photos/:photo/:size',
    {
      config: concierge,
      schema: {
        response: NOT_FOUND,
        tags: ['vendor'],
        summary:
          'A size of a ready photo of one of the concierge’s listings: streamed, or a redirect to a signed URL (S3)',
        params: ZConciergeListingPhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await repo.findFor(request.access.userId, request.params.hash);
      const file = found
        ? await app.photos.file(
            mlsPhotoOwner(found.listing),
            request.params.photo,
            request.params.size,
          )
        : null;
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      if ('redirect' in file) {
        return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
      }
      return fileReply(reply)
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );
}

/** Return the listing to its customer, or pass it on to staff. */
function registerDecisions(app: ZodApp) {
  app.post(
    '/concierge/listings/:hash/return',
    {
      config: { ...concierge, audit: { action: 'listing.concierge-return' } },
      schema: {
        tags: ['vendor'],
        summary:
          'Return a listing waiting for the concierge to its customer, with notes beside fields and photos',
        params: ZConciergeListingParamsSchema,
        body: ZConciergeReturnRequestSchema,
        response: { 200: ZConciergeListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const done = await app.concierge.returnToCustomer(userId, request.params.hash, request.body);
      if (!done.ok) return refused(reply, done);
      const { hash, before, after } = done.value;
      request.audit({ recordType: 'mls_listing', recordId: hash, before, after });
      return (await detail(app, userId, hash)) ?? notFound(reply);
    },
  );

  app.post(
    '/concierge/listings/:hash/ready',
    {
      config: { ...concierge, audit: { action: 'listing.concierge-ready' } },
      schema: {
        tags: ['vendor'],
        summary: 'Mark a listing waiting for the concierge ready: it goes to staff review',
        params: ZConciergeListingParamsSchema,
        response: { 200: ZConciergeListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const done = await app.concierge.ready(userId, request.params.hash);
      if (!done.ok) return refused(reply, done);
      const { hash, before, after } = done.value;
      request.audit({ recordType: 'mls_listing', recordId: hash, before, after });
      return (await detail(app, userId, hash)) ?? notFound(reply);
    },
  );
}

export default conciergeRoutes;
