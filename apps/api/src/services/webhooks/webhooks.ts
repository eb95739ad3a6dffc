import type { TWebhookEventData, TWebhookEventType } from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookRepository } from '../../repositories/webhooks.ts';
import type { AccessService } from '../access/access.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { BrandData } from '../mail/templates.ts';
import type { postWebhook } from './http-post.ts';
import type { SecretBox } from './secret-box.ts';
import { webhookDeliveries } from './webhook-deliveries.ts';
import { defineDeliveryJob } from './webhook-delivery.ts';
import { emitWebhookEvent } from './webhook-emit.ts';
import { webhookEndpointChanges, webhookEndpoints } from './webhook-endpoints.ts';

export {
  DISABLE_AFTER_SECONDS,
  MAX_ATTEMPTS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
  TIMEOUT_MS,
  WEBHOOK_JOB,
} from './webhook-delivery.ts';

export interface WebhookServiceDeps {
  repo: WebhookRepository;
  jobs: Pick<JobRunner, 'define' | 'enqueue'>;
  access: Pick<AccessService, 'forUser' | 'can'>;
  currentUser: { get(userId: number): Promise<{ email: string } | null | undefined> };
  outbox: Pick<Outbox, 'enqueue'>;
  brand: BrandData;
  secrets: SecretBox;
  /** http:// and private or local addresses allowed (outside production, or by setting). */
  allowPrivate: boolean;
  timeZone: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests point this at their own clock-free sender. */
  post?: typeof postWebhook;
  timeoutMs?: number;
}

/** The property the event is about: who may hear of it follows from it. */
export type EmitSubject = { propertyId: number } | { propertyHash: string };

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
