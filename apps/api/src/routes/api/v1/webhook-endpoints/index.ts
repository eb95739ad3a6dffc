import {
  ZApiWebhookDeliverySchema,
  ZApiWebhookEndpointListSchema,
  ZApiWebhookEndpointSchema,
  ZApiWebhookEndpointSecretSchema,
  ZCreateWebhookRequestSchema,
  ZUpdateWebhookRequestSchema,
  ZWebhookParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, notFound } from '../../../_shared/replies.ts';
import {
  createEndpoint,
  deleteEndpoint,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from '../../../_shared/webhook-endpoints.ts';
import type { ZodApp } from '../../../_shared/zod-app.ts';

const tags = ['webhooks'];

/**
 * Webhook endpoints through the public API (issue 48; docs/decisions/053-outbound-webhooks.md):
 * the token owner's endpoints, as Account Settings → Webhooks manages them, with the same
 * service and rules; the scope is `webhooks:*` (features/api-tokens/scopes.ts). Someone else's
 * endpoint is a 404.
 */
const webhookEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerChanges(app);
  registerActions(app);
};

/** The list and one endpoint. */
function registerReads(app: ZodApp) {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'Your webhook endpoints',
        description: 'The endpoints you registered, oldest first (at most 10).',
        response: { 200: ZApiWebhookEndpointListSchema, 401: ERRORS[401] },
      },
    },
    async (request) => ({ endpoints: (await app.webhooks.list(request.user.userId)).endpoints }),
  );

  app.get(
    '/:hash',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint',
        description: 'The endpoint, whether it is on, and since when it fails if it does.',
        params: ZWebhookParamsSchema,
        response: { 200: ZApiWebhookEndpointSchema, 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    async (request, reply) =>
      (await app.webhooks.find(request.user.userId, request.params.hash)) ?? notFound(reply),
  );
}

/** Add, change and delete. */
function registerChanges(app: ZodApp) {
  app.post(
    '',
    {
      config: { audit: { action: 'webhook.create' }, idempotency: 'secret' },
      schema: {
        tags,
        summary: 'Add a webhook endpoint',
        description:
          'The answer carries the signing secret (also readable later in Account Settings). `scope: all` needs the staff permission to receive every property’s events. A retry with the same `Idempotency-Key` is refused rather than shown the secret again.',
        body: ZCreateWebhookRequestSchema,
        response: {
          201: ZApiWebhookEndpointSecretSchema,
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
    '/:hash',
    {
      config: { audit: { action: 'webhook.update' } },
      schema: {
        tags,
        summary: 'Change a webhook endpoint',
        description:
          'Turn it on or off, or change its events or description. Turning it on again forgets its earlier failures.',
        params: ZWebhookParamsSchema,
        body: ZUpdateWebhookRequestSchema,
        response: {
          200: ZApiWebhookEndpointSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          422: ERRORS[422],
        },
      },
    },
    async (request, reply) => updateEndpoint(request, reply, request.params, request.body),
  );

  app.delete(
    '/:hash',
    {
      config: { audit: { action: 'webhook.delete' } },
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        description: 'The endpoint and its deliveries go; nothing more is sent to it.',
        params: ZWebhookParamsSchema,
        response: { 204: z.null(), 401: ERRORS[401], 404: ERRORS[404] },
      },
    },
    async (request, reply) => deleteEndpoint(request, reply, request.params),
  );
}

/** Send a test event, rotate the secret. */
function registerActions(app: ZodApp) {
  app.post(
    '/:hash/test',
    {
      // The POST to the endpoint is made outside the transaction that stores the delivery.
      config: { audit: { action: 'webhook.test', outside: true } },
      schema: {
        tags,
        summary: 'Send a test event',
        description:
          'Sends a signed `webhook.test` event to the endpoint now, whatever events it receives, and answers with the delivery after its first attempt: `succeeded`, or `pending` with the answer (`lastStatusCode`, `lastError`) and a retry planned like any delivery. 409 while the endpoint is off; 30 test events and resends an hour.',
        params: ZWebhookParamsSchema,
        response: {
          200: ZApiWebhookDeliverySchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
        },
      },
    },
    async (request, reply) => sendTestEvent(request, reply, request.params),
  );

  app.post(
    '/:hash/rotate-secret',
    {
      config: { audit: { action: 'webhook.rotate_secret' }, idempotency: 'secret' },
      schema: {
        tags,
        summary: 'Rotate the signing secret',
        description:
          'Makes a new signing secret and answers with it. For 24 hours (`previousSecretExpiresAt`) every delivery carries two `v1=` signatures in `Lantern-Signature`, one per secret, so a receiver verifies with either while it switches; then only the new one. Rotating again within the window drops the oldest secret.',
        params: ZWebhookParamsSchema,
        response: {
          200: ZApiWebhookEndpointSecretSchema,
          401: ERRORS[401],
          404: ERRORS[404],
          409: ERRORS[409],
        },
      },
    },
    async (request, reply) => rotateSecret(request, reply, request.params),
  );
}

export default webhookEndpointRoutes;
