import {
  ZCreatedWebhookSchema,
  ZCreateWebhookRequestSchema,
  ZUpdateWebhookRequestSchema,
  ZWebhookDeliveriesPageSchema,
  ZWebhookDeliveriesQuerySchema,
  ZWebhookDeliveryDetailSchema,
  ZWebhookDeliveryParamsSchema,
  ZWebhookDeliveryRowSchema,
  ZWebhookEndpointListSchema,
  ZWebhookEndpointSchema,
  ZWebhookParamsSchema,
  ZWebhookSecretSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import {
  createEndpoint,
  deleteEndpoint,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from '../../_shared/webhook-endpoints.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['webhooks'];

/**
 * Account Settings → Webhooks (issue 25; docs/decisions/053-outbound-webhooks.md): the signed-in
 * person's endpoints, their signing secrets and deliveries. Someone else's endpoint is a 404.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoints(app);
  registerDeliveries(app);
  registerActions(app);
};

/** The endpoints: list, add, change, remove. */
function registerEndpoints(app: ZodApp) {
  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Your webhook endpoints, and whether you may receive every property’s events',
        response: { 200: ZWebhookEndpointListSchema, 401: ERRORS[401] },
      },
    },
    async (request) => app.webhooks.list(request.user.userId),
  );

  app.post(
    '/webhooks',
    {
      config: { audit: { action: 'webhook.create' }, idempotency: 'secret' },
      schema: {
        tags,
        summary: 'Add an endpoint; the answer carries its signing secret',
        body: ZCreateWebhookRequestSchema,
        response: {
          201: ZCreatedWebhookSchema,
          401: ERRORS[401],
          403: ERRORS[403],
          409: ERRORS[409],
          422: ERRORS[422],
        },
      },
    },
    async (request, reply) => createEndpoint(request, reply, request.body),
  );

  app.patch(
    '/webhooks/:hash',
    {
      config: { audit: { action: 'webhook.update' } },
      schema: {
        tags,
        summary: 'Turn an endpoint on or off, or change its events or description',
        description:
          'Turning it on again forgets its earlier failures: the 3 days start again at the next failure.',
        params: ZWebhookParamsSchema,
        body: ZUpdateWebhookRequestSchema,
        response: {
          200: ZWebhookEndpointSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          422: ERRORS[422],
        },
      },
    },
    async (request, reply) => updateEndpoint(request, reply, request.params, request.body),
  );

  app.delete(
    '/webhooks/:hash',
    {
      config: { audit: { action: 'webhook.delete' } },
      schema: {
        tags,
        summary: 'Delete an endpoint and its deliveries',
        params: ZWebhookParamsSchema,
        response: { 204: z.null(), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    async (request, reply) => deleteEndpoint(request, reply, request.params),
  );
}

/** An endpoint's secret, its deliveries, resending one. */
function registerDeliveries(app: ZodApp) {
  app.get(
    '/webhooks/:hash/secret',
    {
      // Reading a secret is worth a line in the activity log (the secret itself never is).
      config: { audit: { action: 'webhook.secret', reads: true } },
      schema: {
        tags,
        summary: 'The endpoint’s signing secret (its owner only)',
        params: ZWebhookParamsSchema,
        response: {
          200: ZWebhookSecretSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.webhooks.secret(request.user.userId, request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'webhook_endpoint', recordId: request.params.hash });
      return { secret: outcome.value };
    },
  );

  app.get(
    '/webhooks/:hash/deliveries',
    {
      schema: {
        tags,
        summary: 'The endpoint’s deliveries, newest first, with their last answer',
        params: ZWebhookParamsSchema,
        querystring: ZWebhookDeliveriesQuerySchema,
        response: {
          200: ZWebhookDeliveriesPageSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          422: ERRORS[422],
        },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        app.webhooks.deliveries(request.user.userId, request.params.hash, request.query),
      );
      if (result === undefined) return reply;
      if (result === null) return notFound(reply);
      return result;
    },
  );

  app.get(
    '/webhooks/:hash/deliveries/:delivery',
    {
      schema: {
        tags,
        summary: 'One delivery: the body sent and every attempt with its answer',
        params: ZWebhookDeliveryParamsSchema,
        response: { 200: ZWebhookDeliveryDetailSchema, 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    async (request, reply) => {
      const { hash, delivery } = request.params;
      const found = await app.webhooks.delivery(request.user.userId, hash, delivery);
      return found ?? notFound(reply);
    },
  );

  app.post(
    '/webhooks/:hash/deliveries/:delivery/resend',
    {
      config: { audit: { action: 'webhook.resend' } },
      schema: {
        tags,
        summary: 'Send a delivery again: the same event, signed afresh, listed as a new delivery',
        params: ZWebhookDeliveryParamsSchema,
        response: {
          202: ZWebhookDeliveryRowSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
          429: ERRORS[422],
        },
      },
    },
    async (request, reply) => {
      if (!(await app.throttle.take(reply, LIMITS.webhookResends, request.user.userId)))
        return reply;
      const { hash, delivery } = request.params;
      const outcome = await app.webhooks.resend(request.user.userId, hash, delivery);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'webhook_delivery', recordId: outcome.value.hash });
      return reply.code(202).send(outcome.value);
    },
  );
}

/** "Send test event" and "Rotate secret" (issue 48), as /api/v1/webhook-endpoints offers them. */
function registerActions(app: ZodApp) {
  app.post(
    '/webhooks/:hash/test',
    {
      // The POST to the endpoint is made outside the transaction that stores the delivery.
      config: { audit: { action: 'webhook.test', outside: true } },
      schema: {
        tags,
        summary: 'Send a `webhook.test` event now; the delivery after its first attempt',
        params: ZWebhookParamsSchema,
        response: {
          200: ZWebhookDeliveryRowSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
        },
      },
    },
    async (request, reply) => sendTestEvent(request, reply, request.params),
  );

  app.post(
    '/webhooks/:hash/rotate-secret',
    {
      config: { audit: { action: 'webhook.rotate_secret' }, idempotency: 'secret' },
      schema: {
        tags,
        summary: 'A new signing secret; the previous one also signs for 24 hours',
        params: ZWebhookParamsSchema,
        response: {
          200: ZCreatedWebhookSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
        },
      },
    },
    async (request, reply) => rotateSecret(request, reply, request.params),
  );
}

export default webhookRoutes;
