import { ZInvoiceListResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const invoicesQueryOptions = (property: string | null) =>
  queryOptions({
    queryKey: ['dashboard', 'invoices', 'list', property ?? 'all'],
    queryFn: ({ signal }) =>
      api.get(
        property
          ? `${DASHBOARD_API.invoices}?property=${encodeURIComponent(property)}`
          : DASHBOARD_API.invoices,
        { schema: ZInvoiceListResponseSchema, signal },
      ),
  });

/** One property's invoices, or all of the user's without one. */
export const useInvoices = (property: string | null) => useQuery(invoicesQueryOptions(property));
