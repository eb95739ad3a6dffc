import { type TRealtimeEvent, ZRealtimeEventSchema } from '@lantern/contracts';
import { propertyChannel, userChannel } from '@lantern/domain';
import type { EventBus } from '../../lib/event-bus.ts';
import type { RealtimeHub } from './realtime-hub.ts';

/** What domain code uses to reach browsers; see src/plugins/README.md. */
export interface RealtimeService {
  /** Deliver `event` to every socket, on any instance, subscribed to `user.{userHash}`. */
  publishToUser(userHash: string, event: TRealtimeEvent): Promise<void>;
  /** Deliver `event` to every socket, on any instance, subscribed to `property.{propertyHash}`. */
  publishToProperty(propertyHash: string, event: TRealtimeEvent): Promise<void>;
  /**
   * The user no longer takes part in the property: end their subscriptions to its channel on
   * every instance (issue 6).
   */
  revokeProperty(userId: number, propertyHash: string): Promise<void>;
  /** Sockets open on this instance (health, benchmarks). */
  readonly localConnections: number;
}

/** Publishing goes through the event bus, so it reaches sockets on every instance. */
export function createRealtimeService(bus: EventBus, hub: RealtimeHub): RealtimeService {
  const publish = async (channel: string, event: TRealtimeEvent) => {
    await bus.publish('realtime.event', { channel, event: ZRealtimeEventSchema.parse(event) });
  };
  return {
    publishToUser: (userHash, event) => publish(userChannel(userHash), event),
    publishToProperty: (propertyHash, event) => publish(propertyChannel(propertyHash), event),
    revokeProperty: (userId, propertyHash) =>
      bus.publish('realtime.revoke', { userId, channel: propertyChannel(propertyHash) }),
    get localConnections() {
      return hub.size;
    },
  };
}
