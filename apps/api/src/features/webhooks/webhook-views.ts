import type { TWebhookDeliveryRow, TWebhookEndpoint } from '@lantern/contracts';
import type { WebhookEndpoint } from '@lantern/db';
import type { PostOutcome } from './http-post.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function endpointView(e: WebhookEndpoint): TWebhookEndpoint {
  return {
    hash: e.hash,
    url: e.url,
    description: e.description,
    events: e.events as TWebhookEndpoint['events'],
    scope: e.scope as TWebhookEndpoint['scope'],
    enabled: e.enabled,
    disabledReason: (e.disabledReason as TWebhookEndpoint['disabledReason']) ?? null,
    disabledAt: iso(e.disabledAt),
    failingSince: iso(e.failingSince),
    // Shown only while the rotated secret still signs.
    previousSecretExpiresAt:
      e.previousSecretExpiresAt && e.previousSecretExpiresAt > new Date()
        ? e.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: e.createdAt.toISOString(),
  };
}

type DeliveryRow = Awaited<ReturnType<WebhookRepository['deliveries']>>['rows'][number];

export function deliveryView(r: Omit<DeliveryRow, 'sortKey' | 'keyId'>): TWebhookDeliveryRow {
  return {
    hash: r.delivery.hash,
    eventId: r.delivery.eventId,
    eventType: r.delivery.eventType as TWebhookDeliveryRow['eventType'],
    status: r.delivery.status as TWebhookDeliveryRow['status'],
    attempts: r.delivery.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.delivery.createdAt.toISOString(),
    lastAttemptAt: iso(r.delivery.lastAttemptAt),
    nextAttemptAt: r.delivery.status === 'pending' ? iso(r.nextAttemptAt) : null,
  };
}

/** The answer in a few words, for the mail and logs. */
export function outcomeWords(o: PostOutcome): string {
  return o.statusCode === null ? (o.error ?? 'no answer') : `HTTP ${o.statusCode}`;
}
