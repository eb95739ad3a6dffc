import { ZInvoiceResponseSchema } from '@lantern/contracts';
import { DASHBOARD_API } from '@lantern/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const invoiceQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: ['dashboard', 'invoices', 'one', hash],
    queryFn: ({ signal }) =>
      api.get(`${DASHBOARD_API.invoices}/${encodeURIComponent(hash)}`, {
        schema: ZInvoiceResponseSchema,
        signal,
      }),
    retry: false,
  });

export const useInvoice = (hash: string) => useQuery(invoiceQueryOptions(hash));
