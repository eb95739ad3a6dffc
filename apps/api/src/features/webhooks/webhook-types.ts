import type { FastifyBaseLogger } from 'fastify';
import type { AccessService } from '../access/access.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { BrandData } from '../mail/templates.ts';
import type { postWebhook } from './http-post.ts';
import type { SecretBox } from './secret-box.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

// The webhook service's dependencies and event subject, apart so that its sub-modules and
// webhooks.ts can share them without importing each other (issue 42).

export interface WebhookServiceDeps {
  repo: WebhookRepository;
  jobs: Pick<JobRunner, 'define' | 'enqueue' | 'enqueueLeased' | 'runLeased'>;
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
