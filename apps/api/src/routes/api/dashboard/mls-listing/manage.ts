import {
  LISTING_LIFECYCLE_TEXTS as L,
  LISTING_MANAGE_TEXTS as LM,
  ZChangeRequestCreateSchema,
  ZChangeSentSchema,
  ZListingManageSchema,
  ZMlsListingQuerySchema,
  ZRenewRequestSchema,
  ZRenewSentSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/** Longest user agent kept in a signature's trail (as on the sign step). */
const USER_AGENT_MAX = 512;

/**
 * The live listing (issue 18, "Manage (once live)"; docs/decisions/032): where it stands, its
 * change requests, a new one signed in the same call, and the renewal.
 */
const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.mlsListingService;
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
  });

  app.get(
    '/manage',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'The live listing: status, MLS number, price, remarks, end date, price changes left, the open renewal and every change request',
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZListingManageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const out = await app.listingManage.view(opened.ctx);
      return 'ok' in out ? refused(reply, out) : out;
    },
  );

  app.post(
    '/changes',
    {
      config: { audit: { action: 'mls-listing.change-request', outside: true } },
      schema: {
        tags: ['mls-listing'],
        summary:
          'Ask for a change to the live listing (price, remarks, photos, status): its change form is signed electronically in the same call and goes to staff',
        body: ZChangeRequestCreateSchema,
        response: { 201: ZChangeSentSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      // The form is stored first; the request commits with its activity row.
      const out = await app.listingManage.request(
        opened.ctx,
        request.body,
        meta(request),
        request.commit,
        (change) =>
          request.audit({
            recordType: 'listing-change',
            recordId: change.hash,
            before: null,
            after: { kind: change.kind, summary: change.summary },
          }),
      );
      if (!out.ok) return refused(reply, out);
      return reply.code(201).send({ change: out.change, message: L.changeSent });
    },
  );

  app.post(
    '/renew',
    {
      config: { audit: { action: 'mls-listing.renew', outside: true } },
      schema: {
        tags: ['mls-listing'],
        summary:
          'Start a renewal with a later end date: the owner asking signs it now, the other owners on the Sign page',
        body: ZRenewRequestSchema,
        response: { 201: ZRenewSentSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      // The renewal is stored first; the signature commits with its activity row.
      const out = await app.listingManage.renew(
        opened.ctx,
        request.body,
        meta(request),
        request.commit,
        (document) =>
          request.audit({
            recordType: 'signing-document',
            recordId: document,
            before: null,
            after: { kind: 'renewal', ExpirationDate: request.body.ExpirationDate },
          }),
      );
      if (!out.ok) return refused(reply, out);
      return reply.code(201).send({
        document: out.document,
        completed: out.completed,
        message: out.completed ? LM.renewalSent : LM.renewalStarted,
      });
    },
  );
};

export default manageRoutes;
