import {
  ZOpenHouseParamsSchema,
  ZOpenHouseRequestSchema,
  ZOpenHouseResponseSchema,
  ZOpenHousesResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, FILE_ERRORS, fileReply, refused } from '../../../_shared/replies.ts';
import type { ZodApp } from '../../../_shared/zod-app.ts';

/**
 * /api/dashboard/listing/open-houses (issue 22, "Open house kit"): a public listing's open houses
 * for its owners — list, schedule, change, cancel — and the printable flyer. Each starts by
 * opening the listing for the user: anyone but its owners gets a 404.
 */
const openHouseRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSchedule(app);
  registerCancelAndFlyer(app);
};

/** The open houses: list, schedule one, change it. */
function registerSchedule(app: ZodApp) {
  app.get(
    '/open-houses',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The listing's open houses: coming up, and past or cancelled ones",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZOpenHousesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return app.openHouses.list(opened.ctx);
    },
  );

  app.post(
    '/open-houses',
    {
      config: { audit: { action: 'open_house.schedule' } },
      schema: {
        tags: ['listing-tools'],
        summary: 'Schedule an open house (day and times in the home’s time zone)',
        body: ZOpenHouseRequestSchema,
        response: { 200: ZOpenHouseResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.openHouses.add(opened.ctx, request.body);
      if (!done.ok) return refused(reply, done);
      request.audit({ recordType: 'open_house', recordId: done.value.id, after: done.value });
      return { openHouse: done.value };
    },
  );

  app.put(
    '/open-houses/:id',
    {
      config: { audit: { action: 'open_house.change' } },
      schema: {
        tags: ['listing-tools'],
        summary: 'Change an open house that has not started',
        params: ZOpenHouseParamsSchema,
        body: ZOpenHouseRequestSchema,
        response: { 200: ZOpenHouseResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.openHouses.change(opened.ctx, request.params.id, request.body);
      if (!done.ok) return refused(reply, done);
      const { before, after } = done.value;
      request.audit({ recordType: 'open_house', recordId: after.id, before, after });
      return { openHouse: after };
    },
  );
}

/** Cancel an open house; the printable flyer. */
function registerCancelAndFlyer(app: ZodApp) {
  app.post(
    '/open-houses/:id/cancel',
    {
      config: { audit: { action: 'open_house.cancel' } },
      schema: {
        tags: ['listing-tools'],
        summary: 'Cancel an open house that has not ended (kept in the list, marked cancelled)',
        params: ZOpenHouseParamsSchema,
        body: ZPropertyQuerySchema,
        response: { 200: ZOpenHouseResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.openHouses.cancel(opened.ctx, request.params.id);
      if (!done.ok) return refused(reply, done);
      request.audit({ recordType: 'open_house', recordId: done.value.id, after: done.value });
      return { openHouse: done.value };
    },
  );

  app.get(
    '/open-houses/flyer',
    {
      schema: {
        response: FILE_ERRORS,
        tags: ['listing-tools'],
        summary:
          'The printable flyer (PDF, US Letter): photo, price, facts, open house times and a QR code to the listing page; 409 while the listing is not published',
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const done = await app.openHouses.flyer(opened.ctx, request.log);
      if (!done.ok) return refused(reply, done);
      return fileReply(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${done.value.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(done.value.pdf));
    },
  );
}

export default openHouseRoutes;
