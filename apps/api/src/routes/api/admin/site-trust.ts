import {
  ZReviewRatingRequestSchema,
  ZReviewRatingSchema,
  ZSiteTrustAdminSchema,
  ZSiteTrustIdParamsSchema,
  ZStateNoticeRequestSchema,
  ZStateNoticeSchema,
} from '@lantern/contracts';
import type { ReviewRatingRow, StateNoticeRow } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toNotice, toReview } from '../../../features/site-trust/site-trust.ts';
import { ERRORS, notFound } from '../../_shared/replies.ts';

/** What the activity log keeps of a row: everything staff set. */
const noticeFields = ({ state, label, url, position }: StateNoticeRow) => ({
  state,
  label,
  url,
  position,
});
const reviewFields = ({ source, ratingTenths, reviewCount, url, position }: ReviewRatingRow) => ({
  source,
  ratingTenths,
  reviewCount,
  url,
  position,
});

const MANAGE = { staff: ['site.manage'] } as const;
const NO_CONTENT = { 204: z.null().describe('Removed'), ...ERRORS };

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080): the notices each state requires on a
 * brokerage's website, and review ratings with their source, shown in the public footer of every
 * page. Every staff member reads them; `site.manage` changes them. A change shows on every page
 * of every instance at the next visit (the bus clears the footer's cache and kept pages).
 */
const siteTrustRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-trust',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary:
          'The state notices and review ratings the public footer shows, and the count of homes listed with its floor',
        response: { 200: ZSiteTrustAdminSchema, ...ERRORS },
      },
    },
    async () => app.siteTrust.admin(),
  );
  noticeRoutes(app);
  reviewRoutes(app);
};

function noticeRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.post(
    '/site-trust/notices',
    {
      config: { access: MANAGE, audit: { action: 'state-notice.create' } },
      schema: {
        tags: ['admin'],
        summary:
          "Add a state's notice: its state, the link's words and its address (https or a site path)",
        body: ZStateNoticeRequestSchema,
        response: { 201: ZStateNoticeSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await app.siteTrust.addNotice(request.body);
      request.audit({
        recordType: 'state-notice',
        recordId: String(made.id),
        after: noticeFields(made),
      });
      return reply.code(201).send(toNotice(made));
    },
  );
  app.put(
    '/site-trust/notices/:id',
    {
      config: { access: MANAGE, audit: { action: 'state-notice.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a state notice's state, words, address or order",
        params: ZSiteTrustIdParamsSchema,
        body: ZStateNoticeRequestSchema,
        response: { 200: ZStateNoticeSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await app.siteTrust.updateNotice(request.params.id, request.body);
      if (!changed) return notFound(reply);
      request.audit({
        recordType: 'state-notice',
        recordId: String(request.params.id),
        before: noticeFields(changed.before),
        after: noticeFields(changed.after),
      });
      return toNotice(changed.after);
    },
  );
  app.delete(
    '/site-trust/notices/:id',
    {
      config: { access: MANAGE, audit: { action: 'state-notice.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Remove a state notice from the footer',
        params: ZSiteTrustIdParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      const gone = await app.siteTrust.removeNotice(request.params.id);
      if (!gone) return notFound(reply);
      request.audit({
        recordType: 'state-notice',
        recordId: String(gone.id),
        before: noticeFields(gone),
      });
      return reply.code(204).send(null);
    },
  );
}

function reviewRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.post(
    '/site-trust/reviews',
    {
      config: { access: MANAGE, audit: { action: 'review-rating.create' } },
      schema: {
        tags: ['admin'],
        summary:
          'Add a review rating: the review site, its average in tenths of a star (48 = 4.8), the number of reviews and the https address of the reviews',
        body: ZReviewRatingRequestSchema,
        response: { 201: ZReviewRatingSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await app.siteTrust.addReview(request.body);
      request.audit({
        recordType: 'review-rating',
        recordId: String(made.id),
        after: reviewFields(made),
      });
      return reply.code(201).send(toReview(made));
    },
  );
  app.put(
    '/site-trust/reviews/:id',
    {
      config: { access: MANAGE, audit: { action: 'review-rating.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a review rating's figures, source or order",
        params: ZSiteTrustIdParamsSchema,
        body: ZReviewRatingRequestSchema,
        response: { 200: ZReviewRatingSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await app.siteTrust.updateReview(request.params.id, request.body);
      if (!changed) return notFound(reply);
      request.audit({
        recordType: 'review-rating',
        recordId: String(request.params.id),
        before: reviewFields(changed.before),
        after: reviewFields(changed.after),
      });
      return toReview(changed.after);
    },
  );
  app.delete(
    '/site-trust/reviews/:id',
    {
      config: { access: MANAGE, audit: { action: 'review-rating.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Remove a review rating from the footer',
        params: ZSiteTrustIdParamsSchema,
        response: NO_CONTENT,
      },
    },
    async (request, reply) => {
      const gone = await app.siteTrust.removeReview(request.params.id);
      if (!gone) return notFound(reply);
      request.audit({
        recordType: 'review-rating',
        recordId: String(gone.id),
        before: reviewFields(gone),
      });
      return reply.code(204).send(null);
    },
  );
}

export default siteTrustRoutes;
