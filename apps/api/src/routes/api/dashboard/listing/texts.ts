import {
  ZLeadTextsUpdateSchema,
  ZPropertyQuerySchema,
  ZTextForInfoSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * Text for info (issue 22; docs/decisions/044-text-for-info.md), for the listing's owners:
 * GET /api/dashboard/listing/texts?property= (the code, our number, the signed-in owner's lead
 * texts, the buyers who texted) and PUT /api/dashboard/listing/texts/lead-texts (turn lead texts
 * to their verified phone on or off). Anyone not on the listing's side gets a 404.
 */
const textForInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/texts',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The listing's text code, lead texts and the buyers who texted",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZTextForInfoSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return app.textForInfo.view(opened.ctx);
    },
  );

  app.put(
    '/texts/lead-texts',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "Turn the owner's lead texts on or off",
        body: ZLeadTextsUpdateSchema,
        response: { 200: ZTextForInfoSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.textForInfo.setLeadTexts(opened.ctx, request.body.on);
      if (!done.ok) return refused(reply, done);
      return app.textForInfo.view(opened.ctx);
    },
  );
};

export default textForInfoRoutes;
