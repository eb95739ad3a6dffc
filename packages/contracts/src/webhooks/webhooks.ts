import { WORK_ORDER_KIND_KEYS } from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { LISTING_STATUSES } from '../listings/listings.ts';
import { INVOICE_KINDS } from '../orders/invoices.ts';
import { singleLineText } from '../text.ts';

/**
 * Outbound webhooks (issue 25; docs/decisions/053-outbound-webhooks.md): endpoints customers and
 * staff register for events, signed deliveries, their attempts and answers.
 */
export const WEBHOOK_API = {
  endpoints: '/api/account/webhooks',
  endpoint: (hash: string) => `/api/account/webhooks/${encodeURIComponent(hash)}`,
  secret: (hash: string) => `/api/account/webhooks/${encodeURIComponent(hash)}/secret`,
  deliveries: (hash: string) => `/api/account/webhooks/${encodeURIComponent(hash)}/deliveries`,
  delivery: (hash: string, delivery: string) =>
    `/api/account/webhooks/${encodeURIComponent(hash)}/deliveries/${encodeURIComponent(delivery)}`,
  resend: (hash: string, delivery: string) =>
    `/api/account/webhooks/${encodeURIComponent(hash)}/deliveries/${encodeURIComponent(delivery)}/resend`,
  test: (hash: string) => `/api/account/webhooks/${encodeURIComponent(hash)}/test`,
  rotateSecret: (hash: string) => `/api/account/webhooks/${encodeURIComponent(hash)}/rotate-secret`,
} as const;

/** The same endpoints through the public API with a token (issue 48). */
export const WEBHOOK_V1_API = {
  endpoints: '/api/v1/webhook-endpoints',
  endpoint: (hash: string) => `/api/v1/webhook-endpoints/${encodeURIComponent(hash)}`,
  test: (hash: string) => `/api/v1/webhook-endpoints/${encodeURIComponent(hash)}/test`,
  rotateSecret: (hash: string) =>
    `/api/v1/webhook-endpoints/${encodeURIComponent(hash)}/rotate-secret`,
} as const;

export const WEBHOOK_PAGES = {
  /** Account Settings' Webhooks section. */
  section: '/dashboard/account#webhooks',
  deliveries: (hash: string) => `/dashboard/account/webhooks/${encodeURIComponent(hash)}`,
} as const;

/** The version of the event body; a change that is not only an addition gets a new one. */
export const WEBHOOK_EVENT_VERSION = 1;
/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Lantern-Signature';

export const WEBHOOK_EVENTS = {
  'listing.status_changed': {
    label: 'Listing status changed',
    description: 'A listing of the property was approved, went live, changed status or ended.',
  },
  'order.paid': {
    label: 'Order paid',
    description: 'An invoice of the property was paid in full.',
  },
  'message.received': {
    label: 'Message received',
    description: 'A new message was written in the property’s conversation.',
  },
  'showing.requested': {
    label: 'Showing requested',
    description: 'A buyer asked to see the property.',
  },
  'work_order.done': {
    label: 'Work order done',
    description: 'A trip to the property (sign post, lockbox, photography) was done.',
  },
} as const satisfies Record<string, { label: string; description: string }>;
export type TWebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [
  TWebhookEventType,
  ...TWebhookEventType[],
];
export const ZWebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * The event sent when its owner asks (issue 48: "Send test event", `POST …/test`), whatever the
 * endpoint subscribes to; never subscribed to, so not among WEBHOOK_EVENTS.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Every type a delivery may carry: the subscribable events and the test event. */
