import type { TWebhookEventData, TWebhookEventType } from '@lantern/contracts';
import { webhookDeliveries } from './webhook-deliveries.ts';
import { defineDeliveryJob } from './webhook-delivery.ts';
import { emitWebhookEvent } from './webhook-emit.ts';
import { webhookEndpointChanges, webhookEndpoints } from './webhook-endpoints.ts';
import { webhookTestEvents } from './webhook-test-event.ts';
import type { EmitSubject, WebhookServiceDeps } from './webhook-types.ts';

export {
  DISABLE_AFTER_SECONDS,
  MAX_ATTEMPTS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  TIMEOUT_MS,
  WEBHOOK_JOB,
} from './webhook-delivery.ts';
// Moved to webhook-types.ts so the sub-modules need not import this file; kept exported.
export type { EmitSubject, WebhookServiceDeps } from './webhook-types.ts';

/** What a service that emits needs of this one. */
export type WebhookEmitter = Pick<WebhookService, 'emit'>;

/**
 * Outbound webhooks (issue 25; docs/decisions/053-outbound-webhooks.md). Owners register
 * endpoints; `emit` turns a domain event into one delivery per endpoint that may hear of the
 * property, each a `webhook.deliver` job retried with backoff; an endpoint failing for 3 days is
 * turned off and its owner mailed.
 */
export function createWebhookService(deps: WebhookServiceDeps) {
  defineDeliveryJob(deps);
  return {
    ...webhookEndpoints(deps),
    ...webhookEndpointChanges(deps),
    ...webhookDeliveries(deps),
    ...webhookTestEvents(deps),

    /**
     * An event about a property happened: one delivery per endpoint that may hear of it. Call it
     * after the change committed. Never throws: a webhook problem must not undo the change.
     */
    emit<T extends TWebhookEventType>(
      type: T,
      subject: EmitSubject,
      data: (property: { hash: string; address: string }) => TWebhookEventData<T>,
    ): Promise<number> {
      return emitWebhookEvent(deps, type, subject, data);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
