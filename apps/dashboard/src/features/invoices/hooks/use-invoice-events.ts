import type { TRealtimeEvent } from '@lantern/contracts';
import { propertyChannel } from '@lantern/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useChannels } from '../../../lib/realtime/use-channels.ts';

/**
 * Issue 17: an invoice of a listened property was paid, refunded or voided (often by staff, or
 * by the co-owner in another tab): the invoices, the overview and the orders read it again.
 */
export function useInvoiceEvents(propertyHashes: readonly string[]) {
  const queryClient = useQueryClient();
  const onEvent = (e: TRealtimeEvent) => {
    if (e.event !== 'InvoiceUpdated') return;
    for (const queryKey of [
      ['dashboard', 'invoices'],
      ['dashboard', 'overview'],
      ['dashboard', 'activity'],
      ['dashboard', 'orders'],
      ['dashboard', 'valuation'],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  useChannels(propertyHashes.map(propertyChannel), onEvent);
}
