import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  type TWebhookSentType,
  WEBHOOK_EXAMPLES,
  WEBHOOK_SENT_EVENTS,
  WEBHOOK_SENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT,
  webhookEventSchema,
} from '@lantern/contracts';
import { z } from 'zod';
import { signWebhook } from './signature.ts';

/** The secret the examples are signed with, so a reader can check their verification on them. */
export const EXAMPLE_SECRET = 'whsec_example';

/**
 * The OpenAPI 3.1 `webhooks` of /api/openapi.json (issue 25): one POST per event type, with
 * the body's schema (from the contracts, as the routes' are), an example and the headers.
 */
type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
/** The `webhooks` member as @fastify/swagger types it (3.1's, where the 3.0 document has none). */
type Webhooks = Extract<OpenApiDocument, { webhooks?: unknown }>['webhooks'];

/** Who the event is sent to: the test event only to the endpoint it was asked for. */
function whoGetsIt(siteName: string, type: TWebhookSentType): string {
  return type === WEBHOOK_TEST_EVENT
    ? `${siteName} POSTs this JSON to one endpoint when its owner asks (Account Settings → Webhooks → Send test event, or \`POST /api/v1/webhook-endpoints/{hash}/test\`).`
    : `${siteName} POSTs this JSON to every endpoint subscribed to \`${type}\` that may see the property.`;
}

export function webhookOpenApi(siteName: string): Webhooks {
  return Object.fromEntries(
    WEBHOOK_SENT_TYPES.map((type) => {
      const { $schema: _, ...schema } = z.toJSONSchema(webhookEventSchema(type), {
        target: 'draft-2020-12',
      }) as Record<string, unknown>;
      const example = WEBHOOK_EXAMPLES[type];
      const signature = signWebhook(EXAMPLE_SECRET, JSON.stringify(example), example.created);
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace('.', '_')}`,
            tags: ['webhooks'],
            // Our request to the customer's endpoint: its proof is the signature, no scheme.
            security: [],
            summary: WEBHOOK_SENT_EVENTS[type].label,
            description: `${WEBHOOK_SENT_EVENTS[type].description} ${whoGetsIt(siteName, type)} Verify \`${WEBHOOK_SIGNATURE_HEADER}\` (HMAC-SHA256 of "t.body" under the endpoint's secret, as the header's own description says) before trusting it, and skip an \`id\` you have already handled: a delivery may come more than once.`,
            parameters: [
              {
                name: WEBHOOK_SIGNATURE_HEADER,
                in: 'header',
                required: true,
                description: `\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, with a second \`v1\` for 24 hours after the secret is rotated (one per secret: accept the delivery if either matches); refuse a \`t\` more than 5 minutes from your clock. The example signs the example body (as sent, without spaces) with the secret \`${EXAMPLE_SECRET}\`.`,
                schema: { type: 'string' },
                example: signature,
              },
              {
                name: 'Lantern-Event-Id',
                in: 'header',
                required: true,
                description:
                  'The event’s id, the same as `id` in the body; the same on a retry or a resend.',
                schema: { type: 'string' },
              },
              {
                name: 'Lantern-Event-Type',
                in: 'header',
                required: true,
                schema: { type: 'string', enum: [type] },
              },
              {
                name: 'Lantern-Delivery',
                in: 'header',
                required: true,
                description: 'This delivery’s id, as listed in Account Settings → Webhooks.',
                schema: { type: 'string' },
              },
            ],
            requestBody: {
              required: true,
              content: {
                'application/json': { schema, example },
              },
            },
            responses: {
              '2XX': { description: 'Received. Anything else (or no answer in 10 s) is retried.' },
            },
          },
        },
      ];
    }),
  ) as Webhooks;
}
