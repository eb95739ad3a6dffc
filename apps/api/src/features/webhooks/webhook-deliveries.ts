import {
  MESSAGES,
  type TPage,
  type TWebhookDeliveriesQuery,
  type TWebhookDeliveryDetail,
  type TWebhookDeliveryRow,
  WEBHOOK_TEXTS,
} from '@lantern/contracts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import { enqueueDelivery } from './webhook-delivery.ts';
import type { WebhookServiceDeps } from './webhook-types.ts';
import { deliveryView } from './webhook-views.ts';

/** An endpoint's deliveries for its owner: the list, one with its tries, and a resend. */
export function webhookDeliveries(deps: WebhookServiceDeps) {
  const { repo } = deps;
  return {
    async deliveries(
      userId: number,
      hash: string,
      q: TWebhookDeliveriesQuery,
    ): Promise<TPage<TWebhookDeliveryRow> | null> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return null;
      const page = await repo.deliveries(row.id, q);
      return { rows: page.rows.map(deliveryView), nextCursor: page.nextCursor };
    },

    async delivery(
      userId: number,
      hash: string,
      deliveryHash: string,
    ): Promise<TWebhookDeliveryDetail | null> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return null;
      const found = await repo.delivery(row.id, deliveryHash);
      if (!found) return null;
      return {
        ...deliveryView(found),
        body: found.delivery.body,
        tries: found.tries.map((t) => ({
          at: t.at.toISOString(),
          statusCode: t.statusCode,
          responseBody: t.responseBody,
          error: t.error,
          durationMs: t.durationMs,
        })),
      };
    },

    /** Send a listed delivery again: the same event (id and body), a fresh signature. */
    async resend(
      userId: number,
      hash: string,
      deliveryHash: string,
    ): Promise<Outcome<TWebhookDeliveryRow>> {
      const row = await repo.findOwned(userId, hash);
      if (!row) return refuse(404, MESSAGES.notFound);
      const found = await repo.delivery(row.id, deliveryHash);
      if (!found) return refuse(404, MESSAGES.notFound);
      if (!row.enabled) return refuse(409, WEBHOOK_TEXTS.turnOnFirst);
      const copy = await repo.createDelivery({
        endpointId: row.id,
        eventId: found.delivery.eventId,
        eventType: found.delivery.eventType,
        body: found.delivery.body,
      });
      await enqueueDelivery(deps, copy.id);
      const fresh = await repo.delivery(row.id, copy.hash);
      if (!fresh) return refuse(404, MESSAGES.notFound);
      return ok(deliveryView(fresh));
    },
  };
}