export const WEBHOOK_SENT_EVENTS = {
  ...WEBHOOK_EVENTS,
  [WEBHOOK_TEST_EVENT]: {
    label: 'Test event',
    description:
      'Sent only when the endpoint’s owner asks for one, whatever events the endpoint receives, to check that it receives and verifies deliveries.',
  },
} as const satisfies Record<string, { label: string; description: string }>;
export type TWebhookSentType = keyof typeof WEBHOOK_SENT_EVENTS;
export const WEBHOOK_SENT_TYPES = Object.keys(WEBHOOK_SENT_EVENTS) as [
  TWebhookSentType,
  ...TWebhookSentType[],
];
export const ZWebhookSentTypeSchema = z.enum(WEBHOOK_SENT_TYPES);
/** A rotated secret keeps signing, beside the new one, for this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

export const WEBHOOK_SCOPES = ['own', 'all'] as const;
export const ZWebhookScopeSchema = z.enum(WEBHOOK_SCOPES);

export const WEBHOOK_TEXTS = {
  url: 'Enter the address that should receive events, starting with https://.',
  // Refused only in production (WEBHOOK_ALLOW_PRIVATE_ADDRESSES unset there): the setting is
  // named for whoever tries a local receiver against `pnpm start`.
  urlHttps:
    'The address must start with https:// (set WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true on a test server to allow http and local addresses).',
  urlPrivate:
    'The address must be reachable on the internet, not a private or local address (set WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true on a test server to allow local addresses).',
  urlPort: 'The address may use only port 443 or 80; leave the port out to use 443.',
  urlScheme: 'The address must start with https:// or http://.',
  urlTooLong: 'Keep the address under 2,000 characters.',
  urlCredentials: 'Leave the user name and password out of the address.',
  events: 'Choose at least one event.',
  description: 'Keep the description under 200 characters.',
  scopeAll: 'Only staff allowed to receive every property’s events may choose all properties.',
  tooMany: 'You already have 10 endpoints. Delete one before adding another.',
  created: 'Endpoint added. Copy its signing secret now to verify what it receives.',
  resent: 'Sent again.',
  turnOnFirst: 'Turn the endpoint on before sending again.',
  testSent: 'Test event sent.',
  rotating:
    'The secret was changed by another request at the same moment. Reload, then rotate again if you still need to.',
  rotated:
    'New signing secret made. Copy it now: the previous secret also signs every delivery for the next 24 hours, then stops.',
  secretUnreadable:
    'This endpoint’s signing secret can no longer be read (the server’s secret key changed). Delete the endpoint and add it again.',
} as const;

/** An owner may keep this many endpoints. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

const ZUrlSchema = singleLineText()
  .trim()
  .min(1, WEBHOOK_TEXTS.url)
  .max(2000, WEBHOOK_TEXTS.urlTooLong);

/** POST /api/account/webhooks */
export const ZCreateWebhookRequestSchema = z.object({
  url: ZUrlSchema,
  description: singleLineText().trim().max(200, WEBHOOK_TEXTS.description).default(''),
  events: z
    .array(ZWebhookEventTypeSchema)
    .min(1, WEBHOOK_TEXTS.events)
    .max(WEBHOOK_EVENT_TYPES.length),
  /** `all` (every property's events) only for staff holding `webhooks.all`. */
  scope: ZWebhookScopeSchema.default('own'),
});
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequestSchema>;

/** PATCH /api/account/webhooks/{hash}: turn it on or off, or change its events. */
export const ZUpdateWebhookRequestSchema = z
  .object({
    enabled: z.boolean().optional(),
    events: z
      .array(ZWebhookEventTypeSchema)
      .min(1, WEBHOOK_TEXTS.events)
      .max(WEBHOOK_EVENT_TYPES.length)
      .optional(),
    description: singleLineText().trim().max(200, WEBHOOK_TEXTS.description).optional(),
  })
  .refine((b) => b.enabled !== undefined || b.events !== undefined || b.description !== undefined, {
    error: 'Say what to change.',
  });
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequestSchema>;

export const ZWebhookParamsSchema = z.object({ hash: singleLineText().max(64) });
export const ZWebhookDeliveryParamsSchema = z.object({
  hash: singleLineText().max(64),
  delivery: singleLineText().max(64),
});

