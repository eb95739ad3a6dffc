import {
  ADMIN_LISTING_REVIEW_API,
  MESSAGES,
  streetAddressUnit,
  type TAdminListingDetail,
  type TMlsBoardOption,
  type TResoPropertySubType,
  type TResoPropertyType,
  type TReturnReasons,
  ZAdminListingDetailSchema,
  ZAdminListingParamsSchema,
  ZAdminListingPhotoParamsSchema,
  ZAdminListingsPageSchema,
  ZAdminListingsQuerySchema,
  ZApproveListingRequestSchema,
  ZRejectListingRequestSchema,
  ZSendBackRequestSchema,
} from '@lantern/contracts';
import type { MlsBoard } from '@lantern/db';
import { findFairHousingPhrases, invoiceNumber, MLS_LISTING_TEXTS } from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedForm } from '../../../features/mls-listing/mls-listing.ts';
import { mlsPhotoOwner } from '../../../features/photos/photos.ts';
import type { Outcome } from '../../../features/staff/outcome.ts';
import { commitDescribed } from '../../_shared/commit.ts';
import { sendPhotoSize } from '../../_shared/photo-file.ts';
import { ERRORS, NOT_FOUND, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const review = { access: { staff: ['listings.review'] as const } };

const boardOption = (b: MlsBoard): TMlsBoardOption => ({
  slug: b.slug,
  name: b.name,
  shortName: b.shortName,
  website: b.website,
});

/**
 * Staff's review of MLS listings (issue 18; docs/decisions/032): every listing by state, one
 * listing with all staff need to check it, its photos, and the three decisions.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerPhotos(app);
  registerDecisions(app);
  registerReject(app);
};

/** The listing with all staff need to check it. */
async function detail(app: ZodApp, hash: string): Promise<TAdminListingDetail | undefined> {
  const repo = app.listingReviewRepo;
  const found = await repo.find(hash);
  if (!found) return undefined;
  const { listing, property, order } = found;
  const [boards, billed, photos, history] = await Promise.all([
    repo.boards(),
    app.mlsListings.listingInvoice(order.id),
    app.photos.list(mlsPhotoOwner(listing)),
    repo.history(listing.id),
  ]);
  const board = boards.find((b) => b.id === listing.boardId);
  const form = storedForm(listing.fields);
  return {
    hash: listing.hash,
    status: listing.status,
    createdAt: listing.createdAt.toISOString(),
    submittedAt: listing.submittedAt?.toISOString() ?? null,
    property: {
      hash: property.hash,
      streetAddress: streetAddressUnit(property.street, property.unit),
      city: property.city,
      state: property.state,
      zipCode: property.zip,
      county: property.county,
    },
    board: board ? boardOption(board) : null,
    boards: boards.map(boardOption),
    order: { hash: order.hash, productName: found.productName, status: order.status },
    ...invoiceOf(billed),
    propertyType: (listing.propertyType as TResoPropertyType | null) ?? null,
    propertySubType: (listing.propertySubType as TResoPropertySubType | null) ?? null,
    form,
    warnings: findFairHousingPhrases(form.PublicRemarks ?? '').map((phrase) => ({
      field: 'PublicRemarks',
      phrase,
      message: MLS_LISTING_TEXTS.fairHousingWarning(phrase),
    })),
    photos: readyPhotos(listing.hash, photos),
    returnReasons: (listing.returnReasons as TReturnReasons | null) ?? null,
    mlsNumber: listing.mlsNumber,
    standardStatus: listing.standardStatus,
    liveAt: listing.liveAt?.toISOString() ?? null,
    rejectedReason: listing.rejectedReason,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      kind: h.kind,
      by: h.by,
      board: h.board,
      step: h.step,
    })),
  };
}

/**
 * A decision's answer: the service's refusal as it is, or the change audited and the listing as
 * it stands now.
 */
async function decided<T>(
  app: ZodApp,
  request: { params: { hash: string }; audit: FastifyRequest['audit'] },
  reply: FastifyReply,
  outcome: Outcome<T>,
  audited: (value: T) => { before?: unknown; after?: unknown },
) {
  if (!outcome.ok) return refused(reply, outcome);
  const { hash } = request.params;
  request.audit({ recordType: 'mls_listing', recordId: hash, ...audited(outcome.value) });
  return (await detail(app, hash)) ?? notFound(reply);
}

type Billed = Awaited<ReturnType<ZodApp['mlsListings']['listingInvoice']>>;

/** The listing's invoice with its lines, and what of it may still be refunded. */
function invoiceOf(billed: Billed): Pick<TAdminListingDetail, 'invoice' | 'refundableCents'> {
  const invoice = billed?.invoice;
  return {
    invoice:
      invoice && billed
        ? {
            hash: invoice.hash,
            number: invoiceNumber(invoice.number),
            status: invoice.status,
            totalCents: invoice.totalCents,
            paidCents: invoice.paidCents,
            refundedCents: invoice.refundedCents,
            lines: billed.lines.map((l) => ({
              description: l.description,
              amountCents: l.amountCents,
            })),
          }
        : null,
    refundableCents: invoice ? Math.max(0, invoice.paidCents - invoice.refundedCents) : 0,
  };
}

