import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz } from './columns.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

/**
 * Outbound webhooks (issue 25; docs/decisions/053-outbound-webhooks.md): an HTTPS endpoint a
 * customer or staff member registered for some event types. The signing secret is stored
 * encrypted (AES-256-GCM under a key derived from SESSION_SECRET): signing needs it back.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (`order.paid`, …). */
    events: text('events').array().notNull(),
    /** `own`: events of the owner's properties; `all`: every property (staff with webhooks.all). */
    scope: text('scope').notNull().default('own'),
    /** `iv.tag.ciphertext`, base64url parts. */
    secretEncrypted: text('secret_encrypted').notNull(),
    /**
     * The secret before the last rotation, sealed the same way, and when it stops signing: until
     * then every delivery carries a signature under each (issue 48), so receivers can switch.
     */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: tz('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off: `owner` or `failing` (3 days of failed deliveries). */
    disabledReason: text('disabled_reason'),
    disabledAt: tz('disabled_at'),
    /** The first failed attempt since the last success; null while it answers. */
    failingSince: tz('failing_since'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_endpoints_scope', sql`${t.scope} in ('own', 'all')`),
    index('webhook_endpoints_user_idx').on(t.userId),
  ],
);

/** One event sent to one endpoint; its attempts are `webhook_attempts`, its retries a job. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id (`evt_…`): the same on every endpoint it went to and on a resend. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (signed as it is stored). */
    body: text('body').notNull(),
    /** pending (being tried), succeeded, failed (gave up or the endpoint was turned off). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    lastAttemptAt: tz('last_attempt_at'),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** One HTTP try of a delivery: the answer's status and the start of its body. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serialId(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: tz('at').notNull().defaultNow(),
    /** The HTTP status; null when no answer came (refused, timed out, address not allowed). */
    statusCode: smallint('status_code'),
    /** The first 2,000 characters of the answer's body. */
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