export const ZWebhookEndpointSchema = z.object({
  hash: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventTypeSchema),
  scope: ZWebhookScopeSchema,
  enabled: z.boolean(),
  /** Why it is off: its owner turned it off, or it failed for 3 days. */
  disabledReason: z.enum(['owner', 'failing']).nullable(),
  disabledAt: z.string().nullable(),
  /** Since when its deliveries fail (null while it answers). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** After a rotation, until when the previous secret also signs (null outside that window). */
  previousSecretExpiresAt: z.string().nullable(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointSchema>;
export const ZWebhookEndpointListSchema = z.object({
  endpoints: z.array(ZWebhookEndpointSchema),
  /** May this person choose `all` properties? */
  canReceiveAll: z.boolean(),
});
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointListSchema>;

/** The answer to creating one: the endpoint and its signing secret. */
export const ZCreatedWebhookSchema = z.object({
  endpoint: ZWebhookEndpointSchema,
  secret: z.string(),
});
export const ZWebhookSecretSchema = z.object({ secret: z.string() });

export const ZWebhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export const ZWebhookDeliveryRowSchema = z.object({
  hash: z.string(),
  eventId: z.string(),
  eventType: ZWebhookSentTypeSchema,
  status: ZWebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The last answer's HTTP status, null when none came. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When it is tried next, while pending. */
  nextAttemptAt: z.string().nullable(),
});
export type TWebhookDeliveryRow = z.infer<typeof ZWebhookDeliveryRowSchema>;
export const ZWebhookDeliveriesPageSchema = pageSchema(ZWebhookDeliveryRowSchema);
export const ZWebhookDeliveriesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  status: z.enum(['all', 'pending', 'succeeded', 'failed']).default('all'),
});
export type TWebhookDeliveriesQuery = z.output<typeof ZWebhookDeliveriesQuerySchema>;

