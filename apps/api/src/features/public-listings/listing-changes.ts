import type { EventBus } from '../../lib/event-bus.ts';

/**
 * What is kept until a public listing changes (the listings sitemap, the lists' counts): told at
 * once on this instance, and on every other through `listings.changed` on the bus. A lost bus
 * connection tells them too, since a change may have been missed meanwhile.
 */
export function createListingChanges(bus: EventBus) {
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  bus.subscribe('listings.changed', tell);
  bus.onReset(tell);
  return {
    onChange(listener: () => void): void {
      listeners.add(listener);
    },
    /** A listing was published, changed or taken down. */
    async changed(): Promise<void> {
      tell();
      await bus.publish('listings.changed', {});
    },
  };
}
export type ListingChanges = ReturnType<typeof createListingChanges>;
