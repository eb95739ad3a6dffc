import { randomBytes } from 'node:crypto';
import {
  streetAddressUnit,
  type TWebhookEventData,
  type TWebhookEventType,
  WEBHOOK_EVENT_VERSION,
} from '@lantern/contracts';
import { enqueueDelivery } from './webhook-delivery.ts';
import { canReceiveAll } from './webhook-endpoints.ts';
import type { EmitSubject, WebhookServiceDeps } from './webhook-types.ts';
import type { WebhookRepository } from './webhooks.repository.ts';

type Subscribers = Awaited<ReturnType<WebhookRepository['subscribers']>>;

/** One delivery per endpoint that may hear of the property; how many were queued. */
async function queueDeliveries(
  deps: WebhookServiceDeps,
  endpoints: Subscribers,
  propertyId: number,
  event: { id: string; type: TWebhookEventType; body: string },
): Promise<number> {
  const { repo } = deps;
  const allowedAll = new Map<number, boolean>();
  let count = 0;
  for (const endpoint of endpoints) {
    if (endpoint.scope === 'all') {
      // `all` needs the permission now, not only when the endpoint was made; a participant
      // still hears of their own properties.
      let may = allowedAll.get(endpoint.userId);
      if (may === undefined) {
        may = await canReceiveAll(deps, endpoint.userId);
        allowedAll.set(endpoint.userId, may);
      }
      if (!may && !(await repo.isParticipant(endpoint.userId, propertyId))) continue;
    }
    const delivery = await repo.createDelivery({
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      body: event.body,
    });
    await enqueueDelivery(deps, delivery.id);
    count++;
  }
  return count;
}

/**
 * An event about a property happened: one delivery per endpoint that may hear of it. Call it
 * after the change committed. Never throws: a webhook problem must not undo the change.
 */
export async function emitWebhookEvent<T extends TWebhookEventType>(
  deps: WebhookServiceDeps,
  type: T,
  subject: EmitSubject,
  data: (property: { hash: string; address: string }) => TWebhookEventData<T>,
): Promise<number> {
  const { repo } = deps;
  try {
    const propertyId =
      'propertyId' in subject
        ? subject.propertyId
        : (await repo.propertyByHash(subject.propertyHash))?.id;
    if (propertyId === undefined) return 0;
    const endpoints = await repo.subscribers(type, propertyId);
    if (endpoints.length === 0) return 0;
    const property = await repo.property(propertyId);
    if (!property) return 0;
    const address = `${streetAddressUnit(property.street, property.unit)}, ${property.city}, ${property.state} ${property.zip}`;
    const event = {
      id: `evt_${randomBytes(16).toString('hex')}`,
      type,
      version: WEBHOOK_EVENT_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: data({ hash: property.hash, address }),
    };
    const body = JSON.stringify(event);
    return await queueDeliveries(deps, endpoints, propertyId, { id: event.id, type, body });
  } catch (err) {
    deps.log.error({ err, type }, 'webhook event could not be queued');
    return 0;
  }
}