export const ZWebhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  responseBody: z.string(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export const ZWebhookDeliveryDetailSchema = ZWebhookDeliveryRowSchema.extend({
  /** The exact body that was signed and sent. */
  body: z.string(),
  tries: z.array(ZWebhookAttemptSchema),
});
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetailSchema>;

// ---- The events as the receiver gets them (the OpenAPI document's `webhooks`) ----

const ZPublicListingStateSchema = z.enum(['unpublished', ...LISTING_STATUSES]);

const ZPropertyRefSchema = z.object({
  hash: z.string(),
  /** Street address and unit, city, state and ZIP. */
  address: z.string(),
});

export const WEBHOOK_EVENT_DATA = {
  'listing.status_changed': z.object({
    property: ZPropertyRefSchema,
    listing: z.object({
      kind: z.enum(['mls', 'fsbo']),
      /** What the public pages show; `unpublished` while they show nothing. */
      status: ZPublicListingStateSchema,
      previousStatus: ZPublicListingStateSchema,
      /** The public page once it is published. */
      url: z.string().nullable(),
    }),
  }),
  'order.paid': z.object({
    property: ZPropertyRefSchema,
    invoice: z.object({
      hash: z.string(),
      number: z.string(),
      kind: z.enum(INVOICE_KINDS),
      paidCents: z.number().int(),
    }),
  }),
  'message.received': z.object({
    property: ZPropertyRefSchema,
    message: z.object({
      hash: z.string(),
      fromStaff: z.boolean(),
      author: z.string(),
      body: z.string(),
      createdAt: z.string(),
    }),
  }),
  'showing.requested': z.object({
    property: ZPropertyRefSchema,
    showing: z.object({
      hash: z.string(),
      /** The time asked for (ISO 8601 instant) and the home's zone. */
      start: z.string(),
      timeZone: z.string(),
      status: z.string(),
    }),
  }),
  'work_order.done': z.object({
    property: ZPropertyRefSchema,
    workOrder: z.object({
      hash: z.string(),
      kind: z.enum(WORK_ORDER_KIND_KEYS),
      state: z.literal('done'),
      completedAt: z.string().nullable(),
    }),
  }),
  // About no property: the endpoint it was sent to, so a receiver with several can tell.
  [WEBHOOK_TEST_EVENT]: z.object({
    endpoint: z.object({ hash: z.string(), url: z.string() }),
  }),
} as const satisfies Record<TWebhookSentType, z.ZodType>;

/** The body of every delivery: `data` depends on `type`. */
export function webhookEventSchema<T extends TWebhookSentType>(type: T) {
  return z.object({
    /** The event's id: the same on a retry or a resend, so a receiver can skip repeats. */
    id: z.string(),
    type: z.literal(type),
    version: z.literal(WEBHOOK_EVENT_VERSION),
    /** Unix seconds when it happened. */
    created: z.number().int(),
    data: WEBHOOK_EVENT_DATA[type],
  });
}
export type TWebhookEvent<T extends TWebhookSentType = TWebhookEventType> = {
  id: string;
  type: T;
  version: typeof WEBHOOK_EVENT_VERSION;
  created: number;
  data: z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;
};
export type TWebhookEventData<T extends TWebhookSentType> = z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;

const EXAMPLE_PROPERTY = {
  hash: 'Xq3Lr8TnV2pK7wYb1cDe',
  address: '123 Sample Street, Springfield, IL 62701',
};

/** One example body per event (the OpenAPI document and docs/api.md show them). */
export const WEBHOOK_EXAMPLES: { [T in TWebhookSentType]: TWebhookEvent<T> } = {
  'listing.status_changed': {
    id: 'evt_3f9c2a7d1b6e4f0a8c5d2e1f0a9b8c7d',
    type: 'listing.status_changed',
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: {
      property: EXAMPLE_PROPERTY,
      listing: {
        kind: 'mls',
        status: 'active',
        previousStatus: 'unpublished',
        url: 'https://example.com/listings/123-sample-street-springfield-il-Ab12Cd34',
      },
    },
  },
  'order.paid': {
    id: 'evt_8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d',
    type: 'order.paid',
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: {
      property: EXAMPLE_PROPERTY,
      invoice: {
        hash: 'Kd82nVq0Lm3Zp5Xr7Tw1',
        number: 'INV-001042',
        kind: 'order',
        paidCents: 14_900,
      },
    },
  },
  'message.received': {
    id: 'evt_1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f',
    type: 'message.received',
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: {
      property: EXAMPLE_PROPERTY,
      message: {
        hash: 'Pm4Qs6Uw8Yz0Ab2Cd4Ef',
        fromStaff: true,
        author: 'Lantern',
        body: 'Your yard sign goes up on Tuesday.',
        createdAt: '2026-07-01T14:00:00.000Z',
      },
    },
  },
  'showing.requested': {
    id: 'evt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b',
    type: 'showing.requested',
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: {
      property: EXAMPLE_PROPERTY,
      showing: {
        hash: 'Sh0w1ng2Req3Ue4st5Ab',
        start: '2026-07-03T22:00:00.000Z',
        timeZone: 'America/Chicago',
        status: 'Pending',
      },
    },
  },
  'work_order.done': {
    id: 'evt_0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d',
    type: 'work_order.done',
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: {
      property: EXAMPLE_PROPERTY,
      workOrder: {
        hash: 'Wo7Rk8Or9De0Rs1Ab2Cd',
        kind: 'sign_post_install',
        state: 'done',
        completedAt: '2026-07-02T16:30:00.000Z',
      },
    },
  },
  [WEBHOOK_TEST_EVENT]: {
    id: 'evt_5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a',
    type: WEBHOOK_TEST_EVENT,
    version: WEBHOOK_EVENT_VERSION,
    created: 1_782_912_000,
    data: { endpoint: { hash: 'Wh5Ep6Nd7Po8In9tAb0C', url: 'https://example.com/hooks/lantern' } },
  },
};

// ---- The public API's webhook endpoints (issue 48): named schemas of the v1 document ----

export const ZApiWebhookEndpointSchema = ZWebhookEndpointSchema.meta({ id: 'WebhookEndpoint' });
/** GET /api/v1/webhook-endpoints: the array alone, so v1 pages it by `limit` and `cursor`. */
export const ZApiWebhookEndpointListSchema = z
  .object({ endpoints: z.array(ZApiWebhookEndpointSchema) })
  .meta({ id: 'WebhookEndpointList' });
/** A new endpoint or a rotated secret: the only answers carrying the signing secret. */
export const ZApiWebhookEndpointSecretSchema = z
  .object({ endpoint: ZApiWebhookEndpointSchema, secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export const ZApiWebhookDeliverySchema = ZWebhookDeliveryRowSchema.meta({
  id: 'WebhookDelivery',
});
