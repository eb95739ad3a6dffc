import { randomBytes } from 'node:crypto';
import {
  MESSAGES,
  type TWebhookDeliveryRow,
  type TWebhookEvent,
  WEBHOOK_EVENT_VERSION,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEXTS,
} from '@lantern/contracts';
import type { Commit } from '@lantern/db';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { WEBHOOK_JOB } from './webhook-delivery.ts';
import type { WebhookServiceDeps } from './webhook-types.ts';
import { deliveryView } from './webhook-views.ts';

/**
 * "Send test event" (issue 48): a `webhook.test` event to one endpoint, on demand, whatever it
 * subscribes to. It is an ordinary delivery (signed with every valid secret, listed, retried
 * on failure), whose first attempt is made before the answer so the caller sees its outcome.
 */
export function webhookTestEvents(deps: WebhookServiceDeps) {
  const { repo } = deps;
  return {
    /**
     * `commit` stores the delivery and its job (with the caller's activity row); the attempt
     * follows outside that transaction, as a POST to the network must.
     */
    async sendTest(
      userId: number,
      hash: string,
      commit: Commit,
    ): Promise<Outcome<TWebhookDeliveryRow>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      if (!row.enabled) return refuse(409, WEBHOOK_TEXTS.turnOnFirst);
      const event: TWebhookEvent<typeof WEBHOOK_TEST_EVENT> = {
        id: `evt_${randomBytes(16).toString('hex')}`,
        type: WEBHOOK_TEST_EVENT,
        version: WEBHOOK_EVENT_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { endpoint: { hash: row.hash, url: row.url } },
      };
      const { delivery, job } = await commit(async () => {
        const delivery = await repo.createDelivery({
          endpointId: row.id,
          eventId: event.id,
          eventType: event.type,
          body: JSON.stringify(event),
        });
        const job = await deps.jobs.enqueueLeased(WEBHOOK_JOB, { deliveryId: delivery.id });
        if (job) await repo.setDeliveryJob(delivery.id, job.id);
        return { delivery, job };
      });
      if (job) await deps.jobs.runLeased(job);
      const found = await repo.delivery(row.id, delivery.hash);
      // Gone only if the endpoint was deleted meanwhile.
      return found ? ok(deliveryView(found)) : refuse(404, MESSAGES.notFound);
    },
  };
}
