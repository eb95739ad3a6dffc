import {
  ZOwnerTransactionAccessListSchema,
  ZOwnerTransactionAccessResponseSchema,
  ZPropertyQuerySchema,
  ZTransactionAccessApproveSchema,
  ZTransactionAccessDecisionSchema,
  ZTransactionAccessParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnedListingContext } from '../../../../features/listing-tools/owned-listing.ts';
import { timeZoneOfState } from '../../../../lib/time-zones.ts';
import { ERRORS, refused } from '../../../_shared/replies.ts';

const scopeOf = (ctx: OwnedListingContext) => ({
  userId: ctx.userId,
  propertyId: ctx.property.id,
  timeZone: timeZoneOfState(ctx.property.state),
});

/**
 * The Transaction access tab of /dashboard/listing (issue 24): confirmed requests with their
 * view logs; approve (days, what is shared), refuse, revoke. Each route opens the property's
 * listing for its owners first; anyone else, and another property's request, gets a 404.
 */
const transactionAccessOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/transaction-access',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Requests for transaction access to the listing, newest first, with their visits',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZOwnerTransactionAccessListSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      reply.header('cache-control', 'private, no-store');
      return app.transactionAccess.forOwner(scopeOf(opened.ctx));
    },
  );

  app.post(
    '/transaction-access/:request/approve',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Give access for 1–90 days (30 by default) with what is shared; mails the link',
        params: ZTransactionAccessParamsSchema,
        body: ZTransactionAccessApproveSchema,
        response: { 200: ZOwnerTransactionAccessResponseSchema, ...ERRORS },
      },
      config: { audit: { action: 'transaction-access.approve' } },
    },
    async (request, reply) => {
      const { property, days, shares } = request.body;
      const opened = await app.ownedListings.open(request.user.userId, property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.transactionAccess.approve(
        scopeOf(opened.ctx),
        request.params.request,
        { days, shares },
      );
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'transaction_access_request',
        recordId: request.params.request,
        after: { status: 'approved', days, shares: done.value.request.shares },
      });
      return done.value;
    },
  );

  app.post(
    '/transaction-access/:request/refuse',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Refuse a pending request; the requester is told',
        params: ZTransactionAccessParamsSchema,
        body: ZTransactionAccessDecisionSchema,
        response: { 200: ZOwnerTransactionAccessResponseSchema, ...ERRORS },
      },
      config: { audit: { action: 'transaction-access.refuse' } },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.transactionAccess.refuse(scopeOf(opened.ctx), request.params.request);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'transaction_access_request',
        recordId: request.params.request,
        after: { status: 'refused' },
      });
      return done.value;
    },
  );

  app.post(
    '/transaction-access/:request/revoke',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'Take access back: the link stops working at its next request',
        params: ZTransactionAccessParamsSchema,
        body: ZTransactionAccessDecisionSchema,
        response: { 200: ZOwnerTransactionAccessResponseSchema, ...ERRORS },
      },
      config: { audit: { action: 'transaction-access.revoke' } },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.transactionAccess.revoke(scopeOf(opened.ctx), request.params.request);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'transaction_access_request',
        recordId: request.params.request,
        after: { status: 'revoked' },
      });
      return done.value;
    },
  );
};

export default transactionAccessOwnerRoutes;