/** The listing's ready photos with their review URLs. */
function readyPhotos(
  listingHash: string,
  photos: Awaited<ReturnType<ZodApp['photos']['list']>>,
): TAdminListingDetail['photos'] {
  return photos
    .filter((p) => p.status === 'ready')
    .map((p) => ({
      hash: p.hash,
      caption: p.caption,
      fileName: p.fileName,
      urls: {
        thumb: ADMIN_LISTING_REVIEW_API.photoFile(listingHash, p.hash, 'thumb'),
        web: ADMIN_LISTING_REVIEW_API.photoFile(listingHash, p.hash, 'web'),
      },
    }));
}

/** The listings by state and one of them. */
function registerReads(app: ZodApp) {
  const repo = app.listingReviewRepo;

  app.get(
    '/mls-listings',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'MLS listings by state, a keyset page at a time; submitted ones, oldest first',
        querystring: ZAdminListingsQuerySchema,
        response: { 200: ZAdminListingsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => repo.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => ({
          hash: r.hash,
          status: r.status,
          streetAddress: streetAddressUnit(r.street, r.unit),
          city: r.city,
          state: r.state,
          owners: storedForm(r.fields).Owners ?? [],
          board: r.board,
          submittedAt: r.submittedAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          mlsNumber: r.mlsNumber,
        })),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/mls-listings/:hash',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'One MLS listing as staff check it: fields, photos, owners, board and invoice',
        params: ZAdminListingParamsSchema,
        response: { 200: ZAdminListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await detail(app, request.params.hash)) ?? notFound(reply),
  );
}

/** A listing's photo files. */
function registerPhotos(app: ZodApp) {
  const repo = app.listingReviewRepo;

  app.get(
    '/mls-listings/:hash/photos/:photo/:size',
    {
      config: review,
      schema: {
        response: NOT_FOUND,
        tags: ['admin'],
        summary:
          'A size of a ready photo of the listing: streamed (local storage) or a redirect to a signed URL (S3)',
        params: ZAdminListingPhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await repo.find(request.params.hash);
      const file = found
        ? await app.photos.file(
            mlsPhotoOwner(found.listing),
            request.params.photo,
            request.params.size,
          )
        : null;
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      return sendPhotoSize(reply, file);
    },
  );
}

/** Approve a listing or send it back. */
function registerDecisions(app: ZodApp) {
  app.post(
    '/mls-listings/:hash/approve',
    {
      config: { ...review, audit: { action: 'listing.approve' } },
      schema: {
        tags: ['admin'],
        summary:
          'Put a submitted listing live: its MLS number, and the board when none was confirmed',
        params: ZAdminListingParamsSchema,
        body: ZApproveListingRequestSchema,
        response: { 200: ZAdminListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      decided(
        app,
        request,
        reply,
        await app.listingReview.approve(request.access.userId, request.params.hash, request.body),
        (change) => change,
      ),
  );

  app.post(
    '/mls-listings/:hash/send-back',
    {
      config: { ...review, audit: { action: 'listing.send-back' } },
      schema: {
        tags: ['admin'],
        summary: 'Send a submitted listing back to its owners with reasons beside the fields',
        params: ZAdminListingParamsSchema,
        body: ZSendBackRequestSchema,
        response: { 200: ZAdminListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      decided(
        app,
        request,
        reply,
        await app.listingReview.sendBack(request.access.userId, request.params.hash, request.body),
        (change) => change,
      ),
  );
}

/** Reject a listing: refund and cancel. */
function registerReject(app: ZodApp) {
  app.post(
    '/mls-listings/:hash/reject',
    {
      config: { ...review, audit: { action: 'listing.reject', outside: true } },
      schema: {
        tags: ['admin'],
        summary: 'Cannot be listed: refund the listing’s invoice in full and cancel its orders',
        params: ZAdminListingParamsSchema,
        body: ZRejectListingRequestSchema,
        response: { 200: ZAdminListingDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      // The refunds go through Stripe first; the rejection is then committed with its row.
      const outcome = await app.listingReview.reject(
        request.access.userId,
        hash,
        request.body,
        commitDescribed(request, reply, ({ before, after, refundedCents }) => ({
          recordType: 'mls_listing',
          recordId: hash,
          before,
          after: { ...after, refundedCents },
        })),
      );
      if (!outcome.ok) return refused(reply, outcome);
      return (await detail(app, hash)) ?? notFound(reply);
    },
  );
}

export default listingRoutes;
