import {
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  type TAdminChangeRow,
  type TChangeRequest,
  type TChangeRequestDetails,
  ZAdminChangeParamsSchema,
  ZAdminChangePhotoParamsSchema,
  ZAdminChangesPageSchema,
  ZAdminChangesQuerySchema,
  ZChangeDecidedSchema,
  ZDeclineChangeSchema,
  ZStaffDecisionSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeRow } from '../../../features/mls-listing/listing-changes.repository.ts';
import { changeView } from '../../../features/mls-listing/manage.ts';
import { sendPhotoFile } from '../../_shared/photo-file.ts';
import { ERRORS, NOT_FOUND, notFound, page, refused } from '../../_shared/replies.ts';

type QueueRow = ChangeRow & {
  listing: {
    hash: string;
    mlsNumber: string | null;
    standardStatus: TAdminChangeRow['standardStatus'];
  };
  property: { hash: string; street: string; unit: string | null; city: string; state: string };
};

const toRow = (r: QueueRow): TAdminChangeRow => ({
  ...changeView(r),
  listing: r.listing.hash,
  property: {
    hash: r.property.hash,
    streetAddress: r.property.street,
    unit: r.property.unit,
    city: r.property.city,
    state: r.property.state,
  },
  mlsNumber: r.listing.mlsNumber,
  standardStatus: r.listing.standardStatus,
  requestedByEmail: r.requesterEmail,
  decidedBy: r.deciderName?.trim() || r.deciderEmail,
});

/** The activity entry of a decision on a change request. */
const decided = (change: TChangeRequest) => ({
  recordType: 'listing-change',
  recordId: change.hash,
  before: { status: 'pending' },
  after: { status: change.status, summary: change.summary, note: change.staffNote },
});

/**
 * Staff's queue of change requests on live listings (issue 18, "Manage"): each is work of its
 * own, carried out on the MLS and marked done, or declined with a note the owners read.
 */
/** The photos a photo change chose; none for another kind of change. */
function photoSetOf(details: unknown) {
  const change = details as TChangeRequestDetails | undefined;
  return change?.kind === 'photos' ? (change.photos ?? []) : [];
}

const listingChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const review = { access: { staff: ['listings.review' as const] } };

  app.get(
    '/listing-changes',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'Change requests on live MLS listings: waiting ones by default, oldest first',
        querystring: ZAdminChangesQuerySchema,
        response: { 200: ZAdminChangesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.listingChanges.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/listing-changes/:hash/photos/:photo/:size',
    {
      config: review,
      schema: {
        response: NOT_FOUND,
        tags: ['admin'],
        summary:
          'A photo of the set a photo change chose (the listing’s own or a delivered photograph): a size, or the original to send to the MLS',
        params: ZAdminChangePhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const { hash, photo, size } = request.params;
      const found = await app.listingChanges.withListing(hash);
      const set = photoSetOf(found?.change.details);
      const served =
        found && set.length
          ? await app.photoSets.file(found.listing, found.listing.propertyId, set, photo, size)
          : null;
      if (!served) return notFound(reply);
      return sendPhotoFile(reply, served.photo, served.file, size);
    },
  );

  app.post(
    '/listing-changes/:hash/complete',
    {
      config: { ...review, audit: { action: 'listing-change.complete', outside: true } },
      schema: {
        tags: ['admin'],
        summary:
          "Mark a change done: the listing's price, remarks, end date or status is changed and a listing version recorded; the owners are emailed",
        params: ZAdminChangeParamsSchema,
        body: ZStaffDecisionSchema,
        response: { 200: ZChangeDecidedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      // A photo set's files are copied first; the decision commits with its activity row.
      const out = await app.listingManage.complete(
        request.params.hash,
        request.user.userId,
        request.body.note ?? null,
        request.commit,
        (row) => request.audit(decided(changeView(row))),
      );
      if (!out.ok) return refused(reply, out);
      return { change: changeView(out.change), message: L.changeDone };
    },
  );

  app.post(
    '/listing-changes/:hash/decline',
    {
      config: { ...review, audit: { action: 'listing-change.decline' } },
      schema: {
        tags: ['admin'],
        summary: 'Decline a change with a note the owners read; the owners are emailed',
        params: ZAdminChangeParamsSchema,
        body: ZDeclineChangeSchema,
        response: { 200: ZChangeDecidedSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const out = await app.listingManage.decline(
        request.params.hash,
        request.user.userId,
        request.body.note,
      );
      if (!out.ok) return refused(reply, out);
      const change = changeView(out.change);
      request.audit(decided(change));
      return { change, message: LM.changeDeclined };
    },
  );
};

export default listingChangeRoutes;
