import {
  ZErrorResponseSchema,
  ZShowingLinkRespondSchema,
  ZShowingLinkSchema,
  ZShowingLinkViewSchema,
  ZShowingRequestParamsSchema,
  ZShowingRequestResultSchema,
  ZShowingRequestSchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import type { ShowingOutcome } from '../../features/listing-tools/showings/showings.ts';

const FAILURES = {
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  410: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
} as const;

const refusedShowing = (reply: FastifyReply, o: Extract<ShowingOutcome<unknown>, { ok: false }>) =>
  reply.code(o.status).send({ message: o.message, ...(o.errors ? { errors: o.errors } : {}) });

/**
 * Showing requests' public side (issue 22): a visitor's request from a listing page, and the page
 * a mailed link opens (the token came in the URL fragment and is posted here; it never reaches a
 * log). No session: the listing must be published, the link genuine and current.
 */
const showingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/listings/:hash/showings',
    {
      schema: {
        tags: ['listings'],
        summary: 'Ask to see a published listing (the listing page’s “Request a showing” form)',
        params: ZShowingRequestParamsSchema,
        body: ZShowingRequestSchema,
        response: { 201: ZShowingRequestResultSchema, ...FAILURES },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.showingRequests, request.ip))) return reply;
      const done = await app.showings.request(request.params.hash, request.body);
      if (!done.ok) return refusedShowing(reply, done);
      const { showing, message } = done.value;
      request.audit(
        showing
          ? {
              recordType: 'showing_request',
              recordId: showing.hash,
              after: { listing: request.params.hash, status: showing.status },
            }
          : {
              recordType: 'listing',
              recordId: request.params.hash,
              after: { dropped: 'honeypot' },
            },
      );
      return reply.code(201).send({ message });
    },
  );

  app.post(
    '/showings/link',
    {
      schema: {
        tags: ['listings'],
        summary: 'What a mailed showing link shows: the request from its side, and what it may do',
        body: ZShowingLinkSchema,
        response: { 200: ZShowingLinkViewSchema, ...FAILURES },
      },
      config: { audit: false },
    },
    async (request, reply) => {
      const done = await app.showings.viewLink(request.body.token);
      if (!done.ok) return refusedShowing(reply, done);
      return done.value;
    },
  );

  app.post(
    '/showings/link/respond',
    {
      schema: {
        tags: ['listings'],
        summary: 'Answer a showing request through a mailed link (once; a replay changes nothing)',
        body: ZShowingLinkRespondSchema,
        response: { 200: ZShowingLinkViewSchema, ...FAILURES },
      },
    },
    async (request, reply) => {
      const { token, action, date, time } = request.body;
      const done = await app.showings.respondByLink(token, action, { date, time });
      if (!done.ok) return refusedShowing(reply, done);
      return done.value;
    },
  );
};

export default showingPublicRoutes;
