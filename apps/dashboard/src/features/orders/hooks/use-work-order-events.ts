import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';
import { workOrdersKey } from '../api/get-work-orders.ts';
import { photoAppointmentKey } from '../api/photo-appointment.ts';

/**
 * A work order of the property changed (issue 21: scheduled, assigned, on the way, done,
 * failed): the property's work orders are read again, so the state shows without a reload.
 */
export function useWorkOrderEvents(property: string | null) {
  const queryClient = useQueryClient();
  useChannels(property ? [propertyChannel(property)] : [], (e: TRealtimeEvent) => {
    if (e.event !== 'WorkOrderUpdated' || !property) return;
    void queryClient.invalidateQueries({ queryKey: workOrdersKey(property) });
    // A photography visit's time may have changed, and with it the times still free.
    void queryClient.invalidateQueries({ queryKey: photoAppointmentKey(property) });
  });
}
