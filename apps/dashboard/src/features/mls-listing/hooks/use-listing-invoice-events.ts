import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';

/**
 * An invoice of this property was paid, refunded or voided (Stripe's webhook, staff, another
 * tab): the listing and its payment step read again, so "Paid" shows without a reload.
 */
export function useListingInvoiceEvents(property: string) {
  const queryClient = useQueryClient();
  useChannels([propertyChannel(property)], (e: TRealtimeEvent) => {
    if (e.event !== 'InvoiceUpdated') return;
    void queryClient.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] });
  });
}
