import {
  MESSAGES,
  ZCustomerWorkOrdersSchema,
  ZErrorResponseSchema,
  ZPropertyQuerySchema,
  ZWorkOrderPhotoFileParamsSchema,
  ZWorkOrderPhotoFileQuerySchema,
} from '@lantern/contracts';
import { proofShownToCustomers } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { fileReply, NOT_FOUND } from '../../_shared/replies.ts';

/**
 * The property's work orders as its participants see them (issue 21): what each trip is for,
 * its state and day. Another user's property is a 404.
 */
const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-orders',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags: ['dashboard'],
        summary:
          "The property's work orders (sign posts, lockbox trips, photography), newest first",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZCustomerWorkOrdersSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const hash = request.query.property;
      const property = (await app.properties.isParticipant(userId, hash))
        ? await app.properties.findByHash(hash)
        : undefined;
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const workOrders = await wholeOrPage(
        request,
        () => app.workOrders.forProperty(property),
        (window) => app.workOrders.pageForProperty(property, window),
      );
      return { workOrders };
    },
  );

  app.get(
    '/work-orders/photos/:hash/:size',
    {
      schema: {
        response: NOT_FOUND,
        tags: ['dashboard'],
        summary:
          'A size of a work order’s proof photo, for staff who manage work orders, its assignee, and the property’s participants once staff approved it',
        params: ZWorkOrderPhotoFileParamsSchema,
        querystring: ZWorkOrderPhotoFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const notFound = () => reply.code(404).send({ message: MESSAGES.notFound });
      const owner = await app.workOrderRepo.photoOwner(request.params.hash);
      if (!owner) return notFound();
      const access = await app.access.forUser(userId);
      // The property's people see the photos once staff approved them (decision 066).
      const allowed =
        owner.wo.assigneeId === userId ||
        (access !== null && app.access.allows(access, { staff: ['workorders.manage'] })) ||
        (proofShownToCustomers(owner.wo) &&
          (await app.properties.isParticipant(userId, owner.propertyHash)));
      if (!allowed) return notFound();
      const file = await app.workOrders.photoFile(
        owner.wo,
        request.params.hash,
        request.params.size,
      );
      if (!file) return notFound();
      if ('redirect' in file)
        return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
      // The bytes of a photo's size never change (a new upload is a new photo).
      return fileReply(reply)
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );
};

export default workOrderRoutes;
