import {
  ZInquiryListSchema,
  ZInquiryParamsSchema,
  ZInquiryReplyRequestSchema,
  ZInquiryThreadQuerySchema,
  ZInquiryThreadSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, refused } from '../../../_shared/replies.ts';

/**
 * A listing's questions for its owners (issue 22): the list, a thread (opening it marks it read)
 * and an answer, mailed to the buyer through the relay. Another listing's question is a 404.
 */
const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inquiries',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The listing's questions from buyers, latest first",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZInquiryListSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return { inquiries: await app.inquiries.list(opened.ctx) };
    },
  );

  app.get(
    '/inquiries/:hash',
    {
      schema: {
        tags: ['listing-tools'],
        summary: 'One question and its thread; marks it read',
        params: ZInquiryParamsSchema,
        querystring: ZInquiryThreadQuerySchema,
        response: { 200: ZInquiryThreadSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const inquiry = await app.inquiries.open(opened.ctx, request.params.hash);
      if (!inquiry) return notFound(reply);
      return { inquiry };
    },
  );

  app.post(
    '/inquiries/:hash/replies',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "Answer a buyer's question; it reaches them by mail",
        params: ZInquiryParamsSchema,
        body: ZInquiryReplyRequestSchema,
        response: { 200: ZInquiryThreadSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { property, body, shareEmail } = request.body;
      const opened = await app.ownedListings.open(request.user.userId, property);
      if (!opened.ok) return refused(reply, opened);
      const me = await app.users.findById(request.user.userId);
      if (!me) return notFound(reply);
      const sent = await app.inquiries.answer(
        opened.ctx,
        request.params.hash,
        { body, shareEmail },
        { userId: me.id, email: me.email },
      );
      if (!sent) return notFound(reply);
      const inquiry = await app.inquiries.open(opened.ctx, request.params.hash);
      if (!inquiry) return notFound(reply);
      return { inquiry };
    },
  );
};

export default inquiryRoutes;
