import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';

/**
 * The property's listing changed state (issue 18: staff approved it, sent it back or found it
 * cannot be listed; every owner signed): the listing's pages read it again, so the decision shows
 * without a reload.
 */
export function useListingEvents(property: string | null) {
  const queryClient = useQueryClient();
  useChannels(property ? [propertyChannel(property)] : [], (e: TRealtimeEvent) => {
    if (e.event !== 'ListingUpdated') return;
    void queryClient.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] });
  });
}
