import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';
import { messagesKey } from '../api/messages.ts';

/** A MessageCreated on any listened property refreshes threads, open thread and unread counts. */
export function useMessageEvents(propertyHashes: readonly string[]) {
  const queryClient = useQueryClient();
  const onEvent = (e: TRealtimeEvent) => {
    if (e.event === 'MessageCreated') void queryClient.invalidateQueries({ queryKey: messagesKey });
  };
  useChannels(propertyHashes.map(propertyChannel), onEvent);
}
