import type { CrmSync } from '../crm/crm-sync.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { BrandData } from '../mail/templates.ts';
import type { PhotoService } from '../photos/photos.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.ts';
import type { WorkOrderRepository } from './work-orders.repository.ts';

// The work order service's dependencies, apart so that its work-order-* sub-modules and
// work-orders.ts can share them without importing each other (issue 42).

export interface WorkOrderServiceDeps {
  repo: WorkOrderRepository;
  /** Mails go as `mail.send` jobs (the outbox), retried while SMTP is down. */
  jobs: Pick<JobRunner, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  /** Outbound webhooks: `work_order.done` (issue 25). */
  webhooks?: WebhookEmitter | undefined;
  /** A trip charge changes what the order's deal is worth. */
  crm?: Pick<CrmSync, 'orderChanged'>;
  /** Proof photos go through the listing photos' storage, checks and processing job. */
  photos: Pick<PhotoService, 'upload' | 'list' | 'toView' | 'file'>;
  brand: BrandData;
  /** The yard signs' slug for this site (`{product}-signs`). */
  signsSlug: string;
  now?: () => Date;
}
