import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel, userChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';
import { userPropertiesKey } from '../../../lib/user-properties-cache.ts';

/**
 * Participants changed on a property: its participants list and everyone's menus (roles) reload.
 * Removed from a property: the menu reloads without it, and the layout leaves its pages.
 */
export function useParticipantEvents(userHash: string, propertyHashes: readonly string[]) {
  const queryClient = useQueryClient();
  const onEvent = (e: TRealtimeEvent) => {
    if (e.event === 'ParticipantsChanged') {
      void queryClient.invalidateQueries({ queryKey: ['participants', e.data.hash] });
      void queryClient.invalidateQueries({ queryKey: userPropertiesKey });
    } else if (e.event === 'PropertyUserRemoved') {
      // Only marked stale: removing a list the page still shows would ask for it again, and
      // that answers 404 now. The menu reload takes the page off the property.
      void queryClient.invalidateQueries({
        queryKey: ['participants', e.data.hash],
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: userPropertiesKey });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
    }
  };
  useChannels([userChannel(userHash), ...propertyHashes.map(propertyChannel)], onEvent);
}
