import { propertyChannel, type TRealtimeEvent } from '@lantern/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';

/**
 * An invoice of this property was paid, refunded or voided (Stripe's webhook, staff, another
 * tab), or its listing changed state (an owner signed, staff decided, a change was made): the
 * listing and its steps read again, so "Paid", a signature or a new price shows without a reload.
 */
export function useListingInvoiceEvents(property: string) {
  const queryClient = useQueryClient();
  useChannels([propertyChannel(property)], (e: TRealtimeEvent) => {
    if (e.event !== 'InvoiceUpdated' && e.event !== 'ListingUpdated') return;
    void queryClient.invalidateQueries({ queryKey: ['dashboard', 'mls-listing'] });
  });
}
